// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/DecodeError.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace tileport::tileir::bc::detail {

// Thrown inside the reader; readModule() turns it into a ReadResult.
struct DecodeFailure {
    DecodeError error;
};

[[noreturn]] void failAt(uint64_t offset, std::string message);
// A name from the file for an error message, cut to a readable length.
std::string shortText(std::string_view s);

// A bounds-checked view of one region of the file (a section, a record, a
// function body). Every read checks the region's end; offsets are absolute.
class Cursor
{
public:
    Cursor(std::span<const uint8_t> bytes, uint64_t fileOffset)
        : m_bytes(bytes)
        , m_base(fileOffset)
    {
    }

    uint64_t offset() const { return m_base + m_pos; }
    size_t remaining() const { return m_bytes.size() - m_pos; }
    bool atEnd() const { return m_pos == m_bytes.size(); }
    uint64_t endOffset() const { return m_base + m_bytes.size(); }

    uint8_t u8(const char *what)
    {
        if (m_pos == m_bytes.size())
            need(1, what);
        return m_bytes[m_pos++];
    }
    uint64_t fixed(unsigned width, const char *what); // little-endian, width 1..8
    // Varints of up to four bytes (opcodes, type refs, operands of bodies
    // with up to 2^28 values) are read inline without per-byte bounds checks
    // while a maximal varint still fits; the rest take the checked loop.
    uint64_t varint(const char *what)
    {
        if (m_bytes.size() - m_pos >= 10) [[likely]] {
            const uint8_t *p = m_bytes.data() + m_pos;
            uint64_t b = p[0];
            if (b < 0x80) {
                m_pos += 1;
                return b;
            }
            uint64_t v = b & 0x7F;
            b = p[1];
            v |= (b & 0x7F) << 7;
            if (b < 0x80) {
                m_pos += 2;
                return v;
            }
            b = p[2];
            v |= (b & 0x7F) << 14;
            if (b < 0x80) {
                m_pos += 3;
                return v;
            }
            b = p[3];
            v |= (b & 0x7F) << 21;
            if (b < 0x80) {
                m_pos += 4;
                return v;
            }
        }
        return varintSlow(what);
    }
    int64_t signedVarint(const char *what);
    // A zig-zag varint of up to 65 significant bits: float bit patterns with
    // the top bit set are written that way by some writers.
    uint64_t floatBitsVarint(const char *what);
    // A varint count of items that each need at least `minItemBytes` more
    // bytes; rejects counts the remaining bytes cannot hold.
    uint64_t count(size_t minItemBytes, const char *what);
    uint32_t index32(const char *what); // a varint that must fit in 32 bits

    // Consumes bytes until the absolute offset is a multiple of `alignment`.
    void alignTo(uint64_t alignment, const char *what);
    std::span<const uint8_t> take(size_t n, const char *what);
    Cursor sub(size_t n, const char *what);

    [[noreturn]] void fail(std::string message) const { failAt(offset(), std::move(message)); }

private:
    uint64_t varintSlow(const char *what);
    void need(size_t n, const char *what) const;
    std::span<const uint8_t> m_bytes;
    uint64_t m_base;
    size_t m_pos = 0;
};

} // namespace tileport::tileir::bc::detail
