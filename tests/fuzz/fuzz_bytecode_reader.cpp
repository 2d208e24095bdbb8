// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point: any byte string must decode to a module or to an
// error whose offset lies inside the input; a decoded module's pool ranges
// must lie inside their pools, and the module must dump.
#include "tileport/TileIR/Bytecode/Dump.h"
#include "tileport/TileIR/Bytecode/Reader.h"

#include <cstdint>
#include <cstdlib>
#include <span>

namespace {

using namespace tileport::tileir::bc;

bool within(uint64_t first, uint64_t count, size_t size)
{
    return first <= size && count <= size - first;
}

// Every range an accessor of FunctionBody would hand out.
bool poolsConsistent(const Module &m)
{
    for (const Function &f : m.functions) {
        const FunctionBody &b = f.body;
        if (b.blockPool.empty())
            return false;
        for (const Block &blk : b.blockPool)
            if (!within(blk.instructions, blk.instructionCount, b.instructionPool.size()) ||
                !within(blk.argumentTypes, blk.argumentCount, b.words.size()))
                return false;
        for (const Region &r : b.regionPool)
            if (!within(r.blocks, r.blockCount, b.blockPool.size()))
                return false;
        for (const Instruction &i : b.instructionPool) {
            const uint64_t words = uint64_t(i.resultCount) + i.segmentCount + i.operandCount;
            if (!within(i.words, words, b.words.size()) ||
                !within(i.attributes, i.attributeCount, b.attributeSlots.size()) ||
                !within(i.regions, i.regionCount, b.regionPool.size()) || i.location >= m.locations.size())
                return false;
        }
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ReadResult r = readModule(std::span<const uint8_t>(data, size));
    if (!r.ok()) {
        if (r.error.offset > size || r.error.message.empty())
            std::abort();
        return 0;
    }
    if (!poolsConsistent(*r.module))
        std::abort();
    const std::string text = dump(*r.module, DumpOptions{true, true});
    if (text.empty())
        std::abort();
    return 0;
}
