// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BatchRow.h"

#include <QJsonObject>
#include <QList>
#include <QMap>

namespace tileport {

// The stable outputs of a batch run: the text table (one line per kernel,
// or per config) with its summary line, the JSON document (schema
// tileport-batch/2, docs/batch.md) and the progress line printed as each
// row finishes.
class BatchReport
{
public:
    // The rows of one kernel (or of one file without kernels): consecutive
    // in the run's order.
    struct Kernel {
        int first = 0;   // its first row
        int count = 0;   // its rows
        int configs = 0; // rows with a config
        int worst = 0;   // the row with the worst IR verdict (BatchRow::irRank), the first of equals
        int worstSass = 0; // the row with the worst SASS verdict (BatchRow::sassRank)
        int worstGpu = 0;  // the row with the worst stage D outcome (BatchRow::gpuRank)
        int timed = 0;     // configs stage E timed
        double ratioGeomean = 0; // their geomean rust/ref, 0 when none
        qint64 elapsedMs = 0;
        QMap<QString, int> verdicts; // IR verdict -> configs with it
    };
    static QList<Kernel> kernels(const QList<BatchRow> &rows);
    // The kinds of source behind a kernel's configs ("test, bench"; ConfigSource.h).
    static QString kernelFrom(const QList<BatchRow> &rows, const Kernel &k);

    struct Counts {
        int files = 0;
        int kernels = 0; // kernels, whatever their number of configs
        int configs = 0; // rows with a config
        int analyzed = 0;
        int translated = 0;
        int built = 0;
        int buildFailed = 0;
        // Per config.
        int pass = 0;
        int passWithNotes = 0;
        int failFixable = 0;
        int irRuns = 0; // distinct comparisons behind those verdicts (shared ones count once)
        // Per config, with --sass.
        int sassIdentical = 0;
        int sassEquivalent = 0;
        int sassDiffers = 0;
        int sassBlocked = 0;
        // Per config, with --gpu: stage D's checks (pass, fail, and the
        // rest: blocked, failed bundles, not run) and stage E's timings.
        bool gpu = false; // some row has a stage D outcome
        int gpuPass = 0;
        int gpuFail = 0;
        int gpuOther = 0;
        int timed = 0;
        double ratioGeomean = 0;
        QMap<QString, int> kernelWorst; // per kernel: its worst verdict -> kernels
    };
    static Counts count(const QList<BatchRow> &rows, int files);

    // One line per kernel (its worst verdict and config count), or with
    // perConfig one per row; with sass, a `sass` column after `ir` (the
    // kernel's worst SASS verdict); with gpu, `check` (the worst stage D
    // outcome) and `rust/ref` (stage E; per kernel the geomean) after them.
    static QString table(const QList<BatchRow> &rows, bool perConfig = false, bool sass = false, bool gpu = false);
    // With sass, the SASS verdicts per config are appended; with stage D
    // outcomes, the checks and the geomean rust/ref.
    static QString summary(const Counts &c, qint64 elapsedMs, bool sass = false);
    static QJsonObject toJson(const QList<BatchRow> &rows, int files, const QString &directory, int jobs, bool build,
                              qint64 elapsedMs);
    static QString progressLine(const BatchRow &row, int done, int total);
    // A step of a kernel's bundle in the GPU phase (BatchRunner::gpuProgress).
    static QString gpuProgressLine(const QString &label, const QString &step, const QString &state, const QString &job,
                                   int done, int total);
};

} // namespace tileport
