// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageReport.h"

#include "RepairScope.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

namespace tileport {

namespace {

bool writeAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace

QJsonObject StageReport::toJson() const
{
    QJsonArray checks;
    for (const ValidatorResult &v : validators)
        checks.append(QJsonObject{{QStringLiteral("name"), v.name},
                                  {QStringLiteral("exit_code"), v.exitCode},
                                  {QStringLiteral("output"), v.output}});
    QJsonObject o{{QStringLiteral("stage"), QString(stage)},
                  {QStringLiteral("attempt"), attempt},
                  {QStringLiteral("verdict"), verdictText()},
                  {QStringLiteral("reason"), reason},
                  {QStringLiteral("evidence"), evidence},
                  {QStringLiteral("validators"), checks},
                  {QStringLiteral("elapsed_ms"), elapsedMs}};
    if (owner)
        o.insert(QStringLiteral("owner"), ownerText());
    // What a repair agent could take on (empty when nothing is).
    o.insert(QStringLiteral("repairable"), RepairScope::findings(*this));
    return o;
}

std::optional<StageReport> StageReport::fromJson(const QJsonObject &o)
{
    const std::optional<Verdict> v = verdictFromName(o.value(QStringLiteral("verdict")).toString());
    if (!v)
        return std::nullopt;
    StageReport r;
    r.verdict = *v;
    r.owner = ownerFromName(o.value(QStringLiteral("owner")).toString());
    const QString stage = o.value(QStringLiteral("stage")).toString();
    r.stage = stage.isEmpty() ? QChar() : stage.front();
    r.attempt = o.value(QStringLiteral("attempt")).toInt(1);
    r.reason = o.value(QStringLiteral("reason")).toString();
    r.evidence = o.value(QStringLiteral("evidence")).toObject();
    for (const QJsonValue &v : o.value(QStringLiteral("validators")).toArray()) {
        const QJsonObject c = v.toObject();
        r.validators << ValidatorResult{c.value(QStringLiteral("name")).toString(), c.value(QStringLiteral("exit_code")).toInt(),
                                        c.value(QStringLiteral("output")).toString()};
    }
    r.elapsedMs = qint64(o.value(QStringLiteral("elapsed_ms")).toDouble());
    return r;
}

std::optional<StageReport> StageReport::read(const QString &runDir, QChar stage)
{
    QFile f(QDir(runDir).filePath(QStringLiteral("reports/stage_%1.json").arg(stage)));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    return fromJson(QJsonDocument::fromJson(f.readAll()).object());
}

QString StageReport::toMarkdown() const
{
    // First line is the verdict, as the pipeline's readers expect.
    QString md = QStringLiteral("VERDICT: %1\n").arg(verdictText());
    if (owner)
        md += QStringLiteral("owner: %1\n").arg(ownerText());
    md += QStringLiteral("\n# Stage %1, attempt %2\n\n%3\n").arg(stage).arg(attempt).arg(reason);
    if (!validators.isEmpty()) {
        md += QStringLiteral("\n## Validators\n\n| check | exit |\n|---|---:|\n");
        for (const ValidatorResult &v : validators)
            md += QStringLiteral("| %1 | %2 |\n").arg(v.name).arg(v.exitCode);
    }
    const QJsonArray repairable = RepairScope::findings(*this);
    if (!repairable.isEmpty()) {
        md += QStringLiteral("\n## A repair agent could take on\n\n");
        for (const QJsonValue f : repairable)
            md += QStringLiteral("- %1 (`tileport repair --stage %2`)\n")
                      .arg(f.toObject().value(QStringLiteral("finding")).toString(), f.toObject().value(QStringLiteral("agent")).toString());
    }
    if (!markdown.isEmpty())
        md += QLatin1Char('\n') + markdown + (markdown.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"));
    return md;
}

QString StageReport::write(const QString &reportsDir, QString *error) const
{
    const QString base = QStringLiteral("stage_%1").arg(stage);
    // Every attempt's report is also kept under its number, so a re-run
    // never loses the earlier one.
    const QString numbered = base + QStringLiteral(".attempt%1").arg(attempt);
    const QByteArray json = QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
    const QByteArray md = toMarkdown().toUtf8();
    const QDir dir(reportsDir);
    for (const QString &name : {base, numbered})
        if (!writeAtomically(dir.filePath(name + QStringLiteral(".json")), json, error)
            || !writeAtomically(dir.filePath(name + QStringLiteral(".md")), md, error))
            return {};
    return base + QStringLiteral(".json");
}

} // namespace tileport
