// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QList>
#include <QPair>

namespace tileport::frontend {

// A compile option or hint (`@ct.kernel(occupancy=2)`, a replace_hints or
// hints_fn keyword), possibly per target through ct.ByTarget(...).
struct KernelOption {
    QString name;
    QString value;        // as written
    bool constant = false; // evaluates at analysis time (a literal or constant expression, or ByTarget of those)
    QString evaluated;    // the value when constant and not ByTarget
    bool byTarget = false;
    QList<QPair<QString, QString>> targets; // ("sm_100", "2"), ("default", "4")
    SourceRange range;
};

} // namespace tileport::frontend
