// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrAlignment.h"

#include <QList>
#include <QString>

namespace tileport::ui {

// Where an aligned row's changes sit in one side's op text, so that views
// can mark the changed attribute, type or operand inside the line rather
// than beside it. Pure text logic on the printed op (IrOpText's one-line form).
class IrChangeMarks
{
public:
    struct Span {
        int start = 0, length = 0;
        bool operator==(const Span &) const = default;
    };
    enum class Side { Ref, Gen };

    // The spans of `text` that the changes concern, sorted and not overlapping.
    static QList<Span> find(const QString &text, const QList<IrChange> &changes, Side side);
    // The i-th operand (0-based) of the printed op: the i-th %value after the mnemonic.
    static Span operand(const QString &text, int index);
};

} // namespace tileport::ui
