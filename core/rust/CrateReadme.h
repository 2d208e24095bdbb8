// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CrateConfigs.h"

#include <QString>

namespace tileport::rust {

struct TranslationResult;

// The README.md of a generated crate: what it ports (the Python file, each
// kernel with its entries and the configs they serve), the cutile release it
// targets, how to build it, read its docs and run the IR harness (with one
// config's arguments where the sidecar gives one), its files, and that it
// is generated: regenerate rather than edit.
struct CrateReadme {
    static QString text(const TranslationResult &result, const QString &cutileVersion, const CrateConfigs &configs);
};

} // namespace tileport::rust
