// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ProcessRunner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <thread>

using tileport::ProcessResult;
using tileport::ProcessRunner;
using tileport::ProcessSpec;

class TestProcessRunner : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exitCodeAndOutput()
    {
        const auto r = ProcessRunner::run({QStringLiteral("sh"),
                                           {QStringLiteral("-c"), QStringLiteral("echo out; echo err >&2; exit 3")}});
        QCOMPARE(r.outcome, ProcessResult::Outcome::Finished);
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.standardOutput, QByteArray("out\n"));
        QCOMPARE(r.standardError, QByteArray("err\n"));
        QVERIFY(!r.ok());
        QCOMPARE(r.describe(), QStringLiteral("exited with code 3"));
    }

    void largeOutputIsDrained()
    {
        // More than a pipe buffer: the runner must keep reading while waiting.
        const auto r = ProcessRunner::run({QStringLiteral("sh"),
                                           {QStringLiteral("-c"), QStringLiteral("head -c 1000000 /dev/zero")}});
        QVERIFY(r.ok());
        QCOMPARE(r.standardOutput.size(), 1000000);
    }

    void stdinAndStdoutFromFiles()
    {
        QTemporaryDir dir;
        QFile in(dir.filePath(QStringLiteral("in")));
        QVERIFY(in.open(QIODevice::WriteOnly));
        in.write("hello\n");
        in.close();
        ProcessSpec spec{QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("tr a-z A-Z; echo done >&2")}};
        spec.standardInputFile = in.fileName();
        spec.standardOutputFile = dir.filePath(QStringLiteral("out"));
        const auto r = ProcessRunner::run(spec);
        QVERIFY(r.ok());
        QVERIFY(r.standardOutput.isEmpty());
        QCOMPARE(r.standardError, QByteArray("done\n"));
        QFile out(spec.standardOutputFile);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCOMPARE(out.readAll(), QByteArray("HELLO\n"));
    }

    void hungChildTimesOut()
    {
        ProcessSpec spec{QStringLiteral("sleep"), {QStringLiteral("30")}};
        spec.timeoutMs = 300;
        const auto r = ProcessRunner::run(spec);
        QCOMPARE(r.outcome, ProcessResult::Outcome::TimedOut);
        QVERIFY(r.elapsedMs < 5000);
        QVERIFY(r.describe().contains(QStringLiteral("timed out")));
    }

    // A hung tool's own children (cargo's rustc, a script's sleep) go with
    // it: a grandchild left running would hold the machine past the time-out.
    void hungChildTreeIsKilled()
    {
        QTemporaryDir tmp;
        const QString pidFile = tmp.filePath(QStringLiteral("grandchild.pid"));
        ProcessSpec spec{QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("sleep 300 & echo $! > '%1'; wait").arg(pidFile)}};
        spec.timeoutMs = 500;
        const auto r = ProcessRunner::run(spec);
        QCOMPARE(r.outcome, ProcessResult::Outcome::TimedOut);
        QFile f(pidFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray pid = f.readAll().trimmed();
        QVERIFY(!pid.isEmpty());
        // Gone, or a zombie waiting for init to reap it; never still asleep.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QFile stat(QStringLiteral("/proc/%1/stat").arg(QString::fromLatin1(pid)));
                if (!stat.open(QIODevice::ReadOnly))
                    return true;
                const QByteArray line = stat.readAll();
                return line.mid(line.lastIndexOf(')') + 2, 1) == "Z";
            }(),
            5000);
    }

    void cancellationStopsChild()
    {
        std::atomic_bool cancel{false};
        std::thread canceller([&] {
            QThread::msleep(200);
            cancel = true;
        });
        const auto r = ProcessRunner::run({QStringLiteral("sleep"), {QStringLiteral("30")}}, &cancel);
        canceller.join();
        QCOMPARE(r.outcome, ProcessResult::Outcome::Cancelled);
        QVERIFY(r.elapsedMs < 5000);
    }

    void crashingChildIsReported()
    {
        const auto r = ProcessRunner::run({QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("kill -SEGV $$")}});
        QCOMPARE(r.outcome, ProcessResult::Outcome::Crashed);
        QVERIFY(r.describe().startsWith(QStringLiteral("crashed")));
    }

    void missingProgramFailsToStart()
    {
        const auto r = ProcessRunner::run({QStringLiteral("/nonexistent/tileport-no-such-tool"), {}});
        QCOMPARE(r.outcome, ProcessResult::Outcome::FailedToStart);
        QVERIFY(r.describe().contains(QStringLiteral("/nonexistent/tileport-no-such-tool")));
    }
};

QTEST_GUILESS_MAIN(TestProcessRunner)
#include "tst_processrunner.moc"
