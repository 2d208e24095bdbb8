// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

// A small HTTP/1.1 server on 127.0.0.1 that speaks the two model APIs the
// client supports, for tests: POST .../chat/completions answers as OpenAI
// Chat Completions, POST .../messages as Anthropic Messages, both over SSE.
// Each request takes the next scripted reply (or the default one), which
// may stream slowly, stall, fail with a status, or break the stream. It
// runs on the thread that created it (the test's), while the client runs
// in a JobRunner worker.
class LoopbackModelServer : public QObject
{
    Q_OBJECT
public:
    struct Reply {
        int status = 200;
        QList<QPair<QByteArray, QByteArray>> headers;
        QString answer;            // streamed in the request's protocol, in pieces
        QList<QByteArray> raw;     // or these bytes as the body, verbatim
        int chunkDelayMs = 0;      // pause before each piece
        int stallAfter = -1;       // stop sending (connection kept open) after this many pieces
        bool endMarker = true;     // false: close without [DONE] / message_stop (truncated stream)
        bool keepOpenForever = false; // with raw/answer: never close
    };
    struct Request {
        QByteArray method, path;
        QMap<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
    };

    explicit LoopbackModelServer(QObject *parent = nullptr);

    bool start();
    quint16 port() const { return m_server.serverPort(); }
    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(port()); }
    void enqueue(const Reply &r) { m_queue << r; }
    void setDefault(const Reply &r) { m_default = r; }
    const QList<Request> &requests() const { return m_requests; }

    // Helpers for scripted replies.
    static Reply answer(const QString &text, int delayMs = 0);
    static Reply status(int code, const QByteArray &body, QList<QPair<QByteArray, QByteArray>> headers = {});

private:
    void onConnection();
    void serve(QTcpSocket *s, const Request &req);
    QList<QByteArray> pieces(const Request &req, const Reply &r) const;

    QTcpServer m_server;
    QList<Reply> m_queue;
    Reply m_default;
    QList<Request> m_requests;
};
