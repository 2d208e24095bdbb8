// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageContext.h"

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

} // namespace tileport
