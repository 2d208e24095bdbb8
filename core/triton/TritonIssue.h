// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::triton {

// A Triton construct the front-end cannot map to cuTile, with its position
// in the Triton file (1-based line and column).
struct TritonIssue {
    int line = 0;
    int col = 0;
    QString construct;
    QString reason;
};

} // namespace tileport::triton
