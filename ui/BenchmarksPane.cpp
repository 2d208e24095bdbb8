// SPDX-License-Identifier: MIT
#include "BenchmarksPane.h"
#include "RunHistoryModel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPen>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

namespace tileport::ui {

BenchmarksPane::BenchmarksPane(QWidget *parent)
    : QWidget(parent)
    , m_view(new QChartView(new QChart))
    , m_caption(new QLabel)
    , m_history(new RunHistoryModel(this))
    , m_historyView(new QTableView)
{
    m_view->setObjectName(QStringLiteral("benchChart"));
    m_caption->setObjectName(QStringLiteral("benchCaption"));
    m_historyView->setObjectName(QStringLiteral("runHistory"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(160);
    m_view->chart()->setTitle(tr("rust/ref per config (stage E)"));
    m_historyView->setModel(m_history);
    m_historyView->verticalHeader()->hide();
    m_historyView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *split = new QSplitter(Qt::Horizontal);
    auto *left = new QWidget;
    auto *l = new QVBoxLayout(left);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(m_view, 1);
    l->addWidget(m_caption);
    split->addWidget(left);
    split->addWidget(m_historyView);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    m_caption->setText(tr("No benchmark yet: stage E runs on a GPU runner"));
}

QChart *BenchmarksPane::chart() const
{
    return m_view->chart();
}

QString BenchmarksPane::caption() const
{
    return m_caption->text();
}

bool BenchmarksPane::showReport(const QString &path)
{
    m_report = BenchmarkReport::load(path);
    QChart *chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes())
        chart->removeAxis(a);
    if (!m_report.error.isEmpty()) {
        m_caption->setText(m_report.error);
        return false;
    }
    auto *bars = new QBarSeries;
    auto *set = new QBarSet(tr("rust/ref"));
    QStringList categories;
    double top = m_report.gate;
    for (const BenchmarkReport::Row &r : m_report.rows) {
        *set << r.ratio;
        categories << r.config;
        top = qMax(top, r.ratio);
    }
    bars->append(set);
    chart->addSeries(bars);
    // Horizontal lines across the categories: the gate and the geomean.
    const int n = int(m_report.rows.size());
    auto line = [&](double y, const QString &name, const QColor &colour) {
        auto *s = new QLineSeries;
        s->setName(name);
        s->append(-0.5, y);
        s->append(n - 0.5, y);
        QPen pen(colour);
        pen.setWidth(2);
        pen.setStyle(name.startsWith(QLatin1String("gate")) ? Qt::DashLine : Qt::SolidLine);
        s->setPen(pen);
        chart->addSeries(s);
        return s;
    };
    auto *gate = line(m_report.gate, tr("gate %1").arg(m_report.gate, 0, 'f', 2), QColor(0xd0, 0x36, 0x36));
    auto *geo = line(m_report.geomean, tr("geomean %1").arg(m_report.geomean, 0, 'f', 3), QColor(0x2e, 0x70, 0xc0));
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    auto *y = new QValueAxis;
    y->setRange(0, top * 1.15);
    y->setTitleText(tr("rust / ref time"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : {static_cast<QAbstractSeries *>(bars), static_cast<QAbstractSeries *>(gate), static_cast<QAbstractSeries *>(geo)}) {
        s->attachAxis(y);
    }
    bars->attachAxis(x);
    // The lines use the bar axis's index space through a hidden value axis.
    auto *xi = new QValueAxis;
    xi->setRange(-0.5, n - 0.5);
    xi->setVisible(false);
    chart->addAxis(xi, Qt::AlignBottom);
    gate->attachAxis(xi);
    geo->attachAxis(xi);
    m_caption->setText(tr("geomean rust/ref %1 over %2 config(s) — %3 the %4 gate%5")
                           .arg(m_report.geomean, 0, 'f', 3)
                           .arg(n)
                           .arg(m_report.passes() ? tr("within") : tr("above"))
                           .arg(m_report.gate, 0, 'f', 2)
                           .arg(m_report.gpu.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m_report.gpu)));
    return true;
}

void BenchmarksPane::setSession(const QString &sessionDir)
{
    QString error;
    if (sessionDir.isEmpty() || !m_history->load(sessionDir, &error))
        return;
    const QString latest = m_history->latestBenchmarkReport();
    if (!latest.isEmpty())
        showReport(latest);
}

} // namespace tileport::ui
