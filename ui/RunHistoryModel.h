// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QStringList>

namespace tileport::ui {

// The runs of one session side by side: per run, each stage's latest
// verdict (A-F) and stage E's geomean, so runs can be compared.
class RunHistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        RunRole = Qt::UserRole + 1,
        VerdictRole, // the cell's stage verdict
        GeomeanRole, // double, 0 when the run has no stage E timings
    };
    Q_ENUM(Role)

    explicit RunHistoryModel(QObject *parent = nullptr);
    // Reads session.json and each run's reports/stage_E.json; false with `error`.
    bool load(const QString &sessionDir, QString *error);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override; // run, A..F, geomean
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // The latest run that has a stage E report, or empty.
    QString latestBenchmarkReport() const;
    // Every run's stage E report, latest first: (run number, path).
    QList<QPair<int, QString>> benchmarkReports() const;

private:
    struct Run {
        int number = 0;
        QStringList verdicts; // A..F
        double geomean = 0;
        QString benchReport;
    };
    QList<Run> m_runs;
};

} // namespace tileport::ui
