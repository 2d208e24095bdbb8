// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CrateWriter.h"

#include "CrateReadme.h"
#include "CrateTemplates.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace tileport::rust {

namespace {

QString writeText(const QString &path, const QString &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
    f.write(text.toUtf8());
    if (!f.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
    return {};
}

} // namespace

CrateWriter::Options CrateWriter::optionsFor(const Toolchains &tools)
{
    Options w;
    if (!tools.cutileVersion.isEmpty())
        w.cutileVersion = tools.cutileVersion;
    if (QString e; CutileTarget::resolve(w.cutileVersion, &e).isEmpty()) {
        w.lockError = e;
        return w;
    }
    QFile lock(QDir(CutileTarget::of(w.cutileVersion).probeDir(tools.resourceDir)).filePath(QStringLiteral("Cargo.lock")));
    if (lock.open(QIODevice::ReadOnly))
        w.probeLock = QString::fromUtf8(lock.readAll());
    if (w.probeLock.isEmpty())
        w.lockError = QStringLiteral("the pinned Cargo.lock %1 cannot be read (%2); without it cargo would resolve unpinned versions")
                          .arg(lock.fileName(), lock.error() == QFileDevice::NoError ? QStringLiteral("empty") : lock.errorString());
    return w;
}

QString CrateWriter::write(const TranslationResult &result, const QString &dir, const Options &options)
{
    if (!options.lockError.isEmpty())
        return options.lockError;
    const QDir root(dir);
    const QString pyName = QFileInfo(result.file).fileName();
    QString err = writeText(root.filePath(QStringLiteral("Cargo.toml")),
                            CrateTemplates::cargoToml(result.crateName, pyName, options.cutileVersion));
    if (err.isEmpty())
        err = writeText(root.filePath(QStringLiteral("README.md")), CrateReadme::text(result, options.cutileVersion, options.configs));
    if (err.isEmpty())
        err = writeText(root.filePath(QStringLiteral("LICENSING.md")), CrateTemplates::licensing(pyName));
    if (err.isEmpty() && !options.probeLock.isEmpty())
        err = writeText(root.filePath(QStringLiteral("Cargo.lock")),
                        CrateTemplates::cargoLock(options.probeLock, result.crateName));
    // The printer lays the code out (docs/translator.md, "Layout"): no
    // formatter rewrites it, so the source map is the printer's own.
    QList<QList<int>> map;
    if (err.isEmpty())
        err = writeText(root.filePath(QStringLiteral("src/lib.rs")), result.library(&map, options.configs));
    if (err.isEmpty())
        err = writeText(root.filePath(QStringLiteral("src/bin/ir-harness.rs")), CrateTemplates::harness(result.libName, result.moduleName));
    if (!err.isEmpty())
        return err;
    QJsonArray lines;
    for (int i = 0; i < map.size(); ++i) {
        if (map[i].isEmpty())
            continue;
        QJsonArray py;
        for (int l : map[i])
            py.append(l);
        lines.append(QJsonObject{{"rust", i + 1}, {"python", py}});
    }
    const QJsonObject sourceMap{{"schema", "tileport-sourcemap/1"},
                                {"python", pyName},
                                {"rust", "src/lib.rs"},
                                {"lines", lines}};
    err = writeText(root.filePath(QStringLiteral("sourcemap.json")),
                    QString::fromUtf8(QJsonDocument(sourceMap).toJson(QJsonDocument::Indented)));
    if (!err.isEmpty())
        return err;
    QJsonArray entries;
    for (const TranslatedKernel &k : result.kernels)
        entries.append(k.signature.toJson());
    const QJsonObject manifest{{"schema", "tileport-crate/1"},
                               {"python", pyName},
                               {"module", result.moduleName},
                               {"crate", result.crateName},
                               {"harness", result.crateName + QStringLiteral("-ir-harness")},
                               {"cutile", options.cutileVersion},
                               {"entries", entries}};
    return writeText(root.filePath(QStringLiteral("tileport-crate.json")),
                     QString::fromUtf8(QJsonDocument(manifest).toJson(QJsonDocument::Indented)));
}

} // namespace tileport::rust
