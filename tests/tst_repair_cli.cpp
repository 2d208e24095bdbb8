// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport repair` end to end: the real binary on a real session (stages
// A-C of a copy of examples/cutile/vector_add.py, built with cargo), against a model
// server on loopback started here. The generated kernel is broken by hand,
// then: an unreachable endpoint (exit 4), a reply asking for a shell
// command and one writing outside the session (exit 3, nothing written),
// the routing cap, and a correct diff that the validators accept (exit 0).
// Then a kernel the translator refuses: stage B writes the crate without
// it, the device-kernel agent writes the entry and declares it in
// tileport-crate.json, and the crate as written builds and compiles.
#include "LoopbackModelServer.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

using ::tileport::testing::copyExample;
using ::tileport::testing::readText;

const QString kKey = QStringLiteral("sk-repair-cli-secret-42");
const QString kLib = QStringLiteral("runs/001/generated/crate/src/lib.rs");

struct Ran {
    int exitCode = -1;
    QString out, err;
};

// Runs the CLI without blocking this thread's event loop, which serves
// the loopback model server.
Ran runCli(const QStringList &args, int timeoutMs = 600'000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TILEPORT_API_KEY"), kKey);
    p.setProcessEnvironment(env);
    QSignalSpy done(&p, &QProcess::finished);
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!done.wait(timeoutMs))
        p.kill(), p.waitForFinished();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString verdictOf(const QString &json)
{
    return QJsonDocument::fromJson(readText(json).toUtf8()).object().value(QStringLiteral("verdict")).toString();
}

} // namespace

class TestRepairCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void repairsABrokenKernel()
    {
        QTemporaryDir tmp;
        const QString session = tmp.filePath(QStringLiteral("session"));
        // A copy under a name of its own: another session's vector_add
        // crate of the same name would share this one's build fingerprint.
        const QString kernel = copyExample(QStringLiteral("vector_add"), tmp.path(), QStringLiteral("repair_cli_probe"));
        QVERIFY(!kernel.isEmpty());
        const Ran port = runCli({QStringLiteral("port"), kernel,
                                   QStringLiteral("--stages"), QStringLiteral("A-C"), QStringLiteral("--session"), session});
        if (port.exitCode != 0 && port.out.contains(QStringLiteral("BLOCKED")))
            QSKIP("the toolchains are not set up (stage A or B is BLOCKED); run scripts/setup");
        QVERIFY2(port.exitCode == 0, qPrintable(port.out + port.err));

        // Break the generated kernel so that it no longer builds.
        const QString lib = QDir(session).filePath(kLib);
        const QString original = readText(lib);
        const QString good = QStringLiteral("        let t0_: Tile<E, { [TILE] }> = lhs + rhs;");
        const QString bad = QStringLiteral("        let t0_: Tile<E, { [TILE] }> = lhs +* rhs;");
        QVERIFY2(original.contains(good + QLatin1Char('\n')), qPrintable(original));
        {
            QFile f(lib);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QString(original).replace(good, bad).toUtf8());
        }

        LoopbackModelServer server;
        QVERIFY(server.start());
        const QStringList common{QStringLiteral("--endpoint"), server.baseUrl(), QStringLiteral("--api"), QStringLiteral("anthropic"),
                                 QStringLiteral("--model"), QStringLiteral("test-model")};

        // 1. Nothing listens: exit 4 with the reason.
        quint16 closed = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            closed = probe.serverPort();
        }
        Ran r = runCli(QStringList{QStringLiteral("repair"), session, QStringLiteral("--stage"), QStringLiteral("B"), QStringLiteral("--model"),
                                     QStringLiteral("m"), QStringLiteral("--endpoint"), QStringLiteral("http://127.0.0.1:%1/v1").arg(closed)});
        QCOMPARE(r.exitCode, 4);
        QVERIFY2(r.out.contains(QStringLiteral("UNREACHABLE")) && r.out.contains(QString::number(closed)), qPrintable(r.out));

        // 2. A reply asking for a shell command: rejected, nothing run or written.
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("Run:\n```bash\ntouch %1\n```\n").arg(tmp.filePath(QStringLiteral("ran")))));
        r = runCli(QStringList{QStringLiteral("repair"), session, QStringLiteral("--stage"), QStringLiteral("B")} + common);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains(QStringLiteral("shell command")), qPrintable(r.out));
        QVERIFY(!QFile::exists(tmp.filePath(QStringLiteral("ran"))));
        QVERIFY(server.requests().last().body.contains("lhs +* rhs"));  // the prompt carried the current kernel
        QVERIFY(server.requests().last().body.contains("cargo build")); // and the build's findings

        // 3. A reply writing outside the session: rejected.
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("```file:runs/001/../../../outside.rs\nfn x() {}\n```\n")));
        r = runCli(QStringList{QStringLiteral("repair"), session, QStringLiteral("--stage"), QStringLiteral("B")} + common);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains(QStringLiteral("contains '..'")), qPrintable(r.out));
        QVERIFY(!QFile::exists(tmp.filePath(QStringLiteral("outside.rs"))));

        // 4. B's cap of 2 answered attempts is reached: the model is not asked.
        const qsizetype asked = server.requests().size();
        r = runCli(QStringList{QStringLiteral("repair"), session, QStringLiteral("--stage"), QStringLiteral("B")} + common);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains(QStringLiteral("cap of 2")), qPrintable(r.out));
        QCOMPARE(server.requests().size(), asked);

        // 5. The IR-diff agent answers with the right diff: applied, and B
        // and C pass again.
        const QStringList lines = readText(lib).split(QLatin1Char('\n'));
        const int at = int(lines.indexOf(bad));
        QVERIFY(at > 0);
        const QString diff = QStringLiteral("The operator is garbled.\n```diff\n--- a/%1\n+++ b/%1\n@@ -%2,3 +%2,3 @@\n %3\n-%4\n+%5\n %6\n```\n")
                                 .arg(kLib)
                                 .arg(at)
                                 .arg(lines[at - 1], bad, good, lines[at + 1]);
        server.enqueue(LoopbackModelServer::answer(diff, 5));
        r = runCli(QStringList{QStringLiteral("repair"), session, QStringLiteral("--stage"), QStringLiteral("C")} + common);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err + readText(QDir(session).filePath(QStringLiteral("runs/001/reports/stage_B.md")))
                                             + readText(QDir(session).filePath(QStringLiteral("runs/001/events.jsonl"))).right(3000)));
        QVERIFY(r.out.contains(QStringLiteral("# proposed hunks")));
        QVERIFY(r.out.contains(QStringLiteral("+") + good));
        QVERIFY(r.out.contains(QStringLiteral("validators: stage B COMPILED")));
        QVERIFY2(r.out.contains(QStringLiteral("validators: stage C PASS")), qPrintable(r.out));
        QVERIFY(r.err.contains(QStringLiteral("The operator is garbled.")));  // streamed tokens
        QCOMPARE(readText(lib), original);

        // What the session recorded, and that the key is nowhere in it.
        const QDir reports(QDir(session).filePath(QStringLiteral("runs/001/reports")));
        QCOMPARE(verdictOf(reports.filePath(QStringLiteral("repair_B.attempt1.json"))), QStringLiteral("UNREACHABLE"));
        QCOMPARE(verdictOf(reports.filePath(QStringLiteral("repair_B.attempt2.json"))), QStringLiteral("REJECTED"));
        QCOMPARE(verdictOf(reports.filePath(QStringLiteral("repair_B.attempt3.json"))), QStringLiteral("REJECTED"));
        QCOMPARE(verdictOf(reports.filePath(QStringLiteral("repair_C.attempt1.json"))), QStringLiteral("VALIDATED"));
        QVERIFY(readText(reports.filePath(QStringLiteral("repair_C.attempt1.patch"))).contains(QStringLiteral("-") + bad));
        for (const QString &f : reports.entryList(QDir::Files))
            QVERIFY2(!readText(reports.filePath(f)).contains(kKey), qPrintable(f));
        QVERIFY(!readText(QDir(session).filePath(QStringLiteral("runs/001/events.jsonl"))).contains(kKey));
        for (const auto &req : server.requests())
            QCOMPARE(req.headers.value("x-api-key"), kKey.toUtf8()); // the key was sent, only in its header
        // 6. A host repair is judged as written: stage D keeps the patched
        // ffi.rs and builds it. Without a GPU runner D ends BLOCKED (env),
        // so the patch is taken back with that reason (on a GPU machine the
        // same gate can validate it).
        const Ran d = runCli({QStringLiteral("rerun"), session, QStringLiteral("--stage"), QStringLiteral("D")});
        const QString ffi = QDir(session).filePath(QStringLiteral("runs/001/generated/crate/src/ffi.rs"));
        const QString ffiBefore = readText(ffi);
        QVERIFY2(ffiBefore.contains(QStringLiteral("extern \"C\"")), qPrintable(d.out + d.err));
        const bool gpu = d.out.contains(QStringLiteral("ALL_PASS"));
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("```file:runs/001/generated/crate/src/ffi.rs\n%1// checked by the host agent\n```\n").arg(ffiBefore)));
        r = runCli(QStringList{QStringLiteral("repair"), session, QStringLiteral("--stage"), QStringLiteral("D")} + common);
        const QJsonObject host = QJsonDocument::fromJson(readText(reports.filePath(QStringLiteral("repair_D.attempt1.json"))).toUtf8()).object();
        if (gpu) {
            QCOMPARE(r.exitCode, 0);
        } else {
            QCOMPARE(r.exitCode, 3);
            QVERIFY2(r.out.contains(QStringLiteral("stage D says BLOCKED (env)")), qPrintable(r.out));
            QVERIFY2(!r.out.contains(QStringLiteral("anew")), qPrintable(r.out));
            QCOMPARE(readText(ffi), ffiBefore); // taken back
        }
        // The library was built from the patched file: D's validators ran on it.
        const QString stageD = readText(QDir(session).filePath(QStringLiteral("runs/001/reports/stage_D.json")));
        QVERIFY2(stageD.contains(QStringLiteral("kept as edited")), qPrintable(stageD));
        QCOMPARE(host.value(QStringLiteral("gate")).toArray().first().toObject().value(QStringLiteral("stage")).toString(), QStringLiteral("D"));
    }

    void repairsARefusedKernel()
    {
        QTemporaryDir tmp;
        // `ct.cumprod` is cuTile Python the translator does not lower.
        const QString source = readText(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"));
        QVERIFY(source.contains(QStringLiteral("tile=lhs + rhs")));
        QVERIFY(QDir(tmp.path()).mkpath(QStringLiteral("twin")));
        const QString kernel = tmp.filePath(QStringLiteral("repair_refused_probe.py"));
        const QString twin = tmp.filePath(QStringLiteral("twin/repair_refused_probe.py"));
        for (const auto &[path, text] : {std::pair{kernel, QString(source).replace(QStringLiteral("tile=lhs + rhs"), QStringLiteral("tile=ct.cumprod(lhs, 0) + rhs"))},
                                         std::pair{twin, QString(source).replace(QStringLiteral("tile=lhs + rhs"), QStringLiteral("tile=lhs * lhs + rhs"))}}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.toUtf8());
        }
        QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.tileport.json"),
                            tmp.filePath(QStringLiteral("repair_refused_probe.tileport.json"))));

        const QString session = tmp.filePath(QStringLiteral("session"));
        const Ran port = runCli({QStringLiteral("port"), kernel, QStringLiteral("--stages"), QStringLiteral("B"),
                                   QStringLiteral("--session"), session});
        if (port.out.contains(QStringLiteral("BLOCKED")))
            QSKIP("the toolchains are not set up (stage B is BLOCKED); run scripts/setup");
        QVERIFY2(port.out.contains(QStringLiteral("FAIL_FIXABLE")), qPrintable(port.out + port.err));
        const QDir run(QDir(session).filePath(QStringLiteral("runs/001")));
        const QString report = readText(run.filePath(QStringLiteral("reports/stage_B.md")));
        QVERIFY2(report.contains(QStringLiteral("ct.cumprod")) && report.contains(QStringLiteral("written without kernel vector_add")),
                 qPrintable(report));
        for (const char *f : {"generated/crate/Cargo.toml", "generated/crate/Cargo.lock", "generated/crate/src/bin/ir-harness.rs"})
            QVERIFY2(QFile::exists(run.filePath(QLatin1String(f))), f);
        const QString manifestPath = run.filePath(QStringLiteral("generated/crate/tileport-crate.json"));
        QJsonObject manifest = QJsonDocument::fromJson(readText(manifestPath).toUtf8()).object();
        QVERIFY(manifest.value(QStringLiteral("entries")).toArray().isEmpty());

        // What a model would write: the entry (here, the translation of the
        // same kernel with `lhs * lhs`, whose module has the same name) and
        // its signature in the manifest.
        const Ran t = runCli({QStringLiteral("translate"), twin, QStringLiteral("-o"), tmp.filePath(QStringLiteral("twin/crate"))});
        QVERIFY2(t.exitCode == 0, qPrintable(t.err));
        const QString lib = readText(tmp.filePath(QStringLiteral("twin/crate/src/lib.rs")));
        const QJsonObject twinManifest = QJsonDocument::fromJson(readText(tmp.filePath(QStringLiteral("twin/crate/tileport-crate.json"))).toUtf8()).object();
        manifest.insert(QStringLiteral("entries"), twinManifest.value(QStringLiteral("entries")));
        const QString answer = QStringLiteral("The translator does not lower `**`; squaring is a product.\n"
                                              "```file:runs/001/generated/crate/src/lib.rs\n%1```\n"
                                              "```file:runs/001/generated/crate/tileport-crate.json\n%2```\n")
                                   .arg(lib, QString::fromUtf8(QJsonDocument(manifest).toJson()));
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.enqueue(LoopbackModelServer::answer(answer));
        const Ran r = runCli({QStringLiteral("repair"), session, QStringLiteral("--stage"), QStringLiteral("B"), QStringLiteral("--endpoint"),
                                server.baseUrl(), QStringLiteral("--api"), QStringLiteral("openai"), QStringLiteral("--model"), QStringLiteral("m")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err + readText(run.filePath(QStringLiteral("reports/stage_B.md")))));
        QVERIFY(r.out.contains(QStringLiteral("validators: stage B COMPILED")));
        QVERIFY(server.requests().last().body.contains("ct.cumprod")); // the prompt carried the refusal
        QVERIFY(server.requests().last().body.contains("tileport-crate.json"));
        QVERIFY(QFile::exists(run.filePath(QStringLiteral("generated/vector_add.f32_t1024.tileirbc"))));
        QCOMPARE(verdictOf(run.filePath(QStringLiteral("reports/repair_B.attempt1.json"))), QStringLiteral("VALIDATED"));
    }
};

QTEST_GUILESS_MAIN(TestRepairCli)
#include "tst_repair_cli.moc"
