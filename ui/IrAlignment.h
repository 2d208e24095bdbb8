// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>

namespace tileport::ui {

class IrOpText;

// A source position carried by an op (its debug location).
struct IrLoc {
    QString file;
    int line = 0;
    int col = 0;
    bool known() const { return line > 0; }
};

// One change the differ found between two aligned ops, as it reports it.
struct IrChange {
    QString kind; // "attribute", "result_type", "operand_type", "operand", "block_argument", "regions"
    QString name; // the attribute's name, "op" for the mnemonic, "#i" for a position
    QString ref, gen; // the values; empty when absent on that side
    bool hasRef = false, hasGen = false;
};

// One row of the side-by-side IR diff: a reference op and the generated op
// the structural differ aligned with it (either may be missing).
struct AlignedRow {
    enum class Kind { Matched, Changed, Inserted, Deleted, Function };
    Kind kind = Kind::Matched;
    int refOp = -1, genOp = -1; // the ops' indices in AlignedDiff::text (-1: none on that side)
    QString refFunction, genFunction; // a Function row's symbol names
    QString refPath, genPath; // the differ's index paths
    IrLoc refLoc, genLoc;
    QStringList changes;      // "name: ref → gen", one per changed attribute/type/operand
    QStringList changedNames; // the attribute names alone, to mark in the text
    QList<IrChange> edits;    // the same changes, structured (IrChangeMarks places them in the texts)
    QList<int> findings;      // indices into AlignedDiff::findings of those naming this row's ops
    bool critical = false;    // one of its ops is named by a critical finding
    int depth = 0;            // region nesting, for indentation
};

struct OpCount {
    QString op;
    int ref = 0, gen = 0;
};

struct IrFinding {
    QString severity, owner, rule, message;
    QStringList refPaths, genPaths;
    QList<int> rows; // the aligned rows of the ops it names, in order
};

// The whole side-by-side diff of two modules: computed off the UI thread.
struct AlignedDiff {
    QString error; // empty on success
    QString verdict;
    QString refPath, genPath;
    int refOps = 0, genOps = 0;
    int matched = 0, changed = 0, inserted = 0, deleted = 0;
    QList<AlignedRow> rows;
    QList<OpCount> opCounts;
    QList<IrFinding> findings;
    // The ops' one-line texts, printed on first use (a view asks only for
    // the rows it shows); owns the IR the rows point into.
    std::shared_ptr<const IrOpText> text;
    double loadMs = 0, diffMs = 0, layoutMs = 0; // where the time went (parse; canonicalize + diff; rows)

    // One line per row and side: the op (regions elided), "@name" on a
    // Function row, empty where the row has no op on that side.
    QString refText(const AlignedRow &row) const;
    QString genText(const AlignedRow &row) const;
};

// Runs the structural differ (core/tileir/lib/Diff) on two Tile IR files
// (text or bytecode) and lays its alignment out as rows: ops the differ
// does not list as edits are matched, paired in order, as its alignment is
// order-preserving. No widgets; call from a JobRunner job.
class IrAlignment
{
public:
    static AlignedDiff compute(const QString &refFile, const QString &genFile);
    // The same from texts (the benchmark's generated modules).
    static AlignedDiff computeFromText(const QByteArray &refText, const QByteArray &genText);
};

} // namespace tileport::ui

Q_DECLARE_METATYPE(tileport::ui::AlignedDiff)
