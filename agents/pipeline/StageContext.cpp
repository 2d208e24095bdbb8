// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageContext.h"

#include "KernelConfigPath.h"
#include "RunConfigs.h"

namespace tileport {

void StageContext::emitEvent(PipelineEvent e) const
{
    e.run = m_run;
    if (e.stage.isNull())
        e.stage = m_stage;
    if (m_sink)
        m_sink(e);
}

void StageContext::log(const QString &line) const
{
    PipelineEvent e;
    e.kind = PipelineEvent::Kind::Log;
    e.text = line;
    emitEvent(e);
}

void StageContext::progress(const QString &step, double fraction) const
{
    PipelineEvent e;
    e.kind = PipelineEvent::Kind::Progress;
    e.text = step;
    e.fraction = fraction;
    emitEvent(e);
}

void StageContext::benchmarkRow(const QJsonObject &row) const
{
    PipelineEvent e;
    e.kind = PipelineEvent::Kind::BenchmarkRow;
    e.data = row;
    emitEvent(e);
}

const frontend::KernelConfigFile &StageContext::configs(bool *loaded) const
{
    RunConfigs *c = m_configs;
    if (!c) {
        if (!m_own)
            m_own = std::make_shared<RunConfigs>();
        c = m_own.get();
    }
    return c->get(kernelConfigPath(m_session), loaded);
}

} // namespace tileport
