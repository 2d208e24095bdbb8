// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// How the reader stores a function body: compact instruction records, each
// block's instructions contiguous in the pool (entry block first), operands
// and results resolved through the pools, and one location table entry per
// distinct debug location.
#include "support/BytecodeBuilder.h"
#include "support/DecodedOp.h"
#include "tileport/TileIR/Bytecode/Dump.h"
#include "tileport/TileIR/Bytecode/Reader.h"

#include <QTest>

using namespace tileport::tileir::bc;
using tbc::Bytes;
using tbc::DecodedOp;
using tbc::enc;

class TestBytecodeLayout : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void instructionRecordIsCompact()
    {
        // Large modules hold millions of these; the pools carry the rest.
        QVERIFY(sizeof(Instruction) <= 32);
        QVERIFY(sizeof(FunctionBody::AttributeSlot) <= 8);
    }

    void nestedBlocksAreContiguousAfterTheEntryBlock()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
        // for %0.. iter(%0) { (%1, %2): %3 = for %1.. iter(%2) { (%3, %4): continue %4 }; continue %3 }
        // %1 = addi <for result>, %0; return
        const Bytes inner = tbc::cat({enc({0x29, 1, t, 0, 4, 1, 1, 1, 2, 1, 1, 2, t, t, 1}), enc({0x11, 0, 1, 4})});
        const Bytes outer = tbc::cat({enc({0x29, 1, t, 0, 4, 0, 0, 0, 0, 1, 1, 2, t, t, 2}), inner, enc({0x11, 0, 1, 3})});
        const Bytes body = tbc::cat({outer, enc({0x03, t, 0, 1, 0}), enc({0x5C, 0, 0})});
        mb.entry("k", mb.function({t}), body);
        const ReadResult r = readModule(mb.build());
        QVERIFY2(r.ok(), r.error.str().c_str());
        const Module &m = *r.module;
        const Function &f = m.functions.at(0);
        QCOMPARE(f.instructionCount, 6u);
        QCOMPARE(f.body.instructionPool.size(), size_t(6));
        QCOMPARE(f.body.entry().instructions, 0u);
        QCOMPARE(f.body.entry().instructionCount, 3u);

        const tbc::DecodedBlock entry = tbc::decodedBody(m, f);
        QCOMPARE(entry.arguments, (std::vector<uint32_t>{0}));
        QCOMPARE(entry.argumentTypes, (std::vector<uint32_t>{t}));
        const DecodedOp outerFor = entry.instructions.at(0);
        const tbc::DecodedBlock outerBlock = outerFor.block(0);
        QCOMPARE(outerBlock.arguments, (std::vector<uint32_t>{1, 2}));
        QCOMPARE(outerBlock.instructions.size(), size_t(2));
        const DecodedOp innerFor = outerBlock.instructions[0];
        QCOMPARE(innerFor.name(), std::string_view("for"));
        QCOMPARE(innerFor.operands(), (std::vector<uint32_t>{1, 1, 1, 2}));
        QCOMPARE(innerFor.results(), (std::vector<uint32_t>{3}));
        const tbc::DecodedBlock innerBlock = innerFor.block(0);
        QCOMPARE(innerBlock.arguments, (std::vector<uint32_t>{3, 4}));
        QCOMPARE(innerBlock.instructions.size(), size_t(1));
        QCOMPARE(innerBlock.instructions[0].operands(), (std::vector<uint32_t>{4}));
        QCOMPARE(outerBlock.instructions[1].name(), std::string_view("continue"));
        QCOMPARE(outerBlock.instructions[1].operands(), (std::vector<uint32_t>{3}));
        QCOMPARE(outerFor.results(), (std::vector<uint32_t>{1}));
        QCOMPARE(entry.instructions.at(1).operands(), (std::vector<uint32_t>{1, 0}));

        // Each block is one contiguous range; the inner block completes first.
        const auto regions = f.body.regions(*outerFor.inst);
        QCOMPARE(regions.size(), size_t(1));
        const Block &ob = f.body.blocks(regions[0])[0];
        QCOMPARE(ob.instructions, 4u);
        QCOMPARE(ob.instructionCount, 2u);
        const Block &ib = f.body.blocks(f.body.regions(*innerFor.inst)[0])[0];
        QCOMPARE(ib.instructions, 3u);

        // The text dump walks the same tree.
        const QString text = QString::fromStdString(dump(m));
        QVERIFY2(text.contains("%3 = for %1, %1, %1, %2"), qPrintable(text));
        QVERIFY2(text.contains("continue %4"), qPrintable(text));
    }

    void attributesDecodeFromTheirSlots()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
        // addi overflow = 2 (nuw); cmpi predicate 3, signedness 1
        const Bytes body = tbc::cat({enc({0x03, t, 2, 0, 0}), enc({0x0F, mb.tile(mb.scalar(tbc::I1), {}), 3, 1, 0, 1}),
                                     enc({0x5C, 0, 0})});
        mb.entry("k", mb.function({t}), body);
        const ReadResult r = readModule(mb.build());
        QVERIFY2(r.ok(), r.error.str().c_str());
        const Module &m = *r.module;
        const FunctionBody &fb = m.functions.at(0).body;
        const Instruction &add = fb.instructionPool.at(0);
        QCOMPARE(add.attributeCount, uint8_t(1));
        const NamedAttribute ovf = fb.attribute(add, 0);
        QCOMPARE(ovf.name, std::string_view("overflow"));
        QVERIFY(ovf.value.get<EnumAttr>());
        QCOMPARE(ovf.value.get<EnumAttr>()->value, 2u);
        const Instruction &cmp = fb.instructionPool.at(1);
        QCOMPARE(cmp.attributeCount, uint8_t(2));
        QCOMPARE(fb.attribute(cmp, 0).name, std::string_view("comparison_predicate"));
        QCOMPARE(fb.attribute(cmp, 1).name, std::string_view("signedness"));
        const auto sign = fb.attribute(cmp, "signedness");
        QVERIFY(sign && sign->get<EnumAttr>());
        QCOMPARE(sign->get<EnumAttr>()->value, 1u);
        QVERIFY(!fb.attribute(cmp, "overflow"));
        QCOMPARE(fb.operands(cmp).size(), size_t(2));
        QCOMPARE(cmp.firstResult, 2u);
    }

    void rejectsCountsBeyondTheRecord()
    {
        // An if claiming 70000 results (each type ref one byte): the record
        // keeps 16-bit counts, so the reader refuses it at the count.
        tbc::ModuleBuilder mb(3);
        const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
        Bytes body{0x32};
        tbc::vu(body, 70000);
        body.resize(body.size() + 70000, 0);
        body = tbc::cat({body, enc({0x5C, 0, 0})});
        mb.entry("k", mb.function({t}), body);
        const Bytes file = mb.build();
        const ReadResult r = readModule(file);
        QVERIFY(!r.ok());
        QCOMPARE(r.error.offset, uint64_t(mb.bodyOffset(0) + 1));
        QCOMPARE(QString::fromStdString(r.error.message), QStringLiteral("if: 70000 results, at most 65535 are supported"));
    }

    void locationsAreSharedByDebugIndex()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
        const uint32_t file = mb.str("k.py"), dir = mb.str("/src"), name = mb.str("k");
        const std::vector<Bytes> records{
            enc({2, file, dir}),              // 1 DIFile
            enc({1, 1}),                      // 2 DICompileUnit
            enc({5, 1, 3, name, name, 2, 4}), // 3 DISubprogram
            enc({4, 3, file, 3, 0}),          // 4 DILoc (function)
            enc({4, 3, file, 7, 9}),          // 5 DILoc
        };
        // Two instructions at debug index 5, the return without a location.
        mb.debug({{4, 5, 5, 0}}, records);
        const uint32_t tok = mb.scalar(tbc::Token);
        mb.entry("k", mb.function({t}), tbc::cat({enc({0x44, tok}), enc({0x44, tok}), enc({0x5C, 0, 0})}), 1);
        const ReadResult r = readModule(mb.build());
        QVERIFY2(r.ok(), r.error.str().c_str());
        const Module &m = *r.module;
        const auto &pool = m.functions.at(0).body.instructionPool;
        QCOMPARE(pool.size(), size_t(3));
        QVERIFY(pool[0].location != 0);
        QCOMPARE(pool[1].location, pool[0].location);
        QCOMPARE(pool[2].location, 0u);
        QCOMPARE(m.locations.size(), size_t(2)); // the unknown location and index 5
        QCOMPARE(m.location(pool[0]).line, uint64_t(7));
        QCOMPARE(m.location(pool[0]).column, uint64_t(9));
        QCOMPARE(m.location(pool[0]).debugIndex, uint64_t(5));
        QVERIFY(!m.location(pool[2]).known());
    }
};

QTEST_GUILESS_MAIN(TestBytecodeLayout)
#include "tst_bytecode_layout.moc"
