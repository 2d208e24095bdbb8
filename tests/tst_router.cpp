// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The pipeline's routing table and caps, walked verdict by verdict.
#include "Router.h"

#include <QTest>

using namespace tileport;

namespace {

StageOutcome o(char stage, const char *verdict, const char *owner = "")
{
    return {QLatin1Char(stage), *verdictFromName(QString::fromLatin1(verdict)), ownerFromName(QString::fromLatin1(owner))};
}

// Follows the router from `script`: each entry is the verdict the next stage
// gives; returns the stages in the order they ran.
QString walk(const QList<std::pair<QString, QString>> &script, RouteDecision *last = nullptr,
             const QSet<QChar> &selected = Router::allStages())
{
    QList<StageOutcome> h;
    QString order;
    for (const auto &[verdict, owner] : script) {
        const RouteDecision d = Router::next(h, selected);
        if (!d.stage)
            break;
        order += *d.stage;
        h << StageOutcome{*d.stage, *verdictFromName(verdict), ownerFromName(owner)};
    }
    const RouteDecision end = Router::next(h, selected);
    if (last)
        *last = end;
    if (end.stage)
        order += QLatin1Char('>') + *end.stage;
    return order;
}

} // namespace

class TestRouter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void happyPath()
    {
        RouteDecision end;
        QCOMPARE(walk({{"PASS", ""}, {"COMPILED", ""}, {"ALL_PASS", ""}, {"DONE", ""}}, &end), QStringLiteral("ABDE"));
        QVERIFY(end.complete);
    }

    void earlyFailuresStop()
    {
        RouteDecision end;
        QCOMPARE(walk({{"BLOCKED", "env"}}, &end), QStringLiteral("A"));
        QVERIFY(!end.complete);
        QCOMPARE(walk({{"PASS", ""}, {"FAIL_COMPILE", ""}}, &end), QStringLiteral("AB"));
        QVERIFY(!end.complete);
        QVERIFY(end.reason.contains(QStringLiteral("B said FAIL_COMPILE")));
    }

    void kernelFailureDiagnosesThenRegenerates()
    {
        RouteDecision end;
        // D(1) FAIL kernel -> C -> B(2) -> D(2) ALL_PASS -> E(2) -> complete.
        QCOMPARE(walk({{"PASS", ""}, {"COMPILED", ""}, {"FAIL", "kernel"}, {"PASS_WITH_NOTES", ""}, {"COMPILED", ""},
                       {"ALL_PASS", ""}, {"DONE", ""}},
                      &end),
                 QStringLiteral("ABDCBDE"));
        QVERIFY(end.complete);
        // A missing class falls back to the kernel route.
        QCOMPARE(walk({{"PASS", ""}, {"COMPILED", ""}, {"FAIL", ""}, {"FAIL_FIXABLE", "kernel"}, {"FAIL_COMPILE", ""}}),
                 QStringLiteral("ABDCB"));
    }

    void hostFailureRespawnsDOnce()
    {
        RouteDecision end;
        QCOMPARE(walk({{"PASS", ""}, {"COMPILED", ""}, {"FAIL", "host"}, {"FAIL", "host"}}, &end), QStringLiteral("ABDD"));
        QVERIFY(end.complete);
        QVERIFY(end.reason.contains(QStringLiteral("already respawned")));
    }

    void environmentBlockStillRunsTheIrDiff()
    {
        RouteDecision end;
        QCOMPARE(walk({{"PASS", ""}, {"COMPILED", ""}, {"BLOCKED", "env"}, {"FAIL_FIXABLE", "kernel"}}, &end),
                 QStringLiteral("ABDC"));
        QVERIFY(!end.complete);
        QVERIFY(end.reason.contains(QStringLiteral("blocked by the environment")));
    }

    void investigateRunsCOnceThenCompletes()
    {
        RouteDecision end;
        QCOMPARE(walk({{"PASS", ""}, {"COMPILED", ""}, {"ALL_PASS", ""}, {"INVESTIGATE", ""}, {"FAIL_FIXABLE", "host"},
                       {"ALL_PASS", ""}, {"INVESTIGATE", ""}},
                      &end),
                 QStringLiteral("ABDECDE"));
        QVERIFY(end.complete);
    }

    void capsHold()
    {
        QCOMPARE(Router::cap(QLatin1Char('A')), 1);
        QCOMPARE(Router::cap(QLatin1Char('B')), 2);
        QCOMPARE(Router::cap(QLatin1Char('C')), 1);
        QCOMPARE(Router::cap(QLatin1Char('D')), 2);
        QCOMPARE(Router::cap(QLatin1Char('E')), 2);
        QCOMPARE(Router::cap(QLatin1Char('F')), 1);
        // C already ran; a kernel-side D(2) failure cannot reach it again.
        const QList<StageOutcome> h{o('A', "PASS"),        o('B', "COMPILED"), o('D', "FAIL", "kernel"),
                                    o('C', "FAIL_FIXABLE", "kernel"), o('B', "COMPILED"), o('D', "FAIL", "kernel")};
        const RouteDecision d = Router::next(h);
        QVERIFY(!d.stage);
        QVERIFY(d.complete);
    }

    void selectedStagesRunInOrder()
    {
        QString error;
        const QSet<QChar> ac = Router::parseStages(QStringLiteral("A-C"), &error);
        QCOMPARE(ac, (QSet<QChar>{QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C')}));
        RouteDecision end;
        QCOMPARE(walk({{"PASS", ""}, {"COMPILED", ""}, {"PASS", ""}}, &end, ac), QStringLiteral("ABC"));
        QVERIFY(end.complete);
        QCOMPARE(walk({{"PASS", ""}, {"FAIL_COMPILE", ""}}, &end, ac), QStringLiteral("AB"));
        QVERIFY(!end.complete);
        QCOMPARE(Router::parseStages(QStringLiteral("c,a"), &error), (QSet<QChar>{QLatin1Char('A'), QLatin1Char('C')}));
        QCOMPARE(walk({{"PASS", ""}, {"PASS", ""}}, &end, {QLatin1Char('A'), QLatin1Char('C')}), QStringLiteral("AC"));
    }

    void badStageListsAreRejected()
    {
        for (const char *bad : {"", "G", "A-", "C-A", "AB", "A,,Z"}) {
            QString error;
            QVERIFY2(Router::parseStages(QLatin1String(bad), &error).isEmpty(), bad);
            QVERIFY2(!error.isEmpty(), bad);
        }
    }
};

QTEST_GUILESS_MAIN(TestRouter)
#include "tst_router.moc"
