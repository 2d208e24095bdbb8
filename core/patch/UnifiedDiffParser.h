// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "FilePatch.h"

#include <optional>

namespace tileport::patch {

// Reads unified diffs strictly: "--- " and "+++ " headers, then hunks whose
// bodies agree with their "@@ -a,b +c,d @@" counts. Anything else inside a
// file section (a stray line, a short or long hunk, a header without a
// path) rejects the whole text with "line N: why". Lines before the first
// "--- " (a "diff --git" line, prose) are allowed and skipped.
class UnifiedDiffParser
{
public:
    static std::optional<QList<FilePatch>> parse(const QString &text, QString *error);
    // "a/src/x.rs" -> "src/x.rs"; "/dev/null" -> ""; trailing tab+date dropped.
    static QString stripPath(const QString &headerValue);
};

} // namespace tileport::patch
