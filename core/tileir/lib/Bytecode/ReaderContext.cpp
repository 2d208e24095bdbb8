// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ReaderContext.h"

namespace tileport::tileir::bc::detail {

std::string_view ReaderContext::readString(Cursor &c, const char *what, bool nonEmpty) const
{
    const uint64_t at = c.offset();
    const uint64_t index = c.varint(what);
    if (index >= module.strings.size())
        failAt(at, std::string(what) + ": string index " + std::to_string(index) + " out of range (" +
                       std::to_string(module.strings.size()) + " strings)");
    const std::string_view s = module.strings[index];
    if (nonEmpty && s.empty())
        failAt(at, std::string(what) + ": empty string");
    return s;
}

void ReaderContext::failTypeRef(uint64_t at, uint64_t index, const char *what) const
{
    failAt(at, std::string(what) + ": type index " + std::to_string(index) + " out of range (" +
                   std::to_string(module.types.size()) + " types)");
}

bool ReaderContext::isScalar(uint32_t t, bool integer) const
{
    const Type &ty = module.types[t];
    return ty.kind == TypeKind::Scalar && isIntegerScalar(ty.scalar) == integer;
}

void ReaderContext::checkDense(uint64_t index, uint32_t tileType, uint64_t at) const
{
    if (index >= module.constants.size())
        failAt(at, "constant index " + std::to_string(index) + " out of range (" +
                       std::to_string(module.constants.size()) + " constants)");
    const Type &tile = module.types[tileType];
    if (tile.kind != TypeKind::Tile)
        failAt(at, "a dense constant needs a tile type, type " + std::to_string(tileType) + " is not one");
    const Type &elem = module.types[tile.element];
    if (elem.kind != TypeKind::Scalar)
        failAt(at, "a dense constant needs an integer or float element type");
    uint64_t n = 1;
    for (int64_t d : tile.shape)
        n *= uint64_t(d); // tile shapes are verified: positive, total <= 2^24
    const auto &bytes = module.constants[index].bytes;
    const uint64_t size = bytes.size();
    bool ok;
    if (elem.scalar == ScalarKind::I1) {
        ok = (size == 1 && (bytes[0] == 0x00 || bytes[0] == 0xFF)) || size == (n + 7) / 8;
    } else {
        const uint64_t width = (scalarBitWidth(elem.scalar) + 7) / 8;
        ok = size == width || size == n * width;
    }
    if (!ok)
        failAt(at, "constant " + std::to_string(index) + " has " + std::to_string(size) +
                       " byte(s), which is neither a splat nor the full size of " + std::to_string(n) + " element(s) of " +
                       std::string(scalarName(elem.scalar)));
}

std::vector<Cursor> readOffsetTable(Cursor &c, unsigned width, const char *what)
{
    const uint64_t n = c.count(width, what);
    std::vector<Cursor> entries;
    if (n == 0) {
        // Writers may still pad after an empty count.
        if (c.remaining() >= width)
            c.fail(std::string(what) + ": " + std::to_string(c.remaining()) + " unexpected byte(s) after an empty table");
        return entries;
    }
    c.alignTo(width, what);
    if (n > c.remaining() / width)
        c.fail(std::string(what) + ": " + std::to_string(n) + " offsets do not fit in the section");
    std::vector<uint64_t> offsets;
    offsets.reserve(n);
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t at = c.offset();
        offsets.push_back(c.fixed(width, what));
        if (i == 0 && offsets[0] != 0)
            failAt(at, std::string(what) + ": the first entry must start at offset 0");
        if (i > 0 && offsets[i] < offsets[i - 1])
            failAt(at, std::string(what) + ": entry offsets are not monotone");
    }
    const uint64_t dataStart = c.offset();
    const uint64_t dataSize = c.remaining();
    if (offsets.back() > dataSize)
        failAt(dataStart, std::string(what) + ": entry offset " + std::to_string(offsets.back()) +
                              " is beyond the data area of " + std::to_string(dataSize) + " byte(s)");
    entries.reserve(n);
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t end = i + 1 < n ? offsets[i + 1] : dataSize;
        entries.push_back(c.sub(size_t(end - offsets[i]), what));
    }
    return entries;
}

} // namespace tileport::tileir::bc::detail
