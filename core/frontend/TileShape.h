// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QStringList>

namespace tileport::frontend {

// A tile shape given to a shape-taking op (load, full, zeros, reshape,
// arange, ...). Each dimension must be a compile-time constant.
struct TileShape {
    QString op;
    QStringList dims;    // each dimension as written; one entry when the shape is not a tuple literal
    int rank = -1;       // -1 when the expression is not a tuple literal or an int
    bool constant = true;
    QStringList runtimeNames; // names that make it non-constant
    QString function;
    SourceRange range;
};

} // namespace tileport::frontend
