// SPDX-License-Identifier: MIT
#include "BodyReader.h"

#include "AttributeReader.h"
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

// Reserves room for the instructions of a block whose encoding spans at most
// `bytes` bytes (and that holds at most `count` instructions), as if they
// averaged kTypicalInstructionBytes: growing a long list moves every
// instruction and touches twice the memory. Denser blocks still grow; the
// reservation is only address space until used, and failing to get it is
// not an error.
void reserveFor(std::vector<Instruction> &list, size_t bytes, uint64_t count = UINT64_MAX)
{
    constexpr size_t kTypicalInstructionBytes = 6;
    const size_t n = size_t(std::min<uint64_t>(count, bytes / kTypicalInstructionBytes + 1));
    try {
        list.reserve(n);
    } catch (const std::bad_alloc &) {
        return;
    }
    adviseLargeBuffer(list.data(), list.capacity() * sizeof(Instruction));
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
    , m_c(body)
    , m_locations(locations)
{
}

void BodyReader::read()
{
    const Type &sig = m_ctx.type(m_function.signature);
    m_function.body.argumentTypes = sig.inputs;
    for (size_t i = 0; i < sig.inputs.size(); ++i)
        m_function.body.arguments.push_back(uint32_t(m_values++));
    const uint64_t start = m_c.offset();
    if (m_c.atEnd())
        failAt(start, "function @" + shortText(m_function.name) + " has an empty body");
    std::vector<Instruction> &body = m_function.body.instructions;
    reserveFor(body, m_c.remaining());
    bool early = false; // a terminator before the last instruction
    bool lastIsTerminator = false;
    while (!m_c.atEnd()) {
        early = early || lastIsTerminator;
        lastIsTerminator = readInstruction(body.emplace_back(), 0).terminator;
    }
    const Instruction &last = body.back();
    if (last.opcode != opc::Return)
        failAt(last.offset, "function @" + shortText(m_function.name) + " does not end with return");
    if (early) {
        for (const Instruction &inst : body)
            if (&inst != &last && findOpSpec(inst.opcode)->terminator)
                failAt(inst.offset, "terminator " + std::string(inst.name) + " before the end of the function body");
    }
    m_function.instructionCount = uint32_t(m_preorder);
    if (m_locations && m_locations->size() != m_preorder + 1)
        failAt(start, "function @" + shortText(m_function.name) + " has " + std::to_string(m_preorder) +
                          " instructions but its debug list has " + std::to_string(m_locations->size()) + " entries");
}

const OpSpec &BodyReader::lookUp(uint64_t opcode, uint64_t at) const
{
    const OpSpec *spec = findOpSpec(opcode);
    if (!spec || spec->since > m_ctx.version()) [[unlikely]]
        failLookUp(opcode, at);
    return *spec;
}

void BodyReader::failLookUp(uint64_t opcode, uint64_t at) const
{
    const auto info = opcodeInfo(opcode);
    if (!findOpSpec(opcode)) {
        if (info && info->development)
            failAt(at, describeOpcode(opcode) + " belongs to the unreleased Tile IR 13.4 format");
        if (opcode == opc::Entry || opcode == opc::Global || opcode == opc::Module)
            failAt(at, describeOpcode(opcode) + " cannot appear inside a function body");
        failAt(at, "unknown " + describeOpcode(opcode));
    }
    failAt(at, describeOpcode(opcode) + " requires bytecode " + info->since.str() + ", the file is " +
                   m_ctx.version().str());
}

void BodyReader::assignLocation(Instruction &inst)
{
    const uint64_t item = ++m_preorder; // item 0 is the function itself
    if (m_preorder > UINT32_MAX)
        failAt(inst.offset, "too many instructions");
    if (!m_locations)
        return;
    if (item >= m_locations->size())
        failAt(inst.offset, "function @" + shortText(m_function.name) + ": debug list has no entry for instruction " +
                                std::to_string(item));
    inst.location = resolveLocation(m_ctx, (*m_locations)[item], inst.offset);
}

const OpSpec &BodyReader::readInstruction(Instruction &inst, unsigned depth)
{
    inst.offset = m_c.offset();
    const uint64_t opcode = m_c.varint("opcode");
    const OpSpec &spec = lookUp(opcode, inst.offset);
    inst.opcode = uint32_t(opcode);
    inst.name = spec.name;
    assignLocation(inst);
    readResults(inst, spec);
    const uint64_t flags = readFlags(spec);
    readAttributes(inst, spec, flags);
    readOperands(inst, spec, flags);
    readRegions(inst, spec, depth);
    // Results are numbered after the whole instruction, regions included.
    inst.results.reserve(inst.resultTypes.size());
    for (size_t i = 0; i < inst.resultTypes.size(); ++i)
        inst.results.push_back(uint32_t(m_values++));
    return spec;
}

void BodyReader::readResults(Instruction &inst, const OpSpec &spec)
{
    const bool present = m_ctx.version() >= spec.resultsSince;
    uint64_t n = present && spec.results > 0 ? uint64_t(spec.results) : 0;
    if (spec.resultCountPrefix) {
        const uint64_t at = m_c.offset();
        const uint64_t count = m_c.count(1, "result count");
        if (spec.results >= 0 && count != n)
            failAt(at, std::string(inst.name) + " must have " + std::to_string(n) + " result(s), the file says " +
                           std::to_string(count));
        n = count;
    }
    inst.resultTypes.reserve(n);
    for (uint64_t i = 0; i < n; ++i)
        inst.resultTypes.push_back(m_ctx.readTypeRef(m_c, "result type"));
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

void BodyReader::readAttributes(Instruction &inst, const OpSpec &spec, uint64_t flags)
{
    for (const AttrSpec &a : spec.attrs) {
        const bool flagged = a.flagBit >= 0 && (flags >> a.flagBit) & 1;
        if (a.encoding == AttrEncoding::Unit) {
            if (flagged)
                inst.attributes.push_back({a.key, {UnitAttr{}}});
            continue;
        }
        if (a.flagBit >= 0 && !flagged)
            continue;
        if (m_ctx.version() < a.since) {
            // Written only by newer formats: older files imply the default.
            inst.attributes.push_back({a.key, {EnumAttr{a.enumKind, a.fallback}}});
            continue;
        }
        const uint64_t at = m_c.offset();
        inst.attributes.push_back({a.key, readAttribute(inst, a, at)});
    }
}

Attribute BodyReader::readAttribute(const Instruction &inst, const AttrSpec &a, uint64_t at)
{
    switch (a.encoding) {
    case AttrEncoding::Enum: {
        const uint64_t v = m_c.varint(a.name);
        if (v >= enumCaseCount(a.enumKind))
            failAt(at, std::string(a.name) + ": " + std::to_string(v) + " is not a " +
                           std::string(enumKindName(a.enumKind)) +
                           (a.enumKind == EnumKind::RoundingMode && v == 7 ? " (nearest_away is Tile IR 13.4-dev)" : ""));
        return {EnumAttr{a.enumKind, uint32_t(v)}};
    }
    case AttrEncoding::Int32: {
        const uint64_t v = m_c.varint(a.name);
        if (v > UINT32_MAX)
            failAt(at, std::string(a.name) + ": " + std::to_string(v) + " does not fit in 32 bits");
        return {IntegerAttr{v, std::nullopt}};
    }
    case AttrEncoding::Int64: return {IntegerAttr{m_c.varint(a.name), std::nullopt}};
    case AttrEncoding::Bool: {
        const uint8_t v = m_c.u8(a.name);
        if (v > 1)
            failAt(at, std::string(a.name) + ": bool byte must be 0 or 1");
        return {BoolAttr{v == 1}};
    }
    case AttrEncoding::String: {
        const std::string_view s = m_ctx.readString(m_c, a.name, inst.opcode == 0x2C);
        // get_global names a global of this module
        if (inst.opcode == 0x2C && !m_ctx.globalNames.count(s))
            failAt(at, "get_global refers to @" + shortText(s) + ", which is not a global of this module");
        return {StringAttr{s}};
    }
    case AttrEncoding::Dense: {
        if (inst.resultTypes.empty())
            failAt(at, std::string(a.name) + ": a dense value needs a result type");
        const uint64_t k = m_c.varint(a.name);
        m_ctx.checkDense(k, inst.resultTypes[0], at);
        return {DenseAttr{uint32_t(k), inst.resultTypes[0]}};
    }
    case AttrEncoding::Hints: return {readHintsBody(m_ctx, m_c, 0)};
    case AttrEncoding::Tagged: {
        Attribute p = readTaggedAttribute(m_ctx, m_c, 0);
        if (!p.get<DivByAttr>() && !p.get<SameElementsAttr>() && !p.get<BoundedAttr>())
            failAt(at, std::string(a.name) + ": not an assume predicate (div_by, same_elements or bounded)");
        return p;
    }
    case AttrEncoding::TaggedArray: {
        const uint64_t n = m_c.count(1, a.name);
        ArrayAttr arr;
        arr.elements.reserve(n);
        for (uint64_t i = 0; i < n; ++i)
            arr.elements.push_back(readTaggedAttribute(m_ctx, m_c, 1));
        return {std::move(arr)};
    }
    case AttrEncoding::I32Array: {
        const uint64_t n = m_c.count(4, a.name);
        I32ArrayAttr arr;
        arr.values.reserve(n);
        for (uint64_t i = 0; i < n; ++i) {
            const int32_t v = int32_t(uint32_t(m_c.fixed(4, a.name)));
            if (v == INT32_MIN || v == INT32_MAX)
                failAt(at, std::string(a.name) + ": unsupported value " + std::to_string(v));
            arr.values.push_back(v);
        }
        return {std::move(arr)};
    }
    case AttrEncoding::Unit: break;
    }
    failAt(at, "internal: unhandled attribute encoding");
}

uint32_t BodyReader::readOperand()
{
    const uint64_t at = m_c.offset();
    const uint64_t id = m_c.varint("operand");
    if (id >= m_values)
        failAt(at, "operand index " + std::to_string(id) + " out of bounds (" + std::to_string(m_values) +
                       " values live)");
    return uint32_t(id);
}

void BodyReader::readOperands(Instruction &inst, const OpSpec &spec, uint64_t flags)
{
    if (spec.segmented) {
        for (const OperandSpec &seg : spec.segments) {
            uint64_t n = 1;
            if (seg.group == OperandGroup::Optional)
                n = m_ctx.version() >= seg.since && ((flags >> seg.flagBit) & 1) ? 1 : 0;
            else if (seg.group == OperandGroup::Variadic)
                n = m_c.count(1, "operand group size");
            for (uint64_t i = 0; i < n; ++i)
                inst.operands.push_back(readOperand());
            inst.operandSegments.push_back(int32_t(n));
        }
        return;
    }
    uint64_t n = uint64_t(spec.fixedOperands);
    if (spec.operandCountPrefix) {
        const uint64_t at = m_c.offset();
        n = m_c.count(1, "operand count");
        if (n < uint64_t(spec.minOperands))
            failAt(at, std::string(inst.name) + " needs at least " + std::to_string(spec.minOperands) +
                           " operand(s), the file gives " + std::to_string(n));
    }
    inst.operands.reserve(n);
    for (uint64_t i = 0; i < n; ++i)
        inst.operands.push_back(readOperand());
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
        failAt(at, std::string(inst.name) + " must have " + std::to_string(spec.regions) + " region(s), the file says " +
                       std::to_string(n));
    inst.regions.resize(n);
    for (uint64_t r = 0; r < n; ++r) {
        const uint64_t blocksAt = m_c.offset();
        const uint64_t blocks = m_c.varint("block count");
        // Regions hold one block; an if may leave its else region empty.
        const bool mayBeEmpty = inst.opcode == opc::If && r == 1;
        if (blocks > 1 || (blocks == 0 && !mayBeEmpty))
            failAt(blocksAt, std::string(inst.name) + " region " + std::to_string(r) + " has " + std::to_string(blocks) +
                                 " blocks, expected " + (mayBeEmpty ? "0 or 1" : "1"));
        for (uint64_t b = 0; b < blocks; ++b) {
            Block &block = inst.regions[r].blocks.emplace_back();
            const uint64_t saved = m_values;
            const uint64_t nArgs = m_c.count(1, "block argument count");
            block.argumentTypes.reserve(nArgs);
            block.arguments.reserve(nArgs);
            for (uint64_t i = 0; i < nArgs; ++i) {
                block.argumentTypes.push_back(m_ctx.readTypeRef(m_c, "block argument type"));
                block.arguments.push_back(uint32_t(m_values++));
            }
            const uint64_t opsAt = m_c.offset();
            const uint64_t nOps = m_c.count(1, "block instruction count");
            readBlockInstructions(block, nOps, depth + 1, opsAt);
            m_values = saved; // values defined in the block go out of scope
        }
    }
}

void BodyReader::readBlockInstructions(Block &block, uint64_t count, unsigned depth, uint64_t at)
{
    if (count == 0)
        failAt(at, "empty block (a block must end with a terminator)");
    // Nested blocks are short; a hostile count must not reserve much.
    reserveFor(block.instructions, m_c.remaining(), std::min<uint64_t>(count, 256));
    for (uint64_t i = 0; i < count; ++i) {
        Instruction &inst = block.instructions.emplace_back();
        const bool terminator = readInstruction(inst, depth).terminator;
        if (terminator != (i + 1 == count))
            failAt(inst.offset, terminator ? "terminator " + std::string(inst.name) + " before the end of its block"
                                           : "block does not end with a terminator");
    }
}

} // namespace tileport::tileir::bc::detail
