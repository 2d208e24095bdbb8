// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QVariant>

#include <atomic>
#include <functional>

namespace tileport {

// Handed to a job's body on its worker thread: the cancel flag to poll (and
// to pass to ProcessRunner), and a channel for partial results, which the
// runner delivers to the owning thread as queued signals.
class JobContext
{
public:
    JobContext(quint64 id, std::function<void(const QVariant &)> stream)
        : m_id(id)
        , m_stream(std::move(stream))
    {
    }

    quint64 id() const { return m_id; }
    bool isCancelled() const { return m_cancel.load(); }
    const std::atomic_bool *cancelFlag() const { return &m_cancel; }
    void cancel() { m_cancel = true; }
    // Streams a partial result (a stage verdict, a log line, a chart point).
    void emitPartial(const QVariant &value) const
    {
        if (!isCancelled())
            m_stream(value);
    }

private:
    quint64 m_id;
    std::atomic_bool m_cancel{false};
    std::function<void(const QVariant &)> m_stream;
};

} // namespace tileport
