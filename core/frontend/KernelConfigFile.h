// SPDX-License-Identifier: MIT
#pragma once

#include "ConfigDiagnostic.h"
#include "KernelConfig.h"
#include "ModuleAnalysis.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace tileport::frontend {

// The specialization sidecar of a kernel file (KERNEL.tileport.json):
//   {"kernel": NAME, "bytecode_versions": [...], "configs": [{"name", "kernel"?,
//    "variant"?, "params": [{"kind": "array"|"scalar"|"const", "name"?, ...}],
//    "tolerance"?: {"atol", "rtol"}}]}
// Arrays may carry "shape" (the test shape) besides dtype/ndim; scalars a
// test "value". Reads the file and checks it against the kernel analysis.
class KernelConfigFile
{
public:
    static QString pathFor(const QString &kernelFile);

    bool load(const QString &path);
    // Checks every config against the analyzed kernels (parameter count,
    // names, kinds, constant types, ranks, dtypes, shapes and the
    // divisibility the exporter assumes, variants, tolerances).
    QList<ConfigDiagnostic> validate(const ModuleAnalysis &analysis) const;
    QJsonObject toJson(const QList<ConfigDiagnostic> &diagnostics) const;

    QString path;
    QString kernel;
    QStringList bytecodeVersions;
    QList<KernelConfig> configs;
    QList<ConfigDiagnostic> diagnostics; // from load()

private:
    void locate(qsizetype offset, int &line, int &col) const;
    QByteArray m_bytes;
};

} // namespace tileport::frontend
