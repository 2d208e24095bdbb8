// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModelEndpoint.h"
#include "ModelReply.h"

#include <atomic>
#include <functional>

namespace tileport {
class JobContext;
}

namespace tileport::llm {

// Time-outs and retry policy of one request.
struct ModelClientOptions {
    int connectTimeoutMs = 10'000;
    int totalTimeoutMs = 300'000;  // for the whole request, retries included
    int stallTimeoutMs = 60'000;   // longest silence between two received bytes
    int maxRetries = 3;            // after 429 and 5xx
    int backoffMs = 500;           // doubled after each retry
    int maxBackoffMs = 30'000;     // also the cap on Retry-After

    // The defaults, with TILEPORT_MODEL_TIMEOUT (the whole request) and
    // TILEPORT_MODEL_STALL_TIMEOUT (silence), in seconds, where set.
    static ModelClientOptions fromEnvironment();
};

// A streaming model client over libcurl's multi interface. complete()
// blocks its caller (a JobRunner job: run it on a worker, never on the UI
// thread) while it drives the transfer in short polls, so it can honour
// cancellation, the stall time-out and the deadline between any two
// bytes. Proxies come from the environment, as libcurl reads them by
// default. The key goes into one request header only: log lines and
// errors are scrubbed of it.
class ModelClient
{
public:
    using TextSink = std::function<void(const QString &)>;

    explicit ModelClient(ModelEndpoint endpoint, ModelClientOptions options = {});

    ModelReply complete(const ModelRequest &request, const std::atomic_bool *cancel, const TextSink &onToken,
                        const TextSink &onLog) const;
    // Inside a JobRunner job: tokens stream as partials {"token": text},
    // log lines as {"log": text}; cancellation comes from the context.
    ModelReply complete(const ModelRequest &request, JobContext &ctx) const;

    const ModelEndpoint &endpoint() const { return m_endpoint; }
    // `text` with every occurrence of the key replaced.
    QString scrub(const QString &text) const;

private:
    ModelEndpoint m_endpoint;
    ModelClientOptions m_options;
};

} // namespace tileport::llm
