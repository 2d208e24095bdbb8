// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TranslationResult.h"

namespace tileport::kir {
class EntryOp;
}

namespace tileport::rust {

// Prints one kir.entry whose dtypes are resolved as a cuTile Rust entry:
// its lines, each with the Python lines it came from (the source map), and
// the signature the crate manifest records. Every tile value gets a typed
// `let` (cutile infers little); i32 scalar arithmetic stays inline. Throws
// LoweringError where Rust cannot say what the IR holds (a scalar
// parameter's dtype that no use decided).
TranslatedKernel printEntry(kir::EntryOp entry);

} // namespace tileport::rust
