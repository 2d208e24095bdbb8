// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ThemeMode.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QTableView;

namespace tileport {
class JobRunner;
}

namespace tileport::ui {

class IrDiffPane;
class RunComparisonModel;

// "Compare two runs": pick two runs of the open session; their stage
// verdicts and benchmark ratios show side by side (RunComparisonModel) and
// the IR diff pane shows run A's generated IR against run B's. The
// comparison is read by a JobRunner job (RunComparison::load).
class RunCompareDialog : public QDialog
{
    Q_OBJECT
public:
    RunCompareDialog(JobRunner *jobs, const QString &sessionDir, const QList<int> &runs, QWidget *parent = nullptr);

    // Loads the comparison of runs a and b (config empty: the first both generated).
    void compare(int a, int b, const QString &config = {});

    RunComparisonModel *model() const { return m_model; }
    IrDiffPane *irDiff() const { return m_irDiff; }
    QComboBox *runA() const { return m_runA; }
    QComboBox *runB() const { return m_runB; }
    QComboBox *configs() const { return m_configs; }
    QString status() const;
    void setTheme(ThemeMode mode);

Q_SIGNALS:
    void comparisonLoaded();

private:
    void pickedChanged();

    JobRunner *m_jobs;
    QString m_sessionDir;
    RunComparisonModel *m_model;
    IrDiffPane *m_irDiff;
    QComboBox *m_runA;
    QComboBox *m_runB;
    QComboBox *m_configs;
    QTableView *m_table;
    QLabel *m_status;
    QString m_channel; // one per dialog: a newer comparison in it supersedes the older
    bool m_filling = false;
};

} // namespace tileport::ui
