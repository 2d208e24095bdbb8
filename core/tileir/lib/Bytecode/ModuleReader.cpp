// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// readModule(): the header, the section framing, and the order in which the
// sections are decoded (dependencies first).
#include "ReaderContext.h"
#include "tileport/TileIR/Bytecode/BytecodeHeader.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <new>
#include <optional>

namespace tileport::tileir::bc {

using namespace detail;

namespace {

enum SectionId : uint8_t { End = 0, Strings, Functions, Debug, Constants, Types, Globals, Producer, SectionCount };

const char *sectionName(unsigned id)
{
    static constexpr const char *names[] = {"end", "string", "function", "debug", "constant", "type", "global",
                                            "producer"};
    return id < SectionCount ? names[id] : "unknown";
}

// Alignment the payload of each section must have (0: none required).
constexpr std::array<uint64_t, SectionCount> kRequiredAlignment{0, 4, 8, 8, 8, 4, 0, 0};

void readHeader(std::span<const uint8_t> bytes, Module &m)
{
    if (bytes.size() < kBytecodeHeaderSize)
        failAt(bytes.size(), "file ends inside the 12-byte header");
    if (std::memcmp(bytes.data(), kBytecodeMagic.data(), kBytecodeMagic.size()) != 0)
        failAt(0, "not Tile IR bytecode (bad magic)");
    // A newer minor is named at its own byte: cuTile writes 13.5 as a
    // development format whose layouts may still change.
    if (bytes[8] == 13 && bytes[9] > 4)
        failAt(9, "Tile IR bytecode 13." + std::to_string(bytes[9]) +
                      " is newer than this reader, which decodes 13.1 to 13.4");
    BytecodeHeader h;
    std::string err;
    if (!parseBytecodeHeader(bytes, h, err) || !h.isReleased())
        failAt(8, "unsupported Tile IR bytecode version " + std::to_string(bytes[8]) + "." + std::to_string(bytes[9]));
    m.version = Version{h.major, h.minor};
    m.tag = h.tag;
}

std::array<std::optional<Cursor>, SectionCount> readSections(std::span<const uint8_t> bytes, Module &m)
{
    std::array<std::optional<Cursor>, SectionCount> payloads;
    Cursor c(bytes.subspan(kBytecodeHeaderSize), kBytecodeHeaderSize);
    for (;;) {
        const uint64_t at = c.offset();
        if (c.atEnd())
            failAt(at, "file ends without the end-of-bytecode marker");
        const uint8_t idByte = c.u8("section id");
        const unsigned id = idByte & 0x7F;
        const bool aligned = idByte & 0x80;
        if (id == End) {
            if (aligned)
                failAt(at, "the end-of-bytecode marker must be 0x00");
            if (!c.atEnd())
                c.fail(std::to_string(c.remaining()) + " byte(s) after the end-of-bytecode marker");
            break;
        }
        if (id >= SectionCount)
            failAt(at, "unknown section id " + std::to_string(id));
        if (id == Producer && m.version < kVersion13_3)
            failAt(at, "the producer section requires bytecode 13.3, the file is " + m.version.str());
        if (payloads[id])
            failAt(at, std::string("duplicate ") + sectionName(id) + " section");
        Section s;
        s.id = uint8_t(id);
        s.offset = at;
        s.length = c.varint("section length");
        if (aligned) {
            const uint64_t alignAt = c.offset();
            s.alignment = c.varint("section alignment");
            if (s.alignment == 0 || (s.alignment & (s.alignment - 1)) != 0)
                failAt(alignAt, "section alignment " + std::to_string(s.alignment) + " is not a power of two");
        }
        const uint64_t required = kRequiredAlignment[id];
        if (required && (!aligned || s.alignment % required != 0))
            failAt(at, std::string(sectionName(id)) + " section must be aligned to a multiple of " +
                           std::to_string(required));
        c.alignTo(s.alignment, "section padding");
        s.payloadOffset = c.offset();
        if (s.length > c.remaining())
            failAt(at, std::string(sectionName(id)) + " section length " + std::to_string(s.length) + " exceeds the " +
                           std::to_string(c.remaining()) + " byte(s) left in the file");
        payloads[id] = c.sub(size_t(s.length), "section");
        m.sections.push_back(s);
    }
    const uint64_t end = bytes.size() - 1;
    if (!payloads[Strings])
        failAt(end, "the file has no string section");
    if (!payloads[Functions])
        failAt(end, "the file has no function section");
    return payloads;
}

} // namespace

ReadResult readModule(std::span<const uint8_t> bytes, const ReadOptions &options)
{
    ReadResult result;
    try {
        Module m;
        // Instructions keep 32-bit file offsets.
        if (bytes.size() > UINT32_MAX)
            failAt(0, "file is larger than 4 GiB");
        readHeader(bytes, m);
        auto payloads = readSections(bytes, m);
        ReaderContext ctx(m, options);
        readStringSection(ctx, *payloads[Strings]);
        if (payloads[Producer])
            readProducerSection(ctx, *payloads[Producer]);
        if (payloads[Types])
            readTypeSection(ctx, *payloads[Types]);
        if (payloads[Constants])
            readConstantSection(ctx, *payloads[Constants]);
        if (payloads[Globals])
            readGlobalSection(ctx, *payloads[Globals]);
        DebugLists debug;
        if (payloads[Debug])
            debug = readDebugSection(ctx, *payloads[Debug]);
        readFunctionSection(ctx, *payloads[Functions], debug);
        result.module = std::move(m);
    } catch (const DecodeFailure &f) {
        result.error = f.error;
    } catch (const std::bad_alloc &) {
        result.error = DecodeError{0, "out of memory while decoding"};
    }
    return result;
}

} // namespace tileport::tileir::bc
