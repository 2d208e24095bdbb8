// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Router.h"

#include "Verdict.h"

#include <QStringList>

namespace tileport {

namespace {

const QString kOrder = QStringLiteral("ABCDEF");

int countOf(const QList<StageOutcome> &h, QChar stage)
{
    int n = 0;
    for (const StageOutcome &o : h)
        n += o.stage == stage;
    return n;
}

RouteDecision go(QChar stage, const QString &reason)
{
    return {stage, reason, false};
}

RouteDecision complete(const QString &reason)
{
    return {std::nullopt, reason, true};
}

RouteDecision stop(const QString &reason)
{
    return {std::nullopt, reason, false};
}

QString said(const StageOutcome &o)
{
    return QStringLiteral("%1 said %2%3").arg(o.stage, verdictName(o.verdict),
                                              o.owner ? QStringLiteral(" (%1)").arg(ownerName(*o.owner)) : QString());
}

RouteDecision linear(const QList<StageOutcome> &history, const QSet<QChar> &selected)
{
    if (!history.isEmpty() && !Router::isSuccess(history.last().stage, history.last().verdict))
        return stop(said(history.last()) + QStringLiteral("; stopping"));
    const int from = history.isEmpty() ? 0 : int(kOrder.indexOf(history.last().stage)) + 1;
    for (int i = from; i < kOrder.size(); ++i)
        if (selected.contains(kOrder[i]))
            return go(kOrder[i], history.isEmpty() ? QStringLiteral("first selected stage")
                                                   : said(history.last()) + QStringLiteral("; next selected stage"));
    return complete(QStringLiteral("every selected stage ran"));
}

// The full pipeline: the routing table, then the caps.
RouteDecision table(const QList<StageOutcome> &h)
{
    if (h.isEmpty())
        return go(QLatin1Char('A'), QStringLiteral("start"));
    const StageOutcome &last = h.last();
    const QString why = said(last);
    const int b = countOf(h, QLatin1Char('B')), c = countOf(h, QLatin1Char('C')), d = countOf(h, QLatin1Char('D'));
    const Verdict v = last.verdict;
    switch (last.stage.toLatin1()) {
    case 'A':
        return v == Verdict::Pass ? go(QLatin1Char('B'), why) : stop(why);
    case 'B':
        return v == Verdict::Compiled ? go(QLatin1Char('D'), why) : stop(why);
    case 'D': {
        if (v == Verdict::AllPass)
            return go(QLatin1Char('E'), why);
        if (last.owner == Owner::Env)
            return c == 0 ? go(QLatin1Char('C'), why + QStringLiteral("; the CPU-only IR diff still runs")) : stop(why);
        if (d >= 2)
            return complete(why + QStringLiteral("; D was already respawned"));
        if (last.owner == Owner::Host)
            return go(QLatin1Char('D'), why + QStringLiteral("; host fix"));
        // kernel, or no class given: diagnose, then regenerate.
        if (c == 0)
            return go(QLatin1Char('C'), why + QStringLiteral("; diagnose before regenerating"));
        return b < 2 ? go(QLatin1Char('B'), why) : complete(why + QStringLiteral("; B was already respawned"));
    }
    case 'E': {
        if (v == Verdict::Done)
            return complete(why);
        if (last.owner == Owner::Env || v == Verdict::Blocked)
            return c == 0 ? go(QLatin1Char('C'), why + QStringLiteral("; the CPU-only IR diff still runs")) : complete(why);
        if (countOf(h, QLatin1Char('E')) >= 2)
            return complete(why);
        return c == 0 && b < 2 ? go(QLatin1Char('C'), why) : complete(why);
    }
    case 'C': {
        for (const StageOutcome &o : h)
            if ((o.stage == QLatin1Char('D') || o.stage == QLatin1Char('E')) && o.owner == Owner::Env)
                return stop(why + QStringLiteral("; the GPU stages are blocked by the environment"));
        // After a kernel-side D failure the plan was C then B(2).
        const bool afterKernelFailure = h.size() >= 2 && h[h.size() - 2].stage == QLatin1Char('D')
                                        && h[h.size() - 2].owner != Owner::Env
                                        && h[h.size() - 2].owner != Owner::Host
                                        && h[h.size() - 2].verdict != Verdict::AllPass;
        if (v == Verdict::FailFixable && last.owner == Owner::Host)
            return d < 2 && d > 0 ? go(QLatin1Char('D'), why) : complete(why);
        if ((v == Verdict::FailFixable) || afterKernelFailure)
            return b < 2 ? go(QLatin1Char('B'), why) : complete(why + QStringLiteral("; B was already respawned"));
        return complete(why);
    }
    case 'F':
        return complete(why);
    default:
        return stop(QStringLiteral("unknown stage %1").arg(last.stage));
    }
}

} // namespace

int Router::cap(QChar stage)
{
    switch (stage.toLatin1()) {
    case 'B':
    case 'D':
    case 'E': return 2;
    case 'A':
    case 'C':
    case 'F': return 1;
    default: return 0;
    }
}

bool Router::isSuccess(QChar stage, Verdict verdict)
{
    switch (stage.toLatin1()) {
    case 'A': return verdict == Verdict::Pass;
    case 'B': return verdict == Verdict::Compiled;
    case 'C': return verdict == Verdict::Pass || verdict == Verdict::PassWithNotes;
    case 'D': return verdict == Verdict::AllPass;
    case 'E': return verdict == Verdict::Done;
    case 'F': return verdict == Verdict::Aligned || verdict == Verdict::Fixable;
    default: return false;
    }
}

bool Router::isSuccess(QChar stage, const QString &verdict)
{
    const std::optional<Verdict> v = verdictFromName(verdict);
    return v && isSuccess(stage, *v);
}

QSet<QChar> Router::allStages()
{
    return {QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C'), QLatin1Char('D'), QLatin1Char('E')};
}

RouteDecision Router::next(const QList<StageOutcome> &history, const QSet<QChar> &selected)
{
    RouteDecision d = selected == allStages() ? table(history) : linear(history, selected);
    if (d.stage && countOf(history, *d.stage) >= cap(*d.stage))
        return complete(QStringLiteral("%1 reached its cap of %2 run(s); %3").arg(*d.stage).arg(cap(*d.stage)).arg(d.reason));
    return d;
}

QSet<QChar> Router::parseStages(const QString &spec, QString *error)
{
    QSet<QChar> out;
    for (const QString &part : spec.toUpper().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString p = part.trimmed();
        const bool range = p.size() == 3 && p[1] == QLatin1Char('-');
        const bool single = p.size() == 1;
        if ((!range && !single) || !kOrder.contains(p[0]) || (range && !kOrder.contains(p[2]))
            || (range && kOrder.indexOf(p[2]) < kOrder.indexOf(p[0]))) {
            if (error)
                *error = QStringLiteral("bad stage list '%1': use letters A-F, ranges like A-C, separated by commas").arg(spec);
            return {};
        }
        const int from = int(kOrder.indexOf(p[0])), to = range ? int(kOrder.indexOf(p[2])) : from;
        for (int i = from; i <= to; ++i)
            out.insert(kOrder[i]);
    }
    if (out.isEmpty() && error)
        *error = QStringLiteral("no stages selected");
    return out;
}

} // namespace tileport
