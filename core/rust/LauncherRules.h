// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfig.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace tileport::rust {

// What a launcher promises the compiler about one launch number: that it
// equals a constant, or that it is divisible by a power of two.
struct LauncherPromise {
    enum class Kind { DivisibleBy, EqualTo };
    Kind kind = Kind::DivisibleBy;
    int value = 1;

    static LauncherPromise divisibleBy(int v) { return {Kind::DivisibleBy, v}; }
    static LauncherPromise equalTo(int v) { return {Kind::EqualTo, v}; }
    QString text() const; // "div_by 8", "== 1"
    bool operator==(const LauncherPromise &) const = default;
};

// Both launchers' promise about one number of one array argument.
struct LauncherFact {
    QString what;  // "shape[1]", "stride[0]", "base"
    qint64 value = 0; // the extent, the stride in elements, or the base alignment in bytes
    LauncherPromise python; // cuTile Python's dispatcher
    LauncherPromise cutile; // cutile 0.4.0's launcher
    bool agrees() const { return python == cutile; }
};

struct LauncherArrayFacts {
    QString array;
    QList<LauncherFact> facts; // shape[0..], stride[0..], base
};

struct LauncherDisagreement {
    QString array;
    LauncherFact fact;
};

struct LauncherComparison {
    QList<LauncherArrayFacts> arrays;          // captured arrays, in parameter order
    QList<LauncherDisagreement> disagreements; // the facts where the two differ
    // No array carries captured shape and strides (a hand-written sidecar):
    // both sides then compile with assumed facts, not the launchers' rules.
    bool assumed = false;
    QStringList errors; // captured arrays whose facts cannot be read
};

// The two launchers' specialization of a captured config, side by side.
// cutile's side is LaunchSpecialization, the code the IR harness uses.
// cuTile Python's side mirrors launch_constraints() in
// resources/python/export_tileir.py, which is what the reference export
// uses; this copy only reports, and tst_launcher_rules checks that the two
// agree.
struct LauncherRules {
    // cuTile Python (calling convention v2): 1 is the constant 1, a multiple
    // of 16 is div_by 16, anything else div_by 1.
    static LauncherPromise pythonShape(qint64 extent);
    // 1 is the constant 1; a stride that is a whole number of 16 bytes is
    // div_by 128/bits elements; anything else div_by 1.
    static LauncherPromise pythonStride(qint64 stride, int elementBits);
    // A 16-byte aligned base is div_by 16, else nothing (div_by 1).
    static LauncherPromise pythonBase(qint64 alignment);
    // The element width cuTile Python gives `dtype` ("float16": 16), 0 if unknown.
    static int elementBits(const QString &dtype);

    static LauncherComparison compare(const frontend::KernelConfig &config);
};

} // namespace tileport::rust
