// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

#include <QString>

namespace tileport::rust {

// Thrown inside KirLowering when a construct cannot be lowered faithfully;
// the translator turns it into a TranslationDiagnostic and drops the kernel.
struct LoweringError {
    frontend::SourceRange range;
    QString construct;
    QString reason;
};

} // namespace tileport::rust
