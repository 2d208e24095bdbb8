// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/OpTable.h"

#include <mlir/IR/Operation.h>

#include <llvm/ADT/StringMap.h>

#include <algorithm>
#include <array>

namespace tileport::tileir::diff {

namespace {

using llvm::StringLiteral;

// Attribute defaults, spelled as attrText() prints them. "<empty>" stands for
// an empty dictionary, array or optimization_hints attribute.
constexpr AttrDefault kOverflow[] = {{"overflow", "overflow<none>"}};
constexpr AttrDefault kIeee[] = {{"rounding_mode", "rounding<nearest_even>"}};
constexpr AttrDefault kFull[] = {{"rounding_mode", "rounding<full>"}};
constexpr AttrDefault kFtoi[] = {{"rounding_mode", "rounding<nearest_int_to_zero>"}};
constexpr AttrDefault kDivi[] = {{"rounding", "rounding<zero>"}};
constexpr AttrDefault kHints[] = {{"optimization_hints", "<empty>"}};
constexpr AttrDefault kEntry[] = {
    {"optimization_hints", "<empty>"}, {"arg_attrs", "<empty>"}, {"res_attrs", "<empty>"}};
constexpr AttrDefault kGlobal[] = {
    {"alignment", "0 : i64"}, {"symbol_visibility", "symbol_visibility<public>"}};

constexpr StringLiteral kCmpi[] = {"comparison_predicate", "signedness"};
constexpr StringLiteral kCmpf[] = {"comparison_predicate", "comparison_ordering"};
constexpr StringLiteral kSign[] = {"signedness"};
constexpr StringLiteral kFtoiKeys[] = {"signedness", "saturating"};
constexpr StringLiteral kMmai[] = {"signedness_lhs", "signedness_rhs"};
constexpr StringLiteral kDim[] = {"dim"};
constexpr StringLiteral kScan[] = {"dim", "reverse"};
constexpr StringLiteral kPermute[] = {"permutation"};
constexpr StringLiteral kMode[] = {"mode"};
constexpr StringLiteral kGetGlobal[] = {"name"};
constexpr StringLiteral kSymName[] = {"sym_name"};
constexpr StringLiteral kPredicate[] = {"predicate"};

constexpr uint32_t P = Pure;
constexpr CountClass Crit = CountClass::Critical;
constexpr CountClass FArith = CountClass::FloatArith;
constexpr CountClass Small = CountClass::SmallArith;
constexpr CountClass Oth = CountClass::Other;

// One row per public op (tileir-format.md §3). Purity mirrors the upstream
// ODS traits (Pure / NoMemoryEffect; RecursiveMemoryEffects for region ops).
const OpInfo kOps[] = {
    {"absf", P, Small, {}, {}},
    {"absi", P, Small, {}, {}},
    {"addf", P | Commutative, FArith, kIeee, {}},
    {"addi", P | Commutative, Small, kOverflow, {}},
    {"alloca", 0, Oth, {}, {}},
    {"andi", P | Commutative, Small, {}, {}},
    {"assert", 0, Oth, {}, {}},
    {"assume", Assume, Oth, {}, kPredicate},
    {"atan2", P, Oth, {}, {}},
    {"atomic_cas_tko", Load | Store | PointerMemory, Crit, {}, {}},
    {"atomic_red_view_tko", Store, Crit, {}, kMode},
    {"atomic_rmw_tko", Load | Store | PointerMemory, Crit, {}, kMode},
    {"bitcast", P, Small, {}, {}},
    {"break", Terminator, Oth, {}, {}},
    {"broadcast", P, Oth, {}, {}},
    {"cat", P, Oth, {}, kDim},
    {"ceil", P, Oth, {}, {}},
    {"cmpf", P, Small, {}, kCmpf},
    {"cmpi", P, Small, {}, kCmpi},
    {"constant", P | Constant, Oth, {}, {}},
    {"continue", Terminator, Oth, {}, {}},
    {"cos", P, Oth, {}, {}},
    {"cosh", P, Oth, {}, {}},
    {"divf", P, FArith, kIeee, {}},
    {"divi", P, Small, kDivi, kSign},
    {"entry", Function, Oth, kEntry, {}},
    {"exp", P, Crit, kFull, {}},
    {"exp2", P, Crit, {}, {}},
    {"exti", P, Small, {}, kSign},
    {"extract", P, Oth, {}, {}},
    {"floor", P, Oth, {}, {}},
    {"fma", P, Crit, kIeee, {}},
    {"for", Recursive, Crit, {}, {}},
    {"ftof", P, Small, kIeee, {}},
    {"fpowi", P, Oth, {}, {}},
    {"ftoi", P, Small, kFtoi, kFtoiKeys},
    {"gdc_launch_dependents_tko", Load | Store, Oth, {}, {}},
    {"gdc_wait_tko", Load | Store, Oth, {}, {}},
    {"get_global", P, Oth, {}, kGetGlobal},
    {"get_index_space_shape", P, Oth, {}, {}},
    {"get_num_tile_blocks", P, Oth, {}, {}},
    {"get_tensor_shape", P, Oth, {}, {}},
    {"get_tile_block_id", P | BlockId, Oth, {}, {}},
    {"global", 0, Oth, kGlobal, kSymName},
    {"if", Recursive, Oth, {}, {}},
    {"insert", P, Oth, {}, {}},
    {"int_to_ptr", P, Small, {}, {}},
    {"iota", P, Small, {}, {}},
    {"itof", P, Small, kIeee, kSign},
    {"join_tokens", P, Oth, {}, {}},
    {"load_ptr_tko", Load | PointerMemory, Crit, kHints, {}},
    {"load_view_tko", Load, Crit, kHints, {}},
    {"log", P, Oth, {}, {}},
    {"log2", P, Oth, {}, {}},
    {"loop", Recursive, Crit, {}, {}},
    {"make_gather_scatter_view", P, Oth, {}, {}},
    {"make_partition_view", P, Oth, {}, {}},
    {"make_strided_view", P, Oth, {}, {}},
    {"make_tensor_view", P, Oth, {}, {}},
    {"make_token", P, Oth, {}, {}},
    {"maxf", P | Commutative, FArith, {}, {}},
    {"maxi", P | Commutative, Small, {}, kSign},
    {"memory_fence_alias_tko", Load | Store, Oth, {}, {}},
    {"minf", P | Commutative, FArith, {}, {}},
    {"mini", P | Commutative, Small, {}, kSign},
    {"mmaf", P | Mma, Crit, {}, {}},
    {"mmaf_scaled", P | Mma, Crit, {}, {}},
    {"mmai", P | Mma, Crit, {}, kMmai},
    {"module", ModuleOp, Oth, {}, {}},
    {"mulf", P | Commutative, FArith, kIeee, {}},
    {"mulhii", P | Commutative, Small, {}, {}},
    {"muli", P | Commutative, Small, kOverflow, {}},
    {"negf", P, Small, {}, {}},
    {"negi", P, Small, kOverflow, {}},
    {"offset", P, Small, {}, {}},
    {"ori", P | Commutative, Small, {}, {}},
    {"pack", P, Oth, {}, {}},
    {"permute", P, Oth, {}, kPermute},
    {"pow", P, Oth, {}, {}},
    {"print_tko", 0, Oth, {}, {}},
    {"ptr_to_int", P, Small, {}, {}},
    {"ptr_to_ptr", P, Small, {}, {}},
    {"reduce", Recursive | Reduce, Crit, {}, kDim},
    {"remf", P, Small, {}, {}},
    {"remi", P, Small, {}, kSign},
    {"reshape", P, Oth, {}, {}},
    {"return", Terminator, Oth, {}, {}},
    {"rsqrt", P, Crit, {}, {}},
    {"scan", Recursive | Reduce, Crit, {}, kScan},
    {"select", P, Small, {}, {}},
    {"shli", P, Small, kOverflow, {}},
    {"shri", P, Small, {}, kSign},
    {"sin", P, Oth, {}, {}},
    {"sinh", P, Oth, {}, {}},
    {"sqrt", P, Oth, kIeee, {}},
    {"store_ptr_tko", Store | PointerMemory, Crit, kHints, {}},
    {"store_view_tko", Store, Crit, kHints, {}},
    {"subf", P, FArith, kIeee, {}},
    {"subi", P, Small, kOverflow, {}},
    {"tan", P, Oth, {}, {}},
    {"tanh", P, Oth, kFull, {}},
    {"trunci", P, Small, kOverflow, {}},
    {"unpack", P, Oth, {}, {}},
    {"xori", P | Commutative, Small, {}, {}},
    {"yield", P | Terminator, Oth, {}, {}},
};

const llvm::StringMap<const OpInfo *> &index()
{
    static const llvm::StringMap<const OpInfo *> map = [] {
        llvm::StringMap<const OpInfo *> m;
        for (const OpInfo &info : kOps)
            m[info.mnemonic] = &info;
        return m;
    }();
    return map;
}

constexpr llvm::StringLiteral kDialectPrefix = "cuda_tile.";

} // namespace

llvm::StringRef mnemonicOf(llvm::StringRef opName)
{
    opName.consume_front(kDialectPrefix);
    return opName;
}

llvm::StringRef mnemonicOf(mlir::Operation *op)
{
    return mnemonicOf(op->getName().getStringRef());
}

const OpInfo *lookupOp(llvm::StringRef opName)
{
    if (!opName.starts_with(kDialectPrefix))
        return nullptr;
    const auto &m = index();
    auto it = m.find(opName.drop_front(kDialectPrefix.size()));
    return it == m.end() ? nullptr : it->second;
}

const OpInfo *lookupOp(mlir::Operation *op)
{
    return lookupOp(op->getName().getStringRef());
}

std::span<const OpInfo> allOps()
{
    return kOps;
}

bool isIgnoredAttribute(llvm::StringRef opMnemonic, llvm::StringRef attrName)
{
    // Segment sizes restate the operand list, which is compared directly;
    // symbol names of functions and modules are compared by the pairing.
    if (attrName == "operandSegmentSizes" || attrName == "resultSegmentSizes")
        return true;
    if (opMnemonic == "module")
        return attrName == "producer" || attrName == "sym_name";
    // An entry's signature is compared through its block arguments.
    if (opMnemonic == "entry" || opMnemonic == "func.func")
        return attrName == "sym_name" || attrName == "function_type";
    return false;
}

} // namespace tileport::tileir::diff
