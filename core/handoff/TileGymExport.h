// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "FilePatch.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

// `tileport export --tilegym` (docs/handoff.md): a session's port written
// into a TileGym checkout as its `cutile-rs` backend. The library takes
// typed inputs (paths, entries); resolving a session into them is the
// caller's (app/cli/ExportCommand.cpp). Every change is planned first (per
// file: old text, new text), shown as a unified diff, then applied.
namespace tileport::handoff {

// The line every generated file carries; a kernel.rs, ffi.rs or <op>.py
// without it is a hand port and is never overwritten.
QString generatedMarker();

// One ported op, as the export needs it.
struct TileGymPort {
    QString label;            // where it came from (the session), for messages and the marker line
    QString sourceFile;       // the cuTile Python file the port was made from
    QString kernel;           // the Python kernel ported
    QStringList kernelParams; // its parameters, in order (what ct.launch passes)
    QString crateDir;         // the generated crate (src/lib.rs, src/ffi.rs, tileport-crate.json)
    QString bundleJson;       // the host bundle's bundle.json (entries, symbols, dispatch)
    QString op;               // TileGym's op name; empty: from the source's register_impl, else its stem
};

struct TileGymFileChange {
    enum class Kind { New, Changed, Unchanged };
    QString path;    // relative to the checkout
    Kind kind = Kind::Unchanged;
    QString oldText; // empty for a new file
    QString newText;
    QString what;    // one line: what the change is
};

struct TileGymExportPlan {
    QString checkout;               // absolute
    QStringList ops;                // the ops written, in order
    QList<TileGymFileChange> files; // every file looked at, in order
    QStringList notes;              // things the user should know (a cutile pin that differs, say)

    bool hasChanges() const;
    // The changed and new files as patches (new files as whole-file hunks).
    QList<patch::FilePatch> patches() const;
    // The changes as one unified diff ("a/" and "b/" prefixes); empty when none.
    QString unifiedDiff() const;
    QJsonObject toJson() const;
};

struct TileGymExportError {
    enum class Kind { None, Refused, Unreadable };
    Kind kind = Kind::None;
    QString message;
};

// Plans the export of `ports` into `checkout`; false with *error when a
// file cannot be read or parsed (Unreadable) or must not be written
// (Refused: a hand port, an op the checkout does not have).
bool planTileGymExport(const QString &checkout, const QList<TileGymPort> &ports, TileGymExportPlan *plan,
                       TileGymExportError *error);
// Writes the plan's new and changed files, all or nothing (each file is
// checked against the text the plan read before anything is written).
bool applyTileGymExport(const TileGymExportPlan &plan, QString *error);
// The same with a choice of hunks (a hunk review): accepted[f][h] for the
// f-th of plan.patches() and its h-th hunk (missing: accepted).
bool applyTileGymExport(const TileGymExportPlan &plan, const QList<QList<bool>> &accepted, QString *error);

} // namespace tileport::handoff
