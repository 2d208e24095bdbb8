// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RunArtifacts.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tileport::ui {

namespace {

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

RunArtifacts RunArtifacts::load(const QString &runDirectory, const QString &pythonFile, const QString &config)
{
    RunArtifacts a;
    const QDir run(runDirectory);
    a.runDirectory = runDirectory;
    a.pythonFile = pythonFile;
    a.pythonText = readText(pythonFile);
    const QString crate = run.filePath(QStringLiteral("generated/crate"));
    if (QFile::exists(crate + QStringLiteral("/src/lib.rs"))) {
        a.rustFile = crate + QStringLiteral("/src/lib.rs");
        a.rustText = readText(a.rustFile);
        a.sourcemapFile = crate + QStringLiteral("/sourcemap.json");
    }
    // The variants: stage A's exported configs, else the reference files present.
    QFile aReport(run.filePath(QStringLiteral("reports/stage_A.json")));
    if (aReport.open(QIODevice::ReadOnly)) {
        const QJsonArray configs = QJsonDocument::fromJson(aReport.readAll()).object().value(QStringLiteral("evidence")).toObject().value(
            QStringLiteral("configs")).toArray();
        for (const QJsonValue &c : configs)
            if (!c[QStringLiteral("bytecode")].toString().isEmpty())
                a.configs << QStringLiteral("%1.%2").arg(c[QStringLiteral("kernel")].toString(), c[QStringLiteral("config")].toString());
    }
    if (a.configs.isEmpty())
        for (const QString &f : QDir(run.filePath(QStringLiteral("reference"))).entryList({QStringLiteral("*.tileirbc")}, QDir::Files, QDir::Name))
            a.configs << f.chopped(9);
    a.config = a.configs.contains(config) ? config : a.configs.value(0);
    a.opDeltas = ConfigOpDeltas::readRun(runDirectory);
    if (a.config.isEmpty())
        return a;
    const QString ref = run.filePath(QStringLiteral("reference/%1.tileirbc").arg(a.config));
    const QString gen = run.filePath(QStringLiteral("generated/%1.tileirbc").arg(a.config));
    a.refIrText = readText(run.filePath(QStringLiteral("reference/%1.mlir").arg(a.config)));
    const QString configName = a.config.mid(a.config.indexOf(QLatin1Char('.')) + 1);
    for (const QString &m : QDir(run.filePath(QStringLiteral("generated/harness-") + configName)).entryList({QStringLiteral("*.mlir")}, QDir::Files))
        a.genIrText = readText(run.filePath(QStringLiteral("generated/harness-%1/%2").arg(configName, m)));
    if (QFile::exists(ref) && QFile::exists(gen)) {
        a.diff = IrAlignment::compute(ref, gen);
        a.hasDiff = true;
    }
    return a;
}

} // namespace tileport::ui
