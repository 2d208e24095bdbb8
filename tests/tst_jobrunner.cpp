// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "JobRunner.h"
#include "ProcessRunner.h"

#include <QMutex>
#include <QSemaphore>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace tileport;

class TestJobRunner : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void streamsPartialsThenResult()
    {
        JobRunner runner;
        QSignalSpy partial(&runner, &JobRunner::partial);
        QSignalSpy finished(&runner, &JobRunner::finished);
        const quint64 id = runner.submit(QStringLiteral("count"), [](JobContext &ctx) {
            for (int i = 0; i < 3; ++i)
                ctx.emitPartial(i);
            return QVariant(QStringLiteral("done"));
        });
        QVERIFY(finished.wait(5000));
        QCOMPARE(partial.size(), 3);
        QCOMPARE(partial.at(2).at(2).toInt(), 2);
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("count"));
        QCOMPARE(finished.at(0).at(1).toULongLong(), id);
        QCOMPARE(finished.at(0).at(2).toString(), QStringLiteral("done"));
        QVERIFY(!runner.isRunning(QStringLiteral("count")));
    }

    void newerRequestSupersedesOlder()
    {
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::finished);
        QSignalSpy cancelled(&runner, &JobRunner::cancelled);
        std::atomic_bool firstSawCancel{false};
        const quint64 first = runner.submit(QStringLiteral("diff"), [&](JobContext &ctx) {
            while (!ctx.isCancelled())
                QThread::msleep(5);
            firstSawCancel = true;
            ctx.emitPartial(QStringLiteral("late"));
            return QVariant(QStringLiteral("stale"));
        });
        const quint64 second = runner.submit(QStringLiteral("diff"), [](JobContext &) { return QVariant(42); });
        QVERIFY(second > first);
        QVERIFY(finished.wait(5000));
        QVERIFY(runner.waitForIdle(5000));
        QCoreApplication::processEvents();
        QVERIFY(firstSawCancel);
        QCOMPARE(cancelled.size(), 1);
        QCOMPARE(cancelled.at(0).at(1).toULongLong(), first);
        QCOMPARE(finished.size(), 1); // the stale result never arrives
        QCOMPARE(finished.at(0).at(1).toULongLong(), second);
        QCOMPARE(finished.at(0).at(2).toInt(), 42);
    }

    void cancellationStopsAChildProcess()
    {
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::finished);
        std::atomic<int> outcome{-1};
        runner.submit(QStringLiteral("build"), [&](JobContext &ctx) {
            const ProcessResult r = ProcessRunner::run({QStringLiteral("sleep"), {QStringLiteral("30")}}, ctx.cancelFlag());
            outcome = int(r.outcome);
            return QVariant();
        });
        QThread::msleep(200);
        runner.cancel(QStringLiteral("build"));
        QVERIFY(runner.waitForIdle(5000));
        QCoreApplication::processEvents();
        QCOMPARE(outcome.load(), int(ProcessResult::Outcome::Cancelled));
        QCOMPARE(finished.size(), 0);
    }

    void channelsAreIndependent()
    {
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.submit(QStringLiteral("a"), [](JobContext &) { return QVariant(1); });
        runner.submit(QStringLiteral("b"), [](JobContext &) { return QVariant(2); });
        QVERIFY(runner.waitForIdle(5000));
        QTRY_COMPARE(finished.size(), 2);
    }

    void runTogetherRunsEveryTaskAtOnce()
    {
        // Two tasks that each wait for the other: they finish only if they run at the same time.
        QSemaphore a, b;
        QSet<QThread *> threads;
        QMutex m;
        auto note = [&] {
            const QMutexLocker lock(&m);
            threads.insert(QThread::currentThread());
        };
        tileport::JobRunner::runTogether({[&] { note(); a.release(); QVERIFY(b.tryAcquire(1, 10000)); },
                                          [&] { note(); b.release(); QVERIFY(a.tryAcquire(1, 10000)); }});
        QCOMPARE(threads.size(), 2);
        QVERIFY(threads.contains(QThread::currentThread()));
    }

    void runTogetherInsideBusyJobsCannotDeadlock()
    {
        // More nested fork-joins than pool threads: queued tasks fall back to their callers.
        tileport::JobRunner runner;
        runner.setMaxConcurrency(8);
        QAtomicInt ran;
        for (int j = 0; j < 8; ++j)
            runner.submit(QStringLiteral("job%1").arg(j), [&ran](tileport::JobContext &) {
                std::vector<std::function<void()>> tasks(6, [&ran] {
                    QThread::msleep(5);
                    ran.fetchAndAddRelaxed(1);
                });
                tileport::JobRunner::runTogether(tasks);
                return QVariant();
            });
        QVERIFY(runner.waitForIdle(60000));
        QCOMPARE(ran.loadRelaxed(), 48);
        bool released = false;
        tileport::JobRunner::releaseInBackground([&released] { released = true; });
        QVERIFY(tileport::JobRunner::waitForBackground(10000));
        QVERIFY(released);
    }
};

QTEST_GUILESS_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"
