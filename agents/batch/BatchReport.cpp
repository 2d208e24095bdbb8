// SPDX-License-Identifier: MIT
#include "BatchReport.h"

#include <QJsonArray>
#include <QStringList>

namespace tileport {

namespace {

QString translatedCell(const BatchRow &r)
{
    const QString t = BatchRow::text(r.translated);
    return r.translated == BatchRow::Step::No && !r.translateAt.isEmpty() ? QStringLiteral("%1 (%2)").arg(t, r.translateAt) : t;
}

// Messages may quote bytes of a file that is not text.
QString printable(QString text)
{
    for (QChar &c : text)
        if (c.category() == QChar::Other_Control)
            c = QLatin1Char('?');
    return text;
}

// The translated cell already says where; the reason cell says what.
QStringList cells(const BatchRow &r)
{
    return {r.file, r.kernel, BatchRow::text(r.analyzed), translatedCell(r), BatchRow::text(r.built, "skipped"), r.irVerdict,
            QString::number(r.elapsedMs), printable(r.translated == BatchRow::Step::No ? r.translateReason : r.reason())};
}

} // namespace

BatchReport::Counts BatchReport::count(const QList<BatchRow> &rows, int files)
{
    Counts c;
    c.files = files;
    for (const BatchRow &r : rows) {
        if (!r.isKernel())
            continue;
        ++c.kernels;
        c.analyzed += r.analyzed == BatchRow::Step::Yes;
        c.translated += r.translated == BatchRow::Step::Yes;
        c.built += r.built == BatchRow::Step::Yes;
        c.buildFailed += r.built == BatchRow::Step::No;
        c.pass += r.irVerdict == QLatin1String("PASS");
        c.passWithNotes += r.irVerdict == QLatin1String("PASS_WITH_NOTES");
        c.failFixable += r.irVerdict == QLatin1String("FAIL_FIXABLE");
    }
    return c;
}

QString BatchReport::table(const QList<BatchRow> &rows)
{
    // Columns are as wide as their widest cell, so the same rows always
    // print the same bytes; the reason column is last and unpadded.
    QList<QStringList> lines{{QStringLiteral("file"), QStringLiteral("kernel"), QStringLiteral("analyzed"),
                              QStringLiteral("translated"), QStringLiteral("builds"), QStringLiteral("ir"),
                              QStringLiteral("time_ms"), QStringLiteral("reason")}};
    for (const BatchRow &r : rows)
        lines << cells(r);
    QList<qsizetype> width(lines.first().size(), 0);
    for (const QStringList &l : lines)
        for (qsizetype i = 0; i < l.size(); ++i)
            width[i] = qMax(width[i], l[i].size());
    QString out;
    for (const QStringList &l : lines) {
        QString line;
        for (qsizetype i = 0; i < l.size(); ++i) {
            const bool last = i + 1 == l.size();
            const bool number = i == 6;
            line += last ? l[i] : (number ? l[i].rightJustified(width[i]) : l[i].leftJustified(width[i]));
            if (!last)
                line += QStringLiteral("  ");
        }
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out += line + QLatin1Char('\n');
    }
    return out;
}

QString BatchReport::summary(const Counts &c, qint64 elapsedMs)
{
    return QStringLiteral("%1 files, %2 kernels: %3 analyzed, %4 translated, %5 built (%6 failed to build); "
                          "IR: %7 PASS, %8 PASS_WITH_NOTES, %9 FAIL_FIXABLE; %10 ms")
        .arg(c.files)
        .arg(c.kernels)
        .arg(c.analyzed)
        .arg(c.translated)
        .arg(c.built)
        .arg(c.buildFailed)
        .arg(c.pass)
        .arg(c.passWithNotes)
        .arg(c.failFixable)
        .arg(elapsedMs);
}

QJsonObject BatchReport::toJson(const QList<BatchRow> &rows, int files, const QString &directory, int jobs, bool build,
                                qint64 elapsedMs)
{
    QJsonArray list;
    for (const BatchRow &r : rows)
        list << r.toJson();
    const Counts c = count(rows, files);
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("tileport-batch/1")},
                       {QStringLiteral("directory"), directory},
                       {QStringLiteral("jobs"), jobs},
                       {QStringLiteral("build"), build},
                       {QStringLiteral("rows"), list},
                       {QStringLiteral("summary"),
                        QJsonObject{{QStringLiteral("files"), c.files},
                                    {QStringLiteral("kernels"), c.kernels},
                                    {QStringLiteral("analyzed"), c.analyzed},
                                    {QStringLiteral("translated"), c.translated},
                                    {QStringLiteral("built"), c.built},
                                    {QStringLiteral("build_failed"), c.buildFailed},
                                    {QStringLiteral("ir_pass"), c.pass},
                                    {QStringLiteral("ir_pass_with_notes"), c.passWithNotes},
                                    {QStringLiteral("ir_fail_fixable"), c.failFixable}}},
                       {QStringLiteral("elapsed_ms"), elapsedMs}};
}

QString BatchReport::progressLine(const BatchRow &row, int done, int total)
{
    QString line = QStringLiteral("[%1/%2] %3 %4: translated %5, builds %6, ir %7 (%8 ms)")
                       .arg(done)
                       .arg(total)
                       .arg(row.file, row.kernel, BatchRow::text(row.translated), BatchRow::text(row.built, "skipped"),
                            row.irVerdict)
                       .arg(row.elapsedMs);
    if (const QString why = row.reason(); !why.isEmpty())
        line += QStringLiteral(": ") + why;
    return line;
}

} // namespace tileport
