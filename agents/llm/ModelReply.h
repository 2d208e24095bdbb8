// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QMetaType>
#include <QString>

namespace tileport::llm {

// How a model request ended.
struct ModelReply {
    enum class Status { Ok, Unreachable, TimedOut, Stalled, HttpError, Protocol, Cancelled };
    Status status = Status::Ok;
    QString text;       // the answer (what streamed before a failure, otherwise)
    QString error;      // why it failed; never holds the key
    int httpStatus = 0;
    int attempts = 0;

    bool ok() const { return status == Status::Ok; }
    static QString statusName(Status s)
    {
        switch (s) {
        case Status::Ok: return QStringLiteral("ok");
        case Status::Unreachable: return QStringLiteral("unreachable");
        case Status::TimedOut: return QStringLiteral("timed out");
        case Status::Stalled: return QStringLiteral("stalled");
        case Status::HttpError: return QStringLiteral("http error");
        case Status::Protocol: return QStringLiteral("protocol error");
        case Status::Cancelled: return QStringLiteral("cancelled");
        }
        return {};
    }
};

} // namespace tileport::llm

Q_DECLARE_METATYPE(tileport::llm::ModelReply)
