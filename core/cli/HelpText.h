// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CommandSpec.h"

namespace tileport::cli {

// "usage: tileport NAME ...\n" and its alternatives, one line each.
QString usageLines(const CommandSpec &spec);
// The whole --help of one command: usage, description, arguments, options, exit status.
QString helpText(const CommandSpec &spec);
// `tileport --help`: the commands with their summaries.
QString overviewText();
// `tileport ir --help`: the group's commands.
QString groupHelpText(const QString &group);
// "-j, --jobs N" as the help's option column shows it.
QString optionLabel(const OptionSpec &o);

} // namespace tileport::cli
