// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once
// Test fixtures from the real compilers: cuTile Python's bytecode export and
// the cuTile Rust probe crate (KernelCompiler). Both return the written
// .tileirbc path, or "error: ..." with the compiler's message.

#include "ProcessRunner.h"
#include "ReferenceExporter.h"
#include "Toolchains.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace tileport::testing {

inline QJsonObject arrayParam(const char *dtype, int ndim)
{
    return {{"kind", "array"}, {"dtype", dtype}, {"ndim", ndim}};
}

inline QJsonObject constParam(int v)
{
    return {{"kind", "const"}, {"value", v}};
}

inline QString exportPython(const Toolchains &tools, const QString &kernelFile, const QString &kernel,
                            const QJsonArray &params, const QString &version, const QString &outputFile)
{
    ReferenceExporter::Request req;
    req.kernelFile = kernelFile;
    req.kernelName = kernel;
    req.parameters = params;
    req.bytecodeVersion = version;
    // Before 13.3 the compiler needs a target architecture.
    if (version == QLatin1String("13.1") || version == QLatin1String("13.2"))
        req.gpuCode = QStringLiteral("sm_100");
    req.outputFile = outputFile;
    const auto res = ReferenceExporter(tools).exportKernel(req);
    return res.ok ? req.outputFile : QStringLiteral("error: ") + res.error;
}

// 13.2 is only offered for sm_100; later versions are compiled for sm_90.
inline QString runRustProbe(const Toolchains &tools, const QString &kernel, const QString &version,
                            const QString &tile, const QString &outDir)
{
    const QString target = version == QLatin1String("13.2") ? QStringLiteral("sm_100") : QStringLiteral("sm_90");
    const QString manifest = QDir(tools.resourceDir).filePath(QStringLiteral("rust/tileport-probe/Cargo.toml"));
    ProcessSpec spec{tools.cargo,
                     {"run", "--offline", "--release", "--quiet", "--manifest-path", manifest, "--", outDir, target,
                      tile, version, kernel}};
    spec.environment = tools.cargoEnvironment();
    spec.timeoutMs = 25 * 60'000;
    const ProcessResult r = ProcessRunner::run(spec);
    if (!r.ok())
        return QStringLiteral("error: ") + r.describe() + QLatin1Char(' ') + QString::fromUtf8(r.standardError);
    return QDir(outDir).filePath(kernel + QStringLiteral(".tileirbc"));
}

} // namespace tileport::testing
