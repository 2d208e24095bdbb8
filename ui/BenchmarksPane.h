// SPDX-License-Identifier: MIT
#pragma once

#include "BenchmarkReport.h"

#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QTableView;

namespace tileport::ui {

class RunHistoryModel;

// Stage E at a glance: a bar per config of rust/ref, the geomean and the
// 1.05 gate as lines; beside it the session's runs compared.
class BenchmarksPane : public QWidget
{
    Q_OBJECT
public:
    explicit BenchmarksPane(QWidget *parent = nullptr);

    // Shows one report file (stage_E.json or tileport-results/1).
    bool showReport(const QString &path);
    // Loads the session's run history and its latest stage E report.
    void setSession(const QString &sessionDir);

    const BenchmarkReport &report() const { return m_report; }
    QChart *chart() const;
    RunHistoryModel *history() const { return m_history; }
    QString caption() const;

private:
    BenchmarkReport m_report;
    QChartView *m_view;
    QLabel *m_caption;
    RunHistoryModel *m_history;
    QTableView *m_historyView;
};

} // namespace tileport::ui
