// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SassModel.h"

#include <QMap>

namespace tileport::sass {

// Two forms of a function's code (docs/sass.md, "Normal forms"):
//
// - exact: one line per instruction, predicate + opcode + operands as the
//   disassembler printed them, without addresses, encodings, comments or
//   `.reuse` flags; branch targets become labels numbered in address order
//   (`L0`, `L1`), so equal code gives equal text wherever it sits.
// - canonical: the exact line with register numbers dropped (R12 -> R,
//   UR4 -> UR, P1 -> P, B0 -> B), kernel-parameter slots dropped
//   (c[0x0][0x218] -> c[0x0][*]) and branch targets as `L`. Two functions
//   whose canonical lines form the same multiset differ at most by register
//   allocation, parameter layout and scheduling order.
class SassNormalizer
{
public:
    explicit SassNormalizer(const Function &function);

    // Exact lines of all instructions, or of the given ones (a loop body);
    // labels are numbered over the instructions given, so a loop body reads
    // the same wherever the loop sits.
    QStringList exactLines() const;
    QStringList exactLines(const QList<int> &indexes) const;
    QStringList canonicalLines() const;
    QStringList canonicalLines(const QList<int> &indexes) const;

    static QString canonical(const Instruction &ins);
    // Canonical line -> count.
    static QMap<QString, int> multiset(const QStringList &lines);

private:
    const Function &m_function;
};

} // namespace tileport::sass
