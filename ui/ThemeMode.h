// SPDX-License-Identifier: MIT
#pragma once

namespace tileport::ui {

enum class ThemeMode { Light, Dark };

} // namespace tileport::ui
