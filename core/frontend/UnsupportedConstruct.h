// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"

namespace tileport::frontend {

// Something in device code the port cannot carry over as written; never
// silently dropped.
struct UnsupportedConstruct {
    QString construct; // short name: "lambda", "try statement", "unknown cuTile call", ...
    QString reason;
    QString function;  // kernel or helper it occurs in
    SourceRange range;
    // The condition of the innermost `if` on ct.Constants around it, in the
    // kernel's own body; empty when every specialization meets it. A guarded
    // construct refuses only the entries whose constants take its arm.
    QString guard;
};

} // namespace tileport::frontend
