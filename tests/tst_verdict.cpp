// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The verdict names, owners and the one ranking (core/verdict), and that
// every verdict a stage declares is one of them.
#include "StageCatalog.h"
#include "Verdict.h"

#include <QTest>

using namespace tileport;

class TestVerdict : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namesRoundTrip()
    {
        for (int i = 0; i <= int(Verdict::Blocked); ++i) {
            const auto v = Verdict(i);
            const QString name = verdictName(v);
            QVERIFY(!name.isEmpty());
            QCOMPARE(verdictFromName(name), std::optional<Verdict>(v));
        }
        QCOMPARE(verdictName(Verdict::PassWithNotes), QStringLiteral("PASS_WITH_NOTES"));
        QVERIFY(!verdictFromName(u"pass"));
        QVERIFY(!verdictFromName(u"-"));
        for (Owner o : {Owner::Env, Owner::Kernel, Owner::Host})
            QCOMPARE(ownerFromName(ownerName(o)), std::optional<Owner>(o));
        QCOMPARE(ownerName(Owner::Kernel), QStringLiteral("kernel"));
        QVERIFY(!ownerFromName(u"compiler"));
    }

    void everyStageVerdictIsKnown()
    {
        for (const StageInfo &s : StageCatalog::stages())
            for (const QString &v : s.verdicts)
                QVERIFY2(verdictFromName(v).has_value(), qPrintable(v));
    }

    void oneRanking()
    {
        QCOMPARE(verdictRank(Verdict::Pass), 0);
        QCOMPARE(verdictRank(Verdict::Compiled), 0);
        QCOMPARE(verdictRank(Verdict::PassWithNotes), 1);
        QCOMPARE(verdictRank(Verdict::Investigate), 1);
        QCOMPARE(verdictRank(Verdict::FailFixable), 2);
        QCOMPARE(verdictRank(Verdict::FailCompilerBug), 3);
        QCOMPARE(verdictRank(Verdict::Blocked), 3);
        QCOMPARE(verdictRank(u"-"), 3); // not compared ranks with the failures
        QCOMPARE(verdictClass(Verdict::Fixable), VerdictClass::Notes);
        QCOMPARE(verdictClass(Verdict::Blocked), VerdictClass::Blocked);
        QCOMPARE(verdictClass(Verdict::Fail), VerdictClass::Failed);
    }
};

QTEST_GUILESS_MAIN(TestVerdict)
#include "tst_verdict.moc"
