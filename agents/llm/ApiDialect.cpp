// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ApiDialect.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tileport::llm {

namespace {

bool parseObject(const QString &text, QJsonObject *out, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = QStringLiteral("malformed JSON in the answer at offset %1 (%2): '%3'")
                     .arg(pe.offset)
                     .arg(pe.error != QJsonParseError::NoError ? pe.errorString() : QStringLiteral("not an object"),
                          text.left(80));
        return false;
    }
    *out = doc.object();
    return true;
}

} // namespace

QString ApiDialect::url(const ModelEndpoint &e)
{
    const QString path = e.api == ModelApi::OpenAi ? QStringLiteral("/chat/completions") : QStringLiteral("/messages");
    QString base = e.url;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return base.endsWith(path) ? base : base + path;
}

QList<QByteArray> ApiDialect::headers(const ModelEndpoint &e)
{
    QList<QByteArray> h{"Content-Type: application/json", "Accept: text/event-stream"};
    if (e.api == ModelApi::OpenAi) {
        if (!e.apiKey.isEmpty())
            h << "Authorization: Bearer " + e.apiKey.toUtf8();
    } else {
        h << "anthropic-version: 2023-06-01";
        if (!e.apiKey.isEmpty())
            h << "x-api-key: " + e.apiKey.toUtf8();
    }
    return h;
}

QByteArray ApiDialect::body(const ModelEndpoint &e, const ModelRequest &r)
{
    QJsonObject o{{QStringLiteral("model"), e.model},
                  {QStringLiteral("max_tokens"), r.maxTokens},
                  {QStringLiteral("temperature"), r.temperature},
                  {QStringLiteral("stream"), true}};
    const QJsonObject user{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), r.user}};
    if (e.api == ModelApi::OpenAi) {
        QJsonArray messages;
        if (!r.system.isEmpty())
            messages << QJsonObject{{QStringLiteral("role"), QStringLiteral("system")}, {QStringLiteral("content"), r.system}};
        messages << user;
        o.insert(QStringLiteral("messages"), messages);
    } else {
        if (!r.system.isEmpty())
            o.insert(QStringLiteral("system"), r.system);
        o.insert(QStringLiteral("messages"), QJsonArray{user});
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

ApiDialect::Step ApiDialect::onEvent(ModelApi api, const SseEvent &ev, QString *token, QString *error)
{
    if (api == ModelApi::OpenAi) {
        if (ev.data.trimmed() == QLatin1String("[DONE]"))
            return Step::Done;
        QJsonObject o;
        if (!parseObject(ev.data, &o, error))
            return Step::Error;
        if (o.contains(QStringLiteral("error"))) {
            *error = QStringLiteral("the server sent an error event: %1").arg(errorMessage(ev.data.toUtf8()));
            return Step::Error;
        }
        for (const QJsonValue c : o.value(QStringLiteral("choices")).toArray())
            *token += c.toObject().value(QStringLiteral("delta")).toObject().value(QStringLiteral("content")).toString();
        return Step::Continue;
    }
    if (ev.event == QLatin1String("ping"))
        return Step::Continue;
    QJsonObject o;
    if (!parseObject(ev.data, &o, error))
        return Step::Error;
    const QString type = o.value(QStringLiteral("type")).toString(ev.event);
    if (type == QLatin1String("error")) {
        *error = QStringLiteral("the server sent an error event: %1").arg(errorMessage(ev.data.toUtf8()));
        return Step::Error;
    }
    if (type == QLatin1String("message_stop"))
        return Step::Done;
    if (type == QLatin1String("content_block_delta"))
        *token += o.value(QStringLiteral("delta")).toObject().value(QStringLiteral("text")).toString();
    return Step::Continue;
}

bool ApiDialect::parseWhole(ModelApi api, const QByteArray &json, QString *text, QString *error)
{
    QJsonObject o;
    if (!parseObject(QString::fromUtf8(json), &o, error))
        return false;
    if (api == ModelApi::OpenAi) {
        const QJsonArray choices = o.value(QStringLiteral("choices")).toArray();
        if (choices.isEmpty()) {
            *error = QStringLiteral("the answer has no choices");
            return false;
        }
        *text = choices.first().toObject().value(QStringLiteral("message")).toObject().value(QStringLiteral("content")).toString();
        return true;
    }
    for (const QJsonValue c : o.value(QStringLiteral("content")).toArray())
        *text += c.toObject().value(QStringLiteral("text")).toString();
    return true;
}

QString ApiDialect::errorMessage(const QByteArray &body)
{
    const QJsonObject o = QJsonDocument::fromJson(body).object();
    const QJsonValue err = o.value(QStringLiteral("error"));
    const QString msg = err.isObject() ? err.toObject().value(QStringLiteral("message")).toString() : err.toString();
    return msg.isEmpty() ? QString::fromUtf8(body.left(200)).simplified() : msg;
}

} // namespace tileport::llm
