// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "AttributeReader.h"

#include <set>

namespace tileport::tileir::bc::detail {

namespace {

enum Tag : uint64_t {
    TagInteger = 1, TagFloat, TagBool, TagType, TagString, TagArray, TagDense, TagDivBy, TagSameElements,
    TagDictionary, TagHints, TagBounded,
};

void checkDepth(const ReaderContext &ctx, const Cursor &c, unsigned depth)
{
    if (depth > ctx.options.maxAttributeDepth)
        c.fail("attributes nested deeper than " + std::to_string(ctx.options.maxAttributeDepth));
}

bool fitsWidth(uint64_t v, unsigned width)
{
    return width >= 64 || (v >> width) == 0;
}

Attribute readInteger(const ReaderContext &ctx, Cursor &c)
{
    const uint64_t at = c.offset();
    const uint32_t t = ctx.readTypeRef(c, "integer attribute type");
    if (!ctx.isScalar(t, true))
        failAt(at, "integer attribute with a non-integer type");
    const unsigned width = scalarBitWidth(ctx.type(t).scalar);
    const uint64_t valueAt = c.offset();
    const uint64_t v = width == 1 ? c.u8("i1 attribute value") : c.varint("integer attribute value");
    if (!fitsWidth(v, width))
        failAt(valueAt, "integer attribute value " + std::to_string(v) + " does not fit in i" + std::to_string(width));
    return {IntegerAttr{v, t}};
}

Attribute readFloat(const ReaderContext &ctx, Cursor &c)
{
    const uint64_t at = c.offset();
    const uint32_t t = ctx.readTypeRef(c, "float attribute type");
    if (!ctx.isScalar(t, false))
        failAt(at, "float attribute with a non-float type");
    const unsigned width = scalarBitWidth(ctx.type(t).scalar);
    const uint64_t valueAt = c.offset();
    const uint64_t bits = width <= 8 ? c.u8("float attribute bits") : c.floatBitsVarint("float attribute bits");
    if (!fitsWidth(bits, width))
        failAt(valueAt, "float attribute bits do not fit in " + std::to_string(width) + " bits");
    return {FloatAttr{t, bits}};
}

Attribute readArray(const ReaderContext &ctx, Cursor &c, unsigned depth)
{
    checkDepth(ctx, c, depth + 1);
    const uint64_t n = c.count(1, "array length");
    ArrayAttr a;
    a.elements.reserve(n);
    for (uint64_t i = 0; i < n; ++i)
        a.elements.push_back(readTaggedAttribute(ctx, c, depth + 1));
    return {std::move(a)};
}

Attribute readDense(const ReaderContext &ctx, Cursor &c)
{
    const uint32_t t = ctx.readTypeRef(c, "dense attribute type");
    const uint64_t at = c.offset();
    const uint64_t k = c.varint("dense attribute constant");
    ctx.checkDense(k, t, at);
    return {DenseAttr{uint32_t(k), t}};
}

Attribute readDivBy(Cursor &c)
{
    DivByAttr d;
    d.divisor = c.varint("div_by divisor");
    const uint64_t at = c.offset();
    const uint8_t flags = c.u8("div_by flags");
    if (flags & ~3u)
        failAt(at, "div_by flags " + std::to_string(flags) + " has unknown bits");
    if (flags & 1)
        d.every = c.signedVarint("div_by every");
    if (flags & 2)
        d.along = c.signedVarint("div_by along");
    return {d};
}

Attribute readSameElements(Cursor &c)
{
    const uint64_t n = c.count(8, "same_elements length");
    SameElementsAttr s;
    s.values.reserve(n);
    for (uint64_t i = 0; i < n; ++i)
        s.values.push_back(int64_t(c.fixed(8, "same_elements value")));
    return {std::move(s)};
}

Attribute readBounded(Cursor &c)
{
    BoundedAttr b;
    const uint64_t at = c.offset();
    const uint8_t flags = c.u8("bounded flags");
    if (flags & ~3u)
        failAt(at, "bounded flags " + std::to_string(flags) + " has unknown bits");
    if (flags & 1)
        b.lower = c.signedVarint("bounded lower bound");
    if (flags & 2)
        b.upper = c.signedVarint("bounded upper bound");
    return {b};
}

} // namespace

Attribute readTaggedAttribute(const ReaderContext &ctx, Cursor &c, unsigned depth)
{
    const uint64_t at = c.offset();
    const uint64_t tag = c.varint("attribute tag");
    switch (tag) {
    case TagInteger: return readInteger(ctx, c);
    case TagFloat: return readFloat(ctx, c);
    case TagBool: {
        const uint8_t v = c.u8("bool attribute");
        if (v > 1)
            failAt(at + 1, "bool attribute byte must be 0 or 1");
        return {BoolAttr{v == 1}};
    }
    case TagType: return {TypeAttr{ctx.readTypeRef(c, "type attribute")}};
    case TagString: return {StringAttr{ctx.readString(c, "string attribute")}};
    case TagArray: return readArray(ctx, c, depth);
    case TagDense: return readDense(ctx, c);
    case TagDivBy: return readDivBy(c);
    case TagSameElements: return readSameElements(c);
    case TagDictionary: return {readDictionaryBody(ctx, c, depth)};
    case TagHints: return {readHintsBody(ctx, c, depth)};
    case TagBounded: return readBounded(c);
    default: failAt(at, "unknown attribute tag " + std::to_string(tag));
    }
}

DictionaryAttr readDictionaryBody(const ReaderContext &ctx, Cursor &c, unsigned depth)
{
    checkDepth(ctx, c, depth + 1);
    const uint64_t n = c.count(2, "dictionary size");
    DictionaryAttr d;
    d.entries.reserve(n);
    std::set<std::string_view> keys;
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t at = c.offset();
        const std::string_view key = ctx.readString(c, "dictionary key", true);
        if (!keys.insert(key).second)
            failAt(at, "dictionary key '" + shortText(key) + "' appears twice");
        d.entries.push_back({key, readTaggedAttribute(ctx, c, depth + 1)});
    }
    return d;
}

OptimizationHintsAttr readHintsBody(const ReaderContext &ctx, Cursor &c, unsigned depth)
{
    const uint64_t at = c.offset();
    DictionaryAttr d = readDictionaryBody(ctx, c, depth);
    for (const NamedAttribute &e : d.entries)
        if (!e.value.get<DictionaryAttr>())
            failAt(at, "optimization hints for '" + shortText(e.name) + "' are not a dictionary");
    return OptimizationHintsAttr{std::move(d.entries)};
}

} // namespace tileport::tileir::bc::detail
