// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "EntrySignature.h"
#include "KernelConfig.h"
#include "ReferenceExporter.h"
#include "ReferenceStep.h"
#include "SassCompiler.h"
#include "Toolchains.h"

#include <QHash>
#include <QMutex>
#include <QStringList>

#include <atomic>
#include <memory>

namespace tileport {

// The IR check of one work unit of a batch (one config, or several whose
// export and harness arguments are the same: BatchWorkKey), run as a
// JobRunner job once its kernel has built: exports the cuTile Python
// reference, runs the IR harness and diffs the two Tile IRs (as stages A,
// B and C do). Writes reference.tileirbc, generated/ and diff.{json,md}
// into its own directory, and with a SASS compiler sass.json.
class BatchConfigCheck
{
public:
    // The references of all work units of one kernel, exported together by
    // whichever unit runs first (one exporter process per kernel).
    struct SharedExport {
        QMutex mutex;
        bool done = false;
        QList<ReferenceExporter::Request> requests;
        QHash<QString, ReferenceExporter::Result> results; // by output file
    };
    struct Request {
        std::shared_ptr<SharedExport> exports; // optional
        Toolchains tools;
        QString sourcePath; // the kernel's file
        QString kernel;
        steps::ReferenceTarget reference; // what the reference is exported from
        frontend::KernelConfig config;
        QString harness;     // the kernel's built IR harness
        QString entry;       // the entry the harness compiles
        QStringList harnessArgs; // HarnessArguments for `workDir`/generated
        QString workDir;
        int timeoutMs = 900'000;
        // Set with --sass: both bytecodes of a compared config are compiled
        // with tileiras and their SASS compared (shared by all jobs).
        std::shared_ptr<const sass::SassCompiler> sass;
        QString sassTarget = QStringLiteral("sm_90");
    };
    struct Result {
        QString verdict = QStringLiteral("-"); // PASS, PASS_WITH_NOTES, FAIL_FIXABLE or "-"
        QString reason;
        QStringList criticalRules; // the differ's rules of its critical findings, each once
        QString sassVerdict = QStringLiteral("-");
        QString sassReason;
        QJsonObject sassDetail;
        qint64 elapsedMs = 0;
    };

    // Where the harness writes: harnessArgs must name it as OUT_DIR.
    static QString generatedDir(const QString &workDir);
    // The exporter's request of a unit (batch's shared exports, ReferenceStep's rules).
    static ReferenceExporter::Request exportRequest(const Request &request);
    static Result run(const Request &request, const std::atomic_bool *cancel);
};

} // namespace tileport
