// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::cli {

// tileport(1) in roff (man(7) macros), from the command catalogue.
QString manPage(const QString &version);

} // namespace tileport::cli
