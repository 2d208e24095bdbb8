// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Hunk.h"

namespace tileport::patch {

// The change to one file: hunks against its current text, or (when the
// producer gave a whole file) the complete new text. Paths are as written
// in the patch, relative to the directory the patch applies in, with any
// "a/" and "b/" prefixes already taken off.
struct FilePatch {
    QString oldPath;        // empty for a new file ("/dev/null")
    QString newPath;        // empty for a deleted file
    QList<Hunk> hunks;
    bool wholeFile = false;
    QString newText;        // with wholeFile

    // The path the change lands on.
    QString path() const { return newPath.isEmpty() ? oldPath : newPath; }
    // Unified-diff text for this file ("--- a/P", "+++ b/P", hunks).
    QString toUnifiedDiff() const;
};

} // namespace tileport::patch
