// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CaptureInfo.h"

#include <QJsonArray>

#include <cmath>

namespace tileport::frontend {

namespace {

// A non-negative integer that fits the int it is read into (a larger one
// would be read as 0).
bool isCount(const QJsonValue &v)
{
    return v.isDouble() && v.toDouble() >= 0 && v.toDouble() <= 2147483647.0 && std::floor(v.toDouble()) == v.toDouble();
}

QStringList stringList(const QJsonObject &o, const QString &key, QStringList *problems)
{
    QStringList out;
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return out;
    if (!v.isArray()) {
        problems->append(QStringLiteral("captured.%1 must be a list of strings").arg(key));
        return out;
    }
    for (const QJsonValue &e : v.toArray()) {
        if (!e.isString()) {
            problems->append(QStringLiteral("captured.%1 must be a list of strings").arg(key));
            return {};
        }
        out.append(e.toString());
    }
    return out;
}

} // namespace

QString CaptureDiagnostic::severityName(Severity s)
{
    switch (s) {
    case Severity::Error: return QStringLiteral("error");
    case Severity::Warning: return QStringLiteral("warning");
    case Severity::Note: return QStringLiteral("note");
    }
    return {};
}

bool CaptureDiagnostic::parseSeverity(const QString &name, Severity *out)
{
    for (Severity s : {Severity::Error, Severity::Warning, Severity::Note})
        if (severityName(s) == name) {
            *out = s;
            return true;
        }
    return false;
}

QString CaptureDiagnostic::toText() const
{
    QString where = file;
    if (!file.isEmpty() && line > 0)
        where += QStringLiteral(":%1:%2").arg(line).arg(col);
    return (where.isEmpty() ? QString() : where + QStringLiteral(": ")) + severityName(severity) + QStringLiteral(": ") + message;
}

QJsonObject CaptureDiagnostic::toJson() const
{
    QJsonObject o{{QStringLiteral("file"), file},
                  {QStringLiteral("line"), line},
                  {QStringLiteral("col"), col},
                  {QStringLiteral("severity"), severityName(severity)},
                  {QStringLiteral("message"), message}};
    if (!source.isEmpty())
        o.insert(QStringLiteral("source"), source);
    return o;
}

CaptureInfo CaptureInfo::fromJson(const QJsonObject &b, QStringList *problems)
{
    CaptureInfo c;
    c.schema = b.value(QStringLiteral("schema")).toString();
    if (c.schema != QLatin1String(kSchema))
        problems->append(QStringLiteral("captured.schema is '%1', this TilePort reads %2").arg(c.schema, QLatin1String(kSchema)));
    const QJsonObject t = b.value(QStringLiteral("target")).toObject();
    c.target.name = t.value(QStringLiteral("name")).toString();
    c.target.sm = t.value(QStringLiteral("sm")).toString();
    const QJsonArray cc = t.value(QStringLiteral("compute_capability")).toArray();
    if (cc.size() == 2 && isCount(cc[0]) && isCount(cc[1])) {
        c.target.major = cc[0].toInt();
        c.target.minor = cc[1].toInt();
    } else if (t.contains(QStringLiteral("compute_capability"))) {
        problems->append(QStringLiteral("captured.target.compute_capability must be [major, minor]"));
    }
    const QJsonValue smCount = t.value(QStringLiteral("sm_count"));
    if (!smCount.isUndefined() && !isCount(smCount))
        problems->append(QStringLiteral("captured.target.sm_count must be a non-negative integer (at most 2147483647)"));
    c.target.smCount = smCount.toInt();
    c.file = b.value(QStringLiteral("file")).toString();
    c.tests = stringList(b, QStringLiteral("tests"), problems);
    c.calls = stringList(b, QStringLiteral("calls"), problems);
    c.entryPoints = stringList(b, QStringLiteral("entry_points"), problems);
    const QJsonObject cases = b.value(QStringLiteral("cases")).toObject();
    const std::pair<const char *, int *> counts[] = {{"run", &c.casesRun}, {"skipped", &c.casesSkipped}, {"failed", &c.casesFailed}};
    for (const auto &[key, field] : counts) {
        const QJsonValue v = cases.value(QLatin1String(key));
        if (!v.isUndefined() && !isCount(v))
            problems->append(QStringLiteral("captured.cases.%1 must be a non-negative integer (at most 2147483647)").arg(QLatin1String(key)));
        *field = v.toInt();
    }
    const QJsonValue partial = b.value(QStringLiteral("partial"));
    if (!partial.isUndefined() && !partial.isBool())
        problems->append(QStringLiteral("captured.partial must be true or false"));
    c.partial = partial.toBool();
    c.fatal = b.value(QStringLiteral("fatal")).toString();
    for (const QJsonValue &v : b.value(QStringLiteral("diagnostics")).toArray()) {
        const QJsonObject d = v.toObject();
        CaptureDiagnostic cd;
        if (!CaptureDiagnostic::parseSeverity(d.value(QStringLiteral("severity")).toString(), &cd.severity))
            problems->append(QStringLiteral("captured.diagnostics: severity '%1' is not error, warning or note")
                                 .arg(d.value(QStringLiteral("severity")).toString()));
        cd.file = d.value(QStringLiteral("file")).toString();
        cd.line = d.value(QStringLiteral("line")).toInt();
        cd.col = d.value(QStringLiteral("col")).toInt();
        cd.message = d.value(QStringLiteral("message")).toString();
        cd.source = d.value(QStringLiteral("source")).toString();
        c.diagnostics.append(cd);
    }
    return c;
}

QJsonObject CaptureInfo::toJson() const
{
    QJsonArray diags;
    for (const CaptureDiagnostic &d : diagnostics)
        diags.append(d.toJson());
    QJsonObject out{
        {QStringLiteral("schema"), schema},
        {QStringLiteral("target"), QJsonObject{{QStringLiteral("name"), target.name},
                                               {QStringLiteral("sm"), target.sm},
                                               {QStringLiteral("compute_capability"), QJsonArray{target.major, target.minor}},
                                               {QStringLiteral("sm_count"), target.smCount}}},
        {QStringLiteral("file"), file},
        {QStringLiteral("tests"), QJsonArray::fromStringList(tests)},
        {QStringLiteral("calls"), QJsonArray::fromStringList(calls)},
        {QStringLiteral("entry_points"), QJsonArray::fromStringList(entryPoints)},
        {QStringLiteral("cases"), QJsonObject{{QStringLiteral("run"), casesRun},
                                              {QStringLiteral("skipped"), casesSkipped},
                                              {QStringLiteral("failed"), casesFailed}}},
        {QStringLiteral("partial"), partial},
        {QStringLiteral("diagnostics"), diags}};
    if (!fatal.isEmpty())
        out.insert(QStringLiteral("fatal"), fatal);
    return out;
}

int CaptureInfo::errorCount() const
{
    int n = 0;
    for (const CaptureDiagnostic &d : diagnostics)
        n += d.severity == CaptureDiagnostic::Severity::Error ? 1 : 0;
    return n;
}

} // namespace tileport::frontend
