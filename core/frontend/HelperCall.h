// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QList>
#include <QStringList>

namespace tileport::frontend {

// A call from device code to a plain Python function of the module.
struct HelperCall {
    QString callee;
    QStringList arguments; // as written
    QStringList keywords;  // parallel to arguments: the keyword, empty when positional
    QList<QStringList> argumentParams; // parallel: the caller's runtime parameters each argument stands for
    QList<bool> argumentConstant;      // parallel: the argument is a compile-time value in the caller
    QString function;      // the caller
    SourceRange range;
};

} // namespace tileport::frontend
