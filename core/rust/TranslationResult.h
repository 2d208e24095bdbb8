// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CrateConfigs.h"
#include "DocComment.h"
#include "EntrySignature.h"
#include "RustLine.h"
#include "TranslationDiagnostic.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace tileport::rust {

struct TranslatedKernel {
    QString pythonName;
    EntrySignature signature;
    QList<RustLine> lines; // the entry function, one Rust line per element
    bool rawTileIr = false; // calls cutile's raw Tile IR ops (cutile::tileir)
    int defLine = 0;          // the Python kernel's `def` line (its rustdoc names it)
    QStringList unusedParams; // Python parameters the kernel never reads: not parameters of the entry
};

// The outcome of translating one cuTile Python file: the kernels that were
// lowered (other kernels of the file are still produced when one is refused)
// and a diagnostic for each refused construct.
struct TranslationResult {
    QString file;       // the Python file as given
    QString error;      // unreadable file or syntax errors; nothing was produced
    QString moduleName; // the #[cutile::module] name
    QString crateName;  // cargo package name
    QString libName;    // crate name as a Rust path
    QString cutileVersion; // the cutile release the crate was written for (manifest "cutile")
    QList<TranslatedKernel> kernels;
    QList<TranslationDiagnostic> diagnostics;
    QString kir; // the kernel IR after its passes (Options::keepKir)
    // An arm of a ct.Constant `if` that could not be lowered while its
    // sibling arm could: the kernel is translated for the configs that take
    // the sibling, and a config that takes this arm is told why no entry
    // serves it. Not a refusal: ok() stays true.
    struct DroppedArm {
        QString pythonKernel;
        QList<EntrySignature::ConstChoice> choices; // the decisions that lead to it
        TranslationDiagnostic why;
        // "file:line:col: note: kernel K: no entry for `A and not (B)`: construct: reason"
        QString toString() const;
    };
    QList<DroppedArm> droppedArms;

    // The entry of `pythonKernel` that serves arrays of these dtypes (array
    // parameter -> Python dtype name); null when the kernel was not lowered.
    const TranslatedKernel *entryFor(const QString &pythonKernel, const QHash<QString, QString> &dtypes = {},
                                     const QJsonObject &constants = {}) const;
    // The array dtypes a sidecar config's params give.
    static QHash<QString, QString> configDtypes(const QJsonArray &params);
    // The constant values a sidecar config's params give (name -> value).
    static QJsonObject configConstants(const QJsonArray &params);
    // The entry of `pythonKernel` for a config's params.
    const TranslatedKernel *entryForConfig(const QString &pythonKernel, const QJsonArray &params) const
    {
        return entryFor(pythonKernel, configDtypes(params), configConstants(params));
    }
    // Why no entry serves a config: the dropped arm its constants take, or
    // a generic sentence naming the config.
    QString noEntryReason(const QString &pythonKernel, const QJsonArray &params, const QString &configName) const;

    // Gives the crate a name of its own for the directory it is written to:
    // sessions share one cargo target directory, where two crates of one
    // name would replace each other's library and harness.
    void nameCrateFor(const QString &crateDir);
    // Takes the name of the crate already written at `crateDir` from its
    // tileport-crate.json, whichever rule named it (stage B's, or batch's
    // one crate per kernel); false and *error when it is not recorded there.
    bool adoptCrateName(const QString &crateDir, QString *error);

    // The crate written at `crateDir` as its tileport-crate.json records it:
    // names and every entry's signature (no lines). The host side reads
    // this contract instead of translating the source again; false and
    // *error when it is missing or unreadable.
    static bool fromManifest(const QString &crateDir, TranslationResult *out, QString *error);

    // The whole src/lib.rs as the printer laid it out and, per 1-based
    // Rust line, the Python lines it came from (empty for the module's
    // frame, its docs and blank lines; an entry's rustdoc maps to its
    // kernel's def line): the source map is the printer's, not parsed.
    // With `configs`, each entry's rustdoc names the configs it serves.
    QString library(QList<QList<int>> *map = nullptr, const CrateConfigs &configs = {}) const;
    // The rustdoc of one entry of this result (EntryDoc), as library() prints it.
    DocComment entryDoc(const TranslatedKernel &entry, const CrateConfigs &configs = {}) const;
    bool ok() const { return error.isEmpty() && diagnostics.isEmpty(); }
};

} // namespace tileport::rust
