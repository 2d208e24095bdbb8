// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QList>
#include <QStringList>

namespace tileport::frontend {

// One structural variant of a kernel: a choice of arm for every
// constant-driven branch that changes tile shapes, memory API or the
// mma/reduce structure. Each variant becomes its own Rust entry.
struct KernelVariant {
    struct Choice {
        QString condition; // the arm's condition ("TRANSPOSE_B", "not TRANSPOSE_B")
        QString token;     // name fragment ("TRANSPOSE_B", "not_TRANSPOSE_B")
        QStringList constants; // the constants the condition reads
        SourceRange range; // the arm's `if`/`elif`/`else`
    };

    QString name; // tokens joined by "__", or "default"
    QList<Choice> choices;
};

} // namespace tileport::frontend
