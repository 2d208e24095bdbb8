// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BenchmarkReport.h"
#include "ThemeMode.h"

#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QTableView;

namespace tileport::ui {

class RunHistoryModel;

// Stage E at a glance: one horizontal bar per config (its name on the
// axis, its rust/ref value on the bar), an earlier run's bars beside them,
// the 1.00 parity line, the 1.05 gate and the geomean as lines; beside it
// the session's runs compared.
class BenchmarksPane : public QWidget
{
    Q_OBJECT
public:
    explicit BenchmarksPane(QWidget *parent = nullptr);

    // Shows one report file (stage_E.json or tileport-results/1), with an
    // earlier run's report as the second series when given.
    bool showReport(const QString &path, const QString &earlierPath = {}, const QString &name = {},
                    const QString &earlierName = {});
    // Loads the session's run history and its latest two stage E reports.
    void setSession(const QString &sessionDir);
    void setTheme(ThemeMode mode);

    const BenchmarkReport &report() const { return m_report; }
    const BenchmarkComparison &comparison() const { return m_comparison; }
    QChart *chart() const;
    QChartView *chartView() const { return m_view; }
    RunHistoryModel *history() const { return m_history; }
    QString caption() const;

private:
    void draw();

    BenchmarkReport m_report;
    BenchmarkComparison m_comparison;
    QChartView *m_view;
    QLabel *m_caption;
    RunHistoryModel *m_history;
    QTableView *m_historyView;
    ThemeMode m_theme = ThemeMode::Light;
};

} // namespace tileport::ui
