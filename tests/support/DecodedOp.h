// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Test-side view of a decoded instruction: pairs it with its function's pools
// and copies ranges into vectors, so that tests can compare them directly.
#pragma once

#include "tileport/TileIR/Bytecode/Module.h"

#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tbc {

struct DecodedBlock;

struct DecodedOp {
    const tileport::tileir::bc::Module *module = nullptr;
    const tileport::tileir::bc::FunctionBody *body = nullptr;
    const tileport::tileir::bc::Instruction *inst = nullptr;

    std::string_view name() const { return inst->name(); }
    uint64_t offset() const { return inst->offset; }
    std::vector<uint32_t> results() const { return {inst->results().begin(), inst->results().end()}; }
    std::vector<uint32_t> resultTypes() const { return copy(body->resultTypes(*inst)); }
    std::vector<uint32_t> operands() const { return copy(body->operands(*inst)); }
    std::vector<int32_t> operandSegments() const { return copy(body->operandSegments(*inst)); }
    std::optional<tileport::tileir::bc::Attribute> attribute(std::string_view n) const
    {
        return body->attribute(*inst, n);
    }
    const tileport::tileir::bc::Location &location() const { return module->location(*inst); }
    size_t regionCount() const { return inst->regionCount; }
    // Block `b` of region `r`.
    DecodedBlock block(size_t r, size_t b = 0) const;

private:
    template<class T> static std::vector<std::remove_const_t<T>> copy(std::span<T> s) { return {s.begin(), s.end()}; }
};

struct DecodedBlock {
    std::vector<uint32_t> arguments;
    std::vector<uint32_t> argumentTypes;
    std::vector<DecodedOp> instructions;
};

inline DecodedBlock decodedBlock(const tileport::tileir::bc::Module &m, const tileport::tileir::bc::FunctionBody &body,
                                 const tileport::tileir::bc::Block &b)
{
    DecodedBlock out;
    for (uint32_t id : body.arguments(b))
        out.arguments.push_back(id);
    for (uint32_t t : body.argumentTypes(b))
        out.argumentTypes.push_back(t);
    for (const auto &inst : body.instructions(b))
        out.instructions.push_back(DecodedOp{&m, &body, &inst});
    return out;
}

// The entry block of function `f`.
inline DecodedBlock decodedBody(const tileport::tileir::bc::Module &m, const tileport::tileir::bc::Function &f)
{
    return decodedBlock(m, f.body, f.body.entry());
}

inline DecodedBlock DecodedOp::block(size_t r, size_t b) const
{
    const auto regions = body->regions(*inst);
    if (r >= regions.size() || b >= regions[r].blockCount)
        throw std::out_of_range("no such block");
    const auto blocks = body->blocks(regions[r]);
    return decodedBlock(*module, *body, blocks[b]);
}

} // namespace tbc
