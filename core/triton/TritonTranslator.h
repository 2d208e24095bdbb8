// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "RustTranslator.h"
#include "TritonModule.h"

namespace tileport::triton {

// Triton to cuTile Rust: the kernels TritonAnalyzer desugared go through the
// unchanged cuTile generator (RustTranslator); its diagnostics and each Rust
// line's source line are mapped back to the Triton file, and the kernels the
// front-end could not map are reported with their Triton line:col.
class TritonTranslator
{
public:
    static rust::TranslationResult translateFile(const QString &path, const rust::RustTranslator::Options &options);
    static rust::TranslationResult translateModule(const TritonModule &module,
                                                   const rust::RustTranslator::Options &options);
};

} // namespace tileport::triton
