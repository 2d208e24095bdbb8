// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "DocComment.h"
#include "KernelConfig.h"

namespace tileport::rust {

struct TranslatedKernel;

// The rustdoc of one generated entry, from what the printer recorded: the
// Python kernel it ports (file:line), each generic and what it stands for,
// the dtype variant and ct.Constant arm it serves, the parameters that are
// not the Python's as they are, and, when the sidecar is known (`sidecar`
// not empty), the configs it serves. An unsafe entry gets its `# Safety`.
namespace EntryDoc {

DocComment of(const TranslatedKernel &entry, const QString &pythonFile, const QString &sidecar,
              const QList<frontend::KernelConfig> &kernelConfigs, const QList<frontend::KernelConfig> &served);

} // namespace EntryDoc

} // namespace tileport::rust
