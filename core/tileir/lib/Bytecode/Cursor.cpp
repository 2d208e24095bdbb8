// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Cursor.h"

namespace tileport::tileir::bc::detail {

void failAt(uint64_t offset, std::string message)
{
    throw DecodeFailure{DecodeError{offset, std::move(message)}};
}

std::string shortText(std::string_view s)
{
    constexpr size_t kMax = 80;
    return s.size() <= kMax ? std::string(s) : std::string(s.substr(0, kMax)) + "...";
}

void Cursor::need(size_t n, const char *what) const
{
    if (n > remaining())
        fail(std::string(what) + ": needs " + std::to_string(n) + " byte(s), only " + std::to_string(remaining()) +
             " left before offset " + std::to_string(endOffset()));
}

uint64_t Cursor::fixed(unsigned width, const char *what)
{
    need(width, what);
    uint64_t v = 0;
    for (unsigned i = 0; i < width; ++i)
        v |= uint64_t(m_bytes[m_pos + i]) << (8 * i);
    m_pos += width;
    return v;
}

uint64_t Cursor::varintSlow(const char *what)
{
    const uint64_t start = offset();
    uint64_t v = 0;
    for (unsigned i = 0; i < 10; ++i) {
        if (atEnd())
            failAt(start, std::string(what) + ": varint runs past offset " + std::to_string(endOffset()));
        const uint8_t b = m_bytes[m_pos++];
        if (i == 9 && (b & 0x80))
            break;
        if (i == 9 && b > 1)
            failAt(start, std::string(what) + ": varint does not fit in 64 bits");
        v |= uint64_t(b & 0x7F) << (7 * i);
        if (!(b & 0x80))
            return v;
    }
    failAt(start, std::string(what) + ": varint longer than 10 bytes");
}

int64_t Cursor::signedVarint(const char *what)
{
    const uint64_t u = varint(what);
    return int64_t((u >> 1) ^ (~(u & 1) + 1));
}

uint64_t Cursor::floatBitsVarint(const char *what)
{
    const uint64_t start = offset();
    uint64_t low = 0;  // bits 0..63 of the zig-zag value
    uint64_t high = 0; // bit 64
    for (unsigned i = 0; i < 10; ++i) {
        if (atEnd())
            failAt(start, std::string(what) + ": varint runs past offset " + std::to_string(endOffset()));
        const uint8_t b = m_bytes[m_pos++];
        const uint64_t group = b & 0x7F;
        if (i == 9 && (b & 0x80))
            break;
        if (i == 9) {
            if (group > 3)
                failAt(start, std::string(what) + ": varint does not fit in 65 bits");
            low |= group << 63;
            high = group >> 1;
        } else {
            low |= group << (7 * i);
        }
        if (!(b & 0x80)) {
            // zig-zag over 65 bits: (u >> 1) ^ -(u & 1), kept to 64 bits
            const uint64_t shifted = (low >> 1) | (high << 63);
            return (low & 1) ? ~shifted : shifted;
        }
    }
    failAt(start, std::string(what) + ": varint longer than 10 bytes");
}

uint64_t Cursor::count(size_t minItemBytes, const char *what)
{
    const uint64_t start = offset();
    const uint64_t n = varint(what);
    if (minItemBytes > 0 && n > remaining() / minItemBytes)
        failAt(start, std::string(what) + ": count " + std::to_string(n) + " exceeds the " +
                          std::to_string(remaining()) + " byte(s) left");
    if (minItemBytes == 0 && n > 0xFFFFFFFEull)
        failAt(start, std::string(what) + ": count " + std::to_string(n) + " is too large");
    return n;
}

uint32_t Cursor::index32(const char *what)
{
    const uint64_t start = offset();
    const uint64_t v = varint(what);
    if (v > 0xFFFFFFFFull)
        failAt(start, std::string(what) + ": index " + std::to_string(v) + " does not fit in 32 bits");
    return uint32_t(v);
}

void Cursor::alignTo(uint64_t alignment, const char *what)
{
    while (alignment > 1 && offset() % alignment != 0) {
        if (atEnd())
            fail(std::string(what) + ": padding runs past offset " + std::to_string(endOffset()));
        ++m_pos;
    }
}

std::span<const uint8_t> Cursor::take(size_t n, const char *what)
{
    need(n, what);
    auto s = m_bytes.subspan(m_pos, n);
    m_pos += n;
    return s;
}

Cursor Cursor::sub(size_t n, const char *what)
{
    const uint64_t start = offset();
    return Cursor(take(n, what), start);
}

} // namespace tileport::tileir::bc::detail
