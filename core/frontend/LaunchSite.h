// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelOption.h"
#include "SourceRange.h"

#include <QList>
#include <QStringList>

namespace tileport::frontend {

// A host-side `ct.launch(stream, grid, kernel, args)`.
struct LaunchSite {
    QString function;  // enclosing host function, empty at module level
    QString kernelExpression;
    QString kernel;    // the kernel it resolves to, empty if unknown
    QList<KernelOption> hints; // from an inline or assigned kernel.replace_hints(...)
    QString stream;
    QString grid;        // as written
    QStringList gridDims; // when the grid is (or is bound to) a tuple literal
    QString args;        // as written
    QStringList argList; // when the args are (or are bound to) a tuple literal
    int expectedArgs = -1; // the kernel's parameter count, -1 if the kernel is unknown
    bool argsMatch = true;
    SourceRange range;
};

} // namespace tileport::frontend
