// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace tileport {

// Where a Slurm runner submits: slurm://[PARTITION][?gres=gpu:1&time=MM&account=A&qos=Q&wait=MM&stage=DIR].
// Every field is optional; an empty one leaves the choice to the cluster's
// own configuration (its default partition, no account, ...).
struct SlurmTarget {
    QString partition;
    QString gres;    // --gres, e.g. gpu:1 or gpu:h200:2
    QString time;    // --time in Slurm's forms (MM, MM:SS, HH:MM:SS, D-HH[:MM[:SS]]); empty: from the job's time-out
    QString account; // --account
    QString qos;     // --qos
    // How long a job may stay pending before the runner gives up and
    // cancels it, in seconds (wait=MM or MM:SS in the URL).
    int waitS = 30 * 60;
    // The staging directory: bundles are copied here and the jobs run from
    // here, so the compute nodes must see it (a shared file system). Empty:
    // $TILEPORT_SLURM_STAGE, else $XDG_CACHE_HOME/tileport/slurm.
    QString stage;

    // Null with *error set (one line naming the problem) for anything else.
    static std::optional<SlurmTarget> parse(const QString &spec, QString *error);

    QString spec() const; // back to slurm://..., fields in a fixed order
    // The options sbatch and srun share (partition, gres, account, qos, time).
    // `fallbackMinutes` is the --time when the URL sets none (0: none).
    QStringList submitOptions(int fallbackMinutes) const;
    // stage, or the default staging directory.
    QString stageDirectory() const;
};

// Seconds in one of Slurm's time forms, or -1 when it is not one.
int slurmTimeSeconds(const QString &text);

} // namespace tileport
