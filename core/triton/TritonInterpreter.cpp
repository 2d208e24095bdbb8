// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonInterpreter.h"

#include "KernelConfigFile.h"
#include "ProcessRunner.h"
#include "TritonAnalyzer.h"
#include "TritonHostBundle.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace tileport::triton {

QString TritonInterpreter::python(const QProcessEnvironment &env)
{
    const QString p = env.value(QStringLiteral("TILEPORT_TRITON_PYTHON"));
    return !p.isEmpty() && QFileInfo(p).isExecutable() ? p : QString();
}

TritonInterpreter::Result TritonInterpreter::run(const Options &o, const Toolchains &tools)
{
    Result r;
    const QString tritonPython = python();
    if (tritonPython.isEmpty()) {
        r.blocked = true;
        r.reason = QStringLiteral("no triton venv (TILEPORT_TRITON_PYTHON; scripts/setup installs it unless TILEPORT_NO_TRITON)");
        return r;
    }
    const TritonModule m = TritonAnalyzer::analyzeFile(o.source);
    if (!m.ok()) {
        r.reason = m.error.isEmpty() ? QStringLiteral("%1: not valid Python").arg(o.source) : m.error;
        return r;
    }
    const QString config = o.configPath.isEmpty() ? frontend::KernelConfigFile::pathFor(o.source) : o.configPath;
    if (!QFile::exists(config)) {
        r.reason = QStringLiteral("%1: no specialization config (expected %2)").arg(o.source, config);
        return r;
    }
    if (!QDir().mkpath(o.outDir)) {
        r.reason = QStringLiteral("%1: cannot create the output directory").arg(o.outDir);
        return r;
    }
    // The analyzer's launch sites tell the script which host function to call.
    const QString launches = QDir(o.outDir).filePath(QStringLiteral("launches.json"));
    QFile lf(launches);
    if (!lf.open(QIODevice::WriteOnly) || lf.write(QJsonDocument(TritonHostBundle::launchesJson(m)).toJson()) < 0) {
        r.reason = QStringLiteral("%1: cannot write").arg(launches);
        return r;
    }
    lf.close();
    QStringList args{QDir(tools.resourceDir).filePath(QStringLiteral("python/tileport_triton.py")),
                     QStringLiteral("interpret"),
                     QStringLiteral("--source"), QFileInfo(o.source).absoluteFilePath(),
                     QStringLiteral("--config"), config,
                     QStringLiteral("--launches"), launches,
                     QStringLiteral("--out"), o.outDir,
                     QStringLiteral("--max-elements"), QString::number(o.maxElements)};
    if (!o.kernel.isEmpty())
        args << QStringLiteral("--kernel") << o.kernel;
    ProcessSpec spec{tritonPython, args};
    spec.environment.insert(QStringLiteral("TRITON_INTERPRET"), QStringLiteral("1"));
    spec.timeoutMs = o.timeoutMs;
    const ProcessResult p = ProcessRunner::run(spec, o.cancel);
    r.log = QString::fromUtf8(p.standardOutput + p.standardError);
    QFile sf(QDir(o.outDir).filePath(QStringLiteral("reference.json")));
    if (sf.open(QIODevice::ReadOnly))
        r.summary = QJsonDocument::fromJson(sf.readAll()).object();
    if (p.outcome == ProcessResult::Outcome::Finished && p.exitCode == 3) {
        r.blocked = true;
        r.reason = QStringLiteral("%1 cannot import triton and numpy").arg(tritonPython);
        return r;
    }
    r.ok = p.ok() && !r.summary.isEmpty();
    if (!r.ok)
        r.reason = p.ok() ? QStringLiteral("no reference.json written")
                          : QStringLiteral("the interpreter run %1: %2").arg(p.describe(), r.log.trimmed().right(2000));
    return r;
}

} // namespace tileport::triton
