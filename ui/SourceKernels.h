// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelSelectorModel.h"

#include <QMetaType>

namespace tileport::ui {

// What the kernel selector needs of a freshly opened file, read off the UI
// thread: its kernels (cuTile or Triton analysis) and the configs of the
// sidecar beside it, if there is one.
struct SourceKernels {
    QStringList kernels;
    QList<KernelSelectorModel::Config> configs;
    bool hasSidecar = false;
    bool triton = false;

    static SourceKernels read(const QString &path);
};

} // namespace tileport::ui

Q_DECLARE_METATYPE(tileport::ui::SourceKernels)
