// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QString>

namespace tileport::patch {

// One line of a hunk body: kept, taken out, or put in.
struct HunkLine {
    enum class Kind { Context, Removed, Added };
    Kind kind = Kind::Context;
    QString text; // without the newline
};

// One "@@ -a,b +c,d @@" block. Starts are 1-based as in unified diffs; a
// count of 0 puts the start on the line before the change, as diff does.
struct Hunk {
    int oldStart = 0;
    int oldCount = 0;
    int newStart = 0;
    int newCount = 0;
    QString section;        // text after the second "@@", if any
    QList<HunkLine> lines;
    bool oldNoNewlineAtEnd = false; // "\ No newline at end of file" after the old side's last line
    bool newNoNewlineAtEnd = false;

    // The old (context + removed) and new (context + added) sides.
    QStringList oldLines() const;
    QStringList newLines() const;
    QString header() const;
    // The hunk as unified-diff text (header and body, newline-terminated).
    QString toText() const;
    int added() const;
    int removed() const;
};

} // namespace tileport::patch
