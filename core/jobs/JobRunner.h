// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "JobContext.h"

#include <QHash>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <vector>

namespace tileport {

// The one background-job mechanism: every long piece of work (compiles,
// exports, file loads, pipeline stages) runs here. Each job has an id and a
// channel (e.g. "open-source", "stage-C"); submitting a job on a channel
// cancels the job already running there and drops whatever it delivers
// later, so the newest request wins. Results and partial results arrive as
// queued signals on the runner's thread.
class JobRunner : public QObject
{
    Q_OBJECT
public:
    using Body = std::function<QVariant(JobContext &)>;

    explicit JobRunner(QObject *parent = nullptr);
    ~JobRunner() override;

    quint64 submit(const QString &channel, Body body);
    void cancel(const QString &channel);
    void cancelAll();
    // Blocks until every job has finished (for tests and shutdown).
    bool waitForIdle(int timeoutMs = -1);
    bool isRunning(const QString &channel) const;
    // How many jobs run at once (default: one per core); batch runs set it
    // from --jobs.
    void setMaxConcurrency(int jobs);
    int maxConcurrency() const;

    // Fork-join inside a job: runs the tasks at the same time, the calling
    // thread taking the first and a shared pool the others, and returns when
    // all are done. A task the pool has not started by the time the caller
    // is free runs on the caller, so a full pool cannot deadlock it.
    static void runTogether(const std::vector<std::function<void()>> &tasks);
    // Runs `release` (dropping a large result: an IR module takes a while to
    // free) on the shared pool, so the UI thread never waits for it.
    static void releaseInBackground(std::function<void()> release);
    // Waits for the shared pool (tests and benchmarks).
    static bool waitForBackground(int timeoutMs = -1);

Q_SIGNALS:
    void partial(const QString &channel, quint64 id, const QVariant &value);
    void finished(const QString &channel, quint64 id, const QVariant &result);
    void cancelled(const QString &channel, quint64 id);

private:
    void deliverPartial(const QString &channel, quint64 id, const QVariant &value);
    void deliverFinished(const QString &channel, quint64 id, const QVariant &result, bool wasCancelled);

    QThreadPool m_pool;
    quint64 m_nextId = 1;
    QHash<QString, std::shared_ptr<JobContext>> m_current;
};

} // namespace tileport
