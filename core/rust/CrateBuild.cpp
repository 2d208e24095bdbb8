// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CrateBuild.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace tileport::rust {

namespace {

QString targetDirectory(const QString &crateDir, const Toolchains &tools)
{
    return tools.cargoEnvironment().value(QStringLiteral("CARGO_TARGET_DIR"), QDir(crateDir).filePath(QStringLiteral("target")));
}

} // namespace

QString CrateBuild::Result::errorHead(int lines) const
{
    return QString::fromUtf8(process.standardError).split(QLatin1Char('\n')).mid(0, lines).join(QLatin1Char('\n')).trimmed();
}

CrateBuild::Result CrateBuild::run(const Options &o, const Toolchains &tools)
{
    Result r;
    const bool library = o.artifacts == Artifacts::Library;
    r.command = library ? QStringLiteral("cargo build --release --lib") : QStringLiteral("cargo build --release");
    r.targetDir = targetDirectory(o.crateDir, tools);
    QStringList args{QStringLiteral("build"), QStringLiteral("--offline"), QStringLiteral("--release")};
    if (library)
        args << QStringLiteral("--lib");
    args << QStringLiteral("--quiet") << QStringLiteral("--manifest-path") << QDir(o.crateDir).filePath(QStringLiteral("Cargo.toml"));
    ProcessSpec build{tools.cargo, args};
    build.environment = tools.cargoEnvironment();
    build.timeoutMs = o.timeoutMs;
    r.process = ProcessRunner::run(build, o.cancel);
    if (!o.logFile.isEmpty()) {
        QFile log(o.logFile);
        if (log.open(QIODevice::WriteOnly))
            log.write(r.process.standardError);
    }
    return r;
}

QString CrateBuild::harnessPath(const QString &crateDir, const Toolchains &tools, QString *error)
{
    QFile manifest(QDir(crateDir).filePath(QStringLiteral("tileport-crate.json")));
    const QString name = manifest.open(QIODevice::ReadOnly)
                             ? QJsonDocument::fromJson(manifest.readAll()).object().value(QStringLiteral("harness")).toString()
                             : QString();
    if (name.isEmpty()) {
        if (error)
            *error = QStringLiteral("%1 names no IR harness").arg(manifest.fileName());
        return {};
    }
    return QDir(targetDirectory(crateDir, tools)).filePath(QStringLiteral("release/") + name);
}

CrateBuild::HarnessRun CrateBuild::runHarness(const QString &harness, const QStringList &arguments, const QString &bytecode,
                                              int timeoutMs, const std::atomic_bool *cancel)
{
    HarnessRun r;
    r.bytecode = bytecode;
    ProcessSpec spec{harness, arguments};
    spec.timeoutMs = timeoutMs;
    r.process = ProcessRunner::run(spec, cancel);
    if (!r.process.ok())
        r.error = r.process.describe() + QLatin1Char(' ')
                  + QString::fromUtf8(r.process.standardError).split(QLatin1Char('\n')).mid(0, 20).join(QLatin1Char('\n')).trimmed();
    else if (!QFile::exists(bytecode))
        r.error = bytecode + QStringLiteral(": the harness wrote no bytecode");
    return r;
}

} // namespace tileport::rust
