// SPDX-License-Identifier: MIT
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

} // namespace tileport::ui
