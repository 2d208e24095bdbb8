// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace tileport {

// One row of `tileport batch`: what happened to one config of one kernel of
// one file (config "" for a kernel without configs, and kernel "-" for a
// file that yielded no kernel).
struct BatchRow {
    enum class Step { NotRun, Yes, No };

    QString file;   // relative to the batch directory
    QString kernel; // "-" when the file has no kernel or could not be analyzed
    Step analyzed = Step::NotRun;
    Step translated = Step::NotRun;
    QString translateAt;     // file:line:col of the first refused construct
    QString translateReason; // "construct: reason", or why nothing was tried
    Step built = Step::NotRun; // NotRun prints as "skipped"
    QString buildReason;
    QString config;                       // the config of this row, "" when the kernel has none
    int sources = 0;                      // the test cases and calls the config was seen in
    QString configFrom;                   // the kinds of those sources: "test, bench", "__main__" (ConfigSource.h)
    QString sharedWith;                   // the config whose export and harness run this row reused
    QString irVerdict = QStringLiteral("-"); // PASS, PASS_WITH_NOTES, FAIL_FIXABLE or "-"
    QString irReason;
    QStringList irRules; // the differ's rules behind its critical findings (FAIL_FIXABLE)
    // With --sass, for configs with an IR verdict (docs/sass.md):
    // SASS_IDENTICAL, SASS_EQUIVALENT, SASS_DIFFERS, BLOCKED, or "-".
    QString sassVerdict = QStringLiteral("-");
    QString sassReason;      // why BLOCKED, or the main deltas
    QJsonObject sassDetail;  // instructions, registers, local bytes and class deltas of both sides
    // With --gpu, stages D and E through a GpuRunner (docs/batch.md):
    // correctness "pass" or "fail" per config (or the harness's status for
    // it), or BLOCKED(owner) / FAIL(owner) with the bundle's or the
    // runner's reason; "-" when not run.
    QString gpuCheck = QStringLiteral("-");
    QString gpuReason;
    QString gpuJob;        // the runner's name for the check job ("812_3" for a Slurm array task)
    double maxAbsErr = -1; // the worst array's, -1 when not checked
    double refMs = 0, rustMs = 0;
    double ratio = 0;      // rust/ref, 0 when not timed
    QString benchReason;   // why not timed
    qint64 elapsedMs = 0;
    // The front-end died on this file in its child (BatchFrontendChild):
    // "SIGSEGV", "SIGABRT", "time-out", "exit 1", ... and the step it was in.
    QString crashSignal;
    QString crashStage;

    bool isKernel() const { return kernel != QLatin1String("-"); }
    // The first reason along the row (translation, build, IR, then D and E).
    QString reason() const;
    // "yes"/"no"/"-" (analyzed, translated) and "yes"/"no"/"skipped" (built).
    static QString text(Step s, const char *notRun = "-");
    // The differ's verdict order, PASS < PASS_WITH_NOTES < FAIL_FIXABLE; "-"
    // (no comparison made) ranks above them all: that config is unverified.
    static int irRank(const QString &verdict);
    // SASS_IDENTICAL < SASS_EQUIVALENT < SASS_DIFFERS < BLOCKED < "-".
    static int sassRank(const QString &verdict);
    // pass < fail < FAIL(owner) < BLOCKED(owner) < other statuses < "-".
    static int gpuRank(const QString &check);
    QJsonObject toJson() const;
    // The inverse of toJson (the batch journal, BatchJournal).
    static BatchRow fromJson(const QJsonObject &o);
};

} // namespace tileport
