// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <llvm/ADT/StringRef.h>

#include <cstdint>
#include <initializer_list>
#include <span>

namespace mlir {
class Operation;
}

namespace tileport::tileir::diff {

// What the canonicalizer and the differ need to know about each Tile IR op.
// Everything is keyed by the op's mnemonic so that the same table serves IR
// in MLIR's generic form (unregistered ops) and IR of the registered dialect.
enum OpFlag : uint32_t {
    Pure = 1u << 0,       // no side effects: may be CSE'd and erased when unused
    Recursive = 1u << 1,  // effects are those of the ops in its regions
    Constant = 1u << 2,   // materialises a literal (hoisted and de-duplicated)
    Function = 1u << 3,   // a kernel entry: the unit the differ pairs by name
    ModuleOp = 1u << 4,   // the cuda_tile.module container
    Load = 1u << 5,
    Store = 1u << 6,
    Reduce = 1u << 7,     // reduce and scan: carry `identities`
    Mma = 1u << 8,        // operand 2 is the accumulator
    Assume = 1u << 9,
    BlockId = 1u << 10,   // get_tile_block_id
    Terminator = 1u << 11,
    PointerMemory = 1u << 12, // load/store through pointer tiles (not views)
    Commutative = 1u << 13,   // operand order carries no meaning
};

// How a change in the number of ops of one kind is classified.
enum class CountClass : uint8_t {
    Critical,   // any delta is critical (memory, reductions, transcendental, mma, loops)
    FloatArith, // a delta of at most 2 is a workaround, more is critical
    SmallArith, // integer arithmetic, selects, compares, conversions: notes
    Other,      // everything else: notes
};

// An attribute value that the printer omits, spelled as attrText() prints it
// (see IrText.h).
struct AttrDefault {
    llvm::StringLiteral name;
    llvm::StringLiteral value;
};

struct OpInfo {
    llvm::StringLiteral mnemonic;
    uint32_t flags = 0;
    CountClass countClass = CountClass::Other;
    std::span<const AttrDefault> defaults;
    // Attributes that take part in the alignment signature: ops that differ
    // in one of these are not aligned with each other by the LCS.
    std::span<const llvm::StringLiteral> keyAttrs;

    bool has(OpFlag f) const { return (flags & f) != 0; }
};

// The op's mnemonic: "cuda_tile.addf" -> "addf"; other dialects keep their
// full name ("builtin.module").
llvm::StringRef mnemonicOf(llvm::StringRef opName);
llvm::StringRef mnemonicOf(mlir::Operation *op);

// The table entry for a cuda_tile op, or nullptr for an op it does not know.
const OpInfo *lookupOp(llvm::StringRef opName);
const OpInfo *lookupOp(mlir::Operation *op);

// Every entry, in mnemonic order (for tests and documentation).
std::span<const OpInfo> allOps();

// Attributes that never take part in a comparison: they are metadata, or are
// compared through other means (function names, operand lists).
bool isIgnoredAttribute(llvm::StringRef opMnemonic, llvm::StringRef attrName);

} // namespace tileport::tileir::diff
