// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Misbehaving child processes (issue 20 §3), each a real process made here:
// a cuda-tile exporter (TILEPORT_PYTHON), a cargo (TILEPORT_CARGO) and a
// tileiras (TILEPORT_TILEIRAS) that hang (with a child of their own, as
// cargo runs rustc) or crash with SIGSEGV, and a model endpoint that
// accepts and never answers or closes mid-reply. Each ends BLOCKED (the
// endpoint: the repair's UNREACHABLE, no reply) with the reason, within the
// time-out (TILEPORT_TOOL_TIMEOUT, TILEPORT_MODEL_STALL_TIMEOUT), and no
// process of a hung tool outlives it.
#include "ModelClient.h"
#include "support/TestFiles.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

constexpr int kTimeoutS = 3;

struct Ran {
    int code = -1;
    QString out, err;
    qint64 ms = 0;
};

Ran cli(const QStringList &args, const QProcessEnvironment &env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!p.waitForFinished(300'000))
        p.kill(), p.waitForFinished();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError()), t.elapsed()};
}

bool writeScript(const QString &path, const QByteArray &body)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write("#!/bin/sh\n" + body) < 0)
        return false;
    f.close();
    return f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
}

// A tool that hangs: it starts a child of its own that sleeps, records the
// child's pid, and waits for it.
QByteArray hangs(const QString &pidFile)
{
    return QStringLiteral("sleep 300 &\necho $! > '%1'\nwait\n").arg(pidFile).toUtf8();
}

const QByteArray kCrashes("kill -SEGV $$\n");

// Gone, or a zombie its new parent has not reaped yet.
bool processGone(const QString &pidFile)
{
    const QByteArray pid = testing::readBytes(pidFile).trimmed();
    if (pid.isEmpty())
        return false;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(QString::fromLatin1(pid)));
    if (!stat.open(QIODevice::ReadOnly))
        return true;
    const QByteArray line = stat.readAll();
    return line.mid(line.lastIndexOf(')') + 2, 1) == "Z";
}

QJsonObject report(const QString &session, QChar stage)
{
    return QJsonDocument::fromJson(testing::readBytes(QDir(session).filePath(QStringLiteral("runs/001/reports/stage_%1.json").arg(stage))))
        .object();
}

} // namespace

class TestChildFaults : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("TILEPORT_TOOL_TIMEOUT"), QString::number(kTimeoutS));
    }

    // Stage A's reference export and stage B's cargo build, in a real port.
    void pipelineTool_data()
    {
        QTest::addColumn<QString>("variable"); // which tool the script stands in for
        QTest::addColumn<bool>("hang");
        QTest::addColumn<QChar>("stage");
        QTest::addColumn<QString>("reason");
        QTest::newRow("exporter hangs") << QStringLiteral("TILEPORT_PYTHON") << true << QChar(u'A') << QStringLiteral("timed out after");
        QTest::newRow("exporter crashes") << QStringLiteral("TILEPORT_PYTHON") << false << QChar(u'A')
                                          << QStringLiteral("crashed with SIGSEGV");
        QTest::newRow("cargo hangs") << QStringLiteral("TILEPORT_CARGO") << true << QChar(u'B')
                                     << QStringLiteral("cargo build timed out after");
        QTest::newRow("cargo crashes") << QStringLiteral("TILEPORT_CARGO") << false << QChar(u'B')
                                       << QStringLiteral("cargo build crashed with SIGSEGV");
    }

    void pipelineTool()
    {
        QFETCH(QString, variable);
        QFETCH(bool, hang);
        QFETCH(QChar, stage);
        QFETCH(QString, reason);
        const QString dir = m_tmp.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')));
        QVERIFY(QDir().mkpath(dir));
        const QString kernel = testing::copyExample(QStringLiteral("vector_add"), dir, QStringLiteral("child_faults_probe"));
        QVERIFY(!kernel.isEmpty());
        const QString pidFile = QDir(dir).filePath(QStringLiteral("grandchild.pid"));
        const QString tool = QDir(dir).filePath(QStringLiteral("tool"));
        QVERIFY(writeScript(tool, hang ? hangs(pidFile) : kCrashes));
        QProcessEnvironment env = m_env;
        env.insert(variable, tool);
        const QString session = QDir(dir).filePath(QStringLiteral("session"));
        const Ran r = cli({QStringLiteral("port"), kernel, QStringLiteral("--stages"), QStringLiteral("A-C"), QStringLiteral("--session"), session},
                          env);
        const QJsonObject a = report(session, QLatin1Char('A'));
        if (stage == QLatin1Char('B') && a.value(QStringLiteral("verdict")).toString() != QStringLiteral("PASS"))
            QSKIP("stage A does not pass here (the cuda-tile venv is not set up; run scripts/setup)");
        const QJsonObject rep = report(session, stage);
        const QString what = QStringLiteral("exit %1 in %2 ms\n%3%4").arg(r.code).arg(r.ms).arg(r.out, r.err);
        QCOMPARE(r.code, 1); // a stage ended in a block; the port itself is sound
        QVERIFY2(rep.value(QStringLiteral("verdict")).toString() == QStringLiteral("BLOCKED"), qPrintable(what));
        QCOMPARE(rep.value(QStringLiteral("owner")).toString(), QStringLiteral("env"));
        QVERIFY2(rep.value(QStringLiteral("reason")).toString().contains(reason), qPrintable(rep.value(QStringLiteral("reason")).toString()));
        QVERIFY2(r.out.contains(QStringLiteral("[%1] BLOCKED (env)").arg(stage)), qPrintable(what));
        // Within the time-out: the stage took it and a little more.
        const qint64 stageMs = rep.value(QStringLiteral("elapsed_ms")).toInteger();
        QVERIFY2(stageMs < (hang ? kTimeoutS * 1000 + 3000 : 3000), qPrintable(QString::number(stageMs)));
        if (hang)
            QVERIFY2(stageMs >= kTimeoutS * 1000, qPrintable(QString::number(stageMs)));
        // The route stops there: no later stage ran on a blocked one.
        QVERIFY(report(session, QChar(stage.unicode() + 1)).isEmpty());
        if (hang)
            QVERIFY2(processGone(pidFile), "the hung tool's own child outlived the time-out");
        qInfo("%s: %s in %lld ms", QTest::currentDataTag(), qPrintable(rep.value(QStringLiteral("reason")).toString().left(160)), stageMs);
    }

    // `tileport sass` with a tileiras that answers --version as the real one
    // does, then hangs or crashes on the compile.
    void tileiras_data()
    {
        QTest::addColumn<bool>("hang");
        QTest::addColumn<QString>("reason");
        QTest::newRow("tileiras hangs") << true << QStringLiteral("tileiras timed out after");
        QTest::newRow("tileiras crashes") << false << QStringLiteral("tileiras crashed with SIGSEGV");
    }

    void tileiras()
    {
        QFETCH(bool, hang);
        QFETCH(QString, reason);
        const QString dir = m_tmp.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')));
        QVERIFY(QDir().mkpath(dir));
        const QString pidFile = QDir(dir).filePath(QStringLiteral("grandchild.pid"));
        const QByteArray version("if [ \"$1\" = --version ]; then echo 'Cuda compilation tools, release 13.3, V13.3.36'; exit 0; fi\n");
        QProcessEnvironment env = m_env;
        for (const char *name : {"tileiras", "cuobjdump", "nvdisasm"}) {
            const QString path = QDir(dir).filePath(QLatin1String(name));
            QVERIFY(writeScript(path, version + (QByteArray(name) == "tileiras" ? (hang ? hangs(pidFile) : kCrashes) : QByteArray("exit 1\n"))));
            env.insert(QStringLiteral("TILEPORT_") + QString::fromLatin1(name).toUpper(), path);
        }
        QStringList inputs;
        for (const char *side : {"ref", "gen"}) {
            const QString path = QDir(dir).filePath(QLatin1String(side) + QStringLiteral(".tileirbc"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("\x7fTileIR\0", 8) + QByteArray(side));
            inputs << path;
        }
        const Ran r = cli(QStringList{QStringLiteral("sass")} + inputs + QStringList{QStringLiteral("--no-cache"), QStringLiteral("--json")}, env);
        const QString what = QStringLiteral("exit %1 in %2 ms\n%3%4").arg(r.code).arg(r.ms).arg(r.out, r.err);
        QVERIFY2(r.code == 3, qPrintable(what));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("BLOCKED"));
        QVERIFY2(r.err.contains(QStringLiteral("BLOCKED: ") + reason), qPrintable(what));
        // Both sides compile at once, so one time-out covers them.
        QVERIFY2(r.ms < (hang ? kTimeoutS * 1000 + 4000 : 4000), qPrintable(what));
        if (hang)
            QVERIFY2(processGone(pidFile), "the hung tileiras' own child outlived the time-out");
    }

    // A model endpoint, a real process: accepts and never answers, or
    // starts a streamed reply and closes mid-way. The client gives up
    // within the stall time-out with the reason, and never hangs.
    void modelEndpoint_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("reason");
        QTest::newRow("accepts, never answers") << QStringLiteral("silent") << QStringLiteral("stall");
        QTest::newRow("closes mid-reply") << QStringLiteral("cut") << QStringLiteral("end");
    }

    void modelEndpoint()
    {
        QFETCH(QString, mode);
        QFETCH(QString, reason);
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty())
            QSKIP("no python3 to run the endpoint");
        const QString script = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/support/stuck_endpoint.py");
        QProcess server;
        server.start(python, {script, mode});
        QVERIFY(server.waitForStarted());
        QVERIFY(server.waitForReadyRead(10'000));
        const int port = server.readLine().trimmed().toInt();
        QVERIFY(port > 0);

        qputenv("TILEPORT_MODEL_STALL_TIMEOUT", "2");
        qputenv("TILEPORT_MODEL_TIMEOUT", "8");
        llm::ModelClientOptions options = llm::ModelClientOptions::fromEnvironment();
        qunsetenv("TILEPORT_MODEL_STALL_TIMEOUT");
        qunsetenv("TILEPORT_MODEL_TIMEOUT");
        QCOMPARE(options.stallTimeoutMs, 2000);
        QCOMPARE(options.totalTimeoutMs, 8000);
        options.backoffMs = 100;
        const llm::ModelClient client(llm::ModelEndpoint{QStringLiteral("http://127.0.0.1:%1/v1").arg(port), llm::ModelApi::Anthropic,
                                                         QStringLiteral("m"), QStringLiteral("sk-child-faults")},
                                      options);
        QElapsedTimer t;
        t.start();
        const std::atomic_bool cancel{false};
        const llm::ModelReply reply = client.complete(llm::ModelRequest{QStringLiteral("s"), QStringLiteral("u")}, &cancel, {}, {});
        const qint64 ms = t.elapsed();
        server.kill();
        server.waitForFinished();
        const QString what = QStringLiteral("%1 after %2 ms: %3").arg(llm::ModelReply::statusName(reply.status)).arg(ms).arg(reply.error);
        QVERIFY2(!reply.ok(), qPrintable(what));
        // Silence is a stall; a reply cut short one that never reached its end.
        QVERIFY2(mode == QLatin1String("silent") ? reply.status == llm::ModelReply::Status::Stalled
                                                 : reply.status != llm::ModelReply::Status::Cancelled && reply.status != llm::ModelReply::Status::Ok,
                 qPrintable(what));
        QVERIFY2(!reply.error.isEmpty() && reply.error.contains(reason), qPrintable(what));
        QVERIFY2(!reply.error.contains(QStringLiteral("sk-child-faults")), qPrintable(what));
        QVERIFY2(ms <= options.totalTimeoutMs + 2000, qPrintable(what));
        qInfo("%s", qPrintable(what));
    }

private:
    QTemporaryDir m_tmp;
    QProcessEnvironment m_env;
};

QTEST_GUILESS_MAIN(TestChildFaults)
#include "tst_child_faults.moc"
