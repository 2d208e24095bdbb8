// SPDX-License-Identifier: MIT
#pragma once

#include "OpSpec.h"
#include "ReaderContext.h"

#include <vector>

namespace tileport::tileir::bc::detail {

// Decodes one function body: the instruction tree, value numbering
// (tileir-format.md §4.12) and the pre-order debug locations.
class BodyReader
{
public:
    // `locations` is the function's debug list (item 0 = the function itself)
    // or nullptr when the function has no locations.
    BodyReader(ReaderContext &ctx, Function &function, Cursor body, const std::vector<uint64_t> *locations);
    void read();

private:
    // Fills `inst`, already in place in its block: instructions are large and
    // are not moved after decoding.
    const OpSpec &readInstruction(Instruction &inst, unsigned depth);
    const OpSpec &lookUp(uint64_t opcode, uint64_t at) const;
    [[noreturn]] void failLookUp(uint64_t opcode, uint64_t at) const;
    void readResults(Instruction &inst, const OpSpec &spec);
    uint64_t readFlags(const OpSpec &spec);
    void readAttributes(Instruction &inst, const OpSpec &spec, uint64_t flags);
    Attribute readAttribute(const Instruction &inst, const AttrSpec &spec, uint64_t at);
    void readOperands(Instruction &inst, const OpSpec &spec, uint64_t flags);
    void readRegions(Instruction &inst, const OpSpec &spec, unsigned depth);
    void readBlockInstructions(Block &block, uint64_t count, unsigned depth, uint64_t at);
    uint32_t readOperand();
    void assignLocation(Instruction &inst);

    ReaderContext &m_ctx;
    Function &m_function;
    Cursor m_c;
    const std::vector<uint64_t> *m_locations;
    uint64_t m_values = 0;    // live values: ids below this are defined and in scope
    uint64_t m_preorder = 0;  // instructions seen so far
};

} // namespace tileport::tileir::bc::detail
