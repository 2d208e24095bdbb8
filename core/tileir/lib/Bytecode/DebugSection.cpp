// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The debug section: per-function location lists and the table of debug
// attribute records (files, compile units, subprograms, lexical blocks,
// locations, call sites).
#include "ReaderContext.h"

namespace tileport::tileir::bc::detail {

namespace {

constexpr unsigned kMaxDebugDepth = 256;

DIRecord parseRecord(ReaderContext &ctx, Cursor c)
{
    DIRecord r;
    r.offset = c.offset();
    const uint64_t tag = c.varint("debug record tag");
    switch (tag) {
    case 0: r.kind = DIKind::Unknown; break;
    case 1:
        r.kind = DIKind::CompileUnit;
        r.file = c.varint("compile unit file");
        break;
    case 2:
        r.kind = DIKind::File;
        r.name = ctx.readString(c, "file name");
        r.directory = ctx.readString(c, "file directory");
        break;
    case 3:
        r.kind = DIKind::LexicalBlock;
        r.scope = c.varint("lexical block scope");
        r.file = c.varint("lexical block file");
        r.line = c.varint("lexical block line");
        r.column = c.varint("lexical block column");
        break;
    case 4:
        r.kind = DIKind::Loc;
        r.scope = c.varint("location scope");
        r.filename = ctx.readString(c, "location file name");
        r.line = c.varint("location line");
        r.column = c.varint("location column");
        break;
    case 5:
        r.kind = DIKind::Subprogram;
        r.file = c.varint("subprogram file");
        r.line = c.varint("subprogram line");
        r.name = ctx.readString(c, "subprogram name");
        r.linkageName = ctx.readString(c, "subprogram linkage name");
        r.compileUnit = c.varint("subprogram compile unit");
        r.scopeLine = c.varint("subprogram scope line");
        break;
    case 6:
        r.kind = DIKind::CallSite;
        r.callee = c.varint("call site callee");
        r.caller = c.varint("call site caller");
        break;
    default: failAt(r.offset, "unknown debug record tag " + std::to_string(tag));
    }
    if (!c.atEnd())
        c.fail("debug record: " + std::to_string(c.remaining()) + " unexpected trailing byte(s)");
    return r;
}

// Checks that every reference names a record of the right kind and that the
// scope and call-site chains are acyclic.
class DebugChecker
{
public:
    explicit DebugChecker(const std::vector<DIRecord> &records)
        : m_records(records)
        , m_state(records.size(), 0)
    {
    }

    void checkAll()
    {
        for (size_t i = 0; i < m_records.size(); ++i)
            check(i + 1, 0);
    }

private:
    const DIRecord &at(uint64_t index, const DIRecord &from, const char *what) const
    {
        if (index == 0 || index > m_records.size())
            failAt(from.offset, std::string(what) + ": debug index " + std::to_string(index) + " out of range (" +
                                    std::to_string(m_records.size()) + " records)");
        return m_records[index - 1];
    }

    void expect(uint64_t index, const DIRecord &from, const char *what, std::initializer_list<DIKind> kinds,
                unsigned depth)
    {
        const DIRecord &r = at(index, from, what);
        bool ok = false;
        for (DIKind k : kinds)
            ok = ok || r.kind == k;
        if (!ok)
            failAt(from.offset, std::string(what) + ": debug record " + std::to_string(index) + " has the wrong kind");
        check(index, depth + 1);
    }

    void check(uint64_t index, unsigned depth)
    {
        uint8_t &state = m_state[index - 1];
        const DIRecord &r = m_records[index - 1];
        if (state == 2)
            return;
        if (state == 1)
            failAt(r.offset, "debug record " + std::to_string(index) + " refers to itself (reference cycle)");
        if (depth > kMaxDebugDepth)
            failAt(r.offset, "debug records nested deeper than " + std::to_string(kMaxDebugDepth));
        state = 1;
        switch (r.kind) {
        case DIKind::CompileUnit: expect(r.file, r, "compile unit file", {DIKind::File}, depth); break;
        case DIKind::LexicalBlock:
            expect(r.scope, r, "lexical block scope", {DIKind::Subprogram, DIKind::LexicalBlock}, depth);
            expect(r.file, r, "lexical block file", {DIKind::File}, depth);
            break;
        case DIKind::Loc:
            expect(r.scope, r, "location scope", {DIKind::Subprogram, DIKind::LexicalBlock}, depth);
            break;
        case DIKind::Subprogram:
            expect(r.file, r, "subprogram file", {DIKind::File}, depth);
            expect(r.compileUnit, r, "subprogram compile unit", {DIKind::CompileUnit}, depth);
            break;
        case DIKind::CallSite:
            expect(r.callee, r, "call site callee", {DIKind::Loc, DIKind::CallSite, DIKind::Unknown}, depth);
            expect(r.caller, r, "call site caller", {DIKind::Loc, DIKind::CallSite, DIKind::Unknown}, depth);
            break;
        case DIKind::File:
        case DIKind::Unknown: break;
        }
        state = 2;
    }

    const std::vector<DIRecord> &m_records;
    std::vector<uint8_t> m_state;
};

} // namespace

DebugLists readDebugSection(ReaderContext &ctx, Cursor c)
{
    DebugLists out;
    out.present = true;
    out.offset = c.offset();
    const uint64_t nFuncs = c.count(4, "debug function count");
    c.alignTo(4, "debug function list");
    std::vector<uint64_t> starts;
    starts.reserve(nFuncs);
    for (uint64_t i = 0; i < nFuncs; ++i)
        starts.push_back(c.fixed(4, "debug list start"));
    const uint64_t nIndicesAt = c.offset();
    const uint64_t nIndices = c.count(8, "debug index count");
    c.alignTo(8, "debug index array");
    if (nIndices > c.remaining() / 8)
        failAt(nIndicesAt, "debug index count " + std::to_string(nIndices) + " exceeds the section");
    std::vector<uint64_t> indices;
    indices.reserve(nIndices);
    for (uint64_t i = 0; i < nIndices; ++i)
        indices.push_back(c.fixed(8, "debug index"));
    for (uint64_t i = 0; i < nFuncs; ++i) {
        const uint64_t begin = starts[i];
        const uint64_t end = i + 1 < nFuncs ? starts[i + 1] : nIndices;
        if (begin > end || end > nIndices)
            failAt(out.offset, "debug list " + std::to_string(i) + " spans [" + std::to_string(begin) + ", " +
                                   std::to_string(end) + ") outside the " + std::to_string(nIndices) + " indices");
        out.lists.emplace_back(indices.begin() + begin, indices.begin() + end);
    }

    auto records = readOffsetTable(c, 4, "debug attribute table");
    ctx.module.debugRecords.reserve(records.size());
    for (Cursor &r : records)
        ctx.module.debugRecords.push_back(parseRecord(ctx, r));
    DebugChecker(ctx.module.debugRecords).checkAll();
    for (uint64_t index : indices)
        if (index > ctx.module.debugRecords.size())
            failAt(nIndicesAt, "debug index " + std::to_string(index) + " out of range (" +
                                   std::to_string(ctx.module.debugRecords.size()) + " records)");
    return out;
}

Location resolveLocation(const ReaderContext &ctx, uint64_t index, uint64_t at)
{
    Location loc;
    loc.debugIndex = index;
    const auto &records = ctx.module.debugRecords;
    // Follow call sites to their callee; the chain is acyclic (checked above).
    for (size_t steps = 0; index != 0 && steps <= records.size(); ++steps) {
        const DIRecord &r = records[index - 1];
        switch (r.kind) {
        case DIKind::Unknown: return loc;
        case DIKind::Loc:
            loc.file = r.filename;
            loc.line = r.line;
            loc.column = r.column;
            loc.scope = r.scope;
            return loc;
        case DIKind::CallSite:
            if (loc.caller == 0)
                loc.caller = r.caller;
            index = r.callee;
            break;
        default: failAt(at, "debug index " + std::to_string(loc.debugIndex) + " is not a location");
        }
    }
    return loc;
}

uint32_t ReaderContext::locationIndex(uint64_t debugIndex, uint64_t at)
{
    if (debugIndex == 0)
        return 0; // Module::locations[0] is the unknown location
    if (m_locationSlots.empty())
        m_locationSlots.assign(module.debugRecords.size() + 1, 0);
    if (debugIndex >= m_locationSlots.size())
        failAt(at, "debug index " + std::to_string(debugIndex) + " out of range");
    uint32_t &slot = m_locationSlots[debugIndex];
    if (slot == 0) {
        module.locations.push_back(resolveLocation(*this, debugIndex, at));
        slot = uint32_t(module.locations.size() - 1);
    }
    return slot;
}

} // namespace tileport::tileir::bc::detail
