// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Faults around `tileport batch` (issue 20 §2, §3), with real processes: a
// front-end child that crashes or hangs on one file costs that file's row
// alone; kill -9 at random moments, 20 times, then `--resume` finishes the
// table with every row exactly once; a torn journal line; a journal that is
// not one; hostile inputs (16 MiB, 10,000-deep nesting, a million lines)
// end in bounded time and memory with a diagnostic.
#include "support/BatchTree.h"

#include "BatchJournal.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/resource.h>
#include <sys/wait.h>

using namespace tileport;

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QString err;
    qint64 ms = 0;
};

Run cli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
        int timeoutMs = 120'000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
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

// file:kernel[config] of every row of a --json document.
QStringList rowKeys(const QByteArray &json)
{
    QStringList keys;
    for (const QJsonValue &v : QJsonDocument::fromJson(json).object().value(QLatin1String("rows")).toArray()) {
        const QJsonObject o = v.toObject();
        keys << o.value(QLatin1String("file")).toString() + QLatin1Char(':') + o.value(QLatin1String("kernel")).toString()
                    + QLatin1Char('[') + o.value(QLatin1String("config")).toString() + QLatin1Char(']');
    }
    return keys;
}

// The rows without their times: what must not depend on an interruption.
QList<QJsonObject> rowsWithoutTimes(const QByteArray &json)
{
    QList<QJsonObject> rows;
    for (const QJsonValue &v : QJsonDocument::fromJson(json).object().value(QLatin1String("rows")).toArray()) {
        QJsonObject o = v.toObject();
        o.remove(QLatin1String("time_ms"));
        rows << o;
    }
    return rows;
}

QJsonObject rowOf(const QByteArray &json, const QString &file)
{
    for (const QJsonValue &v : QJsonDocument::fromJson(json).object().value(QLatin1String("rows")).toArray())
        if (v.toObject().value(QLatin1String("file")).toString() == file)
            return v.toObject();
    return {};
}

// (file, slot) of each row record after the file's latest plan: a row
// journaled twice would be a row done twice.
QStringList journaledRows(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {QStringLiteral("(no journal)")};
    QHash<QString, QStringList> perFile;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        const QString file = o.value(QLatin1String("file")).toString();
        if (o.value(QLatin1String("record")).toString() == QLatin1String("file"))
            perFile[file].clear();
        else if (o.value(QLatin1String("record")).toString() == QLatin1String("row"))
            perFile[file] << file + QLatin1Char('#') + QString::number(o.value(QLatin1String("slot")).toInt());
    }
    QStringList all;
    for (const QStringList &l : std::as_const(perFile))
        all << l;
    all.sort();
    return all;
}

qint64 childMaxRssKiB()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_maxrss;
}

} // namespace

class TestBatchFaults : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QProcessEnvironment m_env = QProcessEnvironment::systemEnvironment();

    // A directory of eight real kernel files (examples with sidecars, a
    // malformed file, a non-Python file): enough rows to be interrupted.
    QString makeTree(const QString &name)
    {
        const QString root = m_dir.filePath(name);
        if (!testing::makeBatchTree(root))
            return {};
        const QDir examples(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile"));
        for (const char *base : {"saxpy", "gelu", "rms_norm", "bit_mix"})
            for (const char *ext : {".py", ".tileport.json"})
                QFile::copy(examples.filePath(QString::fromLatin1(base) + QLatin1String(ext)),
                            QDir(root).filePath(QStringLiteral("more/%1%2").arg(QLatin1String(base), QLatin1String(ext))));
        return root;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QDir().mkpath(m_dir.filePath(QStringLiteral("more")));
    }

    // A child that dies on one file: that file's row names the signal and
    // the step; every other file is analyzed and translated as usual.
    void crashingChildCostsOneRow()
    {
        const QString root = m_dir.filePath(QStringLiteral("crash"));
        QVERIFY(testing::makeBatchTree(root));
        QVERIFY(testing::writeBatchFile(QDir(root).filePath(QStringLiteral("boom.py")), "import cuda.tile as ct\n"));
        // A real process in the child's place: it dies by SIGSEGV in the
        // translate step for boom.py and is the real child for the rest.
        const QString fake = m_dir.filePath(QStringLiteral("crash-child"));
        QVERIFY(writeScript(fake, "case \"$3\" in\n"
                                  "  boom.py) echo 'tileport-stage read'; echo 'tileport-stage analyze'; echo 'tileport-stage translate';"
                                  " kill -SEGV $$ ;;\n"
                                  "  *) exec '" TILEPORT_CLI "' \"$@\" ;;\n"
                                  "esac\n"));
        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("TILEPORT_FRONTEND_CHILD"), fake);
        const Run r = cli({QStringLiteral("batch"), root, QStringLiteral("--no-build"), QStringLiteral("--no-capture"),
                           QStringLiteral("--json")},
                          env);
        QCOMPARE(r.code, 0);
        const QJsonObject boom = rowOf(r.out, QStringLiteral("boom.py"));
        QCOMPARE(boom.value(QLatin1String("crash_signal")).toString(), QStringLiteral("SIGSEGV"));
        QCOMPARE(boom.value(QLatin1String("crash_stage")).toString(), QStringLiteral("translate"));
        QCOMPARE(boom.value(QLatin1String("analyzed")).toString(), QStringLiteral("yes"));
        QCOMPARE(boom.value(QLatin1String("translated")).toString(), QStringLiteral("no"));
        QVERIFY2(boom.value(QLatin1String("translate_reason")).toString().contains(QLatin1String("crashed with SIGSEGV in translate")),
                 qPrintable(boom.value(QLatin1String("translate_reason")).toString()));
        const QJsonObject add = rowOf(r.out, QStringLiteral("ops/vector_add.py"));
        QCOMPARE(add.value(QLatin1String("translated")).toString(), QStringLiteral("yes"));
        QVERIFY(!add.contains(QLatin1String("crash_signal")));
        // Every other row is what the real child gives.
        const Run plain = cli({QStringLiteral("batch"), root, QStringLiteral("--no-build"), QStringLiteral("--no-capture"),
                               QStringLiteral("--json")});
        QCOMPARE(plain.code, 0);
        QCOMPARE(rowKeys(r.out), rowKeys(plain.out));
        QList<QJsonObject> withCrash = rowsWithoutTimes(r.out), without = rowsWithoutTimes(plain.out);
        QCOMPARE(withCrash.size(), without.size());
        for (qsizetype i = 0; i < withCrash.size(); ++i)
            if (withCrash[i].value(QLatin1String("file")).toString() != QLatin1String("boom.py"))
                QCOMPARE(withCrash[i], without[i]);
    }

    // A child that hangs is killed at the time-out and is a row too.
    void hangingChildIsRow()
    {
        const QString root = m_dir.filePath(QStringLiteral("hang"));
        QVERIFY(testing::makeBatchTree(root));
        const QString fake = m_dir.filePath(QStringLiteral("hang-child"));
        QVERIFY(writeScript(fake, "case \"$3\" in\n"
                                  "  mixed.py) echo 'tileport-stage read'; echo 'tileport-stage analyze'; exec sleep 60 ;;\n"
                                  "  *) exec '" TILEPORT_CLI "' \"$@\" ;;\n"
                                  "esac\n"));
        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("TILEPORT_FRONTEND_CHILD"), fake);
        const Run r = cli({QStringLiteral("batch"), root, QStringLiteral("--no-build"), QStringLiteral("--no-capture"),
                           QStringLiteral("--json"), QStringLiteral("--timeout"), QStringLiteral("2")},
                          env);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.ms < 20'000, qPrintable(QString::number(r.ms)));
        const QJsonObject mixed = rowOf(r.out, QStringLiteral("mixed.py"));
        QCOMPARE(mixed.value(QLatin1String("crash_signal")).toString(), QStringLiteral("time-out"));
        QCOMPARE(mixed.value(QLatin1String("crash_stage")).toString(), QStringLiteral("analyze"));
        QCOMPARE(mixed.value(QLatin1String("analyzed")).toString(), QStringLiteral("no"));
    }

    // kill -9 at a random moment, 20 times, each followed by --resume: the
    // table equals an uninterrupted run's, every row exactly once, and the
    // journal holds each row once. A fake cargo that fails after a pause
    // makes rows finish one kernel at a time.
    void killDuringBatchThenResume()
    {
        const QString root = makeTree(QStringLiteral("kill"));
        QVERIFY(!root.isEmpty());
        const QString cargo = m_dir.filePath(QStringLiteral("slow-cargo"));
        QVERIFY(writeScript(cargo, "sleep 0.15\necho 'error: this cargo always fails' >&2\nexit 101\n"));
        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("TILEPORT_CARGO"), cargo);
        const auto batch = [&](const QString &work) {
            return QStringList{QStringLiteral("batch"), root, QStringLiteral("--no-capture"), QStringLiteral("--json"),
                               QStringLiteral("--out"), work};
        };
        const QString fullWork = m_dir.filePath(QStringLiteral("kill-full"));
        const Run full = cli(batch(fullWork), env);
        QCOMPARE(full.code, 0);
        const QList<QJsonObject> expected = rowsWithoutTimes(full.out);
        QVERIFY(expected.size() >= 10);
        const QStringList keys = rowKeys(full.out);
        QCOMPARE(QSet<QString>(keys.cbegin(), keys.cend()).size(), expected.size());

        int killedMidway = 0;
        for (int i = 0; i < 20; ++i) {
            const QString work = m_dir.filePath(QStringLiteral("kill-%1").arg(i));
            QProcess p;
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(TILEPORT_CLI), batch(work));
            QVERIFY(p.waitForStarted());
            const int at = QRandomGenerator::global()->bounded(int(full.ms) + 1);
            QThread::msleep(at);
            const bool running = p.state() == QProcess::Running;
            ::kill(pid_t(p.processId()), SIGKILL);
            p.waitForFinished();
            if (!running)
                continue; // it had finished: nothing to resume
            const BatchJournal::Contents before = BatchJournal::read(BatchJournal::pathIn(work));
            int journaledBefore = 0;
            for (const auto &rows : before.rows)
                journaledBefore += int(rows.size());
            if (journaledBefore > 0 && journaledBefore < expected.size())
                ++killedMidway;
            if (!before.error.isEmpty())
                continue; // killed before the journal's first line: a new run is the only way on
            const Run resumed = cli({QStringLiteral("batch"), QStringLiteral("--resume"), work, QStringLiteral("--json")}, env);
            QVERIFY2(resumed.code == 0, qPrintable(resumed.err));
            QCOMPARE(rowsWithoutTimes(resumed.out), expected);
            const QStringList journaled = journaledRows(BatchJournal::pathIn(work));
            QCOMPARE(QSet<QString>(journaled.cbegin(), journaled.cend()).size(), journaled.size());
            QCOMPARE(journaled.size(), expected.size());
            if (journaledBefore > 0)
                QVERIFY2(resumed.err.contains(QStringLiteral("%1 row(s) taken from").arg(journaledBefore)), qPrintable(resumed.err));
        }
        qInfo("%d of 20 kills landed while rows were being written", killedMidway);
    }

    // A line cut by the kill is dropped, and the resumed run appends after
    // the last whole line.
    void tornJournalLine()
    {
        const QString root = m_dir.filePath(QStringLiteral("torn"));
        QVERIFY(testing::makeBatchTree(root));
        const QString work = m_dir.filePath(QStringLiteral("torn-work"));
        const QStringList args{QStringLiteral("batch"), root, QStringLiteral("--no-build"), QStringLiteral("--no-capture"),
                               QStringLiteral("--json"), QStringLiteral("--out"), work};
        const Run full = cli(args);
        QCOMPARE(full.code, 0);
        QFile j(BatchJournal::pathIn(work));
        QVERIFY(j.open(QIODevice::ReadWrite));
        const QByteArray all = j.readAll();
        // Cut the last two lines: one whole, half of the one before.
        const qsizetype last = all.lastIndexOf('\n', all.size() - 2);
        const qsizetype prev = all.lastIndexOf('\n', last - 1);
        QVERIFY(prev > 0);
        QVERIFY(j.resize(prev + 1 + (last - prev) / 2));
        j.close();
        const Run resumed = cli({QStringLiteral("batch"), QStringLiteral("--resume"), work, QStringLiteral("--json")});
        QCOMPARE(resumed.code, 0);
        QCOMPARE(rowsWithoutTimes(resumed.out), rowsWithoutTimes(full.out));
        const BatchJournal::Contents after = BatchJournal::read(BatchJournal::pathIn(work));
        QCOMPARE(after.error, QString());
        QCOMPARE(after.torn, 0);
    }

    void resumeNeedsAJournal()
    {
        QTemporaryDir empty;
        const Run none = cli({QStringLiteral("batch"), QStringLiteral("--resume"), empty.path()});
        QCOMPARE(none.code, 3);
        QVERIFY2(none.err.contains(QLatin1String("no batch journal")), qPrintable(none.err));
        testing::writeBatchFile(BatchJournal::pathIn(empty.path()), "{\"not\": \"a journal\"}\n");
        const QByteArray before = QFile(BatchJournal::pathIn(empty.path())).exists() ? QByteArray("x") : QByteArray();
        const Run foreign = cli({QStringLiteral("batch"), QStringLiteral("--resume"), empty.path()});
        QCOMPARE(foreign.code, 3);
        QVERIFY2(foreign.err.contains(QLatin1String("batch-rows.jsonl:1:1: not a tileport-batch-journal/1 journal")),
                 qPrintable(foreign.err));
        QFile f(BatchJournal::pathIn(empty.path()));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("{\"not\": \"a journal\"}\n")); // not overwritten
        QVERIFY(!before.isEmpty());
    }

    // Hostile inputs end in bounded time and memory with a diagnostic that
    // names the file, whether by analyze, translate or batch.
    void resourceBounds_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("analyzed");   // in analyze's output
        QTest::addColumn<QString>("translated"); // in translate's output
        QTest::addColumn<QString>("row");        // in the batch row
        const QByteArray kernel("@ct.kernel\ndef k(a, b, TILE: ct.Constant[int]):\n"
                                "    ct.store(b, index=(ct.bid(0),), tile=ct.load(a, index=(ct.bid(0),), shape=(TILE,)))\n");
        QByteArray big("import cuda.tile as ct\n");
        while (big.size() <= 16 * 1024 * 1024)
            big += "# padding padding padding padding padding padding padding padding padding padding\n";
        big += kernel;
        QTest::newRow("16MiB") << big << QStringLiteral("hostile.py: 16777359 bytes is larger than the 16777216-byte limit")
                               << QStringLiteral("hostile.py: larger than the 16777216-byte limit")
                               << QStringLiteral("larger than 16777216 bytes");
        QByteArray deep("import cuda.tile as ct\n\n@ct.kernel\ndef k(a):\n    x = ");
        deep += QByteArray(10'000, '(') + "1" + QByteArray(10'000, ')') + "\n";
        QTest::newRow("nesting10000") << deep << QStringLiteral("hostile.py:5:158: deep nesting")
                                      << QStringLiteral("hostile.py:5:158: error: deep nesting") << QStringLiteral("deep nesting");
        // A million lines, every tenth a module constant of its own name: a
        // list lookup per constant made 100,000 of them take minutes.
        QByteArray lines("import cuda.tile as ct\n");
        lines.reserve(12 * 1'000'000 + 200);
        for (int i = 0; i < 1'000'000; ++i)
            lines += i % 10 ? QByteArray("# ...\n") : "c" + QByteArray::number(i) + " = 1\n";
        lines += kernel;
        QTest::newRow("lines1M") << lines << QStringLiteral("kernel k at 1000003:5") << QStringLiteral("k")
                                 << QStringLiteral("\"translated\": \"yes\"");
    }

    void resourceBounds()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, analyzed);
        QFETCH(QString, translated);
        QFETCH(QString, row);
        const QString dir = m_dir.filePath(QStringLiteral("bounds-%1").arg(QString::fromLatin1(QTest::currentDataTag())));
        const QString file = QDir(dir).filePath(QStringLiteral("hostile.py"));
        QVERIFY(testing::writeBatchFile(file, bytes));
        for (const QString &cmd : {QStringLiteral("analyze"), QStringLiteral("translate")}) {
            QStringList args{cmd, file};
            if (cmd == QLatin1String("translate"))
                args << QStringLiteral("-o") << QDir(dir).filePath(QStringLiteral("crate"));
            const Run r = cli(args, m_env, 60'000);
            // An exit code of its own (a crash reads as -1): 0, or 1-3 with a diagnostic.
            QVERIFY2(r.code >= 0 && r.code < 4, qPrintable(QStringLiteral("%1: exit %2: %3").arg(cmd).arg(r.code).arg(r.err)));
            QVERIFY2(r.ms < 30'000, qPrintable(QStringLiteral("%1: %2 ms").arg(cmd).arg(r.ms)));
            const QString all = r.err + QString::fromUtf8(r.out);
            QVERIFY2(all.contains(cmd == QLatin1String("analyze") ? analyzed : translated),
                     qPrintable(QStringLiteral("%1: %2").arg(cmd, all.left(600))));
            qInfo("%s: exit %d in %lld ms", qPrintable(cmd), r.code, r.ms);
        }
        const Run b = cli({QStringLiteral("batch"), dir, QStringLiteral("--no-build"), QStringLiteral("--no-capture"), QStringLiteral("--json")},
                          m_env, 60'000);
        QCOMPARE(b.code, 0);
        const QByteArray json = QJsonDocument(rowOf(b.out, QStringLiteral("hostile.py"))).toJson();
        QVERIFY2(!json.contains("crash_signal") && json.contains(row.toUtf8()), json.constData());
        // Every child so far (analyze, translate, batch and its children).
        QVERIFY2(childMaxRssKiB() < 2 * 1024 * 1024, qPrintable(QString::number(childMaxRssKiB())));
    }
};

QTEST_GUILESS_MAIN(TestBatchFaults)
#include "tst_batch_faults.moc"
