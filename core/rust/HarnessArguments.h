// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "EntrySignature.h"
#include "KernelConfig.h"

#include <QStringList>

namespace tileport::rust {

// The IR harness's command line for one entry and one .tileport.json config:
// OUT_DIR ENTRY GENERICS STRIDES TARGET VERSION [SPECS]. Element-type
// generics take the dtype of the array they are bound to, const generics the
// config's value.
//
// A hand-written config (no array with "strides") gets strides [-1, .., 1]
// (row-major, as cuTile Python assumes) and no SPECS: the harness then
// promises a 16-byte aligned base pointer and nothing else. A captured
// config (arrays with the real "shape", "strides" and "alignment") gets what
// cutile's launcher would pass for those tensors (LaunchSpecialization):
// the stride pattern in STRIDES, the divisibility bits and the integer
// scalars' divisibility hints in SPECS.
struct HarnessArguments {
    static QStringList forConfig(const EntrySignature &entry, const frontend::KernelConfig &config,
                                 const QString &outDir, const QString &target, const QString &version,
                                 QString *error);
};

} // namespace tileport::rust
