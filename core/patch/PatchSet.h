// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "FilePatch.h"
#include "PathGuard.h"

namespace tileport::patch {

// What a file held before a patch set was written, to put it back.
struct FileBackup {
    QString path;       // absolute
    bool existed = false;
    QByteArray content;
};

// Several file patches applied together, all or nothing: every path is
// checked by the guard and every accepted hunk is matched before the first
// byte is written. `accepted[f][h]` chooses hunks (missing: accepted).
struct PatchSet {
    QList<FilePatch> files;
    QList<QList<bool>> accepted;

    bool apply(const PathGuard &guard, QList<FileBackup> *backups, QString *error) const;
    static bool restore(const QList<FileBackup> &backups, QString *error);
    // The accepted changes as one unified diff against the current files
    // (whole-file replacements are written as hunks too).
    QString toUnifiedDiff(const PathGuard &guard) const;
};

} // namespace tileport::patch
