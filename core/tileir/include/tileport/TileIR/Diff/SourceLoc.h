// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/Location.h>

#include <string>

namespace tileport::tileir::diff {

// A source position for reports: the first file:line:col found inside an
// op's location (NameLoc, CallSiteLoc, FusedLoc and dialect locations that
// wrap one are unwrapped; for a call site the callee's position wins).
struct SourceLoc {
    std::string file;
    unsigned line = 0;
    unsigned col = 0;

    bool known() const { return !file.empty() || line != 0; }
    std::string str() const; // "file:line:col", or "" when unknown

    static SourceLoc of(mlir::Location loc);
};

} // namespace tileport::tileir::diff
