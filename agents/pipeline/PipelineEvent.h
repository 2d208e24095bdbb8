// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QChar>
#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace tileport {

// One item of the orchestrator's typed event stream. The CLI prints them,
// the GUI will show them, and every event is appended to the session's
// events.jsonl (one JSON object per line).
struct PipelineEvent {
    enum class Kind { RunStarted, StageStarted, Progress, Log, Verdict, StageFinished, BenchmarkRow, RunFinished };

    Kind kind = Kind::Log;
    int run = 0;
    QChar stage;         // null for run-level events
    QString text;        // log line, progress step, route reason
    QString verdict;     // Verdict, StageFinished, RunFinished
    QString owner;       // host | kernel | env, when the verdict names one
    double fraction = -1; // Progress: 0..1, or -1 when unknown
    qint64 elapsedMs = -1; // StageFinished
    QJsonObject data;    // BenchmarkRow: the row; StageFinished: the report path
    QDateTime time = QDateTime::currentDateTimeUtc();

    static QString kindName(Kind k);
    QJsonObject toJson() const;
    static bool fromJson(const QJsonObject &o, PipelineEvent &out);
};

} // namespace tileport
