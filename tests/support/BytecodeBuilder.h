// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Writes small .tileirbc files for the reader tests: section framing, string,
// type, constant, global, debug and function tables per tileir-format.md §4.
// Instruction bodies are given as raw bytes (see enc()).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tbc {

using Bytes = std::vector<uint8_t>;

inline void vu(Bytes &b, uint64_t v)
{
    do {
        uint8_t byte = v & 0x7F;
        v >>= 7;
        b.push_back(byte | (v ? 0x80 : 0));
    } while (v);
}

inline void vs(Bytes &b, int64_t v)
{
    vu(b, (uint64_t(v) << 1) ^ uint64_t(v >> 63));
}

inline void fixed(Bytes &b, uint64_t v, int width)
{
    for (int i = 0; i < width; ++i)
        b.push_back(uint8_t(v >> (8 * i)));
}

// Varint-encodes each number: most instruction fields are varints.
inline Bytes enc(std::initializer_list<uint64_t> values)
{
    Bytes b;
    for (uint64_t v : values)
        vu(b, v);
    return b;
}

inline Bytes cat(std::initializer_list<Bytes> parts)
{
    Bytes b;
    for (const Bytes &p : parts)
        b.insert(b.end(), p.begin(), p.end());
    return b;
}

// Type tags of tileir-format.md §4.5.
enum Tag : uint8_t { I1 = 0, I8 = 1, I16 = 2, I32 = 3, I64 = 4, F16 = 5, BF16 = 6, F32 = 7, F64 = 9, Token = 17 };

class ModuleBuilder
{
public:
    explicit ModuleBuilder(int minor = 3)
        : m_minor(minor)
    {
    }

    int minor() const { return m_minor; }

    uint32_t str(const std::string &s)
    {
        auto it = m_stringIds.find(s);
        if (it != m_stringIds.end())
            return it->second;
        m_strings.push_back(s);
        return m_stringIds[s] = uint32_t(m_strings.size() - 1);
    }

    // Adds a raw type record (no deduplication: tests may need duplicates).
    uint32_t rawType(const Bytes &record)
    {
        m_types.push_back(record);
        return uint32_t(m_types.size() - 1);
    }
    uint32_t scalar(uint8_t tag) { return rawType({tag}); }
    // 13.4 adds a flags word to ptr and tensor_view (bit 0: a ptr_attr byte follows).
    uint32_t ptr(uint32_t pointee, std::optional<uint8_t> ptrAttr = std::nullopt)
    {
        Bytes b{12};
        if (m_minor >= 4)
            vu(b, ptrAttr ? 1 : 0);
        vu(b, pointee);
        if (ptrAttr)
            b.push_back(*ptrAttr);
        return rawType(b);
    }
    uint32_t tile(uint32_t element, std::vector<int64_t> shape)
    {
        Bytes b = enc({13, element});
        i64s(b, shape);
        return rawType(b);
    }
    uint32_t tensorView(uint32_t element, std::vector<int64_t> shape, std::vector<int64_t> strides)
    {
        Bytes b{14};
        if (m_minor >= 4)
            vu(b, 0);
        vu(b, element);
        i64s(b, shape);
        i64s(b, strides);
        return rawType(b);
    }
    uint32_t partitionView(std::vector<int32_t> tileShape, uint32_t tv, std::vector<int32_t> dimMap,
                           std::optional<uint32_t> padding = std::nullopt)
    {
        Bytes b{15};
        if (m_minor >= 3)
            vu(b, padding ? 1 : 0);
        i32s(b, tileShape);
        vu(b, tv);
        i32s(b, dimMap);
        if (m_minor < 3)
            b.push_back(padding ? 1 : 0);
        if (padding)
            vu(b, *padding);
        return rawType(b);
    }
    uint32_t function(std::vector<uint32_t> inputs, std::vector<uint32_t> results = {})
    {
        Bytes b{16};
        vu(b, inputs.size());
        for (uint32_t t : inputs)
            vu(b, t);
        vu(b, results.size());
        for (uint32_t t : results)
            vu(b, t);
        return rawType(b);
    }

    // A constant entry: raw little-endian element bytes.
    uint32_t constant(const Bytes &raw)
    {
        Bytes e;
        vu(e, raw.size());
        e.insert(e.end(), raw.begin(), raw.end());
        m_constants.push_back(e);
        return uint32_t(m_constants.size() - 1);
    }

    void global(const std::string &name, uint32_t type, uint32_t constant, uint64_t alignment, bool isPrivate = false,
                bool isConstant = false)
    {
        vu(m_globals, str(name));
        vu(m_globals, type);
        vu(m_globals, constant);
        vu(m_globals, alignment);
        if (m_minor >= 3) {
            vu(m_globals, isPrivate);
            vu(m_globals, isConstant);
        }
        ++m_globalCount;
    }

    // An entry function; `hints` is a complete tagged optimization_hints attribute.
    void entry(const std::string &name, uint32_t signature, const Bytes &body, uint64_t debugList = 0,
               const Bytes &hints = {}, uint8_t flags = 0x02)
    {
        m_functions.push_back({str(name), signature, uint8_t(flags | (hints.empty() ? 0 : 0x04)), debugList, hints, body});
    }

    void producer(const std::string &name) { m_producer = str(name); }

    // The debug section: per-function lists of debug indices and the records.
    void debug(const std::vector<std::vector<uint64_t>> &lists, const std::vector<Bytes> &records)
    {
        Bytes p;
        vu(p, lists.size());
        pad(p, 4);
        uint64_t start = 0;
        for (const auto &l : lists) {
            fixed(p, start, 4);
            start += l.size();
        }
        vu(p, start);
        pad(p, 8);
        for (const auto &l : lists)
            for (uint64_t i : l)
                fixed(p, i, 8);
        table(p, records, 4);
        m_debug = p;
    }

    // Extra raw sections written after the regular ones (duplicates, unknown ids).
    void rawSection(uint8_t id, const Bytes &payload, uint64_t alignment = 0)
    {
        m_extra.push_back({id, payload, alignment});
    }

    Bytes build()
    {
        Bytes out{0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00, 13, uint8_t(m_minor), 0, 0};
        if (m_globalCount) {
            Bytes p;
            vu(p, m_globalCount);
            p.insert(p.end(), m_globals.begin(), m_globals.end());
            section(out, 6, p, 0);
        }
        section(out, 2, functions(out), 8);
        if (!m_constants.empty())
            section(out, 4, tableOf(m_constants, 8), 8);
        if (m_debug)
            section(out, 3, *m_debug, 8);
        if (!m_types.empty())
            section(out, 5, tableOf(m_types, 4), 4);
        if (m_producer) {
            Bytes p;
            vu(p, *m_producer);
            section(out, 7, p, 0);
        }
        std::vector<Bytes> strings;
        for (const auto &s : m_strings)
            strings.emplace_back(s.begin(), s.end());
        section(out, 1, tableOf(strings, 4), 4);
        for (const auto &x : m_extra)
            section(out, x.id, x.payload, x.alignment);
        out.push_back(0x00);
        return out;
    }

    // File offset of function i's body (valid after build()).
    size_t bodyOffset(size_t i) const { return m_bodyOffsets.at(i); }

    static void pad(Bytes &b, size_t alignment)
    {
        while (b.size() % alignment)
            b.push_back(0xCB);
    }

private:
    struct Fn {
        uint32_t name, sig;
        uint8_t flags;
        uint64_t loc;
        Bytes hints, body;
    };
    struct Extra {
        uint8_t id;
        Bytes payload;
        uint64_t alignment;
    };

    static void i64s(Bytes &b, const std::vector<int64_t> &v)
    {
        vu(b, v.size());
        for (int64_t x : v)
            fixed(b, uint64_t(x), 8);
    }
    static void i32s(Bytes &b, const std::vector<int32_t> &v)
    {
        vu(b, v.size());
        for (int32_t x : v)
            fixed(b, uint32_t(x), 4);
    }

    // "vu n; pad; offsets; data" with offsets of `width` bytes; payloads
    // start aligned, so padding relative to the payload is absolute too.
    static void table(Bytes &p, const std::vector<Bytes> &items, size_t width)
    {
        vu(p, items.size());
        if (items.empty())
            return;
        pad(p, width);
        uint64_t off = 0;
        for (const auto &it : items) {
            fixed(p, off, int(width));
            off += it.size();
        }
        for (const auto &it : items)
            p.insert(p.end(), it.begin(), it.end());
    }
    static Bytes tableOf(const std::vector<Bytes> &items, size_t width)
    {
        Bytes p;
        table(p, items, width);
        return p;
    }

    static void section(Bytes &out, uint8_t id, const Bytes &payload, uint64_t alignment)
    {
        out.push_back(uint8_t(id | (alignment ? 0x80 : 0)));
        vu(out, payload.size());
        if (alignment) {
            vu(out, alignment);
            pad(out, alignment);
        }
        out.insert(out.end(), payload.begin(), payload.end());
    }

    // The function payload; records body offsets assuming the payload will
    // start at the next multiple of 8 after the section header.
    Bytes functions(const Bytes &out)
    {
        Bytes p;
        vu(p, m_functions.size());
        std::vector<size_t> rel;
        for (const Fn &f : m_functions) {
            vu(p, f.name);
            vu(p, f.sig);
            p.push_back(f.flags);
            vu(p, f.loc);
            p.insert(p.end(), f.hints.begin(), f.hints.end());
            vu(p, f.body.size());
            rel.push_back(p.size());
            p.insert(p.end(), f.body.begin(), f.body.end());
        }
        pad(p, 8);
        Bytes header{0x82};
        vu(header, p.size());
        vu(header, 8);
        size_t start = out.size() + header.size();
        start = (start + 7) / 8 * 8;
        m_bodyOffsets.clear();
        for (size_t r : rel)
            m_bodyOffsets.push_back(start + r);
        return p;
    }

    int m_minor;
    std::vector<std::string> m_strings;
    std::map<std::string, uint32_t> m_stringIds;
    std::vector<Bytes> m_types;
    std::vector<Bytes> m_constants;
    Bytes m_globals;
    uint64_t m_globalCount = 0;
    std::vector<Fn> m_functions;
    std::optional<uint32_t> m_producer;
    std::optional<Bytes> m_debug;
    std::vector<Extra> m_extra;
    std::vector<size_t> m_bodyOffsets;
};

} // namespace tbc
