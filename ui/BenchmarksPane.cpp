// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BenchmarksPane.h"
#include "RunHistoryModel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

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
    m_historyView->horizontalHeader()->setObjectName(QStringLiteral("runHistoryHeader"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(150);
    m_view->setMinimumWidth(360);
    QChart *chart = m_view->chart();
    // The caption below says what the title would; the plot gets the room.
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_caption->setWordWrap(true);
    m_historyView->setModel(m_history);
    m_historyView->verticalHeader()->hide();
    m_historyView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("benchSplit"));
    auto *left = new QWidget;
    auto *l = new QVBoxLayout(left);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(m_view, 1);
    l->addWidget(m_caption);
    split->addWidget(left);
    split->addWidget(m_historyView);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({6500, 3500});
    split->setChildrenCollapsible(false);
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

void BenchmarksPane::setTheme(ThemeMode mode)
{
    m_theme = mode;
    m_view->chart()->setTheme(mode == ThemeMode::Dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    if (!m_comparison.configs.isEmpty())
        draw(); // the theme resets the series' colours
}

bool BenchmarksPane::showReport(const QString &path, const QString &earlierPath, const QString &name, const QString &earlierName)
{
    m_report = BenchmarkReport::load(path);
    QChart *chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes())
        chart->removeAxis(a);
    if (!m_report.error.isEmpty()) {
        m_comparison = {};
        m_caption->setText(m_report.error);
        return false;
    }
    BenchmarkReport earlier;
    if (!earlierPath.isEmpty())
        earlier = BenchmarkReport::load(earlierPath);
    m_comparison = BenchmarkComparison::of(m_report, name.isEmpty() ? tr("this run") : name,
                                           earlierPath.isEmpty() ? nullptr : &earlier,
                                           earlierName.isEmpty() ? tr("earlier run") : earlierName);
    draw();
    const int n = int(m_comparison.configs.size());
    QString caption = tr("geomean rust/ref %1 over %2 config(s) — %3 the %4 gate%5")
                          .arg(m_report.geomean, 0, 'f', 3)
                          .arg(n)
                          .arg(m_report.passes() ? tr("within") : tr("above"))
                          .arg(m_report.gate, 0, 'f', 2)
                          .arg(m_report.gpu.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m_report.gpu));
    if (!m_comparison.earlier.isEmpty())
        caption += tr("; %1: geomean %2").arg(m_comparison.earlierName).arg(m_comparison.earlierGeomean, 0, 'f', 3);
    m_caption->setText(caption + tr(". Lower is faster."));
    return true;
}

void BenchmarksPane::draw()
{
    const BenchmarkComparison &c = m_comparison;
    QChart *chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes())
        chart->removeAxis(a);
    const int n = int(c.configs.size());
    // Horizontal bars: config names read left to right at any width. The
    // first config goes on top (the category axis counts from the bottom).
    QStringList categories = c.configs;
    std::reverse(categories.begin(), categories.end());
    auto reversed = [](QList<double> v) {
        std::reverse(v.begin(), v.end());
        return v;
    };
    auto *bars = new QHorizontalBarSeries;
    bars->setBarWidth(c.earlier.isEmpty() ? 0.6 : 0.8);
    if (!c.earlier.isEmpty()) {
        auto *before = new QBarSet(c.earlierName);
        before->append(reversed(c.earlier));
        before->setColor(m_theme == ThemeMode::Dark ? QColor(0x70, 0x78, 0x88) : QColor(0xb8, 0xc0, 0xcc));
        before->setLabelColor(m_theme == ThemeMode::Dark ? QColor(0xf8, 0xf8, 0xf8) : QColor(0x10, 0x10, 0x10));
        bars->append(before);
    }
    auto *now = new QBarSet(c.currentName);
    now->append(reversed(c.current));
    now->setColor(QColor(0x2e, 0x86, 0xde));
    now->setLabelColor(QColor(0xff, 0xff, 0xff));
    bars->append(now);
    bars->setLabelsVisible(true);
    // Inside the bar's end: the parity, gate and geomean lines, which run
    // near the ends of the bars, never cross a value.
    bars->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    bars->setLabelsFormat(QStringLiteral("@value"));
    bars->setLabelsPrecision(3);
    chart->addSeries(bars);

    auto *configs = new QBarCategoryAxis;
    configs->append(categories);
    configs->setTitleText(tr("config"));
    auto *ratio = new QValueAxis;
    // Ticks at round values: quarters, or halves past 2.5.
    const double step = c.top > 2.5 ? 0.5 : 0.25;
    ratio->setRange(0, std::ceil(c.top / step) * step);
    ratio->setLabelFormat(QStringLiteral("%.2f"));
    ratio->setTickType(QValueAxis::TicksDynamic);
    ratio->setTickAnchor(0);
    ratio->setTickInterval(step);
    ratio->setTitleText(tr("rust / ref time (lower is faster)"));
    chart->addAxis(ratio, Qt::AlignBottom);
    chart->addAxis(configs, Qt::AlignLeft);
    bars->attachAxis(ratio);
    bars->attachAxis(configs);

    // Vertical lines across the bars, in the category axis' index space
    // through a hidden value axis: parity, the gate, the geomean.
    auto *index = new QValueAxis;
    index->setRange(-0.5, n - 0.5);
    index->setVisible(false);
    chart->addAxis(index, Qt::AlignLeft);
    auto line = [&](double x, const QString &label, const QColor &colour, Qt::PenStyle style) {
        auto *s = new QLineSeries;
        s->setName(label);
        s->append(x, -0.5);
        s->append(x, n - 0.5);
        QPen pen(colour);
        pen.setWidth(2);
        pen.setStyle(style);
        s->setPen(pen);
        chart->addSeries(s);
        s->attachAxis(ratio);
        s->attachAxis(index);
    };
    line(1.0, tr("1.00 (parity)"), m_theme == ThemeMode::Dark ? QColor(0xc0, 0xc0, 0xc0) : QColor(0x50, 0x50, 0x50), Qt::DotLine);
    line(c.gate, tr("gate %1").arg(c.gate, 0, 'f', 2), QColor(0xd0, 0x36, 0x36), Qt::DashLine);
    line(c.geomean, tr("geomean %1").arg(c.geomean, 0, 'f', 3), QColor(0x20, 0xa0, 0x60), Qt::SolidLine);
    // Enough height for every category's name: at least one text line per config and series.
    const int perConfig = m_view->fontMetrics().height() * (c.earlier.isEmpty() ? 1 : 2) + 6;
    m_view->setMinimumHeight(std::clamp(perConfig * n + 5 * m_view->fontMetrics().height(), 150, 360));
}

void BenchmarksPane::setSession(const QString &sessionDir)
{
    QString error;
    if (sessionDir.isEmpty() || !m_history->load(sessionDir, &error))
        return;
    const auto reports = m_history->benchmarkReports();
    if (reports.isEmpty())
        return;
    if (reports.size() > 1)
        showReport(reports[0].second, reports[1].second, tr("run %1").arg(reports[0].first), tr("run %1").arg(reports[1].first));
    else
        showReport(reports[0].second, {}, tr("run %1").arg(reports[0].first));
}

} // namespace tileport::ui
