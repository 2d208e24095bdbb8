// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RunCompareDialog.h"

#include "IrDiffPane.h"
#include "JobRunner.h"
#include "RunComparison.h"
#include "RunComparisonModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace tileport::ui {

RunCompareDialog::RunCompareDialog(JobRunner *jobs, const QString &sessionDir, const QList<int> &runs, QWidget *parent)
    : QDialog(parent)
    , m_jobs(jobs)
    , m_sessionDir(sessionDir)
    , m_model(new RunComparisonModel(this))
    , m_irDiff(new IrDiffPane(this))
    , m_runA(new QComboBox(this))
    , m_runB(new QComboBox(this))
    , m_configs(new QComboBox(this))
    , m_table(new QTableView(this))
    , m_status(new QLabel(this))
    , m_channel(QStringLiteral("compare-runs-%1").arg(quintptr(this), 0, 16))
{
    setObjectName(QStringLiteral("runCompareDialog"));
    setWindowTitle(tr("Compare runs — %1").arg(sessionDir));
    m_runA->setObjectName(QStringLiteral("compareRunA"));
    m_runB->setObjectName(QStringLiteral("compareRunB"));
    m_configs->setObjectName(QStringLiteral("compareConfig"));
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_irDiff->setObjectName(QStringLiteral("compareIrDiff"));
    m_status->setObjectName(QStringLiteral("compareStatus"));
    for (int r : runs) {
        m_runA->addItem(tr("run %1").arg(r), r);
        m_runB->addItem(tr("run %1").arg(r), r);
    }
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

    auto *pick = new QHBoxLayout;
    pick->addWidget(new QLabel(tr("Run A:"), this));
    pick->addWidget(m_runA);
    pick->addWidget(new QLabel(tr("Run B:"), this));
    pick->addWidget(m_runB);
    pick->addWidget(new QLabel(tr("IR of config:"), this));
    pick->addWidget(m_configs, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_irDiff);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(pick);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    resize(1100, 760);

    for (QComboBox *c : {m_runA, m_runB, m_configs})
        connect(c, &QComboBox::currentIndexChanged, this, &RunCompareDialog::pickedChanged);
    connect(m_jobs, &JobRunner::finished, this, [this](const QString &channel, quint64, const QVariant &result) {
        if (channel != m_channel)
            return;
        const RunComparison c = result.value<RunComparison>();
        m_model->setComparison(c);
        m_filling = true;
        m_runA->setCurrentIndex(m_runA->findData(c.runA));
        m_runB->setCurrentIndex(m_runB->findData(c.runB));
        m_configs->clear();
        m_configs->addItems(c.configs);
        m_configs->setCurrentText(c.config);
        m_filling = false;
        if (c.hasDiff) {
            m_irDiff->setDiff(c.diff);
        } else {
            m_irDiff->setDiff(AlignedDiff{});
            m_irDiff->setSummary(c.diffNote);
        }
        m_status->setText(!c.error.isEmpty() ? c.error
                                             : tr("run %1 against run %2: IR of %3 (run %1 as the reference side)")
                                                   .arg(c.runA)
                                                   .arg(c.runB)
                                                   .arg(c.config.isEmpty() ? tr("no config") : c.config));
        Q_EMIT comparisonLoaded();
    });
}

QString RunCompareDialog::status() const
{
    return m_status->text();
}

void RunCompareDialog::setTheme(ThemeMode mode)
{
    m_irDiff->setTheme(mode);
}

void RunCompareDialog::compare(int a, int b, const QString &config)
{
    m_status->setText(tr("Comparing run %1 with run %2…").arg(a).arg(b));
    const QString dir = m_sessionDir;
    m_jobs->submit(m_channel, [dir, a, b, config](JobContext &) {
        return QVariant::fromValue(RunComparison::load(dir, a, b, config));
    });
}

void RunCompareDialog::pickedChanged()
{
    if (m_filling || m_runA->currentIndex() < 0 || m_runB->currentIndex() < 0)
        return;
    const bool runsChanged = m_runA->currentData().toInt() != m_model->comparison().runA ||
                             m_runB->currentData().toInt() != m_model->comparison().runB;
    compare(m_runA->currentData().toInt(), m_runB->currentData().toInt(), runsChanged ? QString() : m_configs->currentText());
}

} // namespace tileport::ui
