// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SseParser.h"

namespace tileport::llm {

QList<SseEvent> SseParser::feed(const QByteArray &bytes)
{
    QList<SseEvent> out;
    m_buffer += bytes;
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', start);
        if (nl < 0)
            break;
        QByteArray l = m_buffer.mid(start, nl - start);
        if (l.endsWith('\r'))
            l.chop(1);
        line(l, &out);
        start = nl + 1;
    }
    m_buffer.remove(0, start);
    return out;
}

void SseParser::line(const QByteArray &l, QList<SseEvent> *out)
{
    if (l.isEmpty()) { // a blank line ends the event
        if (m_haveData)
            *out << SseEvent{m_event.isEmpty() ? QStringLiteral("message") : m_event, m_data};
        m_event.clear();
        m_data.clear();
        m_haveData = false;
        return;
    }
    if (l.startsWith(':'))
        return; // comment / keep-alive
    const qsizetype colon = l.indexOf(':');
    const QByteArray field = colon < 0 ? l : l.left(colon);
    QByteArray value = colon < 0 ? QByteArray() : l.mid(colon + 1);
    if (value.startsWith(' '))
        value.remove(0, 1);
    if (field == "event")
        m_event = QString::fromUtf8(value);
    else if (field == "data") {
        if (m_haveData)
            m_data += QLatin1Char('\n');
        m_data += QString::fromUtf8(value);
        m_haveData = true;
    }
}

} // namespace tileport::llm
