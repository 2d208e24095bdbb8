// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModelEndpoint.h"
#include "SseParser.h"

#include <QList>

namespace tileport::llm {

// The two wire protocols: OpenAI-compatible Chat Completions and the
// Anthropic Messages API. Builds the streaming request and reads the
// events (or a whole JSON answer when a server does not stream).
class ApiDialect
{
public:
    enum class Step { Continue, Done, Error };

    static QString url(const ModelEndpoint &e);
    // Header lines, the key's among them; callers never log these.
    static QList<QByteArray> headers(const ModelEndpoint &e);
    static QByteArray body(const ModelEndpoint &e, const ModelRequest &r);
    // One event: appends streamed text to *token, says when the answer is
    // complete, or sets *error for an error event or malformed JSON.
    static Step onEvent(ModelApi api, const SseEvent &event, QString *token, QString *error);
    // A non-streamed answer (application/json).
    static bool parseWhole(ModelApi api, const QByteArray &json, QString *text, QString *error);
    // The "error.message" of an error body, or its first bytes.
    static QString errorMessage(const QByteArray &body);
};

} // namespace tileport::llm
