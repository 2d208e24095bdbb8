// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// A damaged session directory (issue 20 §3): session.json truncated, a
// finished stage's report missing, a foreign file in place of a report or
// among the runs, a file the user put there. The loader (Session::open)
// and the real CLI (`status`, `report`, `rerun`, `port`) say what is wrong
// in one line naming the file, and nothing in the directory changes: every
// file's hash is the same before and after.
#include "Session.h"
#include "StageReport.h"
#include "support/TestFiles.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

struct Ran {
    int code = -1;
    QString out, err;
};

Ran cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!p.waitForFinished(120'000))
        p.kill(), p.waitForFinished();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// Every file under `dir` (relative path -> sha256), and every directory.
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(dir).relativeFilePath(path);
        files.insert(rel, it.fileInfo().isDir() ? QByteArray("dir")
                                                : QCryptographicHash::hash(testing::readBytes(path), QCryptographicHash::Sha256).toHex());
    }
    return files;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// A session of a real kernel file with one run, A and B finished with
// their reports written as the orchestrator writes them, C left running
// by a process that is gone.
QString makeSession(const QString &dir, const QString &kernel)
{
    QString error;
    auto s = Session::create(dir, QJsonObject{{QStringLiteral("source"), kernel}, {QStringLiteral("kernel"), QStringLiteral("vector_add")},
                                              {QStringLiteral("gpu"), QStringLiteral("local")}},
                             &error);
    if (!s || s->beginRun(&error) != 1)
        return error;
    for (const char *stage : {"A", "B"}) {
        const QChar id = QLatin1Char(stage[0]);
        if (!s->startStage(1, id, &error))
            return error;
        StageReport r;
        r.stage = id;
        r.verdict = id == QLatin1Char('A') ? Verdict::Pass : Verdict::Compiled;
        r.reason = QStringLiteral("made by the test");
        const QString file = r.write(s->areaDirectory(1, Session::Area::Reports), &error);
        if (file.isEmpty() || !s->finishStage(1, id, r.verdictText(), QStringLiteral("reports/") + file, &error))
            return error;
    }
    if (!s->startStage(1, QLatin1Char('C'), &error))
        return error;
    // The process "dies" running C: its record names a process that no longer runs.
    QFile f(QDir(dir).filePath(QStringLiteral("session.json")));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read session.json");
    QByteArray json = f.readAll();
    f.close();
    const qsizetype at = json.indexOf("\"pid\"");
    if (at < 0)
        return QStringLiteral("no pid in the running record");
    const qsizetype end = json.indexOf(',', at);
    json.replace(at, end - at, "\"pid\": 999999999");
    return writeFile(f.fileName(), json) ? QString() : QStringLiteral("cannot write session.json");
}

} // namespace

class TestSessionDamage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_kernel = testing::copyExample(QStringLiteral("vector_add"), m_tmp.path(), QStringLiteral("damage_probe"));
        QVERIFY(!m_kernel.isEmpty());
    }

    // The undamaged session: the control. status marks C interrupted without
    // writing; the loader saves that marking.
    void intactSessionOpens()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("intact"));
        const QString made = makeSession(dir, m_kernel);
        QVERIFY2(made.isEmpty(), qPrintable(made));
        const auto before = snapshot(dir);
        const Ran st = cli({QStringLiteral("status"), dir});
        QVERIFY2(st.code == 0, qPrintable(st.err));
        QVERIFY2(st.out.contains(QStringLiteral("interrupted")) && !st.err.contains(QStringLiteral("damaged")), qPrintable(st.out + st.err));
        QCOMPARE(snapshot(dir), before);
        QString error;
        auto s = Session::open(dir, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->problems().isEmpty());
        QCOMPARE(s->latest(1, QLatin1Char('C'))->state, StageRecord::State::Interrupted);
        QVERIFY(testing::readText(QDir(dir).filePath(QStringLiteral("session.json"))).contains(QStringLiteral("interrupted")));
    }

    void damagedSessionIsReadNeverWritten_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("loader");  // in Session::open's error or problems
        QTest::addColumn<bool>("opens");      // the loader reads it (with problems) or refuses it
        QTest::newRow("truncated session.json") << QStringLiteral("truncate") << QStringLiteral("truncated or damaged") << false;
        QTest::newRow("session.json not a session") << QStringLiteral("foreign-json") << QStringLiteral("not a TilePort session file")
                                                    << false;
        QTest::newRow("missing report") << QStringLiteral("missing-report")
                                        << QStringLiteral("runs/001/reports/stage_B.json: missing (the report of stage B, attempt 1, COMPILED)")
                                        << true;
        QTest::newRow("missing run directory") << QStringLiteral("missing-run") << QStringLiteral("runs/001: missing") << true;
        QTest::newRow("foreign file as a report") << QStringLiteral("foreign-report")
                                                  << QStringLiteral("runs/001/reports/stage_A.json: not a report of stage A") << true;
        QTest::newRow("foreign file among the runs") << QStringLiteral("foreign-run")
                                                     << QStringLiteral("runs/notes.txt: not a run session.json lists") << true;
    }

    void damagedSessionIsReadNeverWritten()
    {
        QFETCH(QString, damage);
        QFETCH(QString, loader);
        QFETCH(bool, opens);
        const QString dir = m_tmp.filePath(QStringLiteral("damaged-") + damage);
        const QString made = makeSession(dir, m_kernel);
        QVERIFY2(made.isEmpty(), qPrintable(made));
        const QDir d(dir);
        const QString sessionJson = d.filePath(QStringLiteral("session.json"));
        if (damage == QLatin1String("truncate")) {
            const QByteArray whole = testing::readBytes(sessionJson);
            QVERIFY(writeFile(sessionJson, whole.left(whole.size() / 2)));
        } else if (damage == QLatin1String("foreign-json")) {
            QVERIFY(writeFile(sessionJson, "{\"name\": \"some other tool's settings\"}\n"));
        } else if (damage == QLatin1String("missing-report")) {
            QVERIFY(QFile::remove(d.filePath(QStringLiteral("runs/001/reports/stage_B.json"))));
        } else if (damage == QLatin1String("missing-run")) {
            QVERIFY(QDir(d.filePath(QStringLiteral("runs/001"))).removeRecursively());
        } else if (damage == QLatin1String("foreign-report")) {
            QVERIFY(writeFile(d.filePath(QStringLiteral("runs/001/reports/stage_A.json")), "[1, 2, 3]\n"));
        } else if (damage == QLatin1String("foreign-run")) {
            QVERIFY(writeFile(d.filePath(QStringLiteral("runs/notes.txt")), "my notes\n"));
        }
        // A file of the user's beside session.json: named, never a problem.
        QVERIFY(writeFile(d.filePath(QStringLiteral("README.txt")), "what this port is for\n"));
        const auto before = snapshot(dir);

        // The loader, as the IDE and every command use it.
        for (const Session::Access access : {Session::Access::ReadOnly, Session::Access::ReadWrite}) {
            QString error;
            auto s = Session::open(dir, &error, access);
            QCOMPARE(bool(s), opens);
            const QString said = s ? s->problems().join(QLatin1Char('\n')) : error;
            QVERIFY2(said.contains(loader), qPrintable(said));
            if (s) {
                QCOMPARE(s->foreignEntries(), QStringList{QStringLiteral("README.txt")});
                // Writes are refused, the problem named.
                QVERIFY(!s->beginRun(&error));
                QVERIFY2(error.contains(loader) && error.contains(QStringLiteral("nothing was changed")), qPrintable(error));
                QVERIFY(!s->startStage(1, QLatin1Char('C'), &error));
            }
            QCOMPARE(snapshot(dir), before);
        }

        // The CLI: each command says it in a line naming the file, exit 3.
        const QList<QStringList> commands{{QStringLiteral("status"), dir},
                                          {QStringLiteral("status"), dir, QStringLiteral("--json")},
                                          {QStringLiteral("report"), dir},
                                          {QStringLiteral("rerun"), dir, QStringLiteral("--stage"), QStringLiteral("C")},
                                          {QStringLiteral("port"), m_kernel, QStringLiteral("--stages"), QStringLiteral("A-C"),
                                           QStringLiteral("--session"), dir}};
        for (const QStringList &args : commands) {
            const Ran r = cli(args);
            const QString what = args.join(QLatin1Char(' ')) + QStringLiteral(": exit %1\n").arg(r.code) + r.out + r.err;
            if (args.first() == QLatin1String("report") && opens)
                QCOMPARE(r.code, 0); // the reports that are there, with the problems on stderr
            else
                QVERIFY2(r.code == 3, qPrintable(what));
            QVERIFY2(r.err.contains(loader), qPrintable(what));
            QVERIFY2(!r.err.contains(QStringLiteral("README.txt")) || r.err.contains(QStringLiteral("left alone")), qPrintable(what));
            if (args.first() == QLatin1String("rerun") || args.first() == QLatin1String("port"))
                QVERIFY2(!opens || r.err.contains(QStringLiteral("nothing was changed")), qPrintable(what));
            QCOMPARE(snapshot(dir), before);
        }
    }

private:
    QTemporaryDir m_tmp;
    QString m_kernel;
};

QTEST_GUILESS_MAIN(TestSessionDamage)
#include "tst_session_damage.moc"
