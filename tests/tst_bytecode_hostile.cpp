// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The bytecode reader on malformed input (tileir-format.md §4.14): each case
// must fail cleanly with a message and the file offset of the problem.
#include "support/BytecodeBuilder.h"
#include "tileport/TileIR/Bytecode/Reader.h"

#include <QTest>

#include <climits>
#include <functional>

using namespace tileport::tileir::bc;
using tbc::Bytes;
using tbc::enc;

namespace {

struct Sec {
    uint8_t id;
    Bytes payload;
    uint64_t align = 0;
};

// A file from raw section payloads (for tables the builder cannot express).
Bytes frame(int minor, const std::vector<Sec> &sections)
{
    Bytes out{0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00, 13, uint8_t(minor), 0, 0};
    for (const Sec &s : sections) {
        out.push_back(uint8_t(s.id | (s.align ? 0x80 : 0)));
        tbc::vu(out, s.payload.size());
        if (s.align) {
            tbc::vu(out, s.align);
            tbc::ModuleBuilder::pad(out, s.align);
        }
        out.insert(out.end(), s.payload.begin(), s.payload.end());
    }
    out.push_back(0);
    return out;
}

const Sec kNoFunctions{2, {0}, 8};
const Sec kNoStrings{1, {0}, 4};

// One entry "k" with the given arguments and body.
Bytes entryModule(tbc::ModuleBuilder &mb, std::vector<uint32_t> args, const Bytes &body)
{
    mb.entry("k", mb.function(args), body);
    return mb.build();
}

Bytes ret()
{
    return enc({0x5C, 0, 0});
}

} // namespace

// Fails unless `bytes` is rejected with a message containing `phrase` at
// `offset` (a negative offset only requires one inside the file).
#define EXPECT_ERROR(BYTES_, OFFSET_, PHRASE_)                                                                       \
    do {                                                                                                               \
        const Bytes b_ = (BYTES_);                                                                                     \
        const ReadResult r_ = readModule(b_);                                                                          \
        QVERIFY2(!r_.ok(), "malformed input was accepted");                                                            \
        QVERIFY2(r_.error.message.find(PHRASE_) != std::string::npos, r_.error.str().c_str());                         \
        if (int64_t(OFFSET_) >= 0)                                                                                     \
            QCOMPARE(r_.error.offset, uint64_t(OFFSET_));                                                              \
        else                                                                                                           \
            QVERIFY2(r_.error.offset <= b_.size(), r_.error.str().c_str());                                            \
    } while (0)

class TestBytecodeHostile : public QObject
{
    Q_OBJECT
private:
    static Bytes minimal(int minor = 3)
    {
        tbc::ModuleBuilder mb(minor);
        return entryModule(mb, {}, ret());
    }

private Q_SLOTS:
    void headerProblems()
    {
        QVERIFY(readModule(minimal()).ok());
        Bytes b = minimal();
        b[1] = 'X';
        EXPECT_ERROR(b, 0, "bad magic");
        const Bytes good = minimal();
        EXPECT_ERROR(Bytes(good.begin(), good.begin() + 7), 7, "inside the 12-byte header");
        b = minimal();
        b[8] = 12;
        EXPECT_ERROR(b, 8, "unsupported Tile IR bytecode version 12.3");
        b = minimal();
        b[9] = 0;
        EXPECT_ERROR(b, 8, "unsupported");
        b[9] = 5;
        EXPECT_ERROR(b, 9, "Tile IR bytecode 13.5 is newer than this reader, which decodes 13.1 to 13.4");
        b[9] = 9;
        EXPECT_ERROR(b, 9, "Tile IR bytecode 13.9 is newer than this reader");
    }

    void everyTruncationIsRejected()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t t = mb.tile(mb.scalar(tbc::I32), {4});
        mb.global("g", t, mb.constant({1, 0, 0, 0}), 0);
        const Bytes full = entryModule(mb, {t}, tbc::cat({enc({0x03, t, 0, 0, 0}), ret()}));
        QVERIFY(readModule(full).ok());
        for (size_t n = 0; n < full.size(); ++n) {
            const ReadResult r = readModule(std::span(full.data(), n));
            QVERIFY2(!r.ok(), qPrintable(QStringLiteral("prefix of %1 bytes accepted").arg(n)));
            QVERIFY2(r.error.offset <= n, r.error.str().c_str());
        }
    }

    void framingProblems()
    {
        const Bytes good = minimal();
        Bytes b = good;
        b.push_back(0);
        EXPECT_ERROR(b, good.size(), "byte(s) after the end-of-bytecode marker");
        EXPECT_ERROR(Bytes(good.begin(), good.end() - 1), good.size() - 1, "without the end-of-bytecode marker");

        // Duplicate, unknown and too-new sections, all placed before the end byte.
        for (auto [minor, id, phrase] : {std::tuple{3, 1, "duplicate string section"}, std::tuple{3, 9, "unknown section id 9"},
                                         std::tuple{3, 0x7F, "unknown section id 127"},
                                         std::tuple{2, 7, "producer section requires bytecode 13.3"}}) {
            tbc::ModuleBuilder plain(minor);
            const size_t at = entryModule(plain, {}, ret()).size() - 1;
            tbc::ModuleBuilder mb(minor);
            mb.rawSection(uint8_t(id), enc({0}), id == 1 ? 4 : 0);
            EXPECT_ERROR(entryModule(mb, {}, ret()), at, phrase);
        }

        const Bytes header(good.begin(), good.begin() + 12);
        EXPECT_ERROR(tbc::cat({header, Bytes{0x06, 0xFF, 0xFF, 0xFF, 0x7F}}), 12, "global section length 268435455 exceeds");
        EXPECT_ERROR(tbc::cat({header, Bytes{0x81, 0x00, 0x03}}), 14, "alignment 3 is not a power of two");
        EXPECT_ERROR(tbc::cat({header, Bytes{0x81, 0x00, 0x00}}), 14, "alignment 0 is not a power of two");
        EXPECT_ERROR(tbc::cat({header, Bytes{0x01, 0x01, 0x00, 0x00}}), 12, "string section must be aligned");
        EXPECT_ERROR(tbc::cat({header, Bytes{0x82, 0x01, 0x02, 0x00, 0x00}}), 12, "function section must be aligned");
        EXPECT_ERROR(tbc::cat({header, Bytes{0x80}}), 12, "end-of-bytecode marker must be 0x00");
        EXPECT_ERROR(frame(3, {kNoStrings}), -1, "no function section");
        EXPECT_ERROR(frame(3, {kNoFunctions}), -1, "no string section");
        QVERIFY(readModule(frame(3, {kNoFunctions, kNoStrings})).ok());
    }

    void varintsAndCounts()
    {
        const Bytes good = minimal();
        const Bytes header(good.begin(), good.begin() + 12);
        Bytes b = tbc::cat({header, Bytes{0x81}, Bytes(10, 0x80), Bytes{0x00}});
        EXPECT_ERROR(b, 13, "varint longer than 10 bytes");
        b = tbc::cat({header, Bytes{0x81}, Bytes(9, 0xFF), Bytes{0x02}});
        EXPECT_ERROR(b, 13, "varint does not fit in 64 bits");
        EXPECT_ERROR(tbc::cat({header, Bytes{0x81, 0x83}}), 13, "varint runs past");

        EXPECT_ERROR(frame(3, {kNoFunctions, {1, enc({1ull << 40}), 4}}), -1, "string table: count 1099511627776 exceeds");
        EXPECT_ERROR(frame(3, {{2, enc({~0ull}), 8}, kNoStrings}), -1, "function count");
        EXPECT_ERROR(frame(3, {kNoFunctions, kNoStrings, {5, enc({1ull << 62}), 4}}), -1, "type table: count");
        EXPECT_ERROR(frame(3, {kNoFunctions, kNoStrings, {4, enc({1ull << 62}), 8}}), -1, "constant table: count");

        // A region with a huge block argument count and an op with a huge result count.
        tbc::ModuleBuilder mb(3);
        const uint32_t c = mb.tile(mb.scalar(tbc::I1), {});
        Bytes body = tbc::cat({enc({0x32, 0, 0, 2, 1}), enc({1ull << 50})});
        EXPECT_ERROR(entryModule(mb, {c}, body), -1, "block argument count: count");
        tbc::ModuleBuilder mb2(3);
        const uint32_t t2 = mb2.tile(mb2.scalar(tbc::I32), {});
        EXPECT_ERROR(entryModule(mb2, {t2}, enc({0x2F, 1ull << 33, 0})), -1, "result count: count");
    }

    void stringTableProblems()
    {
        auto strings = [](std::vector<uint32_t> offsets, std::string data) {
            Bytes p;
            tbc::vu(p, offsets.size());
            tbc::ModuleBuilder::pad(p, 4);
            for (uint32_t o : offsets)
                tbc::fixed(p, o, 4);
            p.insert(p.end(), data.begin(), data.end());
            return frame(3, {kNoFunctions, {1, p, 4}});
        };
        QVERIFY(readModule(strings({0, 1}, "ab")).ok());
        EXPECT_ERROR(strings({0, 4}, "abc"), -1, "entry offset 4 is beyond the data area");
        EXPECT_ERROR(strings({0, 2, 1}, "abc"), -1, "entry offsets are not monotone");
        EXPECT_ERROR(strings({1, 2}, "abc"), -1, "first entry must start at offset 0");
    }

    void typeTableProblems()
    {
        auto withType = [](int minor, std::vector<Bytes> records) {
            tbc::ModuleBuilder mb(minor);
            for (const Bytes &r : records)
                mb.rawType(r);
            return entryModule(mb, {}, ret());
        };
        EXPECT_ERROR(withType(3, {enc({13, 99, 0})}), -1, "type index 99 out of range");
        EXPECT_ERROR(withType(3, {enc({12, 1}), enc({12, 0})}), -1, "reference cycle");
        EXPECT_ERROR(withType(3, {enc({13, 0, 0})}), -1, "reference cycle");
        EXPECT_ERROR(withType(3, {enc({7}), tbc::cat({enc({13, 0, 1}), Bytes{3, 0, 0, 0, 0, 0, 0, 0}})}), -1,
                     "tile dimension 3 is not a positive power of two");
        Bytes big = enc({13, 0, 2});
        tbc::fixed(big, 1 << 13, 8), tbc::fixed(big, 1 << 12, 8);
        EXPECT_ERROR(withType(3, {enc({7}), big}), -1, "more than 2^24 elements");
        EXPECT_ERROR(withType(3, {enc({7}), tbc::cat({enc({14, 0, 1}), Bytes(8, 0), enc({0})})}), -1,
                     "1 dimensions but 0 strides");
        EXPECT_ERROR(withType(3, {enc({7}), enc({12, 0, 5})}), -1, "unexpected trailing byte");
        EXPECT_ERROR(withType(3, {enc({12, 7})}), -1, "type index 7 out of range");
        EXPECT_ERROR(withType(3, {enc({23})}), -1, "unknown type tag 23");
        EXPECT_ERROR(withType(3, {enc({130})}), -1, "f8E5M3FNU");
        EXPECT_ERROR(withType(2, {enc({19})}), -1, "type 'f4E2M1FN' requires bytecode 13.3, the file is 13.2");
        EXPECT_ERROR(withType(1, {enc({18})}), -1, "type 'f8E8M0FNU' requires bytecode 13.2, the file is 13.1");
        EXPECT_ERROR(withType(2, {enc({22})}), -1, "type 'i4' requires bytecode 13.3");

        tbc::ModuleBuilder mb(3);
        const uint32_t f32 = mb.scalar(tbc::F32);
        const uint32_t tv = mb.tensorView(f32, {64, 64}, {64, 1});
        mb.partitionView({16, 16}, tv, {0, 0});
        EXPECT_ERROR(entryModule(mb, {}, ret()), -1, "dim_map is not a permutation");
        tbc::ModuleBuilder mb2(3);
        mb2.partitionView({16}, mb2.scalar(tbc::F32), {0});
        EXPECT_ERROR(entryModule(mb2, {}, ret()), -1, "must refer to a tensor_view");
        tbc::ModuleBuilder mb3(3);
        mb3.partitionView({16}, mb3.tensorView(mb3.scalar(tbc::I32), {64}, {1}), {0}, 2);
        EXPECT_ERROR(entryModule(mb3, {}, ret()), -1, "non-zero padding value needs a float element type");
    }

    void constantProblems()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t t = mb.tile(mb.scalar(tbc::I32), {4});
        mb.constant({1, 0, 0, 0, 2, 0});
        Bytes file = entryModule(mb, {}, tbc::cat({enc({0x10, t, 0}), ret()}));
        EXPECT_ERROR(file, int64_t(mb.bodyOffset(0) + 2), "constant 0 has 6 byte(s)");
        tbc::ModuleBuilder mb2(3);
        const uint32_t t2 = mb2.tile(mb2.scalar(tbc::I32), {4});
        EXPECT_ERROR(entryModule(mb2, {}, tbc::cat({enc({0x10, t2, 3}), ret()})), -1, "constant index 3 out of range");
        // An entry whose length prefix disagrees with its size.
        Bytes consts = enc({1});
        tbc::ModuleBuilder::pad(consts, 8);
        tbc::fixed(consts, 0, 8);
        consts = tbc::cat({consts, enc({9}), Bytes(8, 0)});
        EXPECT_ERROR(frame(3, {kNoFunctions, kNoStrings, {4, consts, 8}}), -1, "constant of 9 byte(s) in an entry of 8");
    }

    void instructionProblems()
    {
        auto withBody = [](std::function<Bytes(tbc::ModuleBuilder &, uint32_t)> make) {
            tbc::ModuleBuilder mb(3);
            const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
            const Bytes body = make(mb, t);
            return std::pair{entryModule(mb, {t}, body), mb.bodyOffset(0)};
        };
        auto [oob, at1] = withBody([](auto &, uint32_t t) { return tbc::cat({enc({0x03, t, 0, 0, 5}), ret()}); });
        EXPECT_ERROR(oob, int64_t(at1 + 4), "operand index 5 out of bounds (1 values live)");
        auto [pred, at2] = withBody([](auto &, uint32_t t) { return tbc::cat({enc({0x0F, t, 9, 1, 0, 0}), ret()}); });
        EXPECT_ERROR(pred, int64_t(at2 + 2), "comparison_predicate: 9 is not a ComparisonPredicate");
        auto [flags, at3] = withBody([](auto &, uint32_t t) { return tbc::cat({enc({0x02, t, 2, 0, 0, 0}), ret()}); });
        EXPECT_ERROR(flags, int64_t(at3 + 2), "flags 0x02 set bits the op does not define");
        auto [away, at4] = withBody([](auto &, uint32_t t) { return tbc::cat({enc({0x02, t, 0, 7, 0, 0}), ret()}); });
        EXPECT_ERROR(away, int64_t(at4 + 3), "7 is not a RoundingMode of bytecode 13.3 (nearest_away is new in 13.4)");
        auto [noRet, at5] = withBody([](auto &, uint32_t t) { return enc({0x03, t, 0, 0, 0}); });
        EXPECT_ERROR(noRet, int64_t(at5), "does not end with return");
        auto [early, at6] = withBody([](auto &, uint32_t t) { return tbc::cat({ret(), enc({0x03, t, 0, 0, 0}), ret()}); });
        EXPECT_ERROR(early, int64_t(at6), "terminator return before the end of the function body");
        // if: one block per region (the else may be empty), terminated.
        auto [okIf, at7] = withBody([](auto &, uint32_t) { return tbc::cat({enc({0x32, 0, 0, 2, 1, 0, 1, 0x6D, 0, 0, 0}), ret()}); });
        Q_UNUSED(at7);
        QVERIFY(readModule(okIf).ok());
        auto [oneRegion, at8] = withBody([](auto &, uint32_t) { return tbc::cat({enc({0x32, 0, 0, 1, 1, 0, 1, 0x6D, 0, 0}), ret()}); });
        EXPECT_ERROR(oneRegion, int64_t(at8 + 3), "if must have 2 region(s), the file says 1");
        auto [emptyThen, at9] = withBody([](auto &, uint32_t) { return tbc::cat({enc({0x32, 0, 0, 2, 0, 0}), ret()}); });
        EXPECT_ERROR(emptyThen, int64_t(at9 + 4), "if region 0 has 0 blocks");
        auto [emptyBlock, at10] = withBody([](auto &, uint32_t) { return tbc::cat({enc({0x32, 0, 0, 2, 1, 0, 0, 0}), ret()}); });
        EXPECT_ERROR(emptyBlock, int64_t(at10 + 6), "empty block");
        auto [unterminated, at11] =
            withBody([](auto &, uint32_t t) { return tbc::cat({enc({0x32, 0, 0, 2, 1, 0, 1, 0x03, t, 0, 0, 0, 0}), ret()}); });
        EXPECT_ERROR(unterminated, int64_t(at11 + 7), "block does not end with a terminator");
        auto [count, at12] = withBody([](auto &, uint32_t t) { return tbc::cat({enc({0x3E, 3, t, t, t}), ret()}); });
        EXPECT_ERROR(count, int64_t(at12 + 1), "load_view_tko must have 2 result(s), the file says 3");
        auto [glob, at13] = withBody([](auto &mb, uint32_t t) { return tbc::cat({enc({0x2C, t, mb.str("nope")}), ret()}); });
        EXPECT_ERROR(glob, int64_t(at13 + 2), "get_global refers to @nope");
        auto [assume, at14] = withBody([](auto &, uint32_t t) { return tbc::cat({enc({0x06, t, 4, t, 0}), ret()}); });
        EXPECT_ERROR(assume, int64_t(at14 + 2), "not an assume predicate");
        auto [perm, at15] = withBody([](auto &, uint32_t t) {
            Bytes op = enc({0x53, t, 1});
            tbc::fixed(op, INT32_MAX, 4);
            return tbc::cat({op, enc({0}), ret()});
        });
        EXPECT_ERROR(perm, int64_t(at15 + 2), "permutation: unsupported value 2147483647");
        auto [seg, at16] = withBody([](auto &, uint32_t t) { return tbc::cat({enc({0x26, 1, t, 0}), ret()}); });
        EXPECT_ERROR(seg, int64_t(at16 + 3), "extract needs at least 1 operand(s), the file gives 0");
    }

    void version13_4Problems()
    {
        tbc::ModuleBuilder base(4);
        QVERIFY(readModule(entryModule(base, {}, ret())).ok());
        // The per-index inbounds array must match the index operands.
        auto view = [](const Bytes &inbounds) {
            tbc::ModuleBuilder mb(4);
            const uint32_t f32 = mb.scalar(tbc::F32);
            const uint32_t pv = mb.partitionView({16, 16}, mb.tensorView(f32, {64, 64}, {64, 1}), {0, 1});
            const uint32_t idx = mb.tile(mb.scalar(tbc::I32), {});
            const Bytes load = tbc::cat({enc({0x3E, 2, mb.tile(f32, {16, 16}), mb.scalar(tbc::Token), 0, 0}), inbounds,
                                         enc({0, 2, 1, 1})});
            return std::pair{entryModule(mb, {pv, idx}, tbc::cat({load, ret()})), mb.bodyOffset(0)};
        };
        auto [short1, at1] = view(enc({1, 1}));
        EXPECT_ERROR(short1, int64_t(at1), "load_view_tko: inbounds has 1 entries for 2 index operand(s)");
        auto [badByte, at2] = view(enc({2, 1, 2}));
        EXPECT_ERROR(badByte, int64_t(at2 + 8), "inbounds: bool byte must be 0 or 1");
        auto [cut, at3] = view(enc({2, 1}));
        EXPECT_ERROR(cut, -1, "");
        Q_UNUSED(at3);
        // gdc token ops take at most one token; ftoi's flags word has one bit.
        auto body = [](std::function<Bytes(uint32_t tok, uint32_t t)> make) {
            tbc::ModuleBuilder mb(4);
            const uint32_t t = mb.tile(mb.scalar(tbc::F32), {});
            const uint32_t tok = mb.scalar(tbc::Token);
            return std::pair{entryModule(mb, {tok, t}, tbc::cat({make(tok, t), ret()})), mb.bodyOffset(0)};
        };
        auto [gdc, at4] = body([](uint32_t tok, uint32_t) { return enc({0x78, tok, 2, 0, 0}); });
        EXPECT_ERROR(gdc, int64_t(at4 + 2), "gdc_wait_tko takes at most 1 operand(s), the file gives 2");
        auto [ftoi, at5] = body([](uint32_t, uint32_t t) { return enc({0x2B, t, 2, 1, 6, 1}); });
        EXPECT_ERROR(ftoi, int64_t(at5 + 2), "flags 0x02 set bits the op does not define");
        auto [fence, at6] = body([](uint32_t tok, uint32_t) { return enc({0x7A, tok, 5}); });
        EXPECT_ERROR(fence, int64_t(at6 + 2), "operand index 5 out of bounds");
        // Rounding value 8 does not exist in any version.
        auto [eight, at7] = body([](uint32_t, uint32_t t) { return enc({0x2A, t, 8, 1}); });
        EXPECT_ERROR(eight, int64_t(at7 + 2), "rounding_mode: 8 is not a RoundingMode");
        // ptr / tensor_view flags and pointer attribute values.
        auto typed = [](const Bytes &record, int minor = 4) {
            tbc::ModuleBuilder mb(minor);
            mb.scalar(tbc::F32);
            const uint32_t t = mb.rawType(record);
            return entryModule(mb, {mb.tile(t, {})}, ret());
        };
        EXPECT_ERROR(typed(enc({12, 2, 0})), -1, "pointer flags 2 has unknown bits");
        EXPECT_ERROR(typed(enc({12, 1, 0, 1})), -1, "ptr_attr 1 is not defined in bytecode 13.4");
        EXPECT_ERROR(typed(enc({12, 1, 0})), -1, "");
        EXPECT_ERROR(typed(enc({130}), 3), -1, "type 'f8E5M3FNU' requires bytecode 13.4, the file is 13.3");
        // A 13.3-layout ptr in a 13.4 file reads its pointee as flags.
        EXPECT_ERROR(typed(enc({12, 0})), -1, "");
    }

    void opcodeProblems_data()
    {
        QTest::addColumn<int>("minor");
        QTest::addColumn<QByteArray>("opBytes");
        QTest::addColumn<QString>("message");
        auto enc = [](std::initializer_list<uint64_t> v) {
            const Bytes b = tbc::enc(v);
            return QByteArray(reinterpret_cast<const char *>(b.data()), qsizetype(b.size()));
        };
        QTest::newRow("gap") << 3 << enc({0x19}) << "unknown opcode 0x19";
        QTest::newRow("large") << 3 << enc({0x4002}) << "unknown opcode 0x4002";
        QTest::newRow("insert in 13.3") << 3 << enc({0x76}) << "opcode 0x76 (insert) requires bytecode 13.4, the file is 13.3";
        QTest::newRow("fpowi in 13.3") << 3 << enc({0x79}) << "opcode 0x79 (fpowi) requires bytecode 13.4, the file is 13.3";
        QTest::newRow("13.5 multimem") << 4 << enc({0x7B})
                                       << "opcode 0x7B (multimem_load_reduce_view_tko) belongs to the unreleased Tile IR 13.5";
        QTest::newRow("past 13.5") << 4 << enc({0x7E}) << "unknown opcode 0x7E";
        QTest::newRow("entry") << 3 << enc({0x16}) << "opcode 0x16 (entry) cannot appear inside a function body";
        QTest::newRow("module") << 3 << enc({0x4B}) << "opcode 0x4B (module) cannot appear inside a function body";
        QTest::newRow("atan2 in 13.1") << 1 << enc({0x6E}) << "opcode 0x6E (atan2) requires bytecode 13.2, the file is 13.1";
        QTest::newRow("pack in 13.2") << 2 << enc({0x6F}) << "opcode 0x6F (pack) requires bytecode 13.3, the file is 13.2";
    }

    void opcodeProblems()
    {
        QFETCH(int, minor);
        QFETCH(QByteArray, opBytes);
        QFETCH(QString, message);
        const Bytes op(opBytes.begin(), opBytes.end());
        tbc::ModuleBuilder mb(minor);
        const Bytes file = entryModule(mb, {}, tbc::cat({enc({0x44, mb.scalar(tbc::Token)}), op, Bytes(4, 0), ret()}));
        const ReadResult r = readModule(file);
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error.message).startsWith(message), r.error.str().c_str());
        QCOMPARE(r.error.offset, uint64_t(mb.bodyOffset(0) + 2));
    }

    void nestingIsBounded()
    {
        // `depth` nested ifs on the i1 argument, each with an empty else.
        auto nested = [](int depth) {
            tbc::ModuleBuilder mb(3);
            const uint32_t c = mb.tile(mb.scalar(tbc::I1), {});
            // innermost: if %0 { yield } else {}; each level wraps: if %0 { <inner>; yield } else {}
            Bytes op = enc({0x32, 0, 0, 2, 1, 0, 1, 0x6D, 0, 0, 0});
            for (int i = 1; i < depth; ++i)
                op = tbc::cat({enc({0x32, 0, 0, 2, 1, 0, 2}), op, enc({0x6D, 0, 0, 0})});
            return entryModule(mb, {c}, tbc::cat({op, ret()}));
        };
        QVERIFY(readModule(nested(60)).ok());
        EXPECT_ERROR(nested(100), -1, "regions nested deeper than 64");
        EXPECT_ERROR(nested(5000), -1, "regions nested deeper than 64");

        // reduce identities as arrays nested `depth` deep.
        auto arrays = [](int depth) {
            tbc::ModuleBuilder mb(3);
            const uint32_t s = mb.tile(mb.scalar(tbc::F32), {});
            Bytes ids;
            for (int i = 0; i < depth; ++i)
                ids.insert(ids.end(), {6, 1});
            ids.insert(ids.end(), {3, 0});
            const Bytes op = tbc::cat({enc({0x58, 1, s, 0, 1}), ids, enc({1, 0, 1, 1, 2, s, s, 1, 0x6D, 0, 1, 1})});
            return entryModule(mb, {s}, tbc::cat({op, ret()}));
        };
        QVERIFY2(readModule(arrays(10)).ok(), readModule(arrays(10)).error.str().c_str());
        EXPECT_ERROR(arrays(100), -1, "attributes nested deeper than 16");
        EXPECT_ERROR(arrays(200000), -1, "attributes nested deeper than 16");
    }

    void functionAndAttributeProblems()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t i32 = mb.scalar(tbc::I32);
        mb.entry("k", mb.function({}, {mb.tile(i32, {})}), ret());
        EXPECT_ERROR(mb.build(), -1, "entry @k must not have results");
        tbc::ModuleBuilder mb2(3);
        mb2.entry("k", mb2.function({}), ret(), 0, {}, 0x00);
        EXPECT_ERROR(mb2.build(), -1, "@k is not an entry (flags 0)");
        tbc::ModuleBuilder mb3(3);
        mb3.entry("k", mb3.function({}), ret());
        mb3.entry("k", mb3.function({}), ret());
        EXPECT_ERROR(mb3.build(), -1, "symbol @k is defined twice");
        tbc::ModuleBuilder mb4(3);
        const uint32_t key = mb4.str("sm_100");
        mb4.entry("k", mb4.function({}), ret(), 0, enc({11, 2, key, 10, 0, key, 10, 0}));
        EXPECT_ERROR(mb4.build(), -1, "dictionary key 'sm_100' appears twice");
        tbc::ModuleBuilder mb5(3);
        mb5.entry("k", mb5.function({}), ret(), 0, enc({11, 1, mb5.str("sm_100"), 1, mb5.scalar(tbc::I32), 1}));
        EXPECT_ERROR(mb5.build(), -1, "optimization hints for 'sm_100' are not a dictionary");
        tbc::ModuleBuilder mb6(3);
        mb6.entry("k", mb6.function({}), ret(), 0, enc({11, 1, mb6.str(""), 10, 0}));
        EXPECT_ERROR(mb6.build(), -1, "dictionary key: empty string");
        tbc::ModuleBuilder mb7(3);
        const uint32_t i8 = mb7.scalar(tbc::I8);
        mb7.entry("k", mb7.function({}), ret(), 0, enc({11, 1, mb7.str("a"), 10, 1, mb7.str("b"), 1, i8, 300}));
        EXPECT_ERROR(mb7.build(), -1, "integer attribute value 300 does not fit in i8");
    }

    void debugProblems()
    {
        auto withDebug = [](std::vector<std::vector<uint64_t>> lists, std::vector<Bytes> records, uint64_t loc,
                            bool debug = true) {
            tbc::ModuleBuilder mb(3);
            mb.str("k.py"); // string 0, used by the records below
            if (debug)
                mb.debug(lists, records);
            mb.entry("k", mb.function({}), ret(), loc);
            return mb.build();
        };
        const Bytes file = enc({2, 0, 0});
        const Bytes sub = enc({5, 1, 1, 0, 0, 3, 1});
        const Bytes cu = enc({1, 1});
        const Bytes loc = enc({4, 2, 0, 1, 1});
        const ReadResult good = readModule(withDebug({{4, 4}}, {file, sub, cu, loc}, 1));
        QVERIFY2(good.ok(), good.error.str().c_str());
        EXPECT_ERROR(withDebug({{4, 4}}, {file, sub, cu, enc({4, 5, 0, 1, 1}), enc({3, 5, 1, 1, 1})}, 1), -1,
                     "refers to itself (reference cycle)");
        EXPECT_ERROR(withDebug({{4, 4}}, {file, sub, cu, enc({4, 9, 0, 1, 1})}, 1), -1,
                     "location scope: debug index 9 out of range");
        EXPECT_ERROR(withDebug({{4, 4}}, {file, sub, cu, enc({4, 1, 0, 1, 1})}, 1), -1,
                     "location scope: debug record 1 has the wrong kind");
        EXPECT_ERROR(withDebug({{4}}, {file, sub, cu, loc}, 1), -1, "debug list has no entry for instruction 1");
        EXPECT_ERROR(withDebug({{4, 4, 4}}, {file, sub, cu, loc}, 1), -1, "has 1 instructions but its debug list has 3");
        EXPECT_ERROR(withDebug({{4, 9}}, {file, sub, cu, loc}, 1), -1, "debug index 9 out of range (4 records)");
        EXPECT_ERROR(withDebug({{4, 1}}, {file, sub, cu, loc}, 1), -1, "debug index 1 is not a location");
        EXPECT_ERROR(withDebug({{4, 4}}, {file, sub, cu, loc}, 2), -1, "debug list 2 out of range (1 lists)");
        EXPECT_ERROR(withDebug({}, {}, 1, false), -1, "refers to debug list 1 but the file has no debug section");
        EXPECT_ERROR(withDebug({{4, 4}}, {file, sub, cu, enc({9})}, 1), -1, "unknown debug record tag 9");
    }
};

QTEST_GUILESS_MAIN(TestBytecodeHostile)
#include "tst_bytecode_hostile.moc"
