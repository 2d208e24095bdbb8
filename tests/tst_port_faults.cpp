// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// kill -9 during `tileport port` (issue 20 §3): the real CLI ports a copy of
// examples/cutile/vector_add.py through stages A-C (the cuTile Python
// export, cargo and the IR harness, the diff: real work on the CPU) into one
// session, and is killed with SIGKILL at a random moment, 20 times. After
// each kill the session reopens with every finished stage as it was (its
// record, verdict and report file, byte for byte), the stage that was
// running marked interrupted, no stage left running, and the next port
// starts the next run. A last port, left alone, completes.
#include "Session.h"
#include "support/TestFiles.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <unistd.h>

using namespace tileport;

namespace {

constexpr int kKills = 20;

QByteArray sha(const QString &path)
{
    return QCryptographicHash::hash(testing::readBytes(path), QCryptographicHash::Sha256).toHex();
}

// The CLI in a process group of its own, so that SIGKILL takes it with the
// tools it runs at that moment (as a killed terminal job goes).
class Port
{
public:
    void start(const QStringList &args)
    {
        m_proc.setChildProcessModifier([] { ::setpgid(0, 0); });
        m_proc.setProcessChannelMode(QProcess::MergedChannels);
        m_proc.start(QStringLiteral(TILEPORT_CLI), args);
        QVERIFY(m_proc.waitForStarted());
    }
    bool finishedWithin(int ms) { return m_proc.waitForFinished(ms); }
    void killGroup()
    {
        ::kill(-pid_t(m_proc.processId()), SIGKILL);
        m_proc.waitForFinished(10'000);
    }
    int exitCode() const { return m_proc.exitStatus() == QProcess::NormalExit ? m_proc.exitCode() : -1; }
    QByteArray output() { return m_proc.readAll(); }

private:
    QProcess m_proc;
};

// What a finished stage left: its record and its report files' hashes.
struct Finished {
    QString verdict;
    QByteArray reportHash;
    QByteArray attemptHash;
};

} // namespace

class TestPortFaults : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_kernel = testing::copyExample(QStringLiteral("vector_add"), m_tmp.path(), QStringLiteral("port_faults_probe"));
        QVERIFY(!m_kernel.isEmpty());
        m_session = m_tmp.filePath(QStringLiteral("session"));
    }

    void killDuringPort()
    {
        const QStringList args{QStringLiteral("port"), m_kernel, QStringLiteral("--stages"), QStringLiteral("A-C"),
                               QStringLiteral("--session"), m_session};
        // One whole run first: how long a port takes here, and its verdicts.
        QElapsedTimer clock;
        clock.start();
        Port first;
        first.start(args);
        QVERIFY(first.finishedWithin(600'000));
        const qint64 fullMs = clock.elapsed();
        const QByteArray firstOut = first.output();
        if (first.exitCode() != 0 && firstOut.contains("BLOCKED"))
            QSKIP("the toolchains are not set up (a stage is BLOCKED); run scripts/setup");
        QVERIFY2(first.exitCode() == 0, firstOut.constData());
        qInfo("a whole port of stages A-C takes %lld ms", fullMs);

        QHash<QString, Finished> seen; // "run/stage/attempt" -> what it left
        QMap<QString, int> landed;     // where the kills landed
        quint32 seed = QRandomGenerator::global()->generate();
        qInfo("seed %u", seed);
        QRandomGenerator random(seed);
        for (int i = 0; i < kKills; ++i) {
            // Anywhere from the start to a little past a whole run's time.
            const int delay = int(random.bounded(quint32(fullMs * 11 / 10 + 1)));
            Port port;
            port.start(args);
            const bool ended = port.finishedWithin(delay);
            if (!ended)
                port.killGroup();

            // `status` only reads: the dead stage shows as interrupted, and
            // session.json is not written by it.
            const QByteArray before = testing::readBytes(QDir(m_session).filePath(QStringLiteral("session.json")));
            QProcess status;
            status.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("status"), m_session, QStringLiteral("--json")});
            QVERIFY(status.waitForFinished(60'000));
            QCOMPARE(status.exitCode(), 0);
            const QJsonObject table = QJsonDocument::fromJson(status.readAllStandardOutput()).object();
            for (const QJsonValue v : table.value(QStringLiteral("stages")).toArray())
                QVERIFY2(v.toObject().value(QStringLiteral("state")).toString() != QStringLiteral("running"),
                         qPrintable(QStringLiteral("kill %1: status shows a dead stage running").arg(i)));
            QCOMPARE(testing::readBytes(QDir(m_session).filePath(QStringLiteral("session.json"))), before);

            // The loader reopens it and marks the stage that was running.
            QString error;
            auto s = Session::open(m_session, &error);
            QVERIFY2(s, qPrintable(QStringLiteral("kill %1 after %2 ms: %3").arg(i).arg(delay).arg(error)));
            QVERIFY2(s->problems().isEmpty(), qPrintable(s->problems().join(QLatin1Char('\n'))));
            QString where = QStringLiteral("before any stage");
            for (const Session::Run &run : s->runs()) {
                QVERIFY(QDir(s->runDirectory(run.number)).exists(QStringLiteral("reports")));
                int interrupted = 0;
                for (int k = 0; k < run.stages.size(); ++k) {
                    const StageRecord &rec = run.stages[k];
                    QVERIFY2(rec.state != StageRecord::State::Running, qPrintable(QStringLiteral("kill %1: run %2 stage %3 still running")
                                                                                     .arg(i).arg(run.number).arg(rec.stage)));
                    const QString key = QStringLiteral("%1/%2/%3").arg(run.number).arg(rec.stage).arg(rec.attempt);
                    if (rec.state == StageRecord::State::Interrupted) {
                        ++interrupted;
                        // Only the last record of a run can have been cut short.
                        QCOMPARE(k, run.stages.size() - 1);
                        QVERIFY2(!seen.contains(key), qPrintable(key + QStringLiteral(": finished, then interrupted")));
                        if (run.number == s->runs().last().number)
                            where = QStringLiteral("in stage %1").arg(rec.stage);
                        continue;
                    }
                    QCOMPARE(rec.state, StageRecord::State::Finished);
                    const QDir dir(s->runDirectory(run.number));
                    const QString report = dir.filePath(rec.report);
                    const QString numbered = dir.filePath(QStringLiteral("reports/stage_%1.attempt%2.json").arg(rec.stage).arg(rec.attempt));
                    const QJsonObject o = QJsonDocument::fromJson(testing::readBytes(report)).object();
                    QCOMPARE(o.value(QStringLiteral("stage")).toString(), QString(rec.stage));
                    QCOMPARE(o.value(QStringLiteral("verdict")).toString(), rec.verdict);
                    const Finished now{rec.verdict, sha(report), sha(numbered)};
                    if (seen.contains(key)) {
                        // A finished stage stays exactly as it was.
                        QCOMPARE(now.verdict, seen[key].verdict);
                        QCOMPARE(now.reportHash, seen[key].reportHash);
                        QCOMPARE(now.attemptHash, seen[key].attemptHash);
                    }
                    seen.insert(key, now);
                    if (run.number == s->runs().last().number && k == run.stages.size() - 1)
                        where = rec.stage == QLatin1Char('C') ? QStringLiteral("after C") : QStringLiteral("between stages");
                }
                QVERIFY(interrupted <= 1);
                // Every event line but a torn last one is whole JSON.
                const QList<QByteArray> lines = testing::readBytes(QDir(s->runDirectory(run.number)).filePath(QStringLiteral("events.jsonl")))
                                                    .split('\n');
                for (int l = 0; l + 2 < lines.size(); ++l)
                    QVERIFY2(QJsonDocument::fromJson(lines[l]).isObject(), lines[l].constData());
            }
            if (ended)
                where = QStringLiteral("after the port ended");
            ++landed[where];
            qInfo("kill %d at %d ms: %s (run %d)", i, delay, qPrintable(where), int(s->runs().size()));
        }
        // The kills reached into the stages, not only around them.
        int inStages = 0;
        for (auto it = landed.cbegin(); it != landed.cend(); ++it) {
            qInfo("%s: %d", qPrintable(it.key()), it.value());
            inStages += it.key().startsWith(QStringLiteral("in stage")) ? it.value() : 0;
        }
        QVERIFY2(inStages >= kKills / 4, qPrintable(QString::number(inStages)));

        // After all that the session ports on: a new run, stages A-C, as the first.
        Port last;
        last.start(args);
        QVERIFY(last.finishedWithin(600'000));
        const QByteArray out = last.output();
        QVERIFY2(last.exitCode() == 0, out.constData());
        QString error;
        auto s = Session::open(m_session, &error);
        QVERIFY2(s, qPrintable(error));
        const Session::Run &run = s->runs().last();
        QCOMPARE(run.stages.size(), 3);
        for (const StageRecord &rec : run.stages) {
            QCOMPARE(rec.state, StageRecord::State::Finished);
            QCOMPARE(rec.verdict, s->latest(1, rec.stage)->verdict);
        }
    }

private:
    QTemporaryDir m_tmp;
    QString m_kernel;
    QString m_session;
};

QTEST_GUILESS_MAIN(TestPortFaults)
#include "tst_port_faults.moc"
