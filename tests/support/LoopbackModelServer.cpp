// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "LoopbackModelServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <memory>

LoopbackModelServer::LoopbackModelServer(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &LoopbackModelServer::onConnection);
}

bool LoopbackModelServer::start()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

LoopbackModelServer::Reply LoopbackModelServer::answer(const QString &text, int delayMs)
{
    Reply r;
    r.answer = text;
    r.chunkDelayMs = delayMs;
    return r;
}

LoopbackModelServer::Reply LoopbackModelServer::status(int code, const QByteArray &body, QList<QPair<QByteArray, QByteArray>> headers)
{
    Reply r;
    r.status = code;
    r.raw = {body};
    r.headers = std::move(headers);
    r.headers << qMakePair(QByteArray("Content-Type"), QByteArray("application/json"));
    return r;
}

void LoopbackModelServer::onConnection()
{
    while (QTcpSocket *s = m_server.nextPendingConnection()) {
        auto buffer = std::make_shared<QByteArray>();
        connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
        connect(s, &QTcpSocket::readyRead, this, [this, s, buffer] {
            *buffer += s->readAll();
            const qsizetype end = buffer->indexOf("\r\n\r\n");
            if (end < 0)
                return;
            Request req;
            const QList<QByteArray> lines = buffer->left(end).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            req.method = first.value(0);
            req.path = first.value(1);
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype c = lines[i].indexOf(':');
                if (c > 0)
                    req.headers.insert(lines[i].left(c).trimmed().toLower(), lines[i].mid(c + 1).trimmed());
            }
            const qsizetype length = req.headers.value("content-length", "0").toLongLong();
            if (buffer->size() < end + 4 + length)
                return;
            req.body = buffer->mid(end + 4, length);
            buffer->clear();
            disconnect(s, &QTcpSocket::readyRead, this, nullptr);
            m_requests << req;
            serve(s, req);
        });
    }
}

QList<QByteArray> LoopbackModelServer::pieces(const Request &req, const Reply &r) const
{
    if (!r.raw.isEmpty() || r.status != 200)
        return r.raw;
    const bool anthropic = req.path.endsWith("/messages");
    // The answer in pieces of about 12 characters, as a model streams.
    QStringList parts;
    for (qsizetype i = 0; i < r.answer.size(); i += 12)
        parts << r.answer.mid(i, 12);
    QList<QByteArray> out;
    auto json = [](const QJsonObject &o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); };
    if (anthropic) {
        out << "event: message_start\ndata: " + json({{"type", "message_start"}, {"message", QJsonObject{{"id", "msg_1"}}}}) + "\n\n";
        for (const QString &p : parts)
            out << "event: content_block_delta\ndata: "
                       + json({{"type", "content_block_delta"}, {"index", 0}, {"delta", QJsonObject{{"type", "text_delta"}, {"text", p}}}})
                       + "\n\n";
        if (r.endMarker)
            out << "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    } else {
        for (const QString &p : parts)
            out << "data: " + json({{"choices", QJsonArray{QJsonObject{{"index", 0}, {"delta", QJsonObject{{"content", p}}}}}}}) + "\n\n";
        if (r.endMarker)
            out << "data: [DONE]\n\n";
    }
    return out;
}

void LoopbackModelServer::serve(QTcpSocket *s, const Request &req)
{
    const Reply r = m_queue.isEmpty() ? m_default : m_queue.takeFirst();
    QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + (r.status == 200 ? " OK" : " Status") + "\r\n";
    bool typed = false;
    for (const auto &h : r.headers) {
        head += h.first + ": " + h.second + "\r\n";
        typed |= h.first.toLower() == "content-type";
    }
    if (!typed)
        head += "Content-Type: text/event-stream\r\n";
    head += "Connection: close\r\n\r\n";
    s->write(head);
    QPointer<QTcpSocket> sock(s);
    const QList<QByteArray> parts = pieces(req, r);
    // Pieces go out one per timer tick, so delays and stalls are real.
    auto next = std::make_shared<std::function<void(int)>>();
    *next = [=, this](int i) {
        if (!sock)
            return;
        if (i >= parts.size() || (r.stallAfter >= 0 && i >= r.stallAfter)) {
            if (!(r.stallAfter >= 0 && i >= r.stallAfter) && !r.keepOpenForever)
                sock->disconnectFromHost();
            return; // a stall keeps the connection open and silent
        }
        sock->write(parts[i]);
        sock->flush();
        QTimer::singleShot(r.chunkDelayMs, this, [next, i] { (*next)(i + 1); });
    };
    QTimer::singleShot(r.chunkDelayMs, this, [next] { (*next)(0); });
}
