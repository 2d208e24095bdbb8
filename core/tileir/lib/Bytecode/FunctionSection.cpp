// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The function table: per function its name, signature, flags, location list
// and body.
#include "AttributeReader.h"
#include "BodyReader.h"
#include "ReaderContext.h"

#include <set>

namespace tileport::tileir::bc::detail {

void readFunctionSection(ReaderContext &ctx, Cursor c, const DebugLists &debug)
{
    const uint64_t n = c.count(5, "function count");
    std::set<std::string_view> names = ctx.globalNames;
    for (uint64_t i = 0; i < n; ++i) {
        Function f;
        f.offset = c.offset();
        f.name = ctx.readString(c, "function name", true);
        if (!names.insert(f.name).second)
            failAt(f.offset, "symbol @" + shortText(f.name) + " is defined twice");
        const uint64_t sigAt = c.offset();
        f.signature = ctx.readTypeRef(c, "function signature");
        const Type &sig = ctx.type(f.signature);
        if (sig.kind != TypeKind::Function)
            failAt(sigAt, "signature of @" + shortText(f.name) + " is not a function type");
        if (!sig.results.empty())
            failAt(sigAt, "entry @" + shortText(f.name) + " must not have results");
        const uint64_t flagsAt = c.offset();
        const uint8_t flags = c.u8("function flags");
        if (flags & ~7u)
            failAt(flagsAt, "function flags " + std::to_string(flags) + " set unknown bits");
        f.isPrivate = flags & 1;
        f.kernel = flags & 2;
        if (!f.kernel)
            failAt(flagsAt, "@" + shortText(f.name) + " is not an entry (flags " + std::to_string(flags) +
                                "); only entry functions can be decoded");
        const uint64_t locAt = c.offset();
        f.debugList = c.varint("function location index");
        const std::vector<uint64_t> *locations = nullptr;
        if (f.debugList != 0) {
            if (!debug.present)
                failAt(locAt, "@" + shortText(f.name) + " refers to debug list " + std::to_string(f.debugList) +
                                  " but the file has no debug section");
            if (f.debugList > debug.lists.size())
                failAt(locAt, "@" + shortText(f.name) + ": debug list " + std::to_string(f.debugList) + " out of range (" +
                                  std::to_string(debug.lists.size()) + " lists)");
            locations = &debug.lists[f.debugList - 1];
            if (locations->empty())
                failAt(locAt, "@" + shortText(f.name) + ": debug list " + std::to_string(f.debugList) + " is empty");
            f.location = resolveLocation(ctx, locations->front(), locAt);
        }
        if (flags & 4) {
            const uint64_t at = c.offset();
            Attribute hints = readTaggedAttribute(ctx, c, 0);
            auto *h = hints.get<OptimizationHintsAttr>();
            if (!h)
                failAt(at, "@" + shortText(f.name) + ": entry hints are not an optimization_hints attribute");
            f.hints = std::move(*h);
        }
        const uint64_t lengthAt = c.offset();
        const uint64_t length = c.varint("function body length");
        if (length > c.remaining())
            failAt(lengthAt, "body of @" + shortText(f.name) + " is " + std::to_string(length) + " bytes, only " +
                                 std::to_string(c.remaining()) + " left in the section");
        BodyReader(ctx, f, c.sub(size_t(length), "function body"), locations).read();
        ctx.module.functions.push_back(std::move(f));
    }
    // The payload is padded to a multiple of 8.
    if (c.remaining() >= 8)
        c.fail("function section: " + std::to_string(c.remaining()) + " unexpected trailing byte(s)");
}

} // namespace tileport::tileir::bc::detail
