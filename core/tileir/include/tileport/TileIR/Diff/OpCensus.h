// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/Operation.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace tileport::tileir::diff {

class TextCache;

// Whole-module facts that the classification rules compare (the checks of
// TileGym's diff_ir.sh, computed on parsed IR instead of grepped text).
struct OpCensus {
    std::map<std::string, size_t> counts;                           // mnemonic -> ops
    std::map<std::string, std::vector<mlir::Operation *>> opsByKind; // mnemonic -> ops, in order
    size_t totalOps = 0;

    std::set<std::string> tileShapes;    // "64x64", "scalar"
    std::set<std::string> elementTypes;  // of tiles and scalars: "f32", "ptr<f16>"
    std::multiset<std::string> layouts;  // view layout parts per view value
    std::multiset<std::string> reduceIdentities; // "reduce dim=0 [0.0 : f32]"
    std::multiset<std::string> mmaAccumulators;  // "mmaf tile<64x64xf32>"

    // Per mnemonic: ops with flush_to_zero, with approx rounding, and with an
    // explicit (non-default) rounding attribute.
    std::map<std::string, std::vector<mlir::Operation *>> flushToZero;
    std::map<std::string, std::vector<mlir::Operation *>> approx;
    std::map<std::string, std::vector<mlir::Operation *>> explicitRounding;

    // Memory-op optimization hints.
    std::vector<mlir::Operation *> allowTmaTrue;
    std::vector<mlir::Operation *> allowTmaFalse;
    std::multiset<std::string> latencies;

    // Entry hints: "arch|key" -> values over all entries (e.g.
    // "sm_100|occupancy" -> {"2"}), and the entries that carry them.
    std::map<std::string, std::set<std::string>> entryHints;
    std::map<std::string, std::vector<mlir::Operation *>> entryHintOps;

    std::vector<mlir::Operation *> pointerDivBy; // assume div_by on pointer values
    // ... except those on a derived single-element pointer (an offset the
    // compiler proved aligned, feeding a one-element access).
    std::vector<mlir::Operation *> laneDivBy;
    std::vector<mlir::Operation *> scalarDivBy;  // assume div_by on rank-0 non-pointer values
    size_t scalarDivBy16 = 0;                    // ... of those, div_by<N> with N >= 16
    std::vector<mlir::Operation *> pointerMemoryOps; // load_ptr_tko / store_ptr_tko
    std::vector<mlir::Operation *> blockSwizzle; // divi/remi fed by get_tile_block_id

    static OpCensus of(mlir::Operation *root, TextCache &texts);
};

// "key = value" triples of an optimization_hints attribute, read from its
// text (works for `#cuda_tile.optimization_hints<sm_100 = {...}>` and for a
// plain dictionary): (arch, key, value), integer widths dropped.
struct HintEntry {
    std::string arch;
    std::string key;
    std::string value;
};
std::vector<HintEntry> parseHints(const std::string &text);

} // namespace tileport::tileir::diff
