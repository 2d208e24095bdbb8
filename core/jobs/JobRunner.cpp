// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "JobRunner.h"

#include <QMetaObject>
#include <QPointer>
#include <QSemaphore>

namespace tileport {

namespace {
// The pool behind runTogether() and releaseInBackground(), shared by all runners.
Q_GLOBAL_STATIC(QThreadPool, s_shared)
} // namespace

void JobRunner::runTogether(const std::vector<std::function<void()>> &tasks)
{
    if (tasks.empty())
        return;
    QSemaphore done;
    std::vector<std::unique_ptr<QRunnable>> forked;
    for (size_t i = 1; i < tasks.size(); ++i) {
        forked.emplace_back(QRunnable::create([&tasks, &done, i] {
            tasks[i]();
            done.release();
        }));
        forked.back()->setAutoDelete(false);
        s_shared->start(forked.back().get());
    }
    tasks.front()();
    for (const auto &r : forked)
        if (s_shared->tryTake(r.get()))
            r->run();
    done.acquire(int(forked.size()));
}

void JobRunner::releaseInBackground(std::function<void()> release)
{
    s_shared->start(std::move(release));
}

bool JobRunner::waitForBackground(int timeoutMs)
{
    return s_shared->waitForDone(timeoutMs);
}

JobRunner::JobRunner(QObject *parent)
    : QObject(parent)
{
}

JobRunner::~JobRunner()
{
    cancelAll();
    m_pool.waitForDone();
}

quint64 JobRunner::submit(const QString &channel, Body body)
{
    cancel(channel);
    const quint64 id = m_nextId++;
    QPointer<JobRunner> self(this);
    auto context = std::make_shared<JobContext>(id, [self, channel, id](const QVariant &v) {
        if (self)
            QMetaObject::invokeMethod(self, [self, channel, id, v] {
                if (self)
                    self->deliverPartial(channel, id, v);
            }, Qt::QueuedConnection);
    });
    m_current.insert(channel, context);
    m_pool.start([self, channel, context, body = std::move(body)] {
        const QVariant result = body(*context);
        const bool wasCancelled = context->isCancelled();
        if (self)
            QMetaObject::invokeMethod(self, [self, channel, id = context->id(), result, wasCancelled] {
                if (self)
                    self->deliverFinished(channel, id, result, wasCancelled);
            }, Qt::QueuedConnection);
    });
    return id;
}

void JobRunner::cancel(const QString &channel)
{
    if (auto it = m_current.find(channel); it != m_current.end()) {
        it.value()->cancel();
        const quint64 id = it.value()->id();
        m_current.erase(it);
        Q_EMIT cancelled(channel, id);
    }
}

void JobRunner::cancelAll()
{
    const QStringList channels = m_current.keys();
    for (const QString &c : channels)
        cancel(c);
}

bool JobRunner::waitForIdle(int timeoutMs)
{
    return m_pool.waitForDone(timeoutMs);
}

void JobRunner::setMaxConcurrency(int jobs)
{
    m_pool.setMaxThreadCount(qMax(1, jobs));
}

int JobRunner::maxConcurrency() const
{
    return m_pool.maxThreadCount();
}

bool JobRunner::isRunning(const QString &channel) const
{
    return m_current.contains(channel);
}

void JobRunner::deliverPartial(const QString &channel, quint64 id, const QVariant &value)
{
    // Superseded or cancelled jobs have left m_current: drop what they send.
    const auto it = m_current.constFind(channel);
    if (it == m_current.cend() || it.value()->id() != id)
        return;
    Q_EMIT partial(channel, id, value);
}

void JobRunner::deliverFinished(const QString &channel, quint64 id, const QVariant &result, bool wasCancelled)
{
    const auto it = m_current.constFind(channel);
    if (it == m_current.cend() || it.value()->id() != id || wasCancelled)
        return;
    m_current.erase(it);
    Q_EMIT finished(channel, id, result);
}

} // namespace tileport
