// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelConfigFile.h"
#include "PipelineEvent.h"
#include "Session.h"
#include "Toolchains.h"

#include <atomic>
#include <functional>
#include <memory>

namespace tileport {

class RunConfigs;

// What a running stage may use: the session and run it writes into, the
// tools, the cancel flag (polled, and passed to every child process), the
// time-out for each tool, and the event stream for logs and progress.
class StageContext
{
public:
    StageContext(Session &session, int run, Toolchains tools, std::function<void(const PipelineEvent &)> sink,
                 const std::atomic_bool *cancel)
        : m_session(session)
        , m_run(run)
        , m_tools(std::move(tools))
        , m_sink(std::move(sink))
        , m_cancel(cancel)
    {
    }

    Session &session() const { return m_session; }
    int run() const { return m_run; }
    const Toolchains &tools() const { return m_tools; }
    QString area(Session::Area a) const { return m_session.areaDirectory(m_run, a); }
    bool isCancelled() const { return m_cancel && m_cancel->load(); }
    const std::atomic_bool *cancelFlag() const { return m_cancel; }
    int toolTimeoutMs() const { return m_toolTimeoutMs; }
    void setToolTimeoutMs(int ms) { m_toolTimeoutMs = ms; }
    void setStage(QChar stage) { m_stage = stage; }
    // The run's configs (the session's sidecar, kernelConfigPath), loaded
    // once per run by the orchestrator's RunConfigs; a context made without
    // one (a test's) loads them itself.
    const frontend::KernelConfigFile &configs(bool *loaded = nullptr) const;
    void setRunConfigs(RunConfigs *configs) { m_configs = configs; }

    void log(const QString &line) const;
    void progress(const QString &step, double fraction = -1) const;
    void benchmarkRow(const QJsonObject &row) const;
    void emitEvent(PipelineEvent e) const;

private:
    Session &m_session;
    int m_run;
    Toolchains m_tools;
    std::function<void(const PipelineEvent &)> m_sink;
    const std::atomic_bool *m_cancel;
    int m_toolTimeoutMs = 10 * 60'000;
    QChar m_stage;
    RunConfigs *m_configs = nullptr;
    mutable std::shared_ptr<RunConfigs> m_own;
};

} // namespace tileport
