// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::cli {

// A bash completion script for tileport (complete -F), from the command
// catalogue: command words, each command's options, and for each value or
// argument files, directories or the option's choices.
QString bashCompletion();

} // namespace tileport::cli
