// SPDX-License-Identifier: MIT
#pragma once

#include "EntrySignature.h"
#include "KernelConfig.h"

#include <QStringList>

namespace tileport::rust {

// The IR harness's command line for one entry and one .tileport.json config:
// OUT_DIR ENTRY GENERICS STRIDES TARGET VERSION. Element-type generics take
// the dtype of the array they are bound to, const generics the config's
// value; strides are [-1, .., 1] (row-major, as cuTile Python assumes).
struct HarnessArguments {
    static QStringList forConfig(const EntrySignature &entry, const frontend::KernelConfig &config,
                                 const QString &outDir, const QString &target, const QString &version,
                                 QString *error);
};

} // namespace tileport::rust
