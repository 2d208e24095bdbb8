// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TileGymExport.h"

#include <QObject>
#include <QVariantMap>

#include <memory>

namespace tileport {
class JobRunner;
}

namespace tileport::ui {

// The hand-off jobs of the IDE (docs/handoff.md), on the JobRunner's
// "handoff" channel: "Build Python wheel" runs the same SessionWheel step as
// `tileport package`. Progress and the outcome arrive as signals; no widgets.
class HandoffController : public QObject
{
    Q_OBJECT
public:
    explicit HandoffController(JobRunner *jobs, QObject *parent = nullptr);

    bool startPackage(const QString &session, const QString &outDir, const QString &resourceDir, QString *error);
    // Plans the export of the session into the TileGym checkout; `exportPlanned` follows.
    bool startExportPlan(const QString &session, const QString &checkout, QString *error);
    // The last plan (valid after a successful `exportPlanned`).
    const handoff::TileGymExportPlan &exportPlan() const { return *m_plan; }
    // Writes the last plan's accepted hunks (accepted[f][h], as the review
    // gives them for exportPlan().patches()); `exported` follows.
    bool startExportApply(const QList<QList<bool>> &accepted, QString *error);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void progress(const QString &step);
    // ok, cancelled, error, wheel, package, entries (QStringList of "name(signature)").
    void packaged(const QVariantMap &outcome);
    // ok, refused, error, changes (int), diff, ops.
    void exportPlanned(const QVariantMap &outcome);
    // ok, error, checkout, ops.
    void exported(const QVariantMap &outcome);

private:
    JobRunner *m_jobs;
    // Filled by the planning job, read on the UI thread once it finished.
    std::shared_ptr<handoff::TileGymExportPlan> m_plan = std::make_shared<handoff::TileGymExportPlan>();
};

} // namespace tileport::ui
