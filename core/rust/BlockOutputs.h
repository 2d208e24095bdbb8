// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ImportTable.h"
#include "KernelInfo.h"
#include "PythonSource.h"

#include <QSet>

namespace tileport::rust {

// The array parameters stored only once per block, at exactly
// (bid(0), .., bid(rank-1)), and never read: each becomes the `&mut`
// partition of one block (the launcher then checks the grid against it).
// Every other output stays a read-only tensor written through
// partition_full_mut. Both lowerings ask this one rule.
QSet<QString> blockOutputs(const frontend::PythonSource &src, const frontend::ImportTable &imports,
                           const frontend::KernelInfo &kernel, TSNode body);

} // namespace tileport::rust
