// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport repair SESSION --stage B|C|D`: asks a model-backed repair agent
// for a patch to the stage's findings, applies it inside the session, and
// runs the stage's validators again. Exit 0: applied and validated; 3:
// rejected (contract, path guard, hunks that do not apply, validators, or
// the routing cap); 4: the endpoint could not be reached or did not answer;
// 2: bad arguments or session.
#include "Commands.h"

#include "ApiKey.h"
#include "JobRunner.h"
#include "RepairRunner.h"
#include "Session.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace {

using namespace tileport;
using namespace tileport::llm;

QString defaultEndpoint(ModelApi api)
{
    const QString env = qEnvironmentVariable("TILEPORT_MODEL_ENDPOINT");
    if (!env.isEmpty())
        return env;
    return api == ModelApi::OpenAi ? QStringLiteral("https://api.openai.com/v1") : QStringLiteral("https://api.anthropic.com/v1");
}

} // namespace

int runRepairCommand(CommandLine &cl)
{
    const QString dir = cl.positional(0), stage = cl.value(QStringLiteral("stage")).toUpper(),
                  url = cl.value(QStringLiteral("endpoint")),
                  apiName = cl.value(QStringLiteral("api"), qEnvironmentVariable("TILEPORT_MODEL_API", QStringLiteral("openai"))),
                  model = cl.value(QStringLiteral("model"), qEnvironmentVariable("TILEPORT_MODEL")),
                  gpu = cl.value(QStringLiteral("gpu"), QStringLiteral("local"));
    const bool json = cl.isSet(QStringLiteral("json"));
    if (stage.isEmpty())
        return cl.usageError(QStringLiteral("a session directory and --stage B, C or D are needed"));
    const auto api = ModelEndpoint::parseApi(apiName);
    if (!api)
        return cl.usageError(QStringLiteral("--api must be openai or anthropic, not '%1'").arg(apiName));
    if (model.isEmpty())
        return cl.usageError(QStringLiteral("no model: pass --model NAME or set TILEPORT_MODEL"));
    QString error;
    auto session = Session::open(dir, &error);
    if (!session)
        return cl.usageError(error);

    QTextStream err(stderr), out(stdout);
    QString keySource;
    ModelEndpoint endpoint{url.isEmpty() ? defaultEndpoint(*api) : url, *api, model, ApiKey::load(&keySource, &error)};
    if (endpoint.apiKey.isEmpty())
        err << "tileport repair: " << error << "; sending no key\n";
    else
        err << "tileport repair: API key from the " << keySource << '\n';
    err.flush();

    JobRunner runner;
    RepairOutcome outcome;
    QEventLoop loop;
    QObject::connect(&runner, &JobRunner::partial, [&](const QString &, quint64, const QVariant &v) {
        const QVariantMap m = v.toMap();
        if (m.contains(QStringLiteral("token")))
            err << m.value(QStringLiteral("token")).toString();
        if (m.contains(QStringLiteral("log")))
            err << "\n[repair] " << m.value(QStringLiteral("log")).toString() << '\n';
        err.flush();
    });
    QObject::connect(&runner, &JobRunner::finished, &loop, [&](const QString &, quint64, const QVariant &result) {
        outcome = result.value<RepairOutcome>();
        loop.quit();
    });
    RepairRunner repair(*session, stage[0], ModelClient(endpoint, ModelClientOptions::fromEnvironment()), Toolchains::fromEnvironment());
    repair.setGpuRunner(gpu);
    runner.submit(QStringLiteral("repair"), [&](JobContext &ctx) {
        repair.setEventSink([&ctx](const PipelineEvent &e) {
            if (e.kind == PipelineEvent::Kind::Verdict || e.kind == PipelineEvent::Kind::StageStarted)
                ctx.emitPartial(QVariantMap{{QStringLiteral("log"), QStringLiteral("gate: stage %1 %2 %3")
                                                                      .arg(e.stage)
                                                                      .arg(e.kind == PipelineEvent::Kind::Verdict ? e.verdict : QStringLiteral("started"), e.text)
                                                                      .trimmed()}});
        });
        return QVariant::fromValue(repair.run(ctx));
    });
    loop.exec();

    if (json) {
        out << QJsonDocument(QJsonObject{{QStringLiteral("outcome"), RepairOutcome::kindName(outcome.kind)},
                                         {QStringLiteral("stage"), stage},
                                         {QStringLiteral("attempt"), outcome.attempt},
                                         {QStringLiteral("reason"), outcome.reason},
                                         {QStringLiteral("patch"), outcome.patchText},
                                         {QStringLiteral("gate"), outcome.gate}})
                   .toJson(QJsonDocument::Indented);
    } else if (!outcome.patchText.isEmpty()) {
        out << "# proposed hunks\n" << outcome.patchText;
        if (!outcome.patchText.endsWith(QLatin1Char('\n')))
            out << '\n';
    }
    for (const QJsonValue g : json ? QJsonArray() : outcome.gate) {
        const QJsonObject o = g.toObject();
        out << QStringLiteral("validators: stage %1 %2\n").arg(o.value(QStringLiteral("stage")).toString(), o.value(QStringLiteral("verdict")).toString());
    }
    if (!json)
        out << QStringLiteral("repair %1 (stage %2, attempt %3): %4\n")
               .arg(RepairOutcome::kindName(outcome.kind), stage)
               .arg(outcome.attempt)
               .arg(outcome.reason);
    out.flush();
    switch (outcome.kind) {
    case RepairOutcome::Kind::Validated: return 0;
    case RepairOutcome::Kind::Rejected: return 3;
    case RepairOutcome::Kind::Unreachable: return 4;
    case RepairOutcome::Kind::Error: return 2;
    }
    return 2;
}
