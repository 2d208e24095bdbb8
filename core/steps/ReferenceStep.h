// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"
#include "ReferenceExporter.h"
#include "Toolchains.h"
#include "Verdict.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <optional>

namespace tileport::steps {

// What one config's reference Tile IR is exported from: a cuTile Python
// kernel and its parameters, and the ported kernel and config it stands for.
struct ReferenceTarget {
    QString config;    // the ported kernel's config
    QString outKernel; // the ported kernel: outputs are named OUTKERNEL.CONFIG
    QString file;      // the cuTile Python file exported (absolute)
    QString kernel;    // its kernel
    QJsonArray params;
    bool equivalent = false; // `file` is not the ported source (a Triton config's cuTile Python)
    bool desugared = false;  // ... and it is the front-end's own desugared cuTile Python
};

// Which configs get a reference, and why the others do not.
struct ReferencePlan {
    QList<ReferenceTarget> targets;
    QStringList notes; // configs left without a reference (Triton: no equivalent named)
    QString error;     // an equivalent that cannot be read: nothing is exported
};

// A cuTile Python file's configs of `kernel` (every kernel when empty) are
// exported from the file itself. A Triton file has no Tile IR of its own: a
// config that names a cuTile Python equivalent ({file, config}) is exported
// from it; the others from `desugared`, the Triton front-end's cuTile Python
// of the file (its configs give that kernel's parameters), which checks the
// Rust against the same kernel's cuTile Python (the desugaring itself is
// checked against Triton on a GPU, stage D). Without `desugared` they are
// only noted.
ReferencePlan planReferences(const QString &source, bool triton, const frontend::KernelConfigFile &configs,
                             const QString &kernel, const QString &desugared = {});
// The same for one config (`sidecar` names the file in messages).
ReferencePlan planReference(const QString &source, bool triton, const frontend::KernelConfig &config,
                            const QString &sidecar, const QString &desugared = {});

// One reference export and what it came to.
struct ReferenceOutput {
    ReferenceTarget target;
    QString bytecode; // the .tileirbc written
    QString text;     // its decoded text (Options::decodeText)
    // Pass; FailFixable (kernel) when the compiler refused the kernel or the
    // bytecode does not decode; Blocked (env) when the exporter hung,
    // crashed or did not start.
    Verdict verdict = Verdict::Blocked;
    std::optional<Owner> owner;
    QString error; // one line
    bool decodeFailed = false;
    qint64 elapsedMs = 0;
    bool ok() const { return verdict == Verdict::Pass; }
};

// Exports references with the cuTile Python compiler (ReferenceExporter),
// the one export step of stage A, batch and `tileport reference`.
class ReferenceStep
{
public:
    struct Options {
        QString bytecodeVersion = QStringLiteral("13.3");
        int timeoutMs = 120'000;
        bool decodeText = false; // also write OUTPUT.mlir, the official text
    };

    explicit ReferenceStep(Toolchains tools);
    // The exporter's request for a target written to `outputFile`.
    static ReferenceExporter::Request request(const ReferenceTarget &target, const QString &outputFile, const Options &options);
    ReferenceOutput run(const ReferenceTarget &target, const QString &outputFile, const Options &options,
                        const std::atomic_bool *cancel = nullptr) const;
    // What an exporter's answer means for a target (batch's shared exports
    // give the answers of many targets from one exporter process).
    static ReferenceOutput outcome(const ReferenceTarget &target, const QString &outputFile,
                                   const ReferenceExporter::Result &result, const Options &options);
    // Decodes a reference into the official text at `textPath`.
    static bool decodeToText(const QString &bytecode, const QString &textPath, QString *error);

private:
    Toolchains m_tools;
};

} // namespace tileport::steps
