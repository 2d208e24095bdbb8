// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QList>
#include <QStringList>

namespace tileport::frontend {

// An if/elif/else chain whose conditions read only constants (and dtypes).
// Each arm carries the structural signature of the code it guards; arms
// whose signatures differ make the chain variant-forming.
struct BranchPoint {
    struct Arm {
        QString condition; // as written; "else" arms are spelled as the negation of the others
        QString token;
        QStringList constants;
        SourceRange range;
        QStringList signature; // sorted: "memory:load", "shape:load(TILE_M, TILE_K)", "mma:mma", "call:helper", ...
        QList<int> children;   // nested branch points (indices into the owner's list)
    };

    QList<Arm> arms;
    bool variantForming = false;
    QStringList differences; // signature entries not shared by every arm
    bool topLevel = true;    // not nested inside another constant branch point
    QString function;
    SourceRange range;
};

} // namespace tileport::frontend
