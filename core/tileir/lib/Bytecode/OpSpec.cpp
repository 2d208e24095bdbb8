// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The per-opcode bytecode layouts of tileir-format.md §4.12.1, written as data
// so that the instruction reader has a single generic decoding loop.
#include "OpSpec.h"

#include "tileport/TileIR/Bytecode/Opcodes.h"

#include <array>
#include <memory>

namespace tileport::tileir::bc::detail {

namespace {

using E = EnumKind;
constexpr Version V12 = kVersion13_2;
constexpr Version V13 = kVersion13_3;
constexpr Version V14 = kVersion13_4;
constexpr uint32_t kFull = 5; // RoundingMode::full

// Fluent builder for one OpSpec.
class B
{
public:
    explicit B(uint32_t opcode) { m.opcode = opcode; }
    B &n()
    {
        m.resultCountPrefix = true;
        return *this;
    }
    B &res(int count, Version since = kVersion13_1)
    {
        m.results = count;
        m.resultsSince = since;
        return *this;
    }
    B &flags(Version since = kVersion13_1)
    {
        m.flagsWord = true;
        m.flagsSince = since;
        return *this;
    }
    B &attr(const char *name, AttrEncoding enc)
    {
        m.attrs.push_back({name, enc});
        return *this;
    }
    B &en(const char *name, E kind, Version since = kVersion13_1, uint32_t fallback = 0)
    {
        m.attrs.push_back({name, AttrEncoding::Enum, kind, -1, since, fallback});
        return *this;
    }
    B &optEn(const char *name, E kind, int bit)
    {
        m.attrs.push_back({name, AttrEncoding::Enum, kind, bit});
        return *this;
    }
    B &optHints(int bit)
    {
        m.attrs.push_back({"optimization_hints", AttrEncoding::Hints, E::RoundingMode, bit});
        return *this;
    }
    B &unit(const char *name, int bit)
    {
        m.attrs.push_back({name, AttrEncoding::Unit, E::RoundingMode, bit});
        return *this;
    }
    // Written from `since` on, one byte per operand of `segment` (13.4 view
    // ops: which index dimensions are promised in bounds).
    B &boolArray(const char *name, Version since, int segment)
    {
        AttrSpec a{name, AttrEncoding::BoolArray};
        a.since = since;
        a.absentBefore = true;
        m.attrs.push_back(a);
        m.boolArraySegment = segment;
        return *this;
    }
    B &ops(int count)
    {
        m.fixedOperands = count;
        return *this;
    }
    B &countedOps(int minimum, int maximum = -1)
    {
        m.operandCountPrefix = true;
        m.minOperands = minimum;
        m.maxOperands = maximum;
        return *this;
    }
    B &one()
    {
        m.segmented = true;
        m.segments.push_back({OperandGroup::Single});
        return *this;
    }
    B &opt(int bit, Version since = kVersion13_1)
    {
        m.segmented = true;
        m.segments.push_back({OperandGroup::Optional, bit, since});
        return *this;
    }
    B &many()
    {
        m.segmented = true;
        m.segments.push_back({OperandGroup::Variadic});
        return *this;
    }
    B &regions(int count)
    {
        m.regions = count;
        return *this;
    }
    B &terminator()
    {
        m.terminator = true;
        return *this;
    }
    OpSpec m;
};

using Table = std::array<std::unique_ptr<OpSpec>, 0x7B>;

void add(Table &t, B &b)
{
    // Cached here so that decoding an instruction looks its opcode up once.
    const auto info = opcodeInfo(b.m.opcode);
    b.m.name = info->name;
    b.m.since = info->since;
    t[b.m.opcode] = std::make_unique<OpSpec>(std::move(b.m));
}

Table buildTable()
{
    Table t;
    // R O(source)
    for (uint32_t op : {0x00, 0x01, 0x09, 0x0B, 0x0D, 0x12, 0x13, 0x27, 0x33, 0x3F, 0x40, 0x42, 0x4F, 0x56, 0x57,
                        0x5B, 0x62, 0x63, 0x69, 0x6F, 0x70, 0x73, 0x74, 0x7A})
        add(t, B(op).ops(1)); // 0x7A: memory_fence_alias_tko
    add(t, B(0x79).ops(2)); // fpowi
    // R O(lhs, rhs)
    for (uint32_t op : {0x04, 0x4D, 0x51, 0x52, 0x54, 0x59, 0x6C, 0x6E})
        add(t, B(op).ops(2));
    add(t, B(0x5F).ops(3)); // select
    add(t, B(0x72).ops(5)); // mmaf_scaled
    for (uint32_t op : {0x02, 0x14, 0x4C, 0x67}) // addf divf mulf subf
        add(t, B(op).flags().en("rounding_mode", E::RoundingMode).unit("flush_to_zero", 0).ops(2));
    add(t, B(0x28).flags().en("rounding_mode", E::RoundingMode).unit("flush_to_zero", 0).ops(3)); // fma
    add(t, B(0x64).flags().en("rounding_mode", E::RoundingMode).unit("flush_to_zero", 0).ops(1)); // sqrt
    for (uint32_t op : {0x18, 0x5D}) // exp2 rsqrt
        add(t, B(op).flags().unit("flush_to_zero", 0).ops(1));
    for (uint32_t op : {0x45, 0x47}) // maxf minf
        add(t, B(op).flags().unit("propagate_nan", 0).unit("flush_to_zero", 1).ops(2));
    add(t, B(0x17).en("rounding_mode", E::RoundingMode, V13, kFull).ops(1)); // exp
    add(t, B(0x6A).en("rounding_mode", E::RoundingMode, V12, kFull).ops(1)); // tanh
    for (uint32_t op : {0x03, 0x4E, 0x60, 0x68}) // addi muli shli subi
        add(t, B(op).en("overflow", E::IntegerOverflow).ops(2));
    add(t, B(0x50).en("overflow", E::IntegerOverflow, V12, 0).ops(1)); // negi
    add(t, B(0x6B).en("overflow", E::IntegerOverflow).ops(1));         // trunci
    add(t, B(0x25).en("signedness", E::Signedness).ops(1));            // exti
    for (uint32_t op : {0x46, 0x48, 0x5A, 0x61}) // maxi mini remi shri
        add(t, B(op).en("signedness", E::Signedness).ops(2));
    add(t, B(0x15).en("signedness", E::Signedness).en("rounding", E::RoundingMode).ops(2)); // divi
    add(t, B(0x0F).en("comparison_predicate", E::ComparisonPredicate).en("signedness", E::Signedness).ops(2));
    add(t, B(0x0E)
               .en("comparison_predicate", E::ComparisonPredicate)
               .en("comparison_ordering", E::ComparisonOrdering)
               .ops(2));
    add(t, B(0x2A).en("rounding_mode", E::RoundingMode).ops(1)); // ftof
    add(t, B(0x3B).en("signedness", E::Signedness).en("rounding_mode", E::RoundingMode).ops(1)); // itof
    add(t, B(0x2B)
               .flags(V14)
               .en("signedness", E::Signedness)
               .en("rounding_mode", E::RoundingMode)
               .unit("saturating", 0)
               .ops(1)); // ftoi
    add(t, B(0x4A).en("signedness_lhs", E::Signedness).en("signedness_rhs", E::Signedness).ops(3)); // mmai
    add(t, B(0x49).flags(V13).unit("fast_acc", 0).ops(3));                                        // mmaf
    add(t, B(0x0C).attr("dim", AttrEncoding::Int64).ops(2));                                      // cat
    add(t, B(0x53).attr("permutation", AttrEncoding::I32Array).ops(1));                           // permute
    add(t, B(0x10).attr("value", AttrEncoding::Dense));                                           // constant
    add(t, B(0x3A).ops(0));                                                                            // iota
    add(t, B(0x44).ops(0));                                                                            // make_token
    add(t, B(0x30).res(3));                                                                       // get_tile_block_id
    add(t, B(0x2E).res(3));                                                                       // get_num_tile_blocks
    add(t, B(0x2C).attr("name", AttrEncoding::String));                                           // get_global
    add(t, B(0x06).attr("predicate", AttrEncoding::Tagged).ops(1));                               // assume
    add(t, B(0x05).res(0).attr("message", AttrEncoding::String).ops(1));                          // assert
    add(t, B(0x71)
               .flags()
               .attr("num_elem", AttrEncoding::Int64)
               .attr("alignment", AttrEncoding::Int64)
               .unit("global", 0)); // alloca
    add(t, B(0x26).n().countedOps(1));          // extract
    add(t, B(0x76).n().countedOps(2));          // insert: source, destination, indices
    for (uint32_t op : {0x77, 0x78})            // gdc_launch_dependents_tko gdc_wait_tko
        add(t, B(op).countedOps(0, 1));          // an optional token
    add(t, B(0x2D).n().res(-1).ops(1));         // get_index_space_shape
    add(t, B(0x2F).n().res(-1).ops(1));         // get_tensor_shape
    add(t, B(0x3C).n().countedOps(0));          // join_tokens
    add(t, B(0x43).n().one().many().many());    // make_tensor_view
    for (uint32_t op : {0x0A, 0x11, 0x5C, 0x6D}) // break continue return yield
        add(t, B(op).n().res(0).countedOps(0).terminator());
    add(t, B(0x32).n().res(-1).ops(1).regions(2));                                       // if
    add(t, B(0x41).n().res(-1).countedOps(0).regions(1));                                // loop
    add(t, B(0x29).n().res(-1).flags(V12).unit("unsignedCmp", 0).countedOps(3).regions(1)); // for
    add(t, B(0x58)
               .n()
               .res(-1)
               .attr("dim", AttrEncoding::Int32)
               .attr("identities", AttrEncoding::TaggedArray)
               .countedOps(0)
               .regions(1)); // reduce
    add(t, B(0x5E)
               .n()
               .res(-1)
               .attr("dim", AttrEncoding::Int32)
               .attr("reverse", AttrEncoding::Bool)
               .attr("identities", AttrEncoding::TaggedArray)
               .countedOps(0)
               .regions(1)); // scan
    add(t, B(0x55).n().res(1, V12).flags(V12).attr("str", AttrEncoding::String).many().opt(0, V12)); // print_tko
    add(t, B(0x07)
               .res(2)
               .flags()
               .en("memory_ordering_semantics", E::MemoryOrderingSemantics)
               .en("memory_scope", E::MemoryScope)
               .one().one().one().opt(0).opt(1)); // atomic_cas_tko
    add(t, B(0x08)
               .res(2)
               .flags()
               .en("memory_ordering_semantics", E::MemoryOrderingSemantics)
               .en("memory_scope", E::MemoryScope)
               .en("mode", E::AtomicRMWMode)
               .one().one().opt(0).opt(1)); // atomic_rmw_tko
    add(t, B(0x75)
               .n()
               .res(1)
               .flags()
               .en("memory_ordering_semantics", E::MemoryOrderingSemantics)
               .en("memory_scope", E::MemoryScope)
               .en("mode", E::AtomicRMWMode)
               .one().many().one().opt(0)); // atomic_red_view_tko
    add(t, B(0x3D)
               .res(2)
               .flags()
               .en("memory_ordering_semantics", E::MemoryOrderingSemantics)
               .optEn("memory_scope", E::MemoryScope, 0)
               .optHints(1)
               .one().opt(2).opt(3).opt(4)); // load_ptr_tko
    add(t, B(0x65)
               .res(1)
               .flags()
               .en("memory_ordering_semantics", E::MemoryOrderingSemantics)
               .optEn("memory_scope", E::MemoryScope, 0)
               .optHints(1)
               .one().one().opt(2).opt(3)); // store_ptr_tko
    add(t, B(0x3E)
               .n()
               .res(2)
               .flags()
               .en("memory_ordering_semantics", E::MemoryOrderingSemantics)
               .optEn("memory_scope", E::MemoryScope, 0)
               .optHints(1)
               .boolArray("inbounds", V14, 1)
               .one().many().opt(2)); // load_view_tko
    add(t, B(0x66)
               .n()
               .res(1)
               .flags()
               .en("memory_ordering_semantics", E::MemoryOrderingSemantics)
               .optEn("memory_scope", E::MemoryScope, 0)
               .optHints(1)
               .boolArray("inbounds", V14, 2)
               .one().one().many().opt(2)); // store_view_tko
    return t;
}

} // namespace

const OpSpec *findOpSpec(uint64_t opcode)
{
    static const Table table = buildTable();
    return opcode < table.size() ? table[opcode].get() : nullptr;
}

} // namespace tileport::tileir::bc::detail
