// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ModelClient.h"

#include "ApiDialect.h"
#include "JobContext.h"

#include <QElapsedTimer>
#include <QThread>
#include <QVariantMap>

#include <curl/curl.h>

#include <mutex>

namespace tileport::llm {

namespace {

void globalInit()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// One HTTP attempt's state, shared with libcurl's callbacks.
struct Attempt {
    ModelApi api;
    CURL *easy = nullptr;
    SseParser sse;
    QByteArray raw;            // the body when it is not an event stream
    QString text;
    QString protocolError;
    bool done = false;         // the protocol's end marker arrived
    bool streaming = false;
    long status = 0;
    int retryAfterS = -1;
    qint64 lastByteMs = 0;
    QElapsedTimer *clock = nullptr;
    const ModelClient::TextSink *onToken = nullptr;
};

size_t onHeader(char *data, size_t size, size_t n, void *user)
{
    auto *a = static_cast<Attempt *>(user);
    const QByteArray line = QByteArray(data, qsizetype(size * n)).trimmed();
    a->lastByteMs = a->clock->elapsed();
    if (line.startsWith("HTTP/")) { // a new response (after a redirect or 100)
        a->retryAfterS = -1;
        a->streaming = false;
    }
    const qsizetype colon = line.indexOf(':');
    if (colon > 0) {
        const QByteArray name = line.left(colon).trimmed().toLower(), value = line.mid(colon + 1).trimmed();
        if (name == "retry-after") {
            bool ok = false;
            const int s = value.toInt(&ok);
            a->retryAfterS = ok ? s : -1;
        } else if (name == "content-type") {
            a->streaming = value.toLower().startsWith("text/event-stream");
        }
    }
    return size * n;
}

size_t onBody(char *data, size_t size, size_t n, void *user)
{
    auto *a = static_cast<Attempt *>(user);
    const QByteArray bytes(data, qsizetype(size * n));
    a->lastByteMs = a->clock->elapsed();
    curl_easy_getinfo(a->easy, CURLINFO_RESPONSE_CODE, &a->status);
    if (a->status != 200 || !a->streaming) {
        if (a->raw.size() < 4 * 1024 * 1024)
            a->raw += bytes;
        return size * n;
    }
    for (const SseEvent &ev : a->sse.feed(bytes)) {
        if (a->done || !a->protocolError.isEmpty())
            break;
        QString token, error;
        switch (ApiDialect::onEvent(a->api, ev, &token, &error)) {
        case ApiDialect::Step::Done: a->done = true; break;
        case ApiDialect::Step::Error: a->protocolError = error; break;
        case ApiDialect::Step::Continue: break;
        }
        if (!token.isEmpty()) {
            a->text += token;
            if (*a->onToken)
                (*a->onToken)(token);
        }
    }
    // Returning less than given aborts the transfer: nothing more to read.
    return a->protocolError.isEmpty() ? size * n : 0;
}

bool retryable(long status)
{
    return status == 429 || (status >= 500 && status <= 599);
}

} // namespace

ModelClientOptions ModelClientOptions::fromEnvironment()
{
    ModelClientOptions o;
    const auto seconds = [](const char *name, int fallbackMs) {
        bool ok = false;
        const int s = qEnvironmentVariableIntValue(name, &ok);
        return ok && s > 0 ? qMin(s, 24 * 3600) * 1000 : fallbackMs;
    };
    o.totalTimeoutMs = seconds("TILEPORT_MODEL_TIMEOUT", o.totalTimeoutMs);
    o.stallTimeoutMs = seconds("TILEPORT_MODEL_STALL_TIMEOUT", o.stallTimeoutMs);
    o.connectTimeoutMs = qMin(o.connectTimeoutMs, o.totalTimeoutMs);
    return o;
}

ModelClient::ModelClient(ModelEndpoint endpoint, ModelClientOptions options)
    : m_endpoint(std::move(endpoint))
    , m_options(options)
{
    globalInit();
}

QString ModelClient::scrub(const QString &text) const
{
    if (m_endpoint.apiKey.size() < 4)
        return text;
    QString out = text;
    return out.replace(m_endpoint.apiKey, QStringLiteral("[key]"));
}

ModelReply ModelClient::complete(const ModelRequest &request, JobContext &ctx) const
{
    return complete(
        request, ctx.cancelFlag(), [&](const QString &t) { ctx.emitPartial(QVariantMap{{QStringLiteral("token"), t}}); },
        [&](const QString &l) { ctx.emitPartial(QVariantMap{{QStringLiteral("log"), l}}); });
}

ModelReply ModelClient::complete(const ModelRequest &request, const std::atomic_bool *cancel, const TextSink &onToken,
                                 const TextSink &onLog) const
{
    const auto log = [&](const QString &line) {
        if (onLog)
            onLog(scrub(line));
    };
    const auto cancelled = [&] { return cancel && cancel->load(); };
    const QString url = ApiDialect::url(m_endpoint);
    const QByteArray body = ApiDialect::body(m_endpoint, request);
    curl_slist *headers = nullptr;
    for (const QByteArray &h : ApiDialect::headers(m_endpoint))
        headers = curl_slist_append(headers, h.constData());
    const QByteArray urlBytes = url.toUtf8();

    QElapsedTimer clock;
    clock.start();
    ModelReply reply;
    int backoff = m_options.backoffMs;
    for (int attempt = 1;; ++attempt) {
        reply = ModelReply{};
        reply.attempts = attempt;
        const qint64 left = m_options.totalTimeoutMs - clock.elapsed();
        if (left <= 0) {
            reply.status = ModelReply::Status::TimedOut;
            reply.error = QStringLiteral("no answer within %1 ms").arg(m_options.totalTimeoutMs);
            break;
        }
        log(QStringLiteral("POST %1 (%2, model %3), attempt %4")
                .arg(url, ModelEndpoint::apiName(m_endpoint.api), m_endpoint.model)
                .arg(attempt));
        Attempt a;
        a.api = m_endpoint.api;
        a.clock = &clock;
        a.onToken = &onToken;
        a.lastByteMs = clock.elapsed();
        a.easy = curl_easy_init();
        CURL *e = a.easy;
        curl_easy_setopt(e, CURLOPT_URL, urlBytes.constData());
        curl_easy_setopt(e, CURLOPT_POST, 1L);
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, body.constData());
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.size()));
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, onHeader);
        curl_easy_setopt(e, CURLOPT_HEADERDATA, &a);
        curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, onBody);
        curl_easy_setopt(e, CURLOPT_WRITEDATA, &a);
        curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, long(m_options.connectTimeoutMs));
        curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, long(left));
        curl_easy_setopt(e, CURLOPT_USERAGENT, "tileport");

        CURLM *multi = curl_multi_init();
        curl_multi_add_handle(multi, e);
        CURLcode result = CURLE_OK;
        bool stalled = false, stopped = false;
        for (int running = 1; running;) {
            curl_multi_perform(multi, &running);
            int queued = 0;
            while (CURLMsg *m = curl_multi_info_read(multi, &queued))
                if (m->msg == CURLMSG_DONE)
                    result = m->data.result;
            if (!running)
                break;
            if (cancelled()) {
                stopped = true;
                break;
            }
            if (clock.elapsed() - a.lastByteMs > m_options.stallTimeoutMs) {
                stalled = true;
                break;
            }
            curl_multi_poll(multi, nullptr, 0, 50, nullptr);
        }
        curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &a.status);
        curl_multi_remove_handle(multi, e);
        curl_easy_cleanup(e);
        curl_multi_cleanup(multi);
        reply.httpStatus = int(a.status);
        reply.text = a.text;

        if (stopped) {
            reply.status = ModelReply::Status::Cancelled;
            reply.error = QStringLiteral("cancelled");
            break;
        }
        if (stalled) {
            reply.status = ModelReply::Status::Stalled;
            reply.error = QStringLiteral("no byte from %1 for %2 ms (stall time-out)").arg(url).arg(m_options.stallTimeoutMs);
            break;
        }
        if (!a.protocolError.isEmpty()) {
            reply.status = ModelReply::Status::Protocol;
            reply.error = a.protocolError;
            break;
        }
        if (result != CURLE_OK && a.status == 0) {
            const bool timeout = result == CURLE_OPERATION_TIMEDOUT;
            reply.status = ModelReply::Status::Unreachable;
            reply.error = QStringLiteral("%1: %2").arg(url, QString::fromUtf8(curl_easy_strerror(result)));
            if (timeout && clock.elapsed() >= m_options.totalTimeoutMs)
                reply.status = ModelReply::Status::TimedOut;
            break;
        }
        if (retryable(a.status)) {
            reply.status = ModelReply::Status::HttpError;
            reply.error = QStringLiteral("HTTP %1: %2").arg(a.status).arg(ApiDialect::errorMessage(a.raw));
            if (attempt > m_options.maxRetries)
                break;
            int wait = qMin(backoff, m_options.maxBackoffMs);
            QString why = QStringLiteral("backoff");
            if (a.status == 429 && a.retryAfterS >= 0) {
                wait = qMin(a.retryAfterS * 1000, m_options.maxBackoffMs);
                why = QStringLiteral("Retry-After: %1").arg(a.retryAfterS);
            }
            backoff *= 2;
            if (clock.elapsed() + wait >= m_options.totalTimeoutMs)
                break;
            log(QStringLiteral("HTTP %1; retrying in %2 ms (%3)").arg(a.status).arg(wait).arg(why));
            QElapsedTimer slept;
            slept.start();
            while (slept.elapsed() < wait && !cancelled())
                QThread::msleep(20);
            if (cancelled()) {
                reply.status = ModelReply::Status::Cancelled;
                reply.error = QStringLiteral("cancelled");
                break;
            }
            continue;
        }
        if (a.status != 200) {
            reply.status = ModelReply::Status::HttpError;
            reply.error = QStringLiteral("HTTP %1: %2").arg(a.status).arg(ApiDialect::errorMessage(a.raw));
            break;
        }
        if (result == CURLE_OPERATION_TIMEDOUT) {
            reply.status = ModelReply::Status::TimedOut;
            reply.error = QStringLiteral("the answer did not finish within %1 ms").arg(m_options.totalTimeoutMs);
            break;
        }
        if (!a.streaming) {
            QString text, error;
            if (!ApiDialect::parseWhole(m_endpoint.api, a.raw, &text, &error)) {
                reply.status = ModelReply::Status::Protocol;
                reply.error = error;
            } else {
                reply.text = text;
                if (onToken)
                    onToken(text);
            }
            break;
        }
        if (!a.done) {
            reply.status = ModelReply::Status::Protocol;
            reply.error = QStringLiteral("the event stream ended before its end marker (%1 characters received; %2)")
                              .arg(a.text.size())
                              .arg(result == CURLE_OK ? QStringLiteral("connection closed")
                                                      : QString::fromUtf8(curl_easy_strerror(result)));
            break;
        }
        break;
    }
    curl_slist_free_all(headers);
    reply.error = scrub(reply.error);
    log(reply.ok() ? QStringLiteral("answer complete: %1 characters, %2 attempt(s)").arg(reply.text.size()).arg(reply.attempts)
                   : QStringLiteral("request failed (%1): %2").arg(ModelReply::statusName(reply.status), reply.error));
    return reply;
}

} // namespace tileport::llm
