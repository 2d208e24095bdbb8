// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QString>

namespace tileport {

// One job record as `scontrol show job -o` prints it (one line of
// KEY=VALUE words). A pending array prints one record for its tasks that
// have not started yet, with a range in ArrayTaskId ("3-7%2").
struct SlurmJobInfo {
    QString jobId;      // JobId
    QString name;       // JobName
    QString arrayJobId; // ArrayJobId, empty outside an array
    QList<int> tasks;   // ArrayTaskId expanded; empty outside an array
    QString state;      // JobState: PENDING, RUNNING, COMPLETED, TIMEOUT, NODE_FAIL, ...
    QString reason;     // Reason: Resources, Priority, TimeLimit, NonZeroExitCode, ...
    int exitCode = -1;  // ExitCode=N:S, the N
    int exitSignal = 0; // ... and the S
    QString nodes;      // NodeList
    int restarts = 0;   // Restarts (a requeued job counts up)

    enum class Phase { Pending, Running, Finished };
    Phase phase() const;
    // Ended as the command's own result (COMPLETED, FAILED): its exit code
    // says how it went. Other ends (TIMEOUT, NODE_FAIL, PREEMPTED,
    // CANCELLED, ...) are the scheduler's or the cluster's.
    bool endedByCommand() const;
    // "job 12_3 ended TIMEOUT (TimeLimit) on gpu07": Slurm's own words.
    QString describe(const QString &id) const;

    // Every record of scontrol's -o output; lines that hold no JobId are skipped.
    static QList<SlurmJobInfo> parse(const QString &scontrolOutput);
};

} // namespace tileport
