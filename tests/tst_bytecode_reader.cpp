// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The bytecode reader on well-formed input: the worked example of the format
// notes, value numbering across regions, the 13.1/13.2/13.3 encoding
// differences, and the text dump.
#include "support/BytecodeBuilder.h"
#include "support/DecodedOp.h"
#include "tileport/TileIR/Bytecode/Dump.h"
#include "tileport/TileIR/Bytecode/Reader.h"

#include <QTest>

using namespace tileport::tileir::bc;
using tbc::Bytes;
using tbc::enc;

namespace {

QString q(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// tileir-format.md §4.15: a 13.1 file written by the C++ writer.
const Bytes kWorkedExample{
    0x7F, 0x54, 0x69, 0x6C, 0x65, 0x49, 0x52, 0x00, 0x0D, 0x01, 0x00, 0x00, 0x82, 0x18, 0x08, 0xCB,
    0x01, 0x00, 0x00, 0x02, 0x00, 0x0C, 0x10, 0x02, 0x00, 0x50, 0x02, 0x00, 0x50, 0x02, 0x00, 0x5C,
    0x00, 0x00, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0x84, 0x19, 0x08, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB,
    0x01, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x08, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x85, 0x1F, 0x04, 0x03, 0xCB, 0xCB, 0xCB,
    0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x03,
    0x0D, 0x01, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x81, 0x0D, 0x04, 0xCB, 0xCB,
    0x01, 0xCB, 0xCB, 0xCB, 0x00, 0x00, 0x00, 0x00, 0x62, 0x61, 0x73, 0x69, 0x63, 0x00,
};

using tbc::DecodedOp;

DecodedOp only(const Module &m, size_t i)
{
    return tbc::decodedBody(m, m.functions.at(0)).instructions.at(i);
}

std::optional<EnumAttr> enumAttr(const DecodedOp &inst, const char *name)
{
    const auto a = inst.attribute(name);
    return a && a->get<EnumAttr>() ? std::optional(*a->get<EnumAttr>()) : std::nullopt;
}

// A module with one entry taking `args` and the given body.
Bytes entryModule(tbc::ModuleBuilder &mb, std::vector<uint32_t> args, const Bytes &body)
{
    mb.entry("k", mb.function(args), body);
    return mb.build();
}

} // namespace

class TestBytecodeReader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void decodesTheWorkedExample()
    {
        QCOMPARE(kWorkedExample.size(), size_t(126));
        const ReadResult r = readModule(kWorkedExample);
        QVERIFY2(r.ok(), r.error.str().c_str());
        const Module &m = *r.module;
        QCOMPARE(m.version, kVersion13_1);
        QCOMPARE(m.strings.size(), size_t(1));
        QCOMPARE(q(m.strings[0]), QStringLiteral("basic"));
        QCOMPARE(m.types.size(), size_t(3));
        QCOMPARE(m.types[0].kind, TypeKind::Function);
        QCOMPARE(m.types[1].scalar, ScalarKind::I32);
        QCOMPARE(q(typeToString(m, 2)), QStringLiteral("tile<2xi32>"));
        QCOMPARE(m.constants.at(0).bytes, (std::vector<uint8_t>{1, 0, 0, 0, 2, 0, 0, 0}));
        QCOMPARE(m.constants.at(0).offset, uint64_t(0x41));

        QCOMPARE(m.functions.size(), size_t(1));
        const Function &f = m.functions[0];
        QCOMPARE(q(f.name), QStringLiteral("basic"));
        QVERIFY(f.kernel);
        QCOMPARE(f.instructionCount, 4u);
        const auto ins = tbc::decodedBody(m, f).instructions;
        QStringList names;
        for (const DecodedOp &i : ins)
            names << q(i.name());
        QCOMPARE(names, (QStringList{"constant", "negi", "negi", "return"}));
        QCOMPARE(ins[0].offset(), uint64_t(0x16));
        QCOMPARE(ins[1].offset(), uint64_t(0x19));
        QCOMPARE(ins[3].offset(), uint64_t(0x1F));
        QCOMPARE(ins[0].results(), (std::vector<uint32_t>{0}));
        QCOMPARE(ins[2].operands(), (std::vector<uint32_t>{0}));
        QCOMPARE(ins[2].results(), (std::vector<uint32_t>{2}));
        // 13.1 negi has no overflow byte: the default is filled in.
        const auto ovf = enumAttr(ins[1], "overflow");
        QVERIFY(ovf);
        QCOMPARE(ovf->value, 0u);
        const auto valueAttr = ins[0].attribute("value");
        QVERIFY(valueAttr);
        const DenseAttr *value = valueAttr->get<DenseAttr>();
        QVERIFY(value);
        QCOMPARE(value->constant, 0u);
        QCOMPARE(value->type, 2u);

        const QString text = q(dump(m));
        QVERIFY2(text.contains("%0 = constant {value = <i32: [1, 2]> : tile<2xi32>} : tile<2xi32>"), qPrintable(text));
        QVERIFY2(text.contains("%2 = negi %0 {overflow = none} : tile<2xi32>"), qPrintable(text));
        QVERIFY2(text.contains("entry @basic()"), qPrintable(text));
    }

    void workedExampleIsNot13_2()
    {
        // 13.2 negi carries an overflow byte, so the same bytes misparse:
        // the first negi's operand becomes its overflow value and the next
        // byte (the second negi's opcode) an out-of-range operand.
        Bytes b = kWorkedExample;
        b[9] = 2;
        const ReadResult r = readModule(b);
        QVERIFY(!r.ok());
        QCOMPARE(r.error.offset, uint64_t(0x1C));
        QVERIFY2(r.error.message.find("operand index 80 out of bounds") != std::string::npos, r.error.str().c_str());
    }

    void numbersValuesAcrossRegions()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t i32 = mb.scalar(tbc::I32);
        const uint32_t t = mb.tile(i32, {});
        // for %0 to %0 step %0 iter(%0) { (%1, %2): %3 = addi %1, %2; continue %3 }
        // %1 = result of for; %2 = addi %1, %0; return
        const Bytes loop = tbc::cat({enc({0x29, 1, t, 0, 4, 0, 0, 0, 0, 1, 1, 2, t, t, 2}),
                                     enc({0x03, t, 0, 1, 2}), enc({0x11, 0, 1, 3})});
        const Bytes body = tbc::cat({loop, enc({0x03, t, 0, 1, 0}), enc({0x5C, 0, 0})});
        const ReadResult r = readModule(entryModule(mb, {t}, body));
        QVERIFY2(r.ok(), r.error.str().c_str());
        const Module &m = *r.module;
        const DecodedOp forOp = only(m, 0);
        QCOMPARE(q(forOp.name()), QStringLiteral("for"));
        QCOMPARE(forOp.operands(), (std::vector<uint32_t>{0, 0, 0, 0}));
        QVERIFY(!forOp.attribute("unsignedCmp"));
        const tbc::DecodedBlock blk = forOp.block(0);
        QCOMPARE(blk.arguments, (std::vector<uint32_t>{1, 2}));
        QCOMPARE(blk.instructions.at(0).results(), (std::vector<uint32_t>{3}));
        QCOMPARE(blk.instructions.at(1).operands(), (std::vector<uint32_t>{3}));
        // The region's values are gone; the for result reuses number 1.
        QCOMPARE(forOp.results(), (std::vector<uint32_t>{1}));
        QCOMPARE(only(m, 1).operands(), (std::vector<uint32_t>{1, 0}));
        QCOMPARE(only(m, 1).results(), (std::vector<uint32_t>{2}));
        QCOMPARE(m.functions[0].instructionCount, 5u);

        // Referring to the region's %3 after the region is an error.
        tbc::ModuleBuilder bad(3);
        const uint32_t bt = bad.tile(bad.scalar(tbc::I32), {});
        const Bytes badBody = tbc::cat({loop, enc({0x03, bt, 0, 3, 0}), enc({0x5C, 0, 0})});
        const Bytes file = entryModule(bad, {bt}, badBody);
        const ReadResult e = readModule(file);
        QVERIFY(!e.ok());
        QCOMPARE(e.error.offset, uint64_t(bad.bodyOffset(0) + loop.size() + 3));
        QCOMPARE(QString::fromStdString(e.error.message), QStringLiteral("operand index 3 out of bounds (2 values live)"));
    }

    void versionGatedAttributes_data()
    {
        QTest::addColumn<int>("minor");
        QTest::addColumn<int>("opcode");
        QTest::addColumn<QString>("attr");
        QTest::addColumn<bool>("inFile");
        QTest::addColumn<int>("expected");
        // negi overflow and tanh rounding from 13.2, exp rounding from 13.3;
        // absent fields take the defaults (none = 0, full = 5).
        QTest::newRow("negi 13.1") << 1 << 0x50 << "overflow" << false << 0;
        QTest::newRow("negi 13.2") << 2 << 0x50 << "overflow" << true << 1;
        QTest::newRow("tanh 13.1") << 1 << 0x6A << "rounding_mode" << false << 5;
        QTest::newRow("tanh 13.2") << 2 << 0x6A << "rounding_mode" << true << 4;
        QTest::newRow("exp 13.2") << 2 << 0x17 << "rounding_mode" << false << 5;
        QTest::newRow("exp 13.3") << 3 << 0x17 << "rounding_mode" << true << 4;
    }

    void versionGatedAttributes()
    {
        QFETCH(int, minor);
        QFETCH(int, opcode);
        QFETCH(QString, attr);
        QFETCH(bool, inFile);
        QFETCH(int, expected);
        tbc::ModuleBuilder mb(minor);
        const uint32_t t = mb.tile(mb.scalar(opcode == 0x50 ? tbc::I32 : tbc::F32), {4});
        Bytes op = enc({uint64_t(opcode), t});
        if (inFile)
            tbc::vu(op, uint64_t(expected));
        tbc::vu(op, 0);
        const ReadResult r = readModule(entryModule(mb, {mb.tile(mb.scalar(tbc::I32), {})}, tbc::cat({enc({0x44, mb.scalar(tbc::Token)}), op, enc({0x5C, 0, 0})})));
        // Operand %0 is the entry argument; the token is unused.
        QVERIFY2(r.ok(), r.error.str().c_str());
        const auto e = enumAttr(only(*r.module, 1), attr.toUtf8().constData());
        QVERIFY(e);
        QCOMPARE(int(e->value), expected);
    }

    void forAndMmafFlagsWords()
    {
        // 13.1 for: no flags word; 13.2: flags word with unsignedCmp.
        for (int minor : {1, 2}) {
            tbc::ModuleBuilder mb(minor);
            const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
            Bytes op = enc({0x29, 0});
            if (minor >= 2)
                tbc::vu(op, 1);
            op = tbc::cat({op, enc({3, 0, 0, 0, 1, 1, 1, t, 1, 0x11, 0, 0})});
            const ReadResult r = readModule(entryModule(mb, {t}, tbc::cat({op, enc({0x5C, 0, 0})})));
            QVERIFY2(r.ok(), r.error.str().c_str());
            QCOMPARE(only(*r.module, 0).attribute("unsignedCmp").has_value(), minor >= 2);
        }
        // mmaf: flags word (fast_acc) only from 13.3.
        for (int minor : {2, 3}) {
            tbc::ModuleBuilder mb(minor);
            const uint32_t a = mb.tile(mb.scalar(tbc::F16), {16, 16});
            const uint32_t c = mb.tile(mb.scalar(tbc::F32), {16, 16});
            Bytes op = enc({0x49, c});
            if (minor >= 3)
                tbc::vu(op, 1);
            op = tbc::cat({op, enc({0, 1, 2})});
            const ReadResult r = readModule(entryModule(mb, {a, a, c}, tbc::cat({op, enc({0x5C, 0, 0})})));
            QVERIFY2(r.ok(), r.error.str().c_str());
            const DecodedOp mma = only(*r.module, 0);
            QCOMPARE(q(mma.name()), QStringLiteral("mmaf"));
            QCOMPARE(mma.attribute("fast_acc").has_value(), minor >= 3);
            QCOMPARE(mma.results(), (std::vector<uint32_t>{3}));
        }
    }

    void printChangesBetween13_1And13_2()
    {
        // 13.1 print: zero results, no flags word, no token operand.
        {
            tbc::ModuleBuilder mb(1);
            const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
            const Bytes body = tbc::cat({enc({0x55, 0, mb.str("x=%d"), 1, 0}), enc({0x5C, 0, 0})});
            const ReadResult r = readModule(entryModule(mb, {t}, body));
            QVERIFY2(r.ok(), r.error.str().c_str());
            const DecodedOp p = only(*r.module, 0);
            QCOMPARE(q(p.name()), QStringLiteral("print_tko"));
            QVERIFY(p.results().empty());
            QCOMPARE(p.operandSegments(), (std::vector<int32_t>{1, 0}));
            QCOMPARE(q(p.attribute("str")->get<StringAttr>()->value), QStringLiteral("x=%d"));
        }
        // 13.2 print_tko: a token result, a flags word and the optional token.
        {
            tbc::ModuleBuilder mb(2);
            const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
            const uint32_t tok = mb.scalar(tbc::Token);
            const Bytes body = tbc::cat(
                {enc({0x44, tok}), enc({0x55, 1, tok, 1, mb.str("x=%d"), 1, 0, 1}), enc({0x5C, 0, 0})});
            const ReadResult r = readModule(entryModule(mb, {t}, body));
            QVERIFY2(r.ok(), r.error.str().c_str());
            const DecodedOp p = only(*r.module, 1);
            QCOMPARE(p.resultTypes(), (std::vector<uint32_t>{tok}));
            QCOMPARE(p.operands(), (std::vector<uint32_t>{0, 1}));
            QCOMPARE(p.operandSegments(), (std::vector<int32_t>{1, 1}));
            QCOMPARE(p.results(), (std::vector<uint32_t>{2}));
        }
    }

    void partitionViewEncodingsAgree()
    {
        QString spelled[2];
        for (int minor : {2, 3}) {
            tbc::ModuleBuilder mb(minor);
            const uint32_t f32 = mb.scalar(tbc::F32);
            const uint32_t tv = mb.tensorView(f32, {kDynamic, 128}, {128, 1});
            const uint32_t pv = mb.partitionView({64, 64}, tv, {1, 0}, 2 /* nan */);
            const ReadResult r = readModule(entryModule(mb, {pv}, enc({0x5C, 0, 0})));
            QVERIFY2(r.ok(), r.error.str().c_str());
            const Type &t = r.module->types[pv];
            QCOMPARE(t.kind, TypeKind::PartitionView);
            QCOMPARE(t.padding, std::optional<uint32_t>(2));
            QCOMPARE(t.dimMap, (std::vector<int32_t>{1, 0}));
            spelled[minor - 2] = q(typeToString(*r.module, pv));
        }
        QCOMPARE(spelled[0], spelled[1]);
        QCOMPARE(spelled[1], QStringLiteral("partition_view<tile=(64x64), padding_value = nan, "
                                            "tensor_view<?x128xf32, strides=[128,1]>, dim_map=[1, 0]>"));
    }

    void decodes13_4Ops()
    {
        // insert, fpowi, the two gdc token ops (with and without a token),
        // memory_fence_alias_tko, a saturating ftoi and nearest_away.
        tbc::ModuleBuilder mb(4);
        const uint32_t i32 = mb.scalar(tbc::I32);
        const uint32_t f32 = mb.scalar(tbc::F32);
        const uint32_t big = mb.tile(f32, {8});
        const uint32_t small = mb.tile(f32, {4});
        const uint32_t idx = mb.tile(i32, {});
        const uint32_t ints = mb.tile(i32, {8});
        const uint32_t tok = mb.scalar(tbc::Token);
        // Arguments: %0 big, %1 small, %2 index, %3 ints.
        const Bytes body = tbc::cat({
            enc({0x76, 1, big, 3, 1, 0, 2}),  // %4 = insert %1 into %0 at [%2]
            enc({0x79, big, 4, 3}),           // %5 = fpowi %4, %3
            enc({0x78, tok, 0}),              // %6 = gdc_wait_tko
            enc({0x77, tok, 1, 6}),           // %7 = gdc_launch_dependents_tko token %6
            enc({0x7A, tok, 7}),              // %8 = memory_fence_alias_tko %7
            enc({0x2B, ints, 1, 1, 6, 5}),    // %9 = ftoi %5 signed, saturating
            enc({0x2A, big, 7, 5}),           // %10 = ftof %5 nearest_away
            enc({0x5C, 0, 0}),
        });
        const ReadResult r = readModule(entryModule(mb, {big, small, idx, ints}, body));
        QVERIFY2(r.ok(), r.error.str().c_str());
        QCOMPARE(r.module->version, kVersion13_4);
        const DecodedOp ins = only(*r.module, 0);
        QCOMPARE(q(ins.name()), QStringLiteral("insert"));
        QCOMPARE(ins.operands(), (std::vector<uint32_t>{1, 0, 2}));
        QCOMPARE(q(typeToString(*r.module, ins.resultTypes().at(0))), QStringLiteral("tile<8xf32>"));
        QCOMPARE(q(only(*r.module, 1).name()), QStringLiteral("fpowi"));
        QCOMPARE(only(*r.module, 1).operands(), (std::vector<uint32_t>{4, 3}));
        QCOMPARE(q(only(*r.module, 2).name()), QStringLiteral("gdc_wait_tko"));
        QVERIFY(only(*r.module, 2).operands().empty());
        QCOMPARE(only(*r.module, 3).operands(), (std::vector<uint32_t>{6}));
        QCOMPARE(q(only(*r.module, 4).name()), QStringLiteral("memory_fence_alias_tko"));
        QCOMPARE(only(*r.module, 4).results(), (std::vector<uint32_t>{8}));
        const DecodedOp ftoi = only(*r.module, 5);
        QVERIFY(ftoi.attribute("saturating").has_value());
        QCOMPARE(q(attributeToString(*r.module, *ftoi.attribute("rounding_mode"))), QStringLiteral("nearest_int_to_zero"));
        QCOMPARE(q(attributeToString(*r.module, *only(*r.module, 6).attribute("rounding_mode"))),
                 QStringLiteral("nearest_away"));
    }

    void viewOpsCarryInboundsFrom13_4()
    {
        for (int minor : {3, 4}) {
            tbc::ModuleBuilder mb(minor);
            const uint32_t f32 = mb.scalar(tbc::F32);
            const uint32_t tv = mb.tensorView(f32, {kDynamic, 64}, {64, 1});
            const uint32_t pv = mb.partitionView({16, 16}, tv, {0, 1});
            const uint32_t idx = mb.tile(mb.scalar(tbc::I32), {});
            const uint32_t tile = mb.tile(f32, {16, 16});
            const uint32_t tok = mb.scalar(tbc::Token);
            Bytes load = enc({0x3E, 2, tile, tok, 0, 0});
            Bytes store = enc({0x66, 1, tok, 0, 0});
            if (minor >= 4) {
                load = tbc::cat({load, enc({2, 1, 0})});
                store = tbc::cat({store, enc({2, 0, 1})});
            }
            load = tbc::cat({load, enc({0, 2, 1, 1})});      // %2, %3 = load %0[%1, %1]
            store = tbc::cat({store, enc({2, 0, 2, 1, 1})}); // store %2 into %0[%1, %1]
            const ReadResult r = readModule(entryModule(mb, {pv, idx}, tbc::cat({load, store, enc({0x5C, 0, 0})})));
            QVERIFY2(r.ok(), r.error.str().c_str());
            const auto inbounds = only(*r.module, 0).attribute("inbounds");
            QCOMPARE(inbounds.has_value(), minor >= 4);
            if (minor >= 4) {
                QCOMPARE(q(attributeToString(*r.module, *inbounds)), QStringLiteral("[true, false]"));
                QCOMPARE(q(attributeToString(*r.module, *only(*r.module, 1).attribute("inbounds"))),
                         QStringLiteral("[false, true]"));
            }
            QCOMPARE(q(typeToString(*r.module, tv)), QStringLiteral("tensor_view<?x64xf32, strides=[64,1]>"));
        }
    }

    void pointerAttributeAndNewFloat()
    {
        tbc::ModuleBuilder mb(4);
        const uint32_t f32 = mb.scalar(tbc::F32);
        const uint32_t plain = mb.tile(mb.ptr(f32), {});
        const uint32_t tagged = mb.tile(mb.ptr(f32, 0), {});
        const uint32_t e5m3 = mb.tile(mb.rawType(enc({130})), {4});
        const ReadResult r = readModule(entryModule(mb, {plain, tagged, e5m3}, enc({0x5C, 0, 0})));
        QVERIFY2(r.ok(), r.error.str().c_str());
        QCOMPARE(q(typeToString(*r.module, plain)), QStringLiteral("tile<ptr<f32>>"));
        QCOMPARE(q(typeToString(*r.module, tagged)), QStringLiteral("tile<ptr<f32, ptr_attr = none>>"));
        QCOMPARE(q(typeToString(*r.module, e5m3)), QStringLiteral("tile<4xf8E5M3FNU>"));
    }

    void globalsAndProducerByVersion()
    {
        for (int minor : {2, 3}) {
            tbc::ModuleBuilder mb(minor);
            const uint32_t i32 = mb.scalar(tbc::I32);
            const uint32_t g = mb.tile(i32, {2});
            const uint32_t p = mb.tile(mb.ptr(i32), {});
            mb.global("table", g, mb.constant({7, 0, 0, 0, 9, 0, 0, 0}), 16, true, true);
            if (minor >= 3)
                mb.producer("tileport-test");
            const Bytes body = tbc::cat({enc({0x2C, p, mb.str("table")}), enc({0x5C, 0, 0})});
            const ReadResult r = readModule(entryModule(mb, {}, body));
            QVERIFY2(r.ok(), r.error.str().c_str());
            const Module &m = *r.module;
            QCOMPARE(m.globals.size(), size_t(1));
            QCOMPARE(q(m.globals[0].name), QStringLiteral("table"));
            QCOMPARE(m.globals[0].alignment, uint64_t(16));
            // Visibility and the constant flag exist from 13.3 on.
            QCOMPARE(m.globals[0].isPrivate, minor >= 3);
            QCOMPARE(m.globals[0].isConstant, minor >= 3);
            QCOMPARE(m.producer.has_value(), minor >= 3);
            const QString text = q(dump(m));
            QVERIFY2(text.contains("@table alignment = 16 <i32: [7, 9]> : tile<2xi32>"), qPrintable(text));
            QVERIFY2(text.contains("get_global {name = \"table\"} : tile<ptr<i32>>"), qPrintable(text));
        }
    }

    void spellsTypesInShortSyntax()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t f32 = mb.scalar(tbc::F32), f16 = mb.scalar(tbc::F16), i32 = mb.scalar(tbc::I32);
        const uint32_t tok = mb.scalar(tbc::Token);
        const uint32_t tile = mb.tile(f32, {4});
        const uint32_t scalarTile = mb.tile(f32, {});
        const uint32_t ptrTile = mb.tile(mb.ptr(f32), {8});
        const uint32_t ptr = mb.ptr(f16);
        const uint32_t tv = mb.tensorView(f32, {kDynamic, 128}, {128, 1});
        const uint32_t tv0 = mb.tensorView(f32, {}, {});
        const uint32_t pv = mb.partitionView({64, 64}, tv, {0, 1});
        const uint32_t tv16 = mb.tensorView(f32, {16}, {1});
        Bytes sv{21};
        tbc::vu(sv, 0);
        tbc::vu(sv, 1), tbc::fixed(sv, 2, 4);
        tbc::vu(sv, 1), tbc::fixed(sv, 3, 4);
        tbc::vu(sv, tv16);
        tbc::vu(sv, 1), tbc::fixed(sv, 0, 4);
        const uint32_t strided = mb.rawType(sv);
        const uint32_t tvBig = mb.tensorView(f32, {8192, 128}, {128, 1});
        Bytes gs{20};
        tbc::vu(gs, 0);
        tbc::vu(gs, 2), tbc::fixed(gs, 64, 4), tbc::fixed(gs, 64, 4);
        tbc::vu(gs, tvBig);
        tbc::vu(gs, 0);
        const uint32_t gather = mb.rawType(gs);
        const uint32_t fn = mb.function({mb.tile(i32, {}), tok});
        const ReadResult r = readModule(entryModule(mb, {}, enc({0x5C, 0, 0})));
        QVERIFY2(r.ok(), r.error.str().c_str());
        const Module &m = *r.module;
        auto spell = [&](uint32_t t) { return q(typeToString(m, t)); };
        QCOMPARE(spell(tile), QStringLiteral("tile<4xf32>"));
        QCOMPARE(spell(scalarTile), QStringLiteral("tile<f32>"));
        QCOMPARE(spell(ptrTile), QStringLiteral("tile<8xptr<f32>>"));
        QCOMPARE(spell(ptr), QStringLiteral("ptr<f16>"));
        QCOMPARE(spell(tv), QStringLiteral("tensor_view<?x128xf32, strides=[128,1]>"));
        QCOMPARE(spell(tv0), QStringLiteral("tensor_view<f32>"));
        QCOMPARE(spell(pv), QStringLiteral("partition_view<tile=(64x64), tensor_view<?x128xf32, strides=[128,1]>>"));
        QCOMPARE(spell(strided),
                 QStringLiteral("strided_view<tile=(2), traversal_strides=[3], tensor_view<16xf32, strides=[1]>>"));
        QCOMPARE(spell(gather), QStringLiteral("gather_scatter_view<tile=(64x64), tensor_view<8192x128xf32, "
                                               "strides=[128,1]>, sparse_dim=0>"));
        QCOMPARE(spell(tok), QStringLiteral("token"));
        QCOMPARE(spell(fn), QStringLiteral("(tile<i32>, token) -> ()"));
        QCOMPARE(spell(9999), QStringLiteral("<bad type 9999>"));
    }

    void decodesTaggedAttributes()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t f32 = mb.scalar(tbc::F32);
        const uint32_t i32 = mb.scalar(tbc::I32);
        const uint32_t t = mb.tile(i32, {8});
        const uint32_t s = mb.tile(f32, {});
        const uint32_t r8 = mb.tile(f32, {8});
        Bytes divBy = enc({0x06, t, 8, 16});
        divBy.push_back(3);
        tbc::vs(divBy, 4), tbc::vs(divBy, 0), tbc::vu(divBy, 0);
        Bytes bounded = enc({0x06, t, 12});
        bounded.push_back(1);
        tbc::vs(bounded, -4), tbc::vu(bounded, 0);
        Bytes same = enc({0x06, t, 9, 2});
        tbc::fixed(same, 2, 8), tbc::fixed(same, 4, 8), tbc::vu(same, 0);
        // %5 = reduce %1 dim=0 identities=[-inf : f32] { (%5, %6): %7 = maxf; yield %7 }
        Bytes reduce = enc({0x58, 1, s, 0, 1, 2, f32});
        tbc::vs(reduce, int64_t(0xFF800000));
        reduce = tbc::cat({reduce, enc({1, 1, 1, 1, 2, s, s, 2, 0x45, s, 1, 5, 6, 0x6D, 0, 1, 7})});
        const Bytes body = tbc::cat({divBy, bounded, same, reduce, enc({0x5C, 0, 0})});
        const ReadResult r = readModule(entryModule(mb, {t, r8}, body));
        QVERIFY2(r.ok(), r.error.str().c_str());
        const Module &m = *r.module;
        auto attr = [&](size_t i, const char *n) { return q(attributeToString(m, *only(m, i).attribute(n))); };
        QCOMPARE(attr(0, "predicate"), QStringLiteral("div_by<16, every 4 along 0>"));
        QCOMPARE(attr(1, "predicate"), QStringLiteral("bounded<-4, ?>"));
        QCOMPARE(attr(2, "predicate"), QStringLiteral("same_elements<[2, 4]>"));
        QCOMPARE(attr(3, "identities"), QStringLiteral("[0xFF800000 : f32]"));
        QCOMPARE(attr(3, "dim"), QStringLiteral("0"));
        const DecodedOp red = only(m, 3);
        QCOMPARE(red.block(0).instructions.at(0).attribute("propagate_nan").has_value(), true);
        QCOMPARE(red.results(), (std::vector<uint32_t>{5}));
    }

    void decodesHintsAndDebugLocations()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t i32 = mb.scalar(tbc::I32);
        const uint32_t t = mb.tile(i32, {});
        // optimization_hints <sm_100 = {num_cta_in_cga = 2 : i32}>
        const Bytes hints = enc({11, 1, mb.str("sm_100"), 10, 1, mb.str("num_cta_in_cga"), 1, i32, 2});
        const uint32_t file = mb.str("k.py"), dir = mb.str("/src"), name = mb.str("k");
        std::vector<Bytes> records{
            enc({2, file, dir}),              // 1 DIFile
            enc({1, 1}),                      // 2 DICompileUnit
            enc({5, 1, 3, name, name, 2, 4}), // 3 DISubprogram
            enc({3, 3, 1, 5, 2}),             // 4 DILexicalBlock
            enc({4, 3, file, 3, 0}),          // 5 DILoc (function)
            enc({4, 4, file, 7, 9}),          // 6 DILoc in the block
            enc({6, 6, 5}),                   // 7 CallSite
        };
        mb.debug({{5, 7, 0}}, records);
        mb.entry("k", mb.function({t}), tbc::cat({enc({0x44, mb.scalar(tbc::Token)}), enc({0x5C, 0, 0})}), 1, hints);
        const ReadResult r = readModule(mb.build());
        QVERIFY2(r.ok(), r.error.str().c_str());
        const Module &m = *r.module;
        const Function &f = m.functions[0];
        QVERIFY(f.hints);
        QCOMPARE(q(attributeToString(m, Attribute{*f.hints})), QStringLiteral("<sm_100 = {num_cta_in_cga = 2 : i32}>"));
        QCOMPARE(q(f.location.file), QStringLiteral("k.py"));
        QCOMPARE(f.location.line, uint64_t(3));
        QCOMPARE(f.location.scope, uint64_t(3));
        const Location call = only(m, 0).location();
        QCOMPARE(call.line, uint64_t(7));
        QCOMPARE(call.column, uint64_t(9));
        QCOMPARE(call.scope, uint64_t(4));
        QCOMPARE(call.caller, uint64_t(5));
        QVERIFY(!only(m, 1).location().known());
        QCOMPARE(m.debugRecords.size(), size_t(7));
        QCOMPARE(m.debugRecords[2].kind, DIKind::Subprogram);
        QCOMPARE(q(m.debugRecords[2].linkageName), QStringLiteral("k"));
        QVERIFY(q(dump(m)).contains("loc(k.py:7:9)"));
    }
};

QTEST_GUILESS_MAIN(TestBytecodeReader)
#include "tst_bytecode_reader.moc"
