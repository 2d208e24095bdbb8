// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CommandSpec.h"

namespace tileport::cli {

// Every `tileport` command's definition, in the order the help lists them.
// `ir` is a group: its commands are "ir decode", "ir canon" and "ir diff".
const QList<CommandSpec> &commands();
const CommandSpec *findCommand(const QString &name);
// The commands of a group ("ir"), or empty when NAME is no group.
QList<const CommandSpec *> groupCommands(const QString &group);
// The top-level command words: "doctor", ..., "ir", ... (hidden ones too when asked).
QStringList commandWords(bool withHidden = false);

} // namespace tileport::cli
