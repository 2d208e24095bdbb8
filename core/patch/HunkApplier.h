// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "FilePatch.h"

#include <optional>

namespace tileport::patch {

// Applies a chosen subset of a file's hunks to its current text. An
// accepted hunk must find its old lines exactly, at the place its header
// names (shifted by the hunks applied before it) or, failing that, at the
// nearest place within `maxOffset` lines; a rejected hunk leaves the
// current text as it is. No fuzz: a hunk that does not match is an error.
class HunkApplier
{
public:
    static constexpr int kMaxOffset = 200;

    // `accepted[i]` says whether hunks[i] is taken (missing entries: taken).
    static std::optional<QString> apply(const QString &text, const QList<Hunk> &hunks, const QList<bool> &accepted,
                                        QString *error, int maxOffset = kMaxOffset);
    // A whole FilePatch: the new text for wholeFile, else apply() with all
    // hunks or the chosen ones.
    static std::optional<QString> apply(const QString &text, const FilePatch &patch, const QList<bool> &accepted,
                                        QString *error);
};

} // namespace tileport::patch
