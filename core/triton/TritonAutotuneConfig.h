// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace tileport::triton {

// One `triton.Config({...}, num_warps=.., num_stages=..)` of an autotune
// list; values as written. `generated` marks a list built by a
// comprehension or a function (its configs are not enumerated).
struct TritonAutotuneConfig {
    QList<QPair<QString, QString>> values;
    QList<QPair<QString, QString>> options; // num_warps, num_stages, ...
    int line = 0, col = 0;
};

} // namespace tileport::triton
