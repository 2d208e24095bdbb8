// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SassComparison.h"
#include "SassModel.h"
#include "Toolchains.h"

#include <QList>
#include <QMetaType>
#include <QStringList>

#include <atomic>

namespace tileport::ui {

// One row of the side-by-side machine code: a reference instruction and the
// generated one aligned with it (either may be missing).
struct SassRow {
    enum class Kind { Matched, Changed, Inserted, Deleted, Function };
    Kind kind = Kind::Matched;
    QString ref, gen;    // the instructions' exact lines (labels for branch targets); a Function row: the names
    bool registersOnly = false; // matched up to register numbers (equal canonical lines)
    // Each side's source position from the cubin's line table (--lineinfo): the
    // Tile IR ops' location, a Python line for the reference; line 0 when unknown.
    QString refFile, genFile;
    int refLine = 0, genLine = 0;
};

// Both sides' SASS of one config aligned for the IR diff pane's machine-code
// tab: compiled with tileiras and disassembled (core/sass, cached by
// content), compared (verdict, resources, instruction-class deltas), and
// each paired function's instructions aligned by their canonical lines with
// the project's line diff (core/patch). No widgets; call from a JobRunner job.
struct SassSideBySide {
    QString error; // a side BLOCKED: the tool and why
    QString verdict; // SASS_IDENTICAL, SASS_EQUIVALENT, SASS_DIFFERS
    QStringList notes;
    QList<SassRow> rows;
    QList<sass::CountDelta> resources;   // registers, shared, local, stack, param bank: ref and gen
    QList<sass::CountDelta> classDeltas; // instruction classes whose count differs
    int refInstructions = 0, genInstructions = 0;

    static SassSideBySide compute(const Toolchains &tools, const QString &refBytecode, const QString &genBytecode,
                                  const std::atomic_bool *cancel = nullptr);
    // The same from two parsed modules (the listing already read).
    static SassSideBySide align(const sass::Module &ref, const sass::Module &gen);
};

} // namespace tileport::ui

Q_DECLARE_METATYPE(tileport::ui::SassSideBySide)
