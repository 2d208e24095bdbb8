// SPDX-License-Identifier: MIT
#pragma once

#include "StageRecord.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace tileport {

// One port on disk:
//   DIR/session.json                  what is ported, with which tools, and the history
//   DIR/runs/NNN/{reference,generated,reports,logs}/   one directory per run
// Runs are numbered from 1 and never overwritten, so any two can be compared.
// session.json is replaced atomically on every change; a stage that was
// running when the process died reopens as "interrupted", and finished
// stages stay as they were.
class Session
{
public:
    enum class Area { Reference, Generated, Reports, Logs };

    struct Run {
        int number = 0;
        QList<StageRecord> stages;
    };

    // Creates DIR (which must not hold a session yet). `info` carries the
    // source file, kernel, specialization configs and toolchain versions.
    static std::optional<Session> create(const QString &dir, const QJsonObject &info, QString *error);
    static std::optional<Session> open(const QString &dir, QString *error);

    QString directory() const { return m_dir; }
    QJsonObject info() const { return m_info; }
    const QList<Run> &runs() const { return m_runs; }
    const Run *run(int number) const;

    // Starts run N+1 and creates its artifact directories.
    int beginRun(QString *error);
    QString runDirectory(int run) const;
    QString areaDirectory(int run, Area area) const;

    // Marks `stage` running (a new attempt) in `run`; saved at once.
    bool startStage(int run, QChar stage, QString *error);
    bool finishStage(int run, QChar stage, const QString &verdict, const QString &report, QString *error);
    // A cancelled attempt: kept in the history as interrupted, no verdict.
    bool interruptStage(int run, QChar stage, QString *error);
    // Marks every stage after `stage` in the pipeline order stale (their
    // inputs changed); the stage itself and those before it are kept.
    bool markDownstreamStale(int run, QChar stage, QString *error);
    // The latest record of `stage` in `run`, if any.
    const StageRecord *latest(int run, QChar stage) const;

private:
    bool save(QString *error) const;
    StageRecord *latestMutable(int run, QChar stage);

    QString m_dir;
    QJsonObject m_info;
    QList<Run> m_runs;
};

} // namespace tileport
