// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CrateWriter.h"

#include "CrateTemplates.h"
#include "ProcessRunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
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

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString format(const QString &rustfmt, const QString &path)
{
    ProcessSpec spec{rustfmt, {QStringLiteral("--edition"), QStringLiteral("2021"), path}};
    spec.timeoutMs = 60'000;
    const ProcessResult r = ProcessRunner::run(spec);
    if (!r.ok())
        return QStringLiteral("rustfmt %1: %2 %3").arg(path, r.describe(), QString::fromUtf8(r.standardError).trimmed());
    return {};
}

// rustfmt breaks a generic argument list that does not fit on the line
// (`Tile<\n f32,\n { [TILE_N, GROUP] },\n>`) and ends it with a comma.
// cutile 0.4.0 compares the operand types of a binary op by their tokens
// (compile_binary_op.rs), so `Tile<f32, {..},>` and `Tile<f32, {..}>` are
// different types to it, and whether a name is long enough to break its
// annotation must not decide that. A `,` then a line break then `>` can
// only end a generic list (no expression starts with `>`), so the comma
// goes.
QString dropGenericTrailingCommas(const QString &text)
{
    static const QRegularExpression trailing(QStringLiteral(",([ \\t]*\\n[ \\t]*>)"));
    QString out = text;
    out.replace(trailing, QStringLiteral("\\1"));
    return out;
}

} // namespace

QString CrateWriter::stripMarkers(const QString &marked, QList<QList<int>> *map)
{
    QStringList out;
    QList<int> current;
    for (const QString &line : marked.split(QLatin1Char('\n'))) {
        const QString t = line.trimmed();
        if (t.startsWith(QLatin1String("//@tp:"))) {
            current.clear();
            const QString range = t.mid(6);
            const qsizetype dash = range.indexOf(QLatin1Char('-'));
            if (dash > 0) {
                const int first = range.left(dash).toInt(), last = range.mid(dash + 1).toInt();
                for (int l = first; l <= last && l > 0; ++l)
                    current << l;
            }
            continue;
        }
        out << line;
        if (map)
            map->append(t.isEmpty() ? QList<int>() : current);
    }
    // split() leaves one empty element after the final newline.
    if (!out.isEmpty() && out.last().isEmpty()) {
        out.removeLast();
        if (map && !map->isEmpty())
            map->removeLast();
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

CrateWriter::Options CrateWriter::optionsFor(const Toolchains &tools)
{
    Options w;
    w.rustfmt = tools.rustfmt;
    if (!tools.cutileVersion.isEmpty())
        w.cutileVersion = tools.cutileVersion;
    QFile lock(QDir(tools.resourceDir).filePath(QStringLiteral("rust/tileport-probe/Cargo.lock")));
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
    if (err.isEmpty() && !options.probeLock.isEmpty())
        err = writeText(root.filePath(QStringLiteral("Cargo.lock")),
                        CrateTemplates::cargoLock(options.probeLock, result.crateName));
    const QString lib = root.filePath(QStringLiteral("src/lib.rs"));
    const QString harness = root.filePath(QStringLiteral("src/bin/ir-harness.rs"));
    if (err.isEmpty())
        err = writeText(lib, result.markedLibrary());
    if (err.isEmpty())
        err = writeText(harness, CrateTemplates::harness(result.libName, result.moduleName));
    if (err.isEmpty() && !options.rustfmt.isEmpty()) {
        err = format(options.rustfmt, lib);
        if (err.isEmpty())
            err = format(options.rustfmt, harness);
    }
    if (!err.isEmpty())
        return err;
    QList<QList<int>> map;
    const QString clean = stripMarkers(dropGenericTrailingCommas(readText(lib)), &map);
    err = writeText(lib, clean);
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
                               {"entries", entries}};
    return writeText(root.filePath(QStringLiteral("tileport-crate.json")),
                     QString::fromUtf8(QJsonDocument(manifest).toJson(QJsonDocument::Indented)));
}

} // namespace tileport::rust
