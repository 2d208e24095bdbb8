// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RepairScope.h"

#include "Verdict.h"

namespace tileport {

namespace {

QJsonObject finding(const QString &what, QChar agent, const QString &why)
{
    return QJsonObject{{QStringLiteral("finding"), what}, {QStringLiteral("agent"), QString(agent)}, {QStringLiteral("why"), why}};
}

} // namespace

QJsonArray RepairScope::findings(const StageReport &r)
{
    QJsonArray out;
    if (r.owner == Owner::Env || r.verdict == Verdict::Blocked)
        return out;
    const Verdict v = r.verdict;
    switch (r.stage.toLatin1()) {
    case 'B':
        if (v == Verdict::FailCompile)
            for (const ValidatorResult &c : r.validators)
                if (c.exitCode != 0)
                    out << finding(QStringLiteral("%1: %2").arg(c.name, c.output.section(QLatin1Char('\n'), 0, 0)), QLatin1Char('B'),
                                   QStringLiteral("the generated crate does not build or run its IR harness"));
        if (v == Verdict::FailFixable)
            out << finding(r.reason, QLatin1Char('B'),
                           QStringLiteral("the translator refused a construct: the entry can be written in the crate left without it"));
        break;
    case 'C':
        if (v == Verdict::FailFixable)
            for (const ValidatorResult &c : r.validators)
                if (c.exitCode != 0 && c.output != verdictName(Verdict::PassWithNotes))
                    out << finding(QStringLiteral("%1: %2").arg(c.name, c.output), r.owner == Owner::Host ? QLatin1Char('D') : QLatin1Char('C'),
                                   QStringLiteral("the generated Tile IR differs from the reference"));
        break;
    case 'D':
        if (v == Verdict::Fail)
            out << finding(r.reason, r.owner == Owner::Host ? QLatin1Char('D') : QLatin1Char('B'),
                           r.owner == Owner::Host ? QStringLiteral("the host code fails") : QStringLiteral("the kernel computes wrong values"));
        break;
    default:
        break;
    }
    return out;
}

} // namespace tileport
