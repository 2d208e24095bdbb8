// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// agents/llm's client against a real HTTP server on loopback, started by
// the test: both protocols streamed over SSE, inside the JobRunner; slow,
// stalled and truncated streams, 429 and 500 with retries, malformed JSON,
// an unreachable port, cancellation, and the key kept out of every log.
#include "JobRunner.h"
#include "LoopbackModelServer.h"
#include "ModelClient.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace tileport;
using namespace tileport::llm;

namespace {

const QString kKey = QStringLiteral("sk-tileport-test-0123456789");

// Runs one request as a JobRunner job, as the CLI and the IDE do, and
// collects the streamed tokens and log lines delivered on this thread.
struct JobResult {
    ModelReply reply;
    QStringList tokens;
    QStringList logs;
    qint64 elapsedMs = 0;
};

JobResult runJob(const ModelEndpoint &e, const ModelClientOptions &o, std::function<void(JobRunner &)> whileRunning = {})
{
    JobRunner runner;
    JobResult out;
    QObject::connect(&runner, &JobRunner::partial, [&](const QString &, quint64, const QVariant &v) {
        const QVariantMap m = v.toMap();
        if (m.contains(QStringLiteral("token")))
            out.tokens << m.value(QStringLiteral("token")).toString();
        if (m.contains(QStringLiteral("log")))
            out.logs << m.value(QStringLiteral("log")).toString();
    });
    QSignalSpy finished(&runner, &JobRunner::finished);
    QSignalSpy cancelled(&runner, &JobRunner::cancelled);
    QElapsedTimer t;
    t.start();
    const ModelClient client(e, o);
    ModelRequest req;
    req.system = QStringLiteral("be brief");
    req.user = QStringLiteral("fix the kernel");
    std::shared_ptr<ModelReply> reply = std::make_shared<ModelReply>();
    runner.submit(QStringLiteral("model"), [=](JobContext &ctx) {
        *reply = client.complete(req, ctx);
        return QVariant();
    });
    if (whileRunning)
        whileRunning(runner);
    while (finished.isEmpty() && cancelled.isEmpty() && t.elapsed() < 30'000)
        QTest::qWait(20);
    runner.waitForIdle(5000);
    out.reply = *reply;
    out.elapsedMs = t.elapsed();
    return out;
}

ModelEndpoint endpoint(const LoopbackModelServer &s, ModelApi api)
{
    return ModelEndpoint{s.baseUrl(), api, QStringLiteral("test-model"), kKey};
}

ModelClientOptions quick()
{
    ModelClientOptions o;
    o.connectTimeoutMs = 2000;
    o.totalTimeoutMs = 20'000;
    o.stallTimeoutMs = 2000;
    o.maxRetries = 2;
    o.backoffMs = 100;
    return o;
}

void verifyNoKey(const JobResult &r)
{
    for (const QString &l : r.logs)
        QVERIFY2(!l.contains(kKey), qPrintable(l));
    QVERIFY(!r.reply.error.contains(kKey));
}

} // namespace

class TestLlmClient : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void streamsBothProtocols_data()
    {
        QTest::addColumn<int>("api");
        QTest::newRow("openai") << int(ModelApi::OpenAi);
        QTest::newRow("anthropic") << int(ModelApi::Anthropic);
    }
    void streamsBothProtocols()
    {
        QFETCH(int, api);
        LoopbackModelServer server;
        QVERIFY(server.start());
        const QString text = QStringLiteral("The kernel adds two tiles; nothing to change here, line by line.");
        server.enqueue(LoopbackModelServer::answer(text, 10));
        const JobResult r = runJob(endpoint(server, ModelApi(api)), quick());
        QVERIFY2(r.reply.ok(), qPrintable(r.reply.error));
        QCOMPARE(r.reply.text, text);
        QVERIFY2(r.tokens.size() > 3, "tokens arrive one piece at a time");
        QCOMPARE(r.tokens.join(QString()), text);
        QCOMPARE(server.requests().size(), 1);
        const auto &req = server.requests().first();
        const QJsonObject body = QJsonDocument::fromJson(req.body).object();
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("test-model"));
        QVERIFY(body.value(QStringLiteral("stream")).toBool());
        if (ModelApi(api) == ModelApi::OpenAi) {
            QCOMPARE(req.path, QByteArray("/v1/chat/completions"));
            QCOMPARE(req.headers.value("authorization"), "Bearer " + kKey.toUtf8());
            QCOMPARE(body.value(QStringLiteral("messages")).toArray().size(), 2);
        } else {
            QCOMPARE(req.path, QByteArray("/v1/messages"));
            QCOMPARE(req.headers.value("x-api-key"), kKey.toUtf8());
            QVERIFY(req.headers.contains("anthropic-version"));
            QCOMPARE(body.value(QStringLiteral("system")).toString(), QStringLiteral("be brief"));
        }
        verifyNoKey(r);
    }

    void slowButSteadyIsNotAStall()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("slow answer, one piece at a time"), 300));
        ModelClientOptions o = quick();
        o.stallTimeoutMs = 1500;
        const JobResult r = runJob(endpoint(server, ModelApi::OpenAi), o);
        QVERIFY2(r.reply.ok(), qPrintable(r.reply.error));
        QVERIFY2(r.elapsedMs >= 1500, "the whole answer took longer than the stall time-out");
    }

    void stalledStreamTimesOut()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        LoopbackModelServer::Reply rep = LoopbackModelServer::answer(QStringLiteral("this answer stops in the middle of it"));
        rep.stallAfter = 2;
        server.enqueue(rep);
        ModelClientOptions o = quick();
        o.stallTimeoutMs = 700;
        const JobResult r = runJob(endpoint(server, ModelApi::Anthropic), o);
        QCOMPARE(r.reply.status, ModelReply::Status::Stalled);
        QVERIFY2(r.reply.error.contains(QStringLiteral("stall")), qPrintable(r.reply.error));
        QVERIFY(r.elapsedMs < 5000);
    }

    void totalTimeOut()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.enqueue(LoopbackModelServer::answer(QString(400, QLatin1Char('x')), 200)); // ~34 pieces, ~7 s
        ModelClientOptions o = quick();
        o.totalTimeoutMs = 1000;
        const JobResult r = runJob(endpoint(server, ModelApi::OpenAi), o);
        QCOMPARE(r.reply.status, ModelReply::Status::TimedOut);
        QVERIFY(r.elapsedMs < 4000);
    }

    void retriesAfter429HonouringRetryAfter()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.enqueue(LoopbackModelServer::status(429, R"({"error":{"message":"slow down"}})", {{"Retry-After", "1"}}));
        server.enqueue(LoopbackModelServer::answer(QStringLiteral("after the wait")));
        const JobResult r = runJob(endpoint(server, ModelApi::OpenAi), quick());
        QVERIFY2(r.reply.ok(), qPrintable(r.reply.error));
        QCOMPARE(r.reply.attempts, 2);
        QCOMPARE(server.requests().size(), 2);
        QVERIFY2(r.elapsedMs >= 950, "Retry-After: 1 was honoured");
        QVERIFY(r.logs.join(QLatin1Char('\n')).contains(QStringLiteral("Retry-After: 1")));
    }

    void retriesOn500ThenGivesUp()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.setDefault(LoopbackModelServer::status(500, R"({"error":{"message":"overloaded"}})"));
        const JobResult r = runJob(endpoint(server, ModelApi::Anthropic), quick());
        QCOMPARE(r.reply.status, ModelReply::Status::HttpError);
        QCOMPARE(r.reply.httpStatus, 500);
        QCOMPARE(r.reply.attempts, 3); // one try and two retries
        QCOMPARE(server.requests().size(), 3);
        QVERIFY(r.reply.error.contains(QStringLiteral("overloaded")));
    }

    void notRetriedOn400()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        server.setDefault(LoopbackModelServer::status(401, QByteArray(R"({"error":{"message":"bad key )") + kKey.toUtf8() + "\"}}"));
        const JobResult r = runJob(endpoint(server, ModelApi::OpenAi), quick());
        QCOMPARE(r.reply.status, ModelReply::Status::HttpError);
        QCOMPARE(server.requests().size(), 1);
        // The server echoed the key; the client's error does not.
        QVERIFY2(r.reply.error.contains(QStringLiteral("bad key [key]")), qPrintable(r.reply.error));
        verifyNoKey(r);
    }

    void truncatedStream()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        LoopbackModelServer::Reply rep = LoopbackModelServer::answer(QStringLiteral("an answer cut short"));
        rep.endMarker = false;
        server.enqueue(rep);
        const JobResult r = runJob(endpoint(server, ModelApi::OpenAi), quick());
        QCOMPARE(r.reply.status, ModelReply::Status::Protocol);
        QVERIFY2(r.reply.error.contains(QStringLiteral("ended before its end marker")), qPrintable(r.reply.error));
        QCOMPARE(r.reply.text, QStringLiteral("an answer cut short"));
    }

    void malformedJson()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        LoopbackModelServer::Reply rep;
        rep.raw = {"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"delta\":{\"text\":\"ok\"}}\n\n",
                   "event: content_block_delta\ndata: {\"type\": \"content_block_delta\", \"delta\": {\"te\n\n"};
        server.enqueue(rep);
        const JobResult r = runJob(endpoint(server, ModelApi::Anthropic), quick());
        QCOMPARE(r.reply.status, ModelReply::Status::Protocol);
        QVERIFY2(r.reply.error.contains(QStringLiteral("malformed JSON")), qPrintable(r.reply.error));
        QCOMPARE(r.reply.text, QStringLiteral("ok"));
    }

    void unreachable()
    {
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            port = probe.serverPort();
        } // closed again: nothing listens there now
        ModelEndpoint e{QStringLiteral("http://127.0.0.1:%1/v1").arg(port), ModelApi::OpenAi, QStringLiteral("m"), kKey};
        const JobResult r = runJob(e, quick());
        QCOMPARE(r.reply.status, ModelReply::Status::Unreachable);
        QVERIFY2(r.reply.error.contains(QString::number(port)), qPrintable(r.reply.error));
        QCOMPARE(r.reply.attempts, 1);
    }

    void cancelledThroughTheJob()
    {
        LoopbackModelServer server;
        QVERIFY(server.start());
        LoopbackModelServer::Reply rep = LoopbackModelServer::answer(QStringLiteral("never finishes"));
        rep.stallAfter = 1;
        server.enqueue(rep);
        ModelClientOptions o = quick();
        o.stallTimeoutMs = 20'000;
        const JobResult r = runJob(endpoint(server, ModelApi::OpenAi), o, [](JobRunner &runner) {
            QTest::qWait(500);
            runner.cancel(QStringLiteral("model"));
        });
        QCOMPARE(r.reply.status, ModelReply::Status::Cancelled);
        QVERIFY(r.elapsedMs < 5000);
    }
};

QTEST_GUILESS_MAIN(TestLlmClient)
#include "tst_llm_client.moc"
