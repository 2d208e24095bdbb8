// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace tileport::llm {

// One server-sent event: its type ("message" when unnamed) and its data
// lines joined with newlines.
struct SseEvent {
    QString event;
    QString data;
};

// Incremental text/event-stream decoder: bytes go in as they arrive (a
// line may be split across chunks), complete events come out.
class SseParser
{
public:
    QList<SseEvent> feed(const QByteArray &bytes);
    // Bytes held back because no line end has arrived yet.
    bool hasPartialData() const { return !m_buffer.isEmpty() || !m_data.isEmpty(); }

private:
    void line(const QByteArray &l, QList<SseEvent> *out);

    QByteArray m_buffer;
    QString m_event;
    QString m_data;
    bool m_haveData = false;
};

} // namespace tileport::llm
