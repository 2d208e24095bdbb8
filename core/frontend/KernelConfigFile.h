// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CaptureInfo.h"
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
// test "value". A captured sidecar (capture_configs.py) adds per array
// "strides" and "alignment", per config "grid", "hints", "sources" and
// "tuned_launch", and a top-level "captured" block (docs/configs-schema.json).
// Reads the file and checks it against the kernel analysis.
class KernelConfigFile
{
public:
    static QString pathFor(const QString &kernelFile);

    bool load(const QString &path);
    // The same from bytes in memory (a capture's output); `virtualPath`
    // names them in diagnostics and becomes `path`.
    bool loadJson(const QByteArray &bytes, const QString &virtualPath);
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
    bool captured = false; // the file has a "captured" block
    CaptureInfo capture;
    // The top-level object as read (written back unchanged by `tileport configs -o`).
    QJsonObject document() const { return m_root; }

private:
    void locate(qsizetype offset, int &line, int &col) const;
    // Line and column of a character position in the text.
    void locateText(qsizetype pos, int &line, int &col) const;
    // Where `pattern` first matches in [from, to), or -1.
    qsizetype find(const QString &pattern, qsizetype from, qsizetype to) const;
    void error(qsizetype pos, const QString &message);
    void readLaunchFields(const QJsonObject &c, KernelConfig &kc, qsizetype from, qsizetype to);
    void readArrayLayouts(const KernelConfig &kc, qsizetype from, qsizetype to);
    QByteArray m_bytes;
    QString m_text;
    QJsonObject m_root;
};

} // namespace tileport::frontend
