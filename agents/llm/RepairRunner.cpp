// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RepairRunner.h"

#include "GenerateStage.h"
#include "HostStage.h"
#include "IrDiffStage.h"
#include "JobContext.h"
#include "Orchestrator.h"
#include "RepairAgent.h"
#include "Router.h"
#include "Session.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QJsonDocument>
#include <QSaveFile>

namespace tileport::llm {

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(bytes);
        f.commit();
    }
}

RepairOutcome finish(RepairOutcome o, RepairOutcome::Kind kind, const QString &reason)
{
    o.kind = kind;
    o.reason = reason;
    return o;
}

} // namespace

RepairRunner::RepairRunner(Session &session, QChar stage, ModelClient client, Toolchains tools)
    : m_session(session)
    , m_stage(stage)
    , m_client(std::move(client))
    , m_tools(std::move(tools))
{
}

bool RepairRunner::gate(JobContext &ctx, QJsonArray *verdicts, QString *why)
{
    Orchestrator o(m_session, m_tools);
    // Stage B keeps the crate as patched instead of translating it anew.
    o.addStage(std::make_unique<GenerateStage>(true));
    o.addStage(std::make_unique<IrDiffStage>());
    o.addStage(std::make_unique<HostStage>(m_gpuRunner));
    if (m_sink)
        o.setEventSink(m_sink);
    const QList<QChar> chain = m_stage == QLatin1Char('C') ? QList<QChar>{QLatin1Char('B'), QLatin1Char('C')} : QList<QChar>{m_stage};
    for (const QChar s : chain) {
        const RunSummary r = o.rerun(s, ctx.cancelFlag());
        // A stage that gave no verdict (the run could not start it) reads ERROR.
        const bool said = !r.outcomes.isEmpty();
        const StageOutcome out = said ? r.outcomes.last() : StageOutcome{s, Verdict::Blocked, {}};
        const QString verdict = said ? verdictName(out.verdict) : QStringLiteral("ERROR");
        const QString owner = out.owner ? ownerName(*out.owner) : QString();
        *verdicts << QJsonObject{{QStringLiteral("stage"), QString(s)},
                                 {QStringLiteral("verdict"), verdict},
                                 {QStringLiteral("owner"), owner},
                                 {QStringLiteral("reason"), r.reason}};
        if (!r.ok || !said || !Router::isSuccess(s, out.verdict)) {
            *why = r.ok ? QStringLiteral("after the patch stage %1 says %2%3")
                              .arg(s)
                              .arg(verdict, owner.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(owner))
                        : r.reason;
            return false;
        }
    }
    return true;
}

void RepairRunner::record(const RepairOutcome &o, int run, const QString &answer)
{
    const QDir reports(m_session.areaDirectory(run, Session::Area::Reports));
    const QString base = QStringLiteral("repair_%1.attempt%2").arg(m_stage).arg(o.attempt);
    QJsonArray files;
    for (const patch::FilePatch &fp : o.patches.files)
        files << QJsonObject{{QStringLiteral("path"), fp.path()},
                             {QStringLiteral("whole_file"), fp.wholeFile},
                             {QStringLiteral("hunks"), int(fp.hunks.size())}};
    const ModelEndpoint &e = m_client.endpoint();
    const QJsonObject json{{QStringLiteral("stage"), QString(m_stage)},
                           {QStringLiteral("attempt"), o.attempt},
                           {QStringLiteral("agent"), RepairAgent::forStage(m_stage)->name()},
                           {QStringLiteral("verdict"), RepairOutcome::kindName(o.kind)},
                           {QStringLiteral("reason"), m_client.scrub(o.reason)},
                           {QStringLiteral("endpoint"), QJsonObject{{QStringLiteral("url"), e.url},
                                                                    {QStringLiteral("api"), ModelEndpoint::apiName(e.api)},
                                                                    {QStringLiteral("model"), e.model}}},
                           {QStringLiteral("model_attempts"), o.reply.attempts},
                           {QStringLiteral("files"), files},
                           {QStringLiteral("gate"), o.gate},
                           {QStringLiteral("patch"), o.patchText.isEmpty() ? QString() : base + QStringLiteral(".patch")},
                           {QStringLiteral("answer"), answer.isEmpty() ? QString() : base + QStringLiteral(".answer.md")}};
    writeFile(reports.filePath(base + QStringLiteral(".json")), QJsonDocument(json).toJson());
    if (!o.patchText.isEmpty())
        writeFile(reports.filePath(base + QStringLiteral(".patch")), o.patchText.toUtf8());
    if (!answer.isEmpty())
        writeFile(reports.filePath(base + QStringLiteral(".answer.md")), m_client.scrub(answer).toUtf8());
}

RepairOutcome RepairRunner::run(JobContext &ctx)
{
    RepairOutcome o;
    const auto agent = RepairAgent::forStage(m_stage);
    if (!agent)
        return finish(o, RepairOutcome::Kind::Error, QStringLiteral("no repair agent for stage %1 (B, C and D have one)").arg(m_stage));
    if (m_session.runs().isEmpty())
        return finish(o, RepairOutcome::Kind::Error, QStringLiteral("the session has no run yet"));
    const int run = m_session.runs().last().number;
    const StageRecord *rec = m_session.latest(run, m_stage);
    if (!rec)
        return finish(o, RepairOutcome::Kind::Error, QStringLiteral("stage %1 has not run in run %2").arg(m_stage).arg(run));

    const QDir reports(m_session.areaDirectory(run, Session::Area::Reports));
    // Attempts that got an answer count against the cap; an endpoint that
    // never answered proposed nothing.
    int answered = 0;
    const QStringList previous = reports.entryList({QStringLiteral("repair_%1.attempt*.json").arg(m_stage)}, QDir::Files);
    for (const QString &f : previous) {
        QFile in(reports.filePath(f));
        const QString v = in.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(in.readAll()).object().value(QStringLiteral("verdict")).toString() : QString();
        answered += v == QLatin1String("VALIDATED") || v == QLatin1String("REJECTED");
    }
    o.attempt = int(previous.size()) + 1;
    if (answered >= Router::cap(m_stage))
        return finish(o, RepairOutcome::Kind::Rejected,
                      QStringLiteral("stage %1 reached its cap of %2 repair attempt(s) in run %3").arg(m_stage).arg(Router::cap(m_stage)).arg(run));

    // A stage that passed may still fail on files edited since: its
    // validators run first, and their findings are what the agent gets.
    if (Router::isSuccess(m_stage, rec->verdict)) {
        ctx.emitPartial(QVariantMap{{QStringLiteral("log"), QStringLiteral("stage %1 said %2; checking the session's current files first").arg(m_stage).arg(rec->verdict)}});
        QJsonArray verdicts;
        QString why;
        if (gate(ctx, &verdicts, &why))
            return finish(o, RepairOutcome::Kind::Rejected, QStringLiteral("nothing to repair: stage %1 passes on the current files").arg(m_stage));
    }
    if (ctx.isCancelled())
        return finish(o, RepairOutcome::Kind::Error, QStringLiteral("cancelled"));

    const ModelRequest request = agent->buildRequest(m_session, run);
    o.reply = m_client.complete(request, ctx);
    const QString answer = o.reply.text;
    if (!o.reply.ok()) {
        const bool endpoint = o.reply.status != ModelReply::Status::Protocol && o.reply.status != ModelReply::Status::Cancelled;
        o = finish(o, endpoint ? RepairOutcome::Kind::Unreachable
                  : o.reply.status == ModelReply::Status::Cancelled ? RepairOutcome::Kind::Error
                                                                     : RepairOutcome::Kind::Rejected,
                   QStringLiteral("model %1: %2").arg(ModelReply::statusName(o.reply.status), o.reply.error));
        record(o, run, answer);
        return o;
    }

    const patch::PathGuard guard(m_session.directory());
    ReplyContract::Result checked = agent->check(answer, run, guard);
    if (!checked.ok) {
        o = finish(o, RepairOutcome::Kind::Rejected, checked.reason);
        record(o, run, answer);
        return o;
    }
    o.patches = checked.patches;
    o.patchText = o.patches.toUnifiedDiff(guard);
    QList<patch::FileBackup> backups;
    QString error;
    if (!o.patches.apply(guard, &backups, &error)) {
        o = finish(o, RepairOutcome::Kind::Rejected, QStringLiteral("the patch does not apply: %1").arg(error));
        record(o, run, answer);
        return o;
    }
    // What was written, to make sure the validators judged these bytes.
    QMap<QString, QByteArray> written;
    for (const patch::FileBackup &b : backups) {
        QFile f(b.path);
        written.insert(b.path, f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray());
    }
    QString why;
    bool passed = gate(ctx, &o.gate, &why);
    for (auto it = written.cbegin(); passed && it != written.cend(); ++it) {
        QFile f(it.key());
        if (!f.open(QIODevice::ReadOnly) || f.readAll() != it.value()) {
            passed = false;
            why = QStringLiteral("stage %1 wrote %2 anew, so the validators did not judge the patch")
                      .arg(m_stage)
                      .arg(QDir(m_session.directory()).relativeFilePath(it.key()));
        }
    }
    if (!passed) {
        patch::PatchSet::restore(backups, &error);
        o = finish(o, RepairOutcome::Kind::Rejected, why + QStringLiteral("; the patch was taken back"));
        record(o, run, answer);
        return o;
    }
    o = finish(o, RepairOutcome::Kind::Validated, QStringLiteral("patch applied; stage %1's validators pass").arg(m_stage));
    o.before = backups;
    record(o, run, answer);
    return o;
}

void RepairRunner::recordReview(const RepairOutcome &o, int run, int accepted, int rejected, const QString &reviewedPatch)
{
    const QDir reports(m_session.areaDirectory(run, Session::Area::Reports));
    const QString base = QStringLiteral("repair_%1.attempt%2").arg(m_stage).arg(o.attempt);
    QFile in(reports.filePath(base + QStringLiteral(".json")));
    QJsonObject json = in.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(in.readAll()).object() : QJsonObject();
    in.close();
    json.insert(QStringLiteral("review"), QJsonObject{{QStringLiteral("accepted_hunks"), accepted},
                                                      {QStringLiteral("rejected_hunks"), rejected},
                                                      {QStringLiteral("verdict"), RepairOutcome::kindName(o.kind)},
                                                      {QStringLiteral("reason"), o.reason},
                                                      {QStringLiteral("gate"), o.gate},
                                                      {QStringLiteral("patch"), reviewedPatch.isEmpty() ? QString() : base + QStringLiteral(".reviewed.patch")}});
    writeFile(in.fileName(), QJsonDocument(json).toJson());
    if (!reviewedPatch.isEmpty())
        writeFile(reports.filePath(base + QStringLiteral(".reviewed.patch")), reviewedPatch.toUtf8());
}

RepairOutcome RepairRunner::review(JobContext &ctx, RepairOutcome o, const patch::PatchSet &reviewed)
{
    if (o.kind != RepairOutcome::Kind::Validated || m_session.runs().isEmpty())
        return o;
    const int run = m_session.runs().last().number;
    int accepted = 0, rejected = 0;
    for (qsizetype f = 0; f < reviewed.files.size(); ++f) {
        const qsizetype n = reviewed.files[f].wholeFile ? 1 : reviewed.files[f].hunks.size();
        for (qsizetype h = 0; h < n; ++h)
            (reviewed.accepted.value(f).value(h, true) ? accepted : rejected) += 1;
    }
    if (rejected == 0) {
        o.reason = QStringLiteral("all %1 hunk(s) accepted; stage %2's validators pass").arg(accepted).arg(m_stage);
        recordReview(o, run, accepted, rejected, QString());
        return o;
    }
    QString error;
    if (!patch::PatchSet::restore(o.before, &error)) {
        o = finish(o, RepairOutcome::Kind::Error, QStringLiteral("cannot put the files back: %1").arg(error));
        recordReview(o, run, accepted, rejected, QString());
        return o;
    }
    o.gate = QJsonArray();
    if (accepted == 0) {
        o = finish(o, RepairOutcome::Kind::Rejected, QStringLiteral("every hunk was rejected: the files are as before the repair"));
        recordReview(o, run, accepted, rejected, QString());
        return o;
    }
    const patch::PathGuard guard(m_session.directory());
    const QString reviewedPatch = reviewed.toUnifiedDiff(guard);
    QList<patch::FileBackup> backups;
    if (!reviewed.apply(guard, &backups, &error)) {
        o = finish(o, RepairOutcome::Kind::Rejected, QStringLiteral("the accepted hunks do not apply on their own: %1; the files are as before the repair").arg(error));
        recordReview(o, run, accepted, rejected, reviewedPatch);
        return o;
    }
    QString why;
    if (!gate(ctx, &o.gate, &why)) {
        patch::PatchSet::restore(backups, &error);
        o = finish(o, RepairOutcome::Kind::Rejected,
                   QStringLiteral("with %1 of %2 hunk(s) %3; the files are as before the repair").arg(accepted).arg(accepted + rejected).arg(why));
        recordReview(o, run, accepted, rejected, reviewedPatch);
        return o;
    }
    o.patches = reviewed;
    o.patchText = reviewedPatch;
    o.before = backups;
    o = finish(o, RepairOutcome::Kind::Validated,
               QStringLiteral("%1 of %2 hunk(s) accepted; stage %3's validators pass").arg(accepted).arg(accepted + rejected).arg(m_stage));
    recordReview(o, run, accepted, rejected, reviewedPatch);
    return o;
}

} // namespace tileport::llm
