// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ReaderContext.h"
#include "tileport/TileIR/Bytecode/Attribute.h"

namespace tileport::tileir::bc::detail {

// Self-describing ("tagged") attributes and the dictionary bodies shared by
// dictionaries and optimization hints. `depth` counts nested arrays and
// dictionaries against ReadOptions::maxAttributeDepth.
Attribute readTaggedAttribute(const ReaderContext &ctx, Cursor &c, unsigned depth);
DictionaryAttr readDictionaryBody(const ReaderContext &ctx, Cursor &c, unsigned depth);
OptimizationHintsAttr readHintsBody(const ReaderContext &ctx, Cursor &c, unsigned depth);

} // namespace tileport::tileir::bc::detail
