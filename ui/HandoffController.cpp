// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HandoffController.h"

#include "JobRunner.h"
#include "SessionExport.h"
#include "SessionWheel.h"

#include <QFileInfo>

namespace tileport::ui {

namespace {

const QString kChannel = QStringLiteral("handoff");

} // namespace

HandoffController::HandoffController(JobRunner *jobs, QObject *parent)
    : QObject(parent)
    , m_jobs(jobs)
{
    connect(m_jobs, &JobRunner::partial, this, [this](const QString &c, quint64, const QVariant &v) {
        if (c == kChannel)
            Q_EMIT progress(v.toString());
    });
    connect(m_jobs, &JobRunner::finished, this, [this](const QString &c, quint64, const QVariant &r) {
        if (c != kChannel)
            return;
        const QVariantMap o = r.toMap();
        const QString job = o.value(QStringLiteral("job")).toString();
        if (job == QLatin1String("plan"))
            Q_EMIT exportPlanned(o);
        else if (job == QLatin1String("apply"))
            Q_EMIT exported(o);
        else
            Q_EMIT packaged(o);
    });
    connect(m_jobs, &JobRunner::cancelled, this, [this](const QString &c, quint64) {
        if (c == kChannel)
            Q_EMIT packaged(QVariantMap{{QStringLiteral("ok"), false}, {QStringLiteral("cancelled"), true},
                                        {QStringLiteral("error"), tr("cancelled")}});
    });
}

bool HandoffController::isRunning() const
{
    return m_jobs->isRunning(kChannel);
}

void HandoffController::cancel()
{
    m_jobs->cancel(kChannel);
}

bool HandoffController::startPackage(const QString &session, const QString &outDir, const QString &resourceDir, QString *error)
{
    if (isRunning()) {
        *error = tr("a hand-off job is in progress");
        return false;
    }
    if (!QFileInfo(session).isDir()) {
        *error = tr("no session is open");
        return false;
    }
    m_jobs->submit(kChannel, [session, outDir, resourceDir](JobContext &job) -> QVariant {
        SessionWheel::Options o;
        o.sessions = {session};
        o.outDir = outDir;
        o.resourceDir = resourceDir;
        o.cancel = job.cancelFlag();
        o.progress = [&job](const QString &m) { job.emitPartial(m); };
        const handoff::WheelPackager::Result r = SessionWheel::build(o);
        QStringList entries;
        for (const handoff::WheelEntry &e : r.entries)
            entries << e.name + handoff::WheelWrapper::signature(e);
        return QVariantMap{{QStringLiteral("ok"), r.ok},
                           {QStringLiteral("cancelled"), job.isCancelled()},
                           {QStringLiteral("error"), r.error},
                           {QStringLiteral("wheel"), r.wheel},
                           {QStringLiteral("package"), r.package},
                           {QStringLiteral("entries"), entries}};
    });
    Q_EMIT progress(tr("Building the Python wheel of %1…").arg(QFileInfo(session).fileName()));
    return true;
}

bool HandoffController::startExportPlan(const QString &session, const QString &checkout, QString *error)
{
    if (isRunning()) {
        *error = tr("a hand-off job is in progress");
        return false;
    }
    if (!QFileInfo(session).isDir()) {
        *error = tr("no session is open");
        return false;
    }
    auto plan = std::make_shared<handoff::TileGymExportPlan>();
    m_plan = plan;
    m_jobs->submit(kChannel, [session, checkout, plan](JobContext &job) -> QVariant {
        QVariantMap o{{QStringLiteral("job"), QStringLiteral("plan")}, {QStringLiteral("ok"), false}};
        job.emitPartial(tr("Reading the session and %1…").arg(checkout));
        handoff::TileGymPort port;
        QString why;
        if (!SessionExport::port(session, &port, &why)) {
            o.insert(QStringLiteral("error"), why);
            return o;
        }
        job.emitPartial(tr("Planning the cutile-rs backend of %1…").arg(port.kernel));
        handoff::TileGymExportError error;
        if (!handoff::planTileGymExport(checkout, {port}, plan.get(), &error)) {
            o.insert(QStringLiteral("error"), error.message);
            o.insert(QStringLiteral("refused"), error.kind == handoff::TileGymExportError::Kind::Refused);
            return o;
        }
        int changes = 0;
        for (const handoff::TileGymFileChange &f : plan->files)
            changes += f.kind != handoff::TileGymFileChange::Kind::Unchanged;
        o.insert(QStringLiteral("ok"), true);
        o.insert(QStringLiteral("changes"), changes);
        o.insert(QStringLiteral("diff"), plan->unifiedDiff());
        o.insert(QStringLiteral("ops"), plan->ops);
        o.insert(QStringLiteral("notes"), plan->notes);
        return o;
    });
    Q_EMIT progress(tr("Planning the export of %1 to %2…").arg(QFileInfo(session).fileName(), checkout));
    return true;
}

bool HandoffController::startExportApply(const QList<QList<bool>> &accepted, QString *error)
{
    if (isRunning()) {
        *error = tr("a hand-off job is in progress");
        return false;
    }
    if (!m_plan->hasChanges()) {
        *error = tr("no planned export to apply");
        return false;
    }
    const std::shared_ptr<const handoff::TileGymExportPlan> plan = m_plan;
    m_jobs->submit(kChannel, [plan, accepted](JobContext &) -> QVariant {
        QString why;
        const bool ok = handoff::applyTileGymExport(*plan, accepted, &why);
        return QVariantMap{{QStringLiteral("job"), QStringLiteral("apply")}, {QStringLiteral("ok"), ok},
                           {QStringLiteral("error"), why}, {QStringLiteral("checkout"), plan->checkout},
                           {QStringLiteral("ops"), plan->ops}};
    });
    Q_EMIT progress(tr("Writing the reviewed export to %1…").arg(m_plan->checkout));
    return true;
}

} // namespace tileport::ui
