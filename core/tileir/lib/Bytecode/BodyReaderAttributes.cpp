// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The attribute part of BodyReader: op attributes into 8-byte slots, with
// strings, arrays, hints and predicates in the function's rich pool.
#include "AttributeReader.h"
#include "BodyReader.h"

#include <climits>

namespace tileport::tileir::bc::detail {

void BodyReader::readAttributes(Instruction &inst, const OpSpec &spec, uint64_t flags)
{
    std::vector<FunctionBody::AttributeSlot> &slots = m_body.attributeSlots;
    inst.attributes = uint32_t(slots.size());
    for (size_t k = 0; k < spec.attrs.size(); ++k) {
        const AttrSpec &a = spec.attrs[k];
        const bool flagged = a.flagBit >= 0 && (flags >> a.flagBit) & 1;
        FunctionBody::AttributeSlot slot;
        if (a.encoding == AttrEncoding::Unit) {
            if (!flagged)
                continue;
        } else if (a.flagBit >= 0 && !flagged) {
            continue;
        } else if (m_ctx.version() < a.since && a.absentBefore) {
            continue;
        } else if (m_ctx.version() < a.since) {
            // Written only by newer formats: older files imply the default.
            slot.value = a.fallback;
        } else if (a.encoding == AttrEncoding::Enum) {
            // The common case, decoded here rather than through readAttribute.
            const uint64_t at = m_c.offset();
            const uint64_t v = m_c.varint(a.name);
            if (v >= m_enumCases[size_t(a.enumKind)]) [[unlikely]]
                failEnum(at, a, v);
            slot.value = uint32_t(v);
        } else {
            slot = readAttribute(inst, a, m_c.offset());
        }
        slot.slot = uint8_t(k); // OpSpec keeps attribute lists short
        slots.push_back(slot);
    }
    inst.attributeCount = uint8_t(slots.size() - inst.attributes);
}

uint32_t BodyReader::addRich(Attribute a)
{
    m_body.richAttributes.push_back(std::move(a));
    return uint32_t(m_body.richAttributes.size() - 1);
}

FunctionBody::AttributeSlot BodyReader::readAttribute(const Instruction &inst, const AttrSpec &a, uint64_t at)
{
    switch (a.encoding) {
    case AttrEncoding::Enum: {
        const uint64_t v = m_c.varint(a.name);
        if (v >= m_enumCases[size_t(a.enumKind)]) [[unlikely]]
            failEnum(at, a, v);
        return {uint32_t(v)};
    }
    case AttrEncoding::Int32: {
        const uint64_t v = m_c.varint(a.name);
        if (v > UINT32_MAX)
            failAt(at, std::string(a.name) + ": " + std::to_string(v) + " does not fit in 32 bits");
        return {uint32_t(v)};
    }
    case AttrEncoding::Int64: return {addRich({IntegerAttr{m_c.varint(a.name), std::nullopt}})};
    case AttrEncoding::Bool: {
        const uint8_t v = m_c.u8(a.name);
        if (v > 1)
            failAt(at, std::string(a.name) + ": bool byte must be 0 or 1");
        return {v};
    }
    case AttrEncoding::String: {
        const std::string_view s = m_ctx.readString(m_c, a.name, inst.opcode == 0x2C);
        // get_global names a global of this module
        if (inst.opcode == 0x2C && !m_ctx.globalNames.count(s))
            failAt(at, "get_global refers to @" + shortText(s) + ", which is not a global of this module");
        return {addRich({StringAttr{s}})};
    }
    case AttrEncoding::Dense: {
        if (inst.resultCount == 0)
            failAt(at, std::string(a.name) + ": a dense value needs a result type");
        const uint32_t type = m_body.words[inst.words];
        const uint64_t k = m_c.varint(a.name);
        m_ctx.checkDense(k, type, at);
        return {uint32_t(k)};
    }
    case AttrEncoding::Hints: return {addRich({readHintsBody(m_ctx, m_c, 0)})};
    case AttrEncoding::Tagged: {
        Attribute p = readTaggedAttribute(m_ctx, m_c, 0);
        if (!p.get<DivByAttr>() && !p.get<SameElementsAttr>() && !p.get<BoundedAttr>())
            failAt(at, std::string(a.name) + ": not an assume predicate (div_by, same_elements or bounded)");
        return {addRich(std::move(p))};
    }
    case AttrEncoding::TaggedArray: {
        const uint64_t n = m_c.count(1, a.name);
        ArrayAttr arr;
        arr.elements.reserve(n);
        for (uint64_t i = 0; i < n; ++i)
            arr.elements.push_back(readTaggedAttribute(m_ctx, m_c, 1));
        return {addRich({std::move(arr)})};
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
        return {addRich({std::move(arr)})};
    }
    case AttrEncoding::BoolArray: {
        const uint64_t n = m_c.count(1, a.name);
        BoolArrayAttr arr;
        arr.values.reserve(n);
        for (uint64_t i = 0; i < n; ++i) {
            const uint64_t byteAt = m_c.offset();
            const uint8_t v = m_c.u8(a.name);
            if (v > 1)
                failAt(byteAt, std::string(a.name) + ": bool byte must be 0 or 1");
            arr.values.push_back(v != 0);
        }
        m_boolArrayLength = n;
        return {addRich({std::move(arr)})};
    }
    case AttrEncoding::Unit: break;
    }
    failAt(at, "internal: unhandled attribute encoding");
}

} // namespace tileport::tileir::bc::detail
