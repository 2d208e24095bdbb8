// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::rust {

// One line of generated Rust as the printer lays it out, and the Python lines it came
// from (0 when it has no single source, e.g. the module header).
struct RustLine {
    QString text;
    int pyLine = 0;
    int pyEndLine = 0;
};

} // namespace tileport::rust
