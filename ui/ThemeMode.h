// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

namespace tileport::ui {

enum class ThemeMode { Light, Dark };

} // namespace tileport::ui
