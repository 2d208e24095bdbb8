// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "StageRecord.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace tileport {

// One port on disk:
//   DIR/session.json                  what is ported, with which tools, and the history
//   DIR/runs/NNN/{reference,generated,reports,logs}/   one directory per run
// Runs are numbered from 1 and never overwritten, so any two can be compared.
// session.json is replaced atomically on every change; a stage that was
// running when its process died (its record names the process) reopens as
// "interrupted", and finished stages stay as they were.
class Session
{
public:
    enum class Area { Reference, Generated, Reports, Logs };
    // ReadOnly never writes (status, report, the IDE's history): a stage
    // whose process died shows as interrupted without session.json being
    // saved. ReadWrite saves that marking, unless the directory has problems.
    enum class Access { ReadWrite, ReadOnly };

    struct Run {
        int number = 0;
        QList<StageRecord> stages;
    };

    // Creates DIR (which must not hold a session yet). `info` carries the
    // source file, kernel, specialization configs and toolchain versions.
    static std::optional<Session> create(const QString &dir, const QJsonObject &info, QString *error);
    static std::optional<Session> open(const QString &dir, QString *error, Access access = Access::ReadWrite);

    // What open found damaged or foreign in the directory: a run directory
    // or a finished stage's report missing, a report that is not that
    // stage's, an entry under runs/ that is no run of session.json. A
    // session with problems is read, never written (port and rerun refuse).
    QStringList problems() const { return m_problems; }
    // Entries in the session directory that TilePort does not write: listed
    // and left alone, they stop nothing.
    QStringList foreignEntries() const { return m_foreign; }

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
    void check();
    StageRecord *latestMutable(int run, QChar stage);

    QString m_dir;
    QJsonObject m_info;
    QList<Run> m_runs;
    QStringList m_problems;
    QStringList m_foreign;
    // Held by every writer of this directory in this process, so that a
    // stage this process still runs is not taken for an interrupted one.
    std::shared_ptr<const QString> m_writer;
};

} // namespace tileport
