// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "FilePatch.h"

namespace tileport::patch {

// Line hunks between two texts, by Myers' O(ND) shortest edit script over
// lines (lines are interned to integers first, so comparisons are cheap).
// Used for "what did the model change" and for reviewing a regenerated
// file against the user's edited copy.
class LineDiff
{
public:
    // Hunks turning `oldText` into `newText` with `context` lines around
    // each change; changes closer than 2*context merge into one hunk.
    static QList<Hunk> hunks(const QString &oldText, const QString &newText, int context = 3);
    // The same, as one FilePatch for `path`.
    static FilePatch filePatch(const QString &path, const QString &oldText, const QString &newText, int context = 3);
};

} // namespace tileport::patch
