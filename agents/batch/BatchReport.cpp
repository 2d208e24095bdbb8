// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchReport.h"

#include "Verdict.h"

#include <QJsonArray>
#include <QSet>
#include <QStringList>

#include <cmath>

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
QString reasonCell(const BatchRow &r)
{
    return printable(r.translated == BatchRow::Step::No ? r.translateReason : r.reason());
}

// A stage D outcome other than a pass: the latest word on the row, so the
// reason column shows it (with --gpu) instead of the IR's.
bool gpuProblem(const BatchRow &r)
{
    return r.gpuCheck != QLatin1String("-") && r.gpuCheck != QLatin1String("pass");
}

QString gpuCell(const BatchRow &r)
{
    return printable(QStringLiteral("check: %1").arg(r.gpuReason.isEmpty() ? r.gpuCheck : r.gpuReason));
}

QString configCell(const BatchRow &r)
{
    if (r.config.isEmpty())
        return QStringLiteral("-");
    return r.sharedWith.isEmpty() ? r.config : QStringLiteral("%1 (as %2)").arg(r.config, r.sharedWith);
}

// Columns as wide as their widest cell, so the same rows always print the
// same bytes; the column `number` is right-aligned, the last unpadded.
QString layout(const QList<QStringList> &lines, qsizetype number)
{
    QList<qsizetype> width(lines.first().size(), 0);
    for (const QStringList &l : lines)
        for (qsizetype i = 0; i < l.size(); ++i)
            width[i] = qMax(width[i], l[i].size());
    QString out;
    for (const QStringList &l : lines) {
        QString line;
        for (qsizetype i = 0; i < l.size(); ++i) {
            const bool last = i + 1 == l.size();
            line += last ? l[i] : (i == number ? l[i].rightJustified(width[i]) : l[i].leftJustified(width[i]));
            if (!last)
                line += QStringLiteral("  ");
        }
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out += line + QLatin1Char('\n');
    }
    return out;
}

// The geomean of the timed rust/ref ratios among rows [first, first+count).
double geomean(const QList<BatchRow> &rows, int first, int count, int *timed)
{
    double logSum = 0;
    *timed = 0;
    for (int i = first; i < first + count && i < rows.size(); ++i)
        if (rows[i].ratio > 0) {
            logSum += std::log(rows[i].ratio);
            ++*timed;
        }
    return *timed ? std::exp(logSum / *timed) : 0;
}

QString ratioCell(double ratio)
{
    return ratio > 0 ? QString::number(ratio, 'f', 3) : QStringLiteral("-");
}

QJsonObject verdictCounts(const QMap<QString, int> &m)
{
    QJsonObject o;
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

// Where a row's or a kernel's configs came from: "-" when none.
QString fromCell(const QString &from)
{
    return from.isEmpty() ? QStringLiteral("-") : QString(from).remove(QLatin1Char(' '));
}

} // namespace

QString BatchReport::kernelFrom(const QList<BatchRow> &rows, const Kernel &k)
{
    QStringList kinds;
    for (int i = k.first; i < k.first + k.count && i < rows.size(); ++i)
        for (const QString &kind : rows[i].configFrom.split(QStringLiteral(", "), Qt::SkipEmptyParts))
            if (!kinds.contains(kind))
                kinds << kind;
    return kinds.join(QStringLiteral(", "));
}

QList<BatchReport::Kernel> BatchReport::kernels(const QList<BatchRow> &rows)
{
    QList<Kernel> out;
    for (int i = 0; i < rows.size(); ++i) {
        const BatchRow &r = rows[i];
        const bool same = !out.isEmpty() && r.isKernel() && rows[out.last().first].isKernel()
                          && rows[out.last().first].file == r.file && rows[out.last().first].kernel == r.kernel;
        if (!same)
            out << Kernel{i, 0, 0, i, i, i, 0, 0, 0, {}};
        Kernel &k = out.last();
        ++k.count;
        k.elapsedMs += r.elapsedMs;
        if (!r.config.isEmpty()) {
            ++k.configs;
            ++k.verdicts[r.irVerdict];
        }
        if (BatchRow::irRank(r.irVerdict) > BatchRow::irRank(rows[k.worst].irVerdict))
            k.worst = i;
        if (BatchRow::sassRank(r.sassVerdict) > BatchRow::sassRank(rows[k.worstSass].sassVerdict))
            k.worstSass = i;
        if (BatchRow::gpuRank(r.gpuCheck) > BatchRow::gpuRank(rows[k.worstGpu].gpuCheck))
            k.worstGpu = i;
    }
    for (Kernel &k : out)
        k.ratioGeomean = geomean(rows, k.first, k.count, &k.timed);
    return out;
}

BatchReport::Counts BatchReport::count(const QList<BatchRow> &rows, int files)
{
    Counts c;
    c.files = files;
    QSet<QString> runs;
    for (const Kernel &k : kernels(rows)) {
        const BatchRow &r = rows[k.first];
        if (!r.isKernel())
            continue;
        ++c.kernels;
        c.configs += k.configs;
        c.analyzed += r.analyzed == BatchRow::Step::Yes;
        c.translated += r.translated == BatchRow::Step::Yes;
        c.built += r.built == BatchRow::Step::Yes;
        c.buildFailed += r.built == BatchRow::Step::No;
        ++c.kernelWorst[rows[k.worst].irVerdict];
        for (int i = k.first; i < k.first + k.count; ++i) {
            const BatchRow &row = rows[i];
            c.pass += row.irVerdict == verdictName(Verdict::Pass);
            c.passWithNotes += row.irVerdict == verdictName(Verdict::PassWithNotes);
            c.failFixable += row.irVerdict == verdictName(Verdict::FailFixable);
            c.sassIdentical += row.sassVerdict == QLatin1String("SASS_IDENTICAL");
            c.sassEquivalent += row.sassVerdict == QLatin1String("SASS_EQUIVALENT");
            c.sassDiffers += row.sassVerdict == QLatin1String("SASS_DIFFERS");
            c.sassBlocked += row.sassVerdict == verdictName(Verdict::Blocked);
            if (row.gpuCheck != QLatin1String("-"))
                c.gpu = true;
            if (!row.config.isEmpty()) {
                c.gpuPass += row.gpuCheck == QLatin1String("pass");
                c.gpuFail += row.gpuCheck == QLatin1String("fail");
                c.gpuOther += row.gpuCheck != QLatin1String("pass") && row.gpuCheck != QLatin1String("fail");
            }
            if (row.irVerdict != QLatin1String("-"))
                runs.insert(row.file + QLatin1Char('\n') + row.kernel + QLatin1Char('\n')
                            + (row.sharedWith.isEmpty() ? row.config : row.sharedWith));
        }
    }
    c.irRuns = int(runs.size());
    c.ratioGeomean = geomean(rows, 0, int(rows.size()), &c.timed);
    return c;
}

QString BatchReport::table(const QList<BatchRow> &rows, bool perConfig, bool sass, bool gpu)
{
    // Optional columns sit after ir; time_ms stays the right-aligned one.
    const qsizetype irColumn = 7; // file kernel config|analyzed ... from ir
    const auto withExtra = [sass, gpu](QStringList line, const QString &sassCell, const QString &checkCell,
                                       const QString &ratio) {
        qsizetype at = irColumn + 1;
        if (sass)
            line.insert(at++, sassCell);
        if (gpu) {
            line.insert(at++, checkCell);
            line.insert(at++, ratio);
        }
        return line;
    };
    const qsizetype timeColumn = irColumn + 1 + (sass ? 1 : 0) + (gpu ? 2 : 0);
    const QStringList extraHead{QStringLiteral("sass"), QStringLiteral("check"), QStringLiteral("rust/ref")};
    if (perConfig) {
        QList<QStringList> lines{withExtra({QStringLiteral("file"), QStringLiteral("kernel"), QStringLiteral("config"),
                                            QStringLiteral("from"), QStringLiteral("analyzed"), QStringLiteral("translated"), QStringLiteral("builds"),
                                            QStringLiteral("ir"), QStringLiteral("time_ms"), QStringLiteral("reason")},
                                           extraHead[0], extraHead[1], extraHead[2])};
        for (const BatchRow &r : rows)
            lines << withExtra(QStringList{r.file, r.kernel, configCell(r), fromCell(r.configFrom), BatchRow::text(r.analyzed),
                                           translatedCell(r),
                                           BatchRow::text(r.built, "skipped"), r.irVerdict, QString::number(r.elapsedMs),
                                           gpu && gpuProblem(r) ? gpuCell(r) : reasonCell(r)},
                               r.sassVerdict, r.gpuCheck, ratioCell(r.ratio));
        return layout(lines, timeColumn);
    }
    QList<QStringList> lines{withExtra({QStringLiteral("file"), QStringLiteral("kernel"), QStringLiteral("analyzed"),
                                        QStringLiteral("translated"), QStringLiteral("builds"), QStringLiteral("configs"),
                                        QStringLiteral("from"), QStringLiteral("ir"), QStringLiteral("time_ms"),
                                        QStringLiteral("reason")},
                                       extraHead[0], extraHead[1], extraHead[2])};
    for (const Kernel &k : kernels(rows)) {
        const BatchRow &r = rows[k.first];
        const BatchRow &worst = rows[k.worst];
        const BatchRow &gpuWorst = rows[k.worstGpu];
        lines << withExtra(QStringList{r.file, r.kernel, BatchRow::text(r.analyzed), translatedCell(r),
                                       BatchRow::text(r.built, "skipped"),
                                       r.isKernel() ? QString::number(k.configs) : QStringLiteral("-"),
                                       fromCell(kernelFrom(rows, k)), worst.irVerdict,
                                       QString::number(k.elapsedMs), gpu && gpuProblem(gpuWorst) ? gpuCell(gpuWorst) : reasonCell(worst)},
                           rows[k.worstSass].sassVerdict, rows[k.worstGpu].gpuCheck, ratioCell(k.ratioGeomean));
    }
    return layout(lines, timeColumn);
}

QString BatchReport::summary(const Counts &c, qint64 elapsedMs, bool sass)
{
    const QString sassPart = !sass ? QString()
                                   : QStringLiteral("; SASS per config: %1 SASS_IDENTICAL, %2 SASS_EQUIVALENT, %3 SASS_DIFFERS, %4 BLOCKED")
                                         .arg(c.sassIdentical)
                                         .arg(c.sassEquivalent)
                                         .arg(c.sassDiffers)
                                         .arg(c.sassBlocked);
    const QString gpuPart = !c.gpu ? QString()
                                   : QStringLiteral("; stage D per config: %1 pass, %2 fail, %3 not checked; stage E: %4")
                                         .arg(c.gpuPass)
                                         .arg(c.gpuFail)
                                         .arg(c.gpuOther)
                                         .arg(c.timed ? QStringLiteral("geomean rust/ref %1 over %2 config(s)")
                                                            .arg(c.ratioGeomean, 0, 'f', 3)
                                                            .arg(c.timed)
                                                      : QStringLiteral("nothing timed"));
    return QStringLiteral("%1 files, %2 kernels, %3 configs: %4 analyzed, %5 translated, %6 built (%7 failed to build); "
                          "IR per config: %8 PASS, %9 PASS_WITH_NOTES, %10 FAIL_FIXABLE (%11 comparisons)%12; %13 ms")
        .arg(c.files)
        .arg(c.kernels)
        .arg(c.configs)
        .arg(c.analyzed)
        .arg(c.translated)
        .arg(c.built)
        .arg(c.buildFailed)
        .arg(c.pass)
        .arg(c.passWithNotes)
        .arg(c.failFixable)
        .arg(c.irRuns)
        .arg(sassPart + gpuPart)
        .arg(elapsedMs);
}

QJsonObject BatchReport::toJson(const QList<BatchRow> &rows, int files, const QString &directory, int jobs, bool build,
                                qint64 elapsedMs)
{
    QJsonArray list;
    for (const BatchRow &r : rows)
        list << r.toJson();
    QJsonArray kernelList;
    for (const Kernel &k : kernels(rows)) {
        const BatchRow &r = rows[k.first];
        if (!r.isKernel())
            continue;
        kernelList << QJsonObject{{QStringLiteral("file"), r.file},
                                  {QStringLiteral("kernel"), r.kernel},
                                  {QStringLiteral("configs"), k.configs},
                                  {QStringLiteral("ir"), rows[k.worst].irVerdict},
                                  {QStringLiteral("ir_config"), rows[k.worst].config},
                                  {QStringLiteral("ir_counts"), verdictCounts(k.verdicts)},
                                  {QStringLiteral("sass"), rows[k.worstSass].sassVerdict},
                                  {QStringLiteral("gpu_check"), rows[k.worstGpu].gpuCheck},
                                  {QStringLiteral("timed"), k.timed},
                                  {QStringLiteral("ratio_geomean"), k.ratioGeomean},
                                  {QStringLiteral("time_ms"), k.elapsedMs}};
    }
    const Counts c = count(rows, files);
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("tileport-batch/2")},
                       {QStringLiteral("directory"), directory},
                       {QStringLiteral("jobs"), jobs},
                       {QStringLiteral("build"), build},
                       {QStringLiteral("rows"), list},
                       {QStringLiteral("kernels"), kernelList},
                       {QStringLiteral("summary"),
                        QJsonObject{{QStringLiteral("files"), c.files},
                                    {QStringLiteral("kernels"), c.kernels},
                                    {QStringLiteral("configs"), c.configs},
                                    {QStringLiteral("analyzed"), c.analyzed},
                                    {QStringLiteral("translated"), c.translated},
                                    {QStringLiteral("built"), c.built},
                                    {QStringLiteral("build_failed"), c.buildFailed},
                                    {QStringLiteral("ir_pass"), c.pass},
                                    {QStringLiteral("ir_pass_with_notes"), c.passWithNotes},
                                    {QStringLiteral("ir_fail_fixable"), c.failFixable},
                                    {QStringLiteral("ir_runs"), c.irRuns},
                                    {QStringLiteral("sass_identical"), c.sassIdentical},
                                    {QStringLiteral("sass_equivalent"), c.sassEquivalent},
                                    {QStringLiteral("sass_differs"), c.sassDiffers},
                                    {QStringLiteral("sass_blocked"), c.sassBlocked},
                                    {QStringLiteral("gpu_pass"), c.gpuPass},
                                    {QStringLiteral("gpu_fail"), c.gpuFail},
                                    {QStringLiteral("gpu_not_checked"), c.gpuOther},
                                    {QStringLiteral("timed"), c.timed},
                                    {QStringLiteral("ratio_geomean"), c.ratioGeomean},
                                    {QStringLiteral("kernel_ir"), verdictCounts(c.kernelWorst)}}},
                       {QStringLiteral("elapsed_ms"), elapsedMs}};
}

QString BatchReport::progressLine(const BatchRow &row, int done, int total)
{
    QString subject = row.kernel;
    if (!row.config.isEmpty())
        subject += row.sharedWith.isEmpty() ? QStringLiteral(" [%1]").arg(row.config)
                                            : QStringLiteral(" [%1, as %2]").arg(row.config, row.sharedWith);
    const QString sass = row.sassVerdict == QLatin1String("-") ? QString() : QStringLiteral(", sass ") + row.sassVerdict;
    QString line = QStringLiteral("[%1/%2] %3 %4: translated %5, builds %6, ir %7%8 (%9 ms)")
                       .arg(done)
                       .arg(total)
                       .arg(row.file, subject, BatchRow::text(row.translated), BatchRow::text(row.built, "skipped"),
                            row.irVerdict, sass)
                       .arg(row.elapsedMs);
    if (const QString why = row.reason(); !why.isEmpty())
        line += QStringLiteral(": ") + why;
    return line;
}

QString BatchReport::gpuProgressLine(const QString &label, const QString &step, const QString &state, const QString &job,
                                     int done, int total)
{
    return QStringLiteral("gpu %1 [%2/%3] %4: %5%6")
        .arg(step)
        .arg(done)
        .arg(total)
        .arg(label, state, job.isEmpty() ? QString() : QStringLiteral(" (job %1)").arg(job));
}

} // namespace tileport
