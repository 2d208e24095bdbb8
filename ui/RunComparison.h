// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrAlignment.h"

#include <QChar>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tileport::ui {

// Two runs of one session compared: each stage's latest verdict in both,
// stage E's per-config rust/ref ratios side by side, and the structural IR
// diff of run A's generated Tile IR (as reference) against run B's for one
// config. Read from the session directory off the UI thread.
struct RunComparison {
    struct Stage {
        QChar id;
        QString title;
        QString verdictA, verdictB; // empty: the stage did not finish in that run
    };
    struct Benchmark {
        QString config;             // "kernel.config" (or the config alone)
        double ratioA = 0, ratioB = 0; // rust/ref; 0: not measured in that run
        double rustMsA = 0, rustMsB = 0;
    };

    QString sessionDirectory;
    int runA = 0, runB = 0;
    QString error; // the session or a run could not be read
    QList<int> runs; // every run of the session, for the pickers
    QList<Stage> stages;
    QList<Benchmark> benchmarks;
    double geomeanA = 0, geomeanB = 0;
    QStringList configs; // configs with generated IR in both runs
    QString config;      // the one diffed
    bool hasDiff = false;
    QString diffNote;    // why there is no diff, when there is none
    AlignedDiff diff;    // run A's generated IR against run B's

    // `config` empty: the first config both runs generated.
    static RunComparison load(const QString &sessionDir, int runA, int runB, const QString &config = {});
    // The generated IR of `config` in a run directory (stage B's
    // generated/K.CONFIG.tileirbc); empty when there is none.
    static QString generatedIr(const QString &runDir, const QString &config);
};

} // namespace tileport::ui

Q_DECLARE_METATYPE(tileport::ui::RunComparison)
