// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BodyReader.h"

#include "LargeBuffer.h"
#include "tileport/TileIR/Bytecode/Opcodes.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <new>

namespace tileport::tileir::bc::detail {

namespace {

std::string hex(uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%02llX", static_cast<unsigned long long>(v));
    return buf;
}

// Reserves room for a pool that a body of `bytes` bytes fills, at
// `perByte` entries per byte (plus a few): growing a long pool copies it and
// touches twice the memory. Denser bodies still grow; the reservation is only
// address space until used, and failing to get it is not an error.
template<class T> void reserveFor(std::vector<T> &pool, size_t bytes, double perByte)
{
    const size_t n = size_t(double(bytes) * perByte) + 16;
    try {
        pool.reserve(pool.size() + n);
    } catch (const std::bad_alloc &) {
        return;
    }
    adviseLargeBuffer(pool.data(), pool.capacity() * sizeof(T));
}

std::string describeOpcode(uint64_t opcode)
{
    const auto info = opcodeInfo(opcode);
    return "opcode " + hex(opcode) + (info ? " (" + std::string(info->name) + ")" : std::string());
}

} // namespace

BodyReader::BodyReader(ReaderContext &ctx, Function &function, Cursor body, const std::vector<uint64_t> *locations)
    : m_ctx(ctx)
    , m_function(function)
    , m_body(function.body)
    , m_c(body)
    , m_locations(locations)
{
    const Version &v = ctx.version();
    for (size_t k = 0; k < kEnumKindCount; ++k)
        m_enumCases[k] = enumCaseCount(EnumKind(k), v);
    for (uint32_t op = 0; op < m_plain.size(); ++op) {
        const OpSpec *spec = findOpSpec(op);
        if (!spec || spec->since > v)
            continue;
        m_specs[op] = spec;
        if (spec->resultCountPrefix || (spec->flagsWord && v >= spec->flagsSince) ||
            spec->segmented || spec->operandCountPrefix || spec->regions != 0 || spec->attrs.size() > 8)
            continue;
        const bool enumsOnly = std::all_of(spec->attrs.begin(), spec->attrs.end(), [&](const AttrSpec &a) {
            return a.encoding == AttrEncoding::Enum && a.flagBit < 0 && v >= a.since;
        });
        const int results = v >= spec->resultsSince && spec->results > 0 ? spec->results : 0;
        if (enumsOnly && results < 255)
            m_plain[op] = uint8_t(1 + results);
    }
}

// The same decoding as readResults + readAttributes + readOperands for plain
// ops (see m_plain), without their general cases; most instructions of large
// bodies take this path.
inline void BodyReader::readPlain(Instruction &inst, const OpSpec &spec)
{
    const unsigned results = m_plain[inst.opcode] - 1u;
    std::vector<uint32_t> &words = m_body.words;
    inst.resultCount = uint16_t(results);
    for (unsigned i = 0; i < results; ++i)
        words.push_back(m_ctx.readTypeRef(m_c, "result type"));
    std::vector<FunctionBody::AttributeSlot> &slots = m_body.attributeSlots;
    inst.attributes = uint32_t(slots.size());
    inst.attributeCount = uint8_t(spec.attrs.size());
    for (size_t k = 0; k < spec.attrs.size(); ++k) {
        const AttrSpec &a = spec.attrs[k];
        const uint64_t at = m_c.offset();
        const uint64_t v = m_c.varint(a.name);
        if (v >= m_enumCases[size_t(a.enumKind)]) [[unlikely]]
            failEnum(at, a, v);
        FunctionBody::AttributeSlot slot;
        slot.value = uint32_t(v);
        slot.slot = uint8_t(k);
        slots.push_back(slot);
    }
    inst.operandCount = uint16_t(spec.fixedOperands);
    for (int i = 0; i < spec.fixedOperands; ++i)
        words.push_back(readOperand());
}

void BodyReader::read()
{
    const Type &sig = m_ctx.type(m_function.signature);
    Block entry;
    entry.argumentTypes = uint32_t(m_body.words.size());
    entry.argumentCount = uint32_t(sig.inputs.size());
    m_body.words.insert(m_body.words.end(), sig.inputs.begin(), sig.inputs.end());
    m_values = sig.inputs.size();
    m_body.blockPool.push_back(entry);
    const uint64_t start = m_c.offset();
    if (m_c.atEnd())
        failAt(start, "function @" + shortText(m_function.name) + " has an empty body");
    // The smallest common instructions take about 6 bytes, with 2-3 words.
    reserveFor(m_body.instructionPool, m_c.remaining(), 1.0 / 6);
    reserveFor(m_body.attributeSlots, m_c.remaining(), 1.0 / 6);
    reserveFor(m_body.words, m_c.remaining(), 0.5);
    bool early = false; // a terminator before the last instruction
    bool lastIsTerminator = false;
    while (!m_c.atEnd()) {
        early = early || lastIsTerminator;
        Instruction inst;
        lastIsTerminator = readInstruction(inst, 0).terminator;
        m_body.instructionPool.push_back(inst);
    }
    std::vector<Instruction> &pool = m_body.instructionPool;
    const Instruction &last = pool.back();
    if (last.opcode != opc::Return)
        failAt(last.offset, "function @" + shortText(m_function.name) + " does not end with return");
    if (early) {
        for (const Instruction &inst : pool)
            if (&inst != &last && findOpSpec(inst.opcode)->terminator)
                failAt(inst.offset, "terminator " + std::string(inst.name()) + " before the end of the function body");
    }
    // The nested blocks follow the entry block's instructions.
    const uint32_t top = uint32_t(pool.size());
    m_body.blockPool[0].instructionCount = top;
    for (size_t b = 1; b < m_body.blockPool.size(); ++b)
        m_body.blockPool[b].instructions += top;
    pool.insert(pool.end(), m_nested.begin(), m_nested.end());
    m_nested = {};
    m_function.instructionCount = uint32_t(m_preorder);
    if (m_locations && m_locations->size() != m_preorder + 1)
        failAt(start, "function @" + shortText(m_function.name) + " has " + std::to_string(m_preorder) +
                          " instructions but its debug list has " + std::to_string(m_locations->size()) + " entries");
}
const OpSpec &BodyReader::lookUp(uint64_t opcode, uint64_t at) const
{
    const OpSpec *spec = opcode < m_specs.size() ? m_specs[opcode] : nullptr;
    if (!spec) [[unlikely]]
        failLookUp(opcode, at);
    return *spec;
}

void BodyReader::failLookUp(uint64_t opcode, uint64_t at) const
{
    const auto info = opcodeInfo(opcode);
    if (!findOpSpec(opcode)) {
        if (info && info->development)
            failAt(at, describeOpcode(opcode) + " belongs to the unreleased Tile IR " + info->since.str() +
                           " format");
        if (opcode == opc::Entry || opcode == opc::Global || opcode == opc::Module)
            failAt(at, describeOpcode(opcode) + " cannot appear inside a function body");
        failAt(at, "unknown " + describeOpcode(opcode));
    }
    failAt(at, describeOpcode(opcode) + " requires bytecode " + info->since.str() + ", the file is " +
                   m_ctx.version().str());
}

void BodyReader::failOperand(uint64_t at, uint64_t id) const
{
    failAt(at, "operand index " + std::to_string(id) + " out of bounds (" + std::to_string(m_values) + " values live)");
}

void BodyReader::failResultCount(uint64_t at, const OpSpec &spec, uint64_t n, uint64_t count) const
{
    failAt(at, std::string(spec.name) + " must have " + std::to_string(n) + " result(s), the file says " +
                   std::to_string(count));
}

void BodyReader::failEnum(uint64_t at, const AttrSpec &a, uint64_t v) const
{
    const bool newer = v < enumCaseCount(a.enumKind, Version{99, 0});
    failAt(at, std::string(a.name) + ": " + std::to_string(v) + " is not a " + std::string(enumKindName(a.enumKind)) +
                   (newer ? " of bytecode " + m_ctx.version().str() + " (" +
                                std::string(enumKeyword(a.enumKind, uint32_t(v))) + " is new in 13.4)"
                          : std::string()));
}

// item 0: too many instructions; UINT64_MAX: too many words; else a missing debug list entry.
void BodyReader::failInstruction(uint64_t at, uint64_t item) const
{
    if (item == 0)
        failAt(at, "too many instructions");
    if (item == UINT64_MAX)
        failAt(at, "function @" + shortText(m_function.name) + " is too large");
    failAt(at, "function @" + shortText(m_function.name) + ": debug list has no entry for instruction " +
                   std::to_string(item));
}

void BodyReader::assignLocation(Instruction &inst)
{
    const uint64_t item = ++m_preorder; // item 0 is the function itself
    if (m_preorder > UINT32_MAX) [[unlikely]]
        failInstruction(inst.offset, 0);
    if (!m_locations)
        return;
    if (item >= m_locations->size()) [[unlikely]]
        failInstruction(inst.offset, item);
    inst.location = m_ctx.locationIndex((*m_locations)[item], inst.offset);
}

const OpSpec &BodyReader::readInstruction(Instruction &inst, unsigned depth)
{
    inst.offset = uint32_t(m_c.offset());
    const uint64_t opcode = m_c.varint("opcode");
    const OpSpec &spec = lookUp(opcode, inst.offset);
    inst.opcode = uint8_t(opcode); // lookUp accepts released opcodes only
    assignLocation(inst);
    inst.words = uint32_t(m_body.words.size());
    if (m_plain[inst.opcode]) {
        readPlain(inst, spec);
    } else {
        readResults(inst, spec);
        const uint64_t flags = readFlags(spec);
        readAttributes(inst, spec, flags);
        readOperands(inst, spec, flags);
        if (spec.boolArraySegment >= 0)
            checkBoolArray(inst, spec, flags);
    }
    if (m_body.words.size() > UINT32_MAX) [[unlikely]]
        failInstruction(inst.offset, UINT64_MAX);
    readRegions(inst, spec, depth);
    // Results are numbered after the whole instruction, regions included.
    inst.firstResult = uint32_t(m_values);
    m_values += inst.resultCount;
    return spec;
}

void BodyReader::readResults(Instruction &inst, const OpSpec &spec)
{
    const bool present = m_ctx.version() >= spec.resultsSince;
    uint64_t n = present && spec.results > 0 ? uint64_t(spec.results) : 0;
    if (spec.resultCountPrefix) {
        const uint64_t at = m_c.offset();
        const uint64_t count = m_c.count(1, "result count");
        if (spec.results >= 0 && count != n) [[unlikely]]
            failResultCount(at, spec, n, count);
        n = count;
        if (n > UINT16_MAX) [[unlikely]]
            failAt(at, std::string(spec.name) + ": " + std::to_string(n) + " results, at most 65535 are supported");
    }
    inst.resultCount = uint16_t(n);
    for (uint64_t i = 0; i < n; ++i)
        m_body.words.push_back(m_ctx.readTypeRef(m_c, "result type"));
}

uint64_t BodyReader::readFlags(const OpSpec &spec)
{
    if (!spec.flagsWord || m_ctx.version() < spec.flagsSince)
        return 0;
    uint64_t allowed = 0;
    for (const AttrSpec &a : spec.attrs)
        if (a.flagBit >= 0)
            allowed |= uint64_t(1) << a.flagBit;
    for (const OperandSpec &o : spec.segments)
        if (o.flagBit >= 0 && m_ctx.version() >= o.since)
            allowed |= uint64_t(1) << o.flagBit;
    const uint64_t at = m_c.offset();
    const uint64_t flags = m_c.varint("flags");
    if (flags & ~allowed)
        failAt(at, "flags " + hex(flags) + " set bits the op does not define (allowed " + hex(allowed) + ")");
    return flags;
}

inline uint32_t BodyReader::readOperand()
{
    const uint64_t at = m_c.offset();
    const uint64_t id = m_c.varint("operand");
    if (id >= m_values) [[unlikely]]
        failOperand(at, id);
    return uint32_t(id);
}

void BodyReader::readOperands(Instruction &inst, const OpSpec &spec, uint64_t flags)
{
    std::vector<uint32_t> &words = m_body.words;
    if (spec.segmented) {
        // Layout: the segment sizes, then the operands of all segments.
        const size_t sizes = words.size();
        inst.segmentCount = uint8_t(spec.segments.size()); // OpSpec keeps segment lists short
        words.resize(sizes + spec.segments.size());
        for (size_t s = 0; s < spec.segments.size(); ++s) {
            const OperandSpec &seg = spec.segments[s];
            uint64_t n = 1;
            if (seg.group == OperandGroup::Optional)
                n = m_ctx.version() >= seg.since && ((flags >> seg.flagBit) & 1) ? 1 : 0;
            else if (seg.group == OperandGroup::Variadic)
                n = m_c.count(1, "operand group size");
            for (uint64_t i = 0; i < n; ++i)
                words.push_back(readOperand());
            words[sizes + s] = uint32_t(n);
        }
        const size_t operands = words.size() - sizes - spec.segments.size();
        if (operands > UINT16_MAX) [[unlikely]]
            failAt(inst.offset, std::string(spec.name) + ": " + std::to_string(operands) +
                                    " operands, at most 65535 are supported");
        inst.operandCount = uint16_t(operands);
        return;
    }
    uint64_t n = uint64_t(spec.fixedOperands);
    if (spec.operandCountPrefix) {
        const uint64_t at = m_c.offset();
        n = m_c.count(1, "operand count");
        if (n < uint64_t(spec.minOperands))
            failAt(at, std::string(spec.name) + " needs at least " + std::to_string(spec.minOperands) +
                           " operand(s), the file gives " + std::to_string(n));
        if (spec.maxOperands >= 0 && n > uint64_t(spec.maxOperands))
            failAt(at, std::string(spec.name) + " takes at most " + std::to_string(spec.maxOperands) +
                           " operand(s), the file gives " + std::to_string(n));
        if (n > UINT16_MAX) [[unlikely]]
            failAt(at, std::string(spec.name) + ": " + std::to_string(n) + " operands, at most 65535 are supported");
    }
    inst.operandCount = uint16_t(n);
    for (uint64_t i = 0; i < n; ++i)
        words.push_back(readOperand());
}

// The per-index array of a view op has one entry per index operand; it is
// read before the operands, so it is checked once they are known.
void BodyReader::checkBoolArray(const Instruction &inst, const OpSpec &spec, uint64_t) const
{
    for (size_t k = 0; k < spec.attrs.size(); ++k) {
        const AttrSpec &a = spec.attrs[k];
        if (a.encoding != AttrEncoding::BoolArray || m_ctx.version() < a.since)
            continue;
        const uint32_t indices = m_body.words[inst.words + inst.resultCount + size_t(spec.boolArraySegment)];
        if (m_boolArrayLength != indices)
            failAt(inst.offset, std::string(spec.name) + ": " + std::string(a.name) + " has " +
                                    std::to_string(m_boolArrayLength) + " entries for " + std::to_string(indices) +
                                    " index operand(s)");
    }
}

void BodyReader::readRegions(Instruction &inst, const OpSpec &spec, unsigned depth)
{
    if (spec.regions == 0)
        return;
    const uint64_t at = m_c.offset();
    if (depth + 1 > m_ctx.options.maxRegionDepth)
        failAt(at, "regions nested deeper than " + std::to_string(m_ctx.options.maxRegionDepth));
    const uint64_t n = m_c.varint("region count");
    if (n != uint64_t(spec.regions))
        failAt(at, std::string(spec.name) + " must have " + std::to_string(spec.regions) + " region(s), the file says " +
                       std::to_string(n));
    // Pool entries are claimed up front and filled by index: nested
    // instructions append to the same pools.
    inst.regions = uint32_t(m_body.regionPool.size());
    inst.regionCount = uint8_t(n);
    m_body.regionPool.resize(m_body.regionPool.size() + n);
    for (uint64_t r = 0; r < n; ++r) {
        const uint64_t blocksAt = m_c.offset();
        const uint64_t blocks = m_c.varint("block count");
        // Regions hold one block; an if may leave its else region empty.
        const bool mayBeEmpty = inst.opcode == opc::If && r == 1;
        if (blocks > 1 || (blocks == 0 && !mayBeEmpty))
            failAt(blocksAt, std::string(spec.name) + " region " + std::to_string(r) + " has " + std::to_string(blocks) +
                                 " blocks, expected " + (mayBeEmpty ? "0 or 1" : "1"));
        const uint32_t first = uint32_t(m_body.blockPool.size());
        m_body.regionPool[inst.regions + r] = Region{first, uint32_t(blocks)};
        m_body.blockPool.resize(first + blocks);
        for (uint64_t b = 0; b < blocks; ++b) {
            const uint64_t saved = m_values;
            const uint64_t nArgs = m_c.count(1, "block argument count");
            Block &block = m_body.blockPool[first + b];
            block.argumentTypes = uint32_t(m_body.words.size());
            block.argumentCount = uint32_t(nArgs);
            block.firstArgument = uint32_t(m_values);
            for (uint64_t i = 0; i < nArgs; ++i)
                m_body.words.push_back(m_ctx.readTypeRef(m_c, "block argument type"));
            m_values += nArgs;
            const uint64_t opsAt = m_c.offset();
            const uint64_t nOps = m_c.count(1, "block instruction count");
            readBlockInstructions(first + uint32_t(b), nOps, depth + 1, opsAt);
            m_values = saved; // values defined in the block go out of scope
        }
    }
}

void BodyReader::readBlockInstructions(uint32_t block, uint64_t count, unsigned depth, uint64_t at)
{
    if (count == 0)
        failAt(at, "empty block (a block must end with a terminator)");
    if (depth >= m_open.size())
        m_open.resize(depth + 1);
    std::vector<Instruction> &open = m_open[depth];
    for (uint64_t i = 0; i < count; ++i) {
        Instruction inst;
        const OpSpec &spec = readInstruction(inst, depth);
        if (spec.terminator != (i + 1 == count))
            failAt(inst.offset, spec.terminator ? "terminator " + std::string(spec.name) + " before the end of its block"
                                                : "block does not end with a terminator");
        open.push_back(inst);
    }
    Block &b = m_body.blockPool[block];
    b.instructions = uint32_t(m_nested.size());
    b.instructionCount = uint32_t(count);
    m_nested.insert(m_nested.end(), open.begin(), open.end());
    open.clear();
}

} // namespace tileport::tileir::bc::detail
