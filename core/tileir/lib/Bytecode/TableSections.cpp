// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The simple table sections: strings, producer, constants and globals.
#include "ReaderContext.h"

#include <set>

namespace tileport::tileir::bc::detail {

void readStringSection(ReaderContext &ctx, Cursor c)
{
    auto entries = readOffsetTable(c, 4, "string table");
    std::vector<std::span<const uint8_t>> spans;
    spans.reserve(entries.size());
    size_t total = 0;
    for (Cursor &e : entries) {
        spans.push_back(e.take(e.remaining(), "string"));
        total += spans.back().size();
    }
    auto data = std::make_shared<std::string>();
    data->reserve(total);
    for (const auto &s : spans)
        data->append(reinterpret_cast<const char *>(s.data()), s.size());
    ctx.module.strings.reserve(spans.size());
    size_t pos = 0;
    for (const auto &s : spans) {
        ctx.module.strings.emplace_back(data->data() + pos, s.size());
        pos += s.size();
    }
    ctx.module.stringData = std::move(data);
}

void readProducerSection(ReaderContext &ctx, Cursor c)
{
    ctx.module.producer = ctx.readString(c, "producer");
    if (!c.atEnd())
        c.fail("producer section: " + std::to_string(c.remaining()) + " unexpected trailing byte(s)");
}

void readConstantSection(ReaderContext &ctx, Cursor c)
{
    auto entries = readOffsetTable(c, 8, "constant table");
    ctx.module.constants.reserve(entries.size());
    for (Cursor &e : entries) {
        const uint64_t at = e.offset();
        const uint64_t length = e.varint("constant length");
        if (length != e.remaining())
            failAt(at, "constant of " + std::to_string(length) + " byte(s) in an entry of " +
                           std::to_string(e.remaining()) + " byte(s)");
        Constant k;
        k.offset = e.offset();
        const auto bytes = e.take(e.remaining(), "constant");
        k.bytes.assign(bytes.begin(), bytes.end());
        ctx.module.constants.push_back(std::move(k));
    }
}

void readGlobalSection(ReaderContext &ctx, Cursor c)
{
    const bool extended = ctx.version() >= kVersion13_3;
    const uint64_t n = c.count(extended ? 6 : 4, "global count");
    std::set<std::string_view> &names = ctx.globalNames;
    for (uint64_t i = 0; i < n; ++i) {
        Global g;
        g.offset = c.offset();
        g.name = ctx.readString(c, "global name", true);
        if (!names.insert(g.name).second)
            failAt(g.offset, "global @" + shortText(g.name) + " is defined twice");
        const uint64_t typeAt = c.offset();
        g.type = ctx.readTypeRef(c, "global type");
        const Type &t = ctx.type(g.type);
        if (t.kind != TypeKind::Tile || t.shape.size() != 1)
            failAt(typeAt, "global @" + shortText(g.name) + " must have a rank-1 tile type");
        const uint64_t constAt = c.offset();
        const uint64_t k = c.varint("global value");
        ctx.checkDense(k, g.type, constAt);
        g.constant = uint32_t(k);
        g.alignment = c.varint("global alignment");
        if (extended) {
            const uint64_t visAt = c.offset();
            const uint64_t visibility = c.varint("global visibility");
            if (visibility > 1)
                failAt(visAt, "global @" + shortText(g.name) + ": symbol visibility " + std::to_string(visibility) +
                                  " is not public (0) or private (1)");
            g.isPrivate = visibility == 1;
            const uint64_t constFlagAt = c.offset();
            const uint64_t constant = c.varint("global constant flag");
            if (constant > 1)
                failAt(constFlagAt, "global @" + shortText(g.name) + ": constant flag must be 0 or 1");
            g.isConstant = constant == 1;
        }
        ctx.module.globals.push_back(std::move(g));
    }
    if (!c.atEnd())
        c.fail("global section: " + std::to_string(c.remaining()) + " unexpected trailing byte(s)");
}

} // namespace tileport::tileir::bc::detail
