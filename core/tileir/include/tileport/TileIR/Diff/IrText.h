// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/Attributes.h>
#include <mlir/IR/Types.h>

#include <llvm/ADT/DenseMap.h>

#include <deque>
#include <string>

namespace tileport::tileir::diff {

// Spellings used for comparison: printed by MLIR, then normalised so that
// the long and short forms of dialect types and attributes compare equal.
//  - `!cuda_tile.` and `#cuda_tile.` prefixes are dropped;
//  - in types, whitespace inside `[...]` is dropped (`strides=[?, 1]` ==
//    `strides=[?,1]`) and an identity `dim_map=[0,1,...]` is dropped.
std::string typeText(mlir::Type type);
std::string attrText(mlir::Attribute attr);

// The text normalisation alone (exposed for tests).
std::string normalizeTypeText(std::string text);

// True for attributes that carry no information: an empty dictionary, an
// empty array (or one of empty dictionaries), empty optimization hints.
bool isEmptyAttr(mlir::Attribute attr);

// Types and attributes are uniqued by MLIR, so their texts can be memoised;
// the differ prints each distinct one once. Returned references stay valid
// for the cache's lifetime.
class TextCache
{
public:
    const std::string &type(mlir::Type t);
    const std::string &attr(mlir::Attribute a);

private:
    llvm::DenseMap<const void *, const std::string *> index_;
    std::deque<std::string> texts_;
};

} // namespace tileport::tileir::diff
