// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Session.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

QJsonObject info()
{
    return {{QStringLiteral("source"), QStringLiteral("examples/vector_add.py")},
            {QStringLiteral("kernel"), QStringLiteral("vector_add")},
            {QStringLiteral("configs"), QJsonArray{QStringLiteral("f32_t1024")}},
            {QStringLiteral("toolchains"), QJsonObject{{QStringLiteral("cutile"), QStringLiteral("0.4.0")}}}};
}

} // namespace

class TestSession : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void createsLayoutAndRecordsStages()
    {
        QTemporaryDir tmp;
        QString error;
        auto s = Session::create(tmp.filePath(QStringLiteral("port")), info(), &error);
        QVERIFY2(s, qPrintable(error));
        const int run = s->beginRun(&error);
        QCOMPARE(run, 1);
        for (const char *area : {"reference", "generated", "reports", "logs"})
            QVERIFY(QDir(s->runDirectory(1)).exists(QLatin1String(area)));
        QVERIFY(s->runDirectory(1).endsWith(QStringLiteral("runs/001")));
        QVERIFY(s->startStage(run, QLatin1Char('A'), &error));
        QVERIFY(s->finishStage(run, QLatin1Char('A'), QStringLiteral("PASS"), QStringLiteral("reports/stage_A.json"), &error));

        auto reopened = Session::open(s->directory(), &error);
        QVERIFY2(reopened, qPrintable(error));
        QCOMPARE(reopened->info().value(QStringLiteral("kernel")).toString(), QStringLiteral("vector_add"));
        const StageRecord *a = reopened->latest(1, QLatin1Char('A'));
        QVERIFY(a);
        QCOMPARE(a->verdict, QStringLiteral("PASS"));
        QCOMPARE(a->state, StageRecord::State::Finished);
        QVERIFY(a->finished >= a->started);
    }

    void interruptedRunReopensWithFinishedStagesIntact()
    {
        QTemporaryDir tmp;
        QString error;
        auto s = Session::create(tmp.path(), info(), &error);
        const int run = s->beginRun(&error);
        QVERIFY(s->startStage(run, QLatin1Char('A'), &error));
        QVERIFY(s->finishStage(run, QLatin1Char('A'), QStringLiteral("PASS"), {}, &error));
        QVERIFY(s->startStage(run, QLatin1Char('B'), &error));
        // The process "dies" here: only what is on disk remains.
        s.reset();
        auto reopened = Session::open(tmp.path(), &error);
        QVERIFY2(reopened, qPrintable(error));
        QCOMPARE(reopened->latest(1, QLatin1Char('A'))->state, StageRecord::State::Finished);
        QCOMPARE(reopened->latest(1, QLatin1Char('B'))->state, StageRecord::State::Interrupted);
        // A rerun of B is a new attempt; the interrupted one stays in history.
        QVERIFY(reopened->startStage(1, QLatin1Char('B'), &error));
        QCOMPARE(reopened->latest(1, QLatin1Char('B'))->attempt, 2);
        QCOMPARE(reopened->run(1)->stages.size(), 3);
    }

    void runsAreNumberedAndNeverOverwritten()
    {
        QTemporaryDir tmp;
        QString error;
        auto s = Session::create(tmp.path(), info(), &error);
        QCOMPARE(s->beginRun(&error), 1);
        QFile artifact(QDir(s->areaDirectory(1, Session::Area::Generated)).filePath(QStringLiteral("kernel.rs")));
        QVERIFY(artifact.open(QIODevice::WriteOnly));
        artifact.write("// run 1\n");
        artifact.close();
        QCOMPARE(s->beginRun(&error), 2);
        QVERIFY(QFile::exists(artifact.fileName()));
        QVERIFY(s->runDirectory(2).endsWith(QStringLiteral("runs/002")));

        // A stray directory for the next number that holds anything is never reused.
        QVERIFY(QDir().mkpath(s->areaDirectory(3, Session::Area::Logs)));
        QFile stray(QDir(s->areaDirectory(3, Session::Area::Logs)).filePath(QStringLiteral("note.txt")));
        QVERIFY(stray.open(QIODevice::WriteOnly));
        stray.write("mine\n");
        stray.close();
        QCOMPARE(s->beginRun(&error), 0);
        QVERIFY(error.contains(QStringLiteral("refusing to overwrite")));
        QVERIFY(QFile::exists(stray.fileName()));
    }

    // kill -9 between making run N's directories and listing run N: the
    // empty directories are taken by the next run, not refused forever.
    void emptyRunLeftoverIsTaken()
    {
        QTemporaryDir tmp;
        QString error;
        auto s = Session::create(tmp.path(), info(), &error);
        QCOMPARE(s->beginRun(&error), 1);
        QVERIFY(QDir().mkpath(s->areaDirectory(2, Session::Area::Reference)));
        QVERIFY(QDir().mkpath(s->areaDirectory(2, Session::Area::Generated)));
        s.reset();
        auto reopened = Session::open(tmp.path(), &error);
        QVERIFY2(reopened, qPrintable(error));
        QVERIFY2(reopened->problems().isEmpty(), qPrintable(reopened->problems().join(QLatin1Char('\n'))));
        QCOMPARE(reopened->beginRun(&error), 2);
        QVERIFY(QDir(reopened->runDirectory(2)).exists(QStringLiteral("reports")));
    }

    // A stage another live process (or this one's own writer) runs is not
    // taken for an interrupted one; a read-only open never writes.
    void liveStageStaysRunning()
    {
        QTemporaryDir tmp;
        QString error;
        auto s = Session::create(tmp.path(), info(), &error);
        QCOMPARE(s->beginRun(&error), 1);
        QVERIFY(s->startStage(1, QLatin1Char('A'), &error));
        const QString file = QDir(tmp.path()).filePath(QStringLiteral("session.json"));
        const auto bytes = [&] {
            QFile f(file);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        const QByteArray before = bytes();
        QVERIFY(before.contains("\"pid\""));
        auto reader = Session::open(tmp.path(), &error, Session::Access::ReadOnly);
        QVERIFY2(reader, qPrintable(error));
        QCOMPARE(reader->latest(1, QLatin1Char('A'))->state, StageRecord::State::Running);
        // Its writer gone, the same process reads it as interrupted, and a
        // read-only open says so without saving.
        s.reset();
        reader = Session::open(tmp.path(), &error, Session::Access::ReadOnly);
        QCOMPARE(reader->latest(1, QLatin1Char('A'))->state, StageRecord::State::Interrupted);
        QCOMPARE(bytes(), before);
        QString saveError;
        QVERIFY(!reader->startStage(1, QLatin1Char('B'), &saveError));
        QCOMPARE(bytes(), before);
    }

    void rerunMarksDownstreamStale()
    {
        QTemporaryDir tmp;
        QString error;
        auto s = Session::create(tmp.path(), info(), &error);
        const int run = s->beginRun(&error);
        for (QChar st : {QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C')}) {
            QVERIFY(s->startStage(run, st, &error));
            QVERIFY(s->finishStage(run, st, QStringLiteral("PASS"), {}, &error));
        }
        QVERIFY(s->markDownstreamStale(run, QLatin1Char('B'), &error));
        QCOMPARE(s->latest(run, QLatin1Char('A'))->state, StageRecord::State::Finished);
        QCOMPARE(s->latest(run, QLatin1Char('B'))->state, StageRecord::State::Finished);
        QCOMPARE(s->latest(run, QLatin1Char('C'))->state, StageRecord::State::Stale);
    }

    void refusesExistingAndCorruptSessions()
    {
        QTemporaryDir tmp;
        QString error;
        QVERIFY(Session::create(tmp.path(), info(), &error));
        QVERIFY(!Session::create(tmp.path(), info(), &error));
        QVERIFY(error.contains(QStringLiteral("already exists")));

        QFile f(QDir(tmp.path()).filePath(QStringLiteral("session.json")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"schema\": 1, \"runs\": [");
        f.close();
        QVERIFY(!Session::open(tmp.path(), &error));
        QVERIFY2(error.contains(QStringLiteral("offset")), qPrintable(error));

        QVERIFY(!Session::open(tmp.filePath(QStringLiteral("missing")), &error));
        QVERIFY(error.contains(QStringLiteral("session.json")));
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
