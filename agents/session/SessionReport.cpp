// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SessionReport.h"

#include "Verdict.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace tileport {

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString badgeClass(const QString &verdict)
{
    const std::optional<Verdict> v = verdictFromName(verdict);
    switch (v ? verdictClass(*v) : VerdictClass::Failed) {
    case VerdictClass::Good: return QStringLiteral("good");
    case VerdictClass::Notes: return QStringLiteral("warn");
    case VerdictClass::Blocked: return QStringLiteral("blocked");
    case VerdictClass::Failed: break;
    }
    return QStringLiteral("bad");
}

// Bars of rust/ref per config, the geomean as a dashed line, the gate as a red one.
QString ratioChart(const QJsonObject &evidence)
{
    const QJsonArray rows = evidence.value(QStringLiteral("results")).toArray();
    QList<QPair<QString, double>> bars;
    for (const QJsonValue &v : rows) {
        const QJsonObject r = v.toObject();
        if (r.contains(QStringLiteral("ratio")))
            bars << qMakePair(r.value(QStringLiteral("config")).toString(), r.value(QStringLiteral("ratio")).toDouble());
    }
    if (bars.isEmpty())
        return {};
    const double gate = evidence.value(QStringLiteral("gate")).toDouble(1.05);
    const double geomean = evidence.value(QStringLiteral("geomean_ratio")).toDouble();
    double top = std::max(gate, geomean);
    for (const auto &b : bars)
        top = std::max(top, b.second);
    top *= 1.15;
    const int w = 80 + 90 * int(bars.size()), h = 240, base = 200, left = 50;
    const auto y = [&](double v) { return base - int(v / top * (base - 20)); };
    QString svg = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" role=\"img\" "
                                 "aria-label=\"rust/reference time ratio per config\">\n")
                      .arg(w)
                      .arg(h);
    svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#444\"/>\n").arg(left).arg(base).arg(w - 10);
    for (int i = 0; i < int(bars.size()); ++i) {
        const int x = left + 20 + 90 * i;
        const double r = bars[i].second;
        svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"50\" height=\"%3\" fill=\"%4\"><title>%5: %6</title></rect>\n")
                   .arg(x)
                   .arg(y(r))
                   .arg(base - y(r))
                   .arg(r <= gate ? QStringLiteral("#3a7d44") : QStringLiteral("#c07a1f"))
                   .arg(bars[i].first.toHtmlEscaped())
                   .arg(r, 0, 'f', 3);
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"10\" text-anchor=\"middle\">%3</text>\n")
                   .arg(x + 25)
                   .arg(base + 14)
                   .arg(bars[i].first.toHtmlEscaped());
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"10\" text-anchor=\"middle\">%3</text>\n")
                   .arg(x + 25)
                   .arg(y(r) - 3)
                   .arg(r, 0, 'f', 3);
    }
    svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#b00\"/><text x=\"2\" y=\"%4\" font-size=\"10\" fill=\"#b00\">gate %5</text>\n")
               .arg(left)
               .arg(y(gate))
               .arg(w - 10)
               .arg(y(gate) + 4)
               .arg(gate, 0, 'f', 2);
    if (geomean > 0)
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#225\" stroke-dasharray=\"4 3\"/>"
                              "<text x=\"2\" y=\"%4\" font-size=\"10\" fill=\"#225\">geomean %5</text>\n")
                   .arg(left)
                   .arg(y(geomean))
                   .arg(w - 10)
                   .arg(y(geomean) - 4)
                   .arg(geomean, 0, 'f', 3);
    return svg + QStringLiteral("</svg>\n");
}

} // namespace

SessionReport::SessionReport(const Session &session, int run) : m_session(session), m_run(run) {}

QString SessionReport::markdown() const
{
    QString out = QStringLiteral("# %1: %2, run %3\n\n")
                      .arg(m_session.info().value(QStringLiteral("kernel")).toString(),
                           m_session.info().value(QStringLiteral("source")).toString())
                      .arg(m_run);
    const QDir runDir(m_session.runDirectory(m_run));
    for (const QChar stage : QStringLiteral("ABCDEF")) {
        const StageRecord *rec = m_session.latest(m_run, stage);
        if (!rec || rec->report.isEmpty() || rec->state == StageRecord::State::Stale)
            continue;
        const QByteArray md = readFile(runDir.filePath(QString(rec->report).replace(QStringLiteral(".json"), QStringLiteral(".md"))));
        if (!md.isEmpty())
            out += QString::fromUtf8(md) + QStringLiteral("\n---\n\n");
    }
    return out;
}

QString SessionReport::html() const
{
    const QString kernel = m_session.info().value(QStringLiteral("kernel")).toString().toHtmlEscaped();
    const QString source = m_session.info().value(QStringLiteral("source")).toString().toHtmlEscaped();
    QString body, rows;
    const QDir runDir(m_session.runDirectory(m_run));
    for (const QChar stage : QStringLiteral("ABCDEF")) {
        const StageRecord *rec = m_session.latest(m_run, stage);
        if (!rec || rec->state == StageRecord::State::Stale)
            continue;
        const QJsonObject report = QJsonDocument::fromJson(readFile(runDir.filePath(rec->report))).object();
        const QString verdict = rec->verdict.isEmpty() ? StageRecord::stateName(rec->state) : rec->verdict;
        const QString owner = report.value(QStringLiteral("owner")).toString();
        const qint64 ms = rec->started.isValid() && rec->finished.isValid() ? rec->started.msecsTo(rec->finished) : -1;
        rows += QStringLiteral("<tr><td>%1</td><td><span class=\"badge %2\">%3</span>%4</td><td>%5</td><td>%6</td><td>%7</td></tr>\n")
                    .arg(stage)
                    .arg(badgeClass(verdict), verdict.toHtmlEscaped(),
                         owner.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(owner.toHtmlEscaped()))
                    .arg(rec->attempt)
                    .arg(ms < 0 ? QStringLiteral("-") : QStringLiteral("%1 s").arg(ms / 1000.0, 0, 'f', 1))
                    .arg(report.value(QStringLiteral("reason")).toString().toHtmlEscaped());
        const QByteArray md = readFile(runDir.filePath(QString(rec->report).replace(QStringLiteral(".json"), QStringLiteral(".md"))));
        body += QStringLiteral("<section id=\"stage-%1\"><h2>Stage %1</h2>\n").arg(stage);
        if (stage == QLatin1Char('E'))
            body += ratioChart(report.value(QStringLiteral("evidence")).toObject());
        if (stage == QLatin1Char('C')) {
            // The op-count summary of each config's diff.
            for (const QJsonValue &cv : report.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("configs")).toArray()) {
                const QString name = cv.toObject().value(QStringLiteral("config")).toString();
                const QJsonObject diff = QJsonDocument::fromJson(readFile(runDir.filePath(QStringLiteral("reports/diff_%1.json").arg(name)))).object();
                QString counts;
                for (const QJsonValue &oc : diff.value(QStringLiteral("op_counts")).toArray()) {
                    const QJsonObject o = oc.toObject();
                    const int d = o.value(QStringLiteral("delta")).toInt();
                    counts += QStringLiteral("<tr%1><td>%2</td><td>%3</td><td>%4</td></tr>")
                                  .arg(d == 0 ? QString() : QStringLiteral(" class=\"delta\""), o.value(QStringLiteral("op")).toString().toHtmlEscaped())
                                  .arg(o.value(QStringLiteral("ref")).toInt())
                                  .arg(o.value(QStringLiteral("gen")).toInt());
                }
                if (!counts.isEmpty())
                    body += QStringLiteral("<details><summary>%1: op counts</summary><table><tr><th>op</th><th>ref</th><th>gen</th></tr>%2</table></details>\n")
                                .arg(name.toHtmlEscaped(), counts);
            }
        }
        body += QStringLiteral("<pre>%1</pre></section>\n").arg(QString::fromUtf8(md).toHtmlEscaped());
    }
    return QStringLiteral(
               "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>TilePort: %1 run %2</title>\n"
               "<style>body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}"
               "td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}pre{background:#f6f6f6;padding:1em;overflow:auto}"
               ".badge{padding:.1em .5em;border-radius:.3em;color:#fff}.good{background:#3a7d44}.warn{background:#c07a1f}"
               ".bad{background:#b3261e}.blocked{background:#666}tr.delta{background:#fff3d6}</style></head>\n"
               "<body><h1>%1, run %2</h1><p>%3</p>\n<table><tr><th>stage</th><th>verdict</th><th>attempt</th><th>time</th><th>reason</th></tr>\n"
               "%4</table>\n%5</body></html>\n")
        .arg(kernel)
        .arg(m_run)
        .arg(source, rows, body);
}

} // namespace tileport
