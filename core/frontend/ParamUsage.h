// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QStringList>

namespace tileport::frontend {

// What a function body does with one of its parameters; the raw facts the
// kernel parameter classification is made from.
struct ParamUsage {
    QStringList arrayEvidence;  // "line:col: first argument of ct.load"
    QStringList scalarEvidence; // "line:col: range() bound"
    QStringList listEvidence;   // "line:col: len(...)"
    QList<int> ranks;           // exact ranks implied by index/shape tuples
    QStringList rankEvidence;
    int minRank = 0;            // from `.shape[i]`
    QStringList fixedDtypes;    // dtypes it is stored as: "float16"
    QStringList dtypeEvidence;
    QStringList sameDtypeAs;    // other parameters whose dtype it is stored as
    bool intUse = false;        // integer context: range(), //, %, shifts, index tuples
    bool floatUse = false;      // combined with a float literal or constant
    bool loaded = false;
    bool stored = false;
    bool shapeRead = false;
    bool stridesRead = false;
    bool dtypeRead = false;
    bool rawMemory = false;     // get_raw_memory(): read by element offset, any rank
};

} // namespace tileport::frontend
