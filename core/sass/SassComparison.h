// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SassModel.h"

#include <QJsonObject>

#include <array>

namespace tileport::sass {

// docs/sass.md, "Verdicts". Ordered from best to worst.
enum class Verdict { Identical, Equivalent, Differs };
QString verdictName(Verdict v); // "SASS_IDENTICAL", "SASS_EQUIVALENT", "SASS_DIFFERS"

using ClassCounts = std::array<int, kInstructionClassCount>;
ClassCounts classCounts(const Function &f);
ClassCounts classCounts(const Function &f, const QList<int> &indexes);

struct CountDelta {
    QString name; // a class ("global_memory"), an opcode ("LDG") or a resource ("registers")
    int ref = 0;
    int gen = 0;
    int delta() const { return gen - ref; }
};

// Loops that do work are paired in header order; wait loops (spins on an
// mbarrier) are only counted.
struct LoopComparison {
    int index = 0;      // the loop's position among each side's working loops
    int refSize = -1;   // instructions; -1: no such loop on that side
    int genSize = -1;
    int refDepth = 0;
    int genDepth = 0;
    Verdict verdict = Verdict::Differs;
    QList<CountDelta> classDeltas;  // classes whose count differs
    QList<CountDelta> opcodeDeltas; // base opcodes whose count differs
};

struct FunctionComparison {
    QString refName;
    QString genName; // empty: no counterpart (or refName empty: only on the generated side)
    Verdict verdict = Verdict::Differs;
    int refInstructions = 0;
    int genInstructions = 0;
    ClassCounts refClasses{};
    ClassCounts genClasses{};
    Resources refResources;
    Resources genResources;
    QList<CountDelta> classDeltas;    // classes whose count differs
    QList<CountDelta> opcodeDeltas;   // base opcodes whose count differs, largest change first
    QList<CountDelta> resourceDeltas; // resources that differ (registers, shared, local, stack, ...)
    QList<LoopComparison> loops;      // one per working-loop position on either side
    int refWaitLoops = 0;
    int genWaitLoops = 0;
    QStringList notes;                // why it is not identical, in words
};

struct Comparison {
    Verdict verdict = Verdict::Differs;
    QList<FunctionComparison> functions;
    QStringList notes;
};

// Functions are paired by name, then the rest in order (the two front-ends
// mangle entry names differently). A function's verdict:
//   IDENTICAL   equal exact lines (docs/sass.md) and equal registers,
//               shared, local and stack (the parameter bank may differ);
//   EQUIVALENT  equal canonical multisets, equal registers, shared, local
//               and stack, the same number of loops (working and wait),
//               each working loop equivalent;
//   DIFFERS     otherwise, with the deltas that say where.
// The module's verdict is its worst function's; an unpaired function makes
// it DIFFERS.
Comparison compare(const Module &ref, const Module &gen);

QJsonObject toJson(const FunctionComparison &f);
QJsonObject toJson(const Comparison &c);

} // namespace tileport::sass
