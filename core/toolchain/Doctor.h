// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "DoctorRow.h"
#include "Toolchains.h"

#include <QList>

#include <functional>

namespace tileport {

// Probes each external component of the pipeline. Every probe runs its child
// with a time-out, so a broken toolchain yields a Broken row, never a hang.
class Doctor
{
public:
    explicit Doctor(Toolchains tools);

    // Skips the cutile build check (which may take minutes when cold).
    void setQuick(bool quick) { m_quick = quick; }
    // Called before each slow probe, for progress output.
    void setProgress(std::function<void(const QString &)> cb) { m_progress = std::move(cb); }

    QList<DoctorRow> run() const;

    DoctorRow checkPython() const;
    DoctorRow checkRustTool(const QString &name, const QString &path) const;
    // The probe crate of one cutile target, built with cargo.
    DoctorRow checkCutileBuild(const QString &version) const;
    // The tileiras release scripts/setup installs (the other SASS tools match it).
    static QString pinnedTileirasVersion();
    DoctorRow checkCudaHeaders() const;
    DoctorRow checkLibclang() const;
    DoctorRow checkTileiras() const;
    DoctorRow checkCuobjdump() const;
    DoctorRow checkNvdisasm() const;
    DoctorRow checkGpu() const;

    // CUDA_VERSION from <root>/include/cuda.h, e.g. 13030; 0 when unreadable.
    static int cudaHeaderVersion(const QString &cudaRoot);

private:
    Toolchains m_tools;
    bool m_quick = false;
    std::function<void(const QString &)> m_progress;
};

} // namespace tileport
