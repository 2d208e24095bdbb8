// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The repair agents' side that needs no compiler: the output contract,
// bounded prompts from session files, and RepairRunner's refusals (a
// write outside the session, a request to run a command, a path outside
// the agent's list, the routing caps, an unreachable endpoint) against a
// loopback model server, with what each attempt records in the session.
#include "ApiKey.h"
#include "JobRunner.h"
#include "LoopbackModelServer.h"
#include "RepairAgent.h"
#include "RepairRunner.h"
#include "Session.h"
#include "StageReport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;
using namespace tileport::llm;

namespace {

const QString kLib = QStringLiteral("runs/001/generated/crate/src/lib.rs");
const QString kLibText = QStringLiteral("pub fn add() {\n    let c = a + b;\n}\n");

void writeText(const QString &path, const QString &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
}

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QStringLiteral("<missing>");
}

// A session whose run 1 has stage C at FAIL_FIXABLE and a generated crate.
std::optional<Session> makeSession(const QString &dir, const QString &libText = kLibText)
{
    const QString source = QDir(dir).filePath(QStringLiteral("../kernel.py"));
    writeText(source, QStringLiteral("import cuda.tile as ct\n@ct.kernel\ndef add(a, b, c):\n    pass\n"));
    QString error;
    auto s = Session::create(dir, QJsonObject{{QStringLiteral("source"), QFileInfo(source).canonicalFilePath()},
                                              {QStringLiteral("kernel"), QStringLiteral("add")}},
                             &error);
    if (!s || s->beginRun(&error) != 1 || !s->startStage(1, QLatin1Char('C'), &error)
        || !s->finishStage(1, QLatin1Char('C'), QStringLiteral("FAIL_FIXABLE"), QStringLiteral("reports/stage_C.json"), &error))
        return std::nullopt;
    writeText(QDir(dir).filePath(kLib), libText);
    writeText(QDir(dir).filePath(QStringLiteral("runs/001/reports/stage_C.md")), QStringLiteral("VERDICT: FAIL_FIXABLE\nowner: kernel\n"));
    return s;
}

RepairOutcome runRepair(Session &session, QChar stage, const QString &url)
{
    JobRunner runner;
    QSignalSpy finished(&runner, &JobRunner::finished);
    ModelClientOptions o;
    o.connectTimeoutMs = 2000;
    o.stallTimeoutMs = 3000;
    o.maxRetries = 0;
    RepairRunner repair(session, stage, ModelClient(ModelEndpoint{url, ModelApi::OpenAi, QStringLiteral("m"), QStringLiteral("sk-agents-test-key")}, o),
                        Toolchains{});
    auto out = std::make_shared<RepairOutcome>();
    runner.submit(QStringLiteral("repair"), [&, out](JobContext &ctx) {
        *out = repair.run(ctx);
        return QVariant();
    });
    finished.wait(30'000);
    runner.waitForIdle(5000);
    return *out;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace

class TestLlmAgents : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void contractAcceptsDiffsAndWholeFiles()
    {
        const QString reply = QStringLiteral("The sum should be a product.\n\n```diff\n--- a/%1\n+++ b/%1\n@@ -1,3 +1,3 @@\n pub fn add() {\n-    let c = a + b;\n+    let c = a * b;\n }\n```\n"
                                             "And a new helper:\n```file:runs/001/generated/crate/src/extra.rs\npub fn x() {}\n```\n")
                                  .arg(kLib);
        const ReplyContract::Result r = ReplyContract::parse(reply);
        QVERIFY2(r.ok, qPrintable(r.reason));
        QCOMPARE(r.patches.files.size(), 2);
        QCOMPARE(r.patches.files[0].path(), kLib);
        QCOMPARE(r.patches.files[0].hunks.size(), 1);
        QVERIFY(r.patches.files[1].wholeFile);
        QCOMPARE(r.patches.files[1].newText, QStringLiteral("pub fn x() {}\n"));
    }

    void contractRejects_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<QString>("reason");
        QTest::newRow("bash block") << "Run this:\n```bash\ncargo build\n```\n" << "asks to run a shell command";
        QTest::newRow("dollar line") << "First:\n$ rm -rf target\nthen it builds" << "line 2 asks to run a command";
        QTest::newRow("untagged") << "```\nfn x() {}\n```\n" << "(untagged) block is not part of the contract";
        QTest::newRow("rust without path") << "```rust\nfn x() {}\n```\n" << "```rust block is not part";
        QTest::newRow("unterminated") << "```diff\n--- a/x\n+++ b/x\n" << "never closed";
        QTest::newRow("prose only") << "I think the kernel is fine." << "holds no ```diff";
        QTest::newRow("malformed diff") << "```diff\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n```\n" << "is malformed: line 3";
    }
    void contractRejects()
    {
        QFETCH(QString, reply);
        QFETCH(QString, reason);
        const ReplyContract::Result r = ReplyContract::parse(reply);
        QVERIFY(!r.ok);
        QVERIFY2(r.reason.contains(reason), qPrintable(r.reason));
        QVERIFY(r.patches.files.isEmpty());
    }

    void promptIsBoundedAndNamesThePaths()
    {
        QTemporaryDir tmp;
        QString huge;
        for (int i = 0; i < 5000; ++i)
            huge += QStringLiteral("    let t%1 = load_tile(a, %1);\n").arg(i);
        auto s = makeSession(tmp.filePath(QStringLiteral("s")), huge);
        QVERIFY(s);
        writeText(QDir(s->directory()).filePath(QStringLiteral("runs/001/reports/diff_small.md")), QStringLiteral("| op | ref | gen |\n| addf | 1 | 0 |\n"));
        const auto agent = RepairAgent::forStage(QLatin1Char('C'));
        QVERIFY(agent);
        QCOMPARE(agent->name(), QStringLiteral("IR-diff diagnosis"));
        const ModelRequest req = agent->buildRequest(*s, 1);
        QVERIFY(req.user.size() < 62'000);
        QVERIFY(huge.size() > 100'000);
        QVERIFY2(req.user.contains(QStringLiteral("[... cut: 20000 of")), "the long file is cut and says so");
        QVERIFY(req.user.contains(QStringLiteral("@ct.kernel")));
        QVERIFY(req.user.contains(QStringLiteral("| addf | 1 | 0 |")));
        QVERIFY2(req.user.contains(QStringLiteral("partition_full_mut")), "the mapping rules resource is included");
        QVERIFY(req.user.contains(kLib));
        QVERIFY(req.system.contains(QStringLiteral("file:PATH")));
        QVERIFY(!RepairAgent::forStage(QLatin1Char('A')));
        QCOMPARE(RepairAgent::forStage(QLatin1Char('D'))->allowedPaths(2), QStringList{QStringLiteral("runs/002/generated/crate/src/ffi.rs")});
        QCOMPARE(RepairAgent::forStage(QLatin1Char('B'))->allowedPaths(2),
                 (QStringList{QStringLiteral("runs/002/generated/crate/src/lib.rs"), QStringLiteral("runs/002/generated/crate/tileport-crate.json")}));
        QCOMPARE(RepairAgent::forStage(QLatin1Char('C'))->allowedPaths(2), QStringList{QStringLiteral("runs/002/generated/crate/src/lib.rs")});
    }

    void refusesAWriteOutsideTheSession()
    {
        QTemporaryDir tmp;
        auto s = makeSession(tmp.filePath(QStringLiteral("s")));
        QVERIFY(s);
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("```file:runs/001/../../escaped.txt\nowned\n```\n")));
        const RepairOutcome first = runRepair(*s, QLatin1Char('C'), server.baseUrl());
        QCOMPARE(first.kind, RepairOutcome::Kind::Rejected);
        QVERIFY2(first.reason.contains(QStringLiteral("contains '..'")), qPrintable(first.reason));
        QVERIFY(!QFile::exists(tmp.filePath(QStringLiteral("escaped.txt"))));
        // The attempt is recorded with the answer, and no patch.
        const QJsonObject rec = readJson(QDir(s->directory()).filePath(QStringLiteral("runs/001/reports/repair_C.attempt1.json")));
        QCOMPARE(rec.value(QStringLiteral("verdict")).toString(), QStringLiteral("REJECTED"));
        QCOMPARE(rec.value(QStringLiteral("agent")).toString(), QStringLiteral("IR-diff diagnosis"));
        QVERIFY(QFile::exists(QDir(s->directory()).filePath(QStringLiteral("runs/001/reports/repair_C.attempt1.answer.md"))));
        QVERIFY(!readText(QDir(s->directory()).filePath(QStringLiteral("runs/001/reports/repair_C.attempt1.json"))).contains(QStringLiteral("sk-agents-test-key")));

        // C's cap is 1: a second attempt is refused before the model is asked.
        const RepairOutcome capped = runRepair(*s, QLatin1Char('C'), server.baseUrl());
        QCOMPARE(capped.kind, RepairOutcome::Kind::Rejected);
        QVERIFY2(capped.reason.contains(QStringLiteral("cap of 1")), qPrintable(capped.reason));
        QCOMPARE(server.requests().size(), 1);
    }

    void refusesALinkOutOfTheSession()
    {
        QTemporaryDir tmp;
        auto s = makeSession(tmp.filePath(QStringLiteral("s")));
        QVERIFY(s);
        const QString lib = QDir(s->directory()).filePath(kLib);
        // lib.rs itself replaced by a link to a file outside.
        writeText(tmp.filePath(QStringLiteral("outside.rs")), kLibText);
        QVERIFY(QFile::remove(lib));
        QVERIFY(QFile::link(tmp.filePath(QStringLiteral("outside.rs")), lib));
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("```file:%1\nowned\n```\n").arg(kLib)));
        const RepairOutcome o = runRepair(*s, QLatin1Char('C'), server.baseUrl());
        QCOMPARE(o.kind, RepairOutcome::Kind::Rejected);
        QVERIFY2(o.reason.contains(QStringLiteral("outside the session")), qPrintable(o.reason));
        QCOMPARE(readText(tmp.filePath(QStringLiteral("outside.rs"))), kLibText);
    }

    void refusesAShellCommand()
    {
        QTemporaryDir tmp;
        auto s = makeSession(tmp.filePath(QStringLiteral("s")));
        QVERIFY(s);
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("Clean the build first:\n```sh\nrm -rf runs && touch %1\n```\n")
                                                       .arg(tmp.filePath(QStringLiteral("ran")))));
        const RepairOutcome o = runRepair(*s, QLatin1Char('C'), server.baseUrl());
        QCOMPARE(o.kind, RepairOutcome::Kind::Rejected);
        QVERIFY2(o.reason.contains(QStringLiteral("shell command")), qPrintable(o.reason));
        QVERIFY(!QFile::exists(tmp.filePath(QStringLiteral("ran"))));
        QCOMPARE(readText(QDir(s->directory()).filePath(kLib)), kLibText);
    }

    void refusesPathsOutsideTheAgentsList()
    {
        QTemporaryDir tmp;
        auto s = makeSession(tmp.filePath(QStringLiteral("s")));
        QVERIFY(s);
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("```file:runs/001/generated/crate/build.rs\nfn main() {}\n```\n")));
        const RepairOutcome o = runRepair(*s, QLatin1Char('C'), server.baseUrl());
        QCOMPARE(o.kind, RepairOutcome::Kind::Rejected);
        QVERIFY2(o.reason.contains(QStringLiteral("may not change")), qPrintable(o.reason));
        QVERIFY(!QFile::exists(QDir(s->directory()).filePath(QStringLiteral("runs/001/generated/crate/build.rs"))));
    }

    // Without a model: each report says which findings an agent could take.
    void reportsListRepairableFindings()
    {
        StageReport c;
        c.stage = QLatin1Char('C');
        c.verdict = Verdict::FailFixable;
        c.owner = Owner::Kernel;
        c.validators << ValidatorResult{QStringLiteral("ir diff small"), 1, QStringLiteral("FAIL_FIXABLE")}
                     << ValidatorResult{QStringLiteral("ir diff large"), 0, QStringLiteral("PASS")};
        const QJsonArray found = c.toJson().value(QStringLiteral("repairable")).toArray();
        QCOMPARE(found.size(), 1);
        QCOMPARE(found[0].toObject().value(QStringLiteral("agent")).toString(), QStringLiteral("C"));
        QVERIFY(found[0].toObject().value(QStringLiteral("finding")).toString().startsWith(QStringLiteral("ir diff small")));
        QVERIFY(c.toMarkdown().contains(QStringLiteral("tileport repair --stage C")));

        StageReport b;
        b.stage = QLatin1Char('B');
        b.verdict = Verdict::FailCompile;
        b.owner = Owner::Kernel;
        b.validators << ValidatorResult{QStringLiteral("cargo build --release"), 101, QStringLiteral("error[E0425]: cannot find value `x`\nmore")};
        const QJsonArray bf = b.toJson().value(QStringLiteral("repairable")).toArray();
        QCOMPARE(bf.size(), 1);
        QCOMPARE(bf[0].toObject().value(QStringLiteral("finding")).toString(), QStringLiteral("cargo build --release: error[E0425]: cannot find value `x`"));

        // A construct the translator refused is the device-kernel agent's.
        StageReport refused;
        refused.stage = QLatin1Char('B');
        refused.verdict = Verdict::FailFixable;
        refused.owner = Owner::Kernel;
        refused.reason = QStringLiteral("k.py:11:37: error: operator **: not lowered on tiles");
        const QJsonArray rf = refused.toJson().value(QStringLiteral("repairable")).toArray();
        QCOMPARE(rf.size(), 1);
        QCOMPARE(rf[0].toObject().value(QStringLiteral("agent")).toString(), QStringLiteral("B"));
        QCOMPARE(rf[0].toObject().value(QStringLiteral("finding")).toString(), refused.reason);

        StageReport d;
        d.stage = QLatin1Char('D');
        d.verdict = Verdict::Blocked;
        d.owner = Owner::Env;
        d.reason = QStringLiteral("no GPU");
        QVERIFY(d.toJson().value(QStringLiteral("repairable")).toArray().isEmpty());
        QVERIFY(!d.toMarkdown().contains(QStringLiteral("repair agent")));
        d.verdict = Verdict::Fail;
        d.owner = Owner::Host;
        QCOMPARE(d.toJson().value(QStringLiteral("repairable")).toArray().first().toObject().value(QStringLiteral("agent")).toString(),
                 QStringLiteral("D"));
    }

    void keyFromTheEnvironmentFirst()
    {
        qputenv(ApiKey::kEnvVar, "sk-from-env");
        QString source, error;
        QCOMPARE(ApiKey::load(&source, &error), QStringLiteral("sk-from-env"));
        QCOMPARE(source, QStringLiteral("environment"));
        qunsetenv(ApiKey::kEnvVar);
        // No variable: the keychain is asked; a test machine has no entry.
        const QString key = ApiKey::load(&source, &error, 1500);
        if (!key.isEmpty())
            QSKIP("this machine's keychain holds a TilePort key");
        QVERIFY2(error.contains(QStringLiteral("TILEPORT_API_KEY")) && error.contains(QStringLiteral("model-api-key")), qPrintable(error));
    }

    void unreachableEndpoint()
    {
        QTemporaryDir tmp;
        auto s = makeSession(tmp.filePath(QStringLiteral("s")));
        QVERIFY(s);
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            port = probe.serverPort();
        }
        const RepairOutcome o = runRepair(*s, QLatin1Char('C'), QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
        QCOMPARE(o.kind, RepairOutcome::Kind::Unreachable);
        QVERIFY2(o.reason.contains(QStringLiteral("unreachable")), qPrintable(o.reason));
    }
};

QTEST_GUILESS_MAIN(TestLlmAgents)
#include "tst_llm_agents.moc"
