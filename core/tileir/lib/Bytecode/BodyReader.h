// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "OpSpec.h"
#include "ReaderContext.h"

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

namespace tileport::tileir::bc::detail {

// Decodes one function body: the instruction tree, value numbering
// (tileir-format.md §4.12) and the pre-order debug locations, into the
// function's FunctionBody pools.
class BodyReader
{
public:
    // `locations` is the function's debug list (item 0 = the function itself)
    // or nullptr when the function has no locations.
    BodyReader(ReaderContext &ctx, Function &function, Cursor body, const std::vector<uint64_t> *locations);
    void read();

private:
    // Fills `inst`, a local of the caller: the pools it appends to may move.
    const OpSpec &readInstruction(Instruction &inst, unsigned depth);
    const OpSpec &lookUp(uint64_t opcode, uint64_t at) const;
    [[noreturn]] void failLookUp(uint64_t opcode, uint64_t at) const;
    void readResults(Instruction &inst, const OpSpec &spec);
    uint64_t readFlags(const OpSpec &spec);
    void readAttributes(Instruction &inst, const OpSpec &spec, uint64_t flags);
    FunctionBody::AttributeSlot readAttribute(const Instruction &inst, const AttrSpec &spec, uint64_t at);
    uint32_t addRich(Attribute a);
    uint32_t readOperand();
    void readOperands(Instruction &inst, const OpSpec &spec, uint64_t flags);
    void checkBoolArray(const Instruction &inst, const OpSpec &spec, uint64_t flags) const;
    void readRegions(Instruction &inst, const OpSpec &spec, unsigned depth);
    void readBlockInstructions(uint32_t block, uint64_t count, unsigned depth, uint64_t at);
    void assignLocation(Instruction &inst);
    // Error paths of the per-instruction loop, kept out of line so that the
    // hot functions stay small.
    [[noreturn, gnu::cold, gnu::noinline]] void failOperand(uint64_t at, uint64_t id) const;
    [[noreturn, gnu::cold, gnu::noinline]] void failResultCount(uint64_t at, const OpSpec &spec, uint64_t n,
                                                               uint64_t count) const;
    [[noreturn, gnu::cold, gnu::noinline]] void failEnum(uint64_t at, const AttrSpec &a, uint64_t v) const;
    [[noreturn, gnu::cold, gnu::noinline]] void failInstruction(uint64_t at, uint64_t item) const;

    ReaderContext &m_ctx;
    Function &m_function;
    FunctionBody &m_body;
    Cursor m_c;
    const std::vector<uint64_t> *m_locations;
    uint64_t m_values = 0;   // live values: ids below this are defined and in scope
    uint64_t m_preorder = 0; // instructions seen so far
    // Nested blocks are decoded into m_open[depth] and, once complete, copied
    // to m_nested, so that each block's instructions end up contiguous; the
    // entry block goes straight to the instruction pool and m_nested follows it.
    // A deque: growing it keeps references to the open lists valid.
    std::deque<std::vector<Instruction>> m_open;
    std::vector<Instruction> m_nested;
    // Per opcode, for this file's version: 1 + the result count when the op
    // is "plain" (fixed results and operands, required enum attributes only,
    // no flags word, count prefixes or regions) and takes readPlain; else 0.
    std::array<uint8_t, 256> m_plain{};
    std::array<const OpSpec *, 256> m_specs{}; // the ops this file's version may use, else nullptr
    std::array<uint32_t, kEnumKindCount> m_enumCases{}; // per EnumKind, for this file's version
    uint64_t m_boolArrayLength = 0; // of the last BoolArray attribute read
    void readPlain(Instruction &inst, const OpSpec &spec);
};

} // namespace tileport::tileir::bc::detail
