// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QString>

namespace tileport::ui {

// Stage E's per-config timings, read from a stage_E.json report (evidence
// "results", "geomean_ratio", "gate") or from the bundle's own
// tileport-results/1 file ("configs", "geomean_ratio").
struct BenchmarkReport {
    struct Row {
        QString config, kernel, status;
        double refMs = 0, rustMs = 0, ratio = 0;
    };
    QList<Row> rows;
    double geomean = 0;
    double gate = 1.05;
    QString gpu;
    QString error;

    static BenchmarkReport load(const QString &path);
    bool passes() const { return geomean > 0 && geomean <= gate; }
};

// What the benchmarks chart draws: this run's rust/ref per config and, as
// a second series, an earlier run's for the same configs (0 where that run
// did not measure one), with the reference lines.
struct BenchmarkComparison {
    QStringList configs;   // in the current report's order
    QList<double> current; // rust/ref per config
    QList<double> earlier; // the earlier run's, matched by config name; empty without one
    QString currentName, earlierName; // the series' names ("run 3", "run 2")
    double geomean = 0, earlierGeomean = 0;
    double gate = 1.05;
    double top = 0; // the value axis' end: every bar, label and line fits

    static BenchmarkComparison of(const BenchmarkReport &current, const QString &currentName,
                                  const BenchmarkReport *earlier = nullptr, const QString &earlierName = {});
};

} // namespace tileport::ui
