// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "FunctionFacts.h"
#include "SourceRange.h"

#include <QStringList>

namespace tileport::frontend {

// A module function called (directly or transitively) from a kernel; it is
// inlined into device code (a plain fn inside the Rust module).
struct HelperFunction {
    QString name;
    QStringList params;
    bool tileFunction = false; // decorated with @ct.function
    QStringList calledBy;      // direct callers (kernels and helpers)
    FunctionFacts facts;
    SourceRange range;
};

} // namespace tileport::frontend
