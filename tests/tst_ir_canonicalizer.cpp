// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The Tile IR canonicalizer: on the official cuda_tile syntax with the
// dialect loaded, on IR in MLIR's generic form without it (the OpTable path:
// value naming, constant hoisting, CSE/DCE, attribute defaults), and on
// another registered dialect (arith/func).
#include "support/IrTestUtil.h"

#include "tileport/TileIR/Diff/IrText.h"
#include "tileport/TileIR/Diff/OpAttributes.h"
#include "tileport/TileIR/Diff/OpTable.h"
#include "tileport/TileIR/Diff/SourceLoc.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>

#include <QTest>

namespace td = tileport::tileir::diff;
using irtest::countOf;

namespace {

const std::string I32 = "!cuda_tile.tile<i32>";
const std::string F32x4 = "!cuda_tile.tile<4xf32>";

// One entry `@k` with the given arguments and body inside a cuda_tile.module.
std::string kernel(const std::string &args, const std::string &body, const std::string &moduleAttrs = "")
{
    return "\"cuda_tile.module\"() <{sym_name = \"kernels\"" + moduleAttrs + "}> ({\n"
           "  \"cuda_tile.entry\"() <{sym_name = \"k\"}> ({\n  ^bb0(" + args + "):\n" + body +
           "    \"cuda_tile.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n";
}

std::string constant(const std::string &name, const std::string &value, const std::string &type)
{
    return "    " + name + " = \"cuda_tile.constant\"() <{value = " + value + "}> : () -> " + type + "\n";
}

// A side-effecting use that keeps a value alive.
std::string sink(const std::string &value, const std::string &type)
{
    return "    \"cuda_tile.print_tko\"(" + value + ") <{str = \"v\"}> : (" + type + ") -> !cuda_tile.token\n";
}

std::string binary(const std::string &result, const std::string &op, const std::string &a, const std::string &b,
                   const std::string &type, const std::string &props = "")
{
    return "    " + result + " = \"cuda_tile." + op + "\"(" + a + ", " + b + ")" + (props.empty() ? "" : " <{" + props + "}>") +
           " : (" + type + ", " + type + ") -> " + type + "\n";
}

std::vector<mlir::Operation *> opsNamed(mlir::ModuleOp m, llvm::StringRef mnemonic)
{
    std::vector<mlir::Operation *> out;
    m->walk([&](mlir::Operation *op) {
        if (td::mnemonicOf(op) == mnemonic)
            out.push_back(op);
    });
    return out;
}

mlir::Block &entryBody(mlir::ModuleOp m)
{
    return opsNamed(m, "entry").front()->getRegion(0).front();
}

} // namespace

class TestIrCanonicalizer : public QObject
{
    Q_OBJECT

    // The dialect loaded, as the CLI does.
    mlir::MLIRContext dialect_;
    // No dialect: cuda_tile ops stay unregistered (generic form only).
    mlir::MLIRContext ctx_;

private Q_SLOTS:
    void initTestCase()
    {
        td::configureContext(dialect_);
        ctx_.allowUnregisteredDialects();
    }

    void officialDumpsCompareEqual()
    {
        // The printer's own names and constant placement against ours.
        const std::string ref = irtest::fixture("kernel_ref.mlir");
        std::string other = irtest::edit(ref, "%acc0", "%cst_0_f32");
        other = irtest::edit(other, "%row", "%0");
        other = irtest::edit(other, "%four", "%cst_4_i32");
        const std::string oneLine = "    %one = constant <i32: 1> : tile<i32> loc(\"kernel.py\":23:17)\n";
        other = irtest::edit(other, oneLine, "");
        other = irtest::edit(other, "    %pa = assume", oneLine + "    %pa = assume");
        QVERIFY(!other.empty());
        auto a = irtest::load(dialect_, ref);
        auto b = irtest::load(dialect_, other);
        QVERIFY(a && b);
        QVERIFY(a->getBody()->front().isRegistered()); // the dialect parsed it
        const std::string ta = irtest::canonicalText(*a);
        QCOMPARE(QString::fromStdString(irtest::canonicalText(*b)), QString::fromStdString(ta));
        // Printed in the official syntax with canonical names.
        QVERIFY2(llvm::StringRef(ta).starts_with("cuda_tile.module @kernels {"), ta.c_str());
        QVERIFY2(ta.find("    %v0 = constant <f32: 0.000000e+00> : tile<64x64xf32>\n"
                         "    %v1 = constant <i32: 0> : tile<i32>\n"
                         "    %v2 = constant <i32: 1> : tile<i32>\n"
                         "    %v3 = constant <i32: 4> : tile<i32>\n") != std::string::npos,
                 ta.c_str());
        QVERIFY2(ta.find("%v16 = for %arg5 in (%v1 to %v15, step %v2) : tile<i32> iter_values(%arg6 = %v0)") != std::string::npos,
                 ta.c_str());
        QVERIFY(ta.find("%cst") == std::string::npos && ta.find("%tview") == std::string::npos);
    }

    void officialDefaultsProducerAndLocations()
    {
        auto m = irtest::load(dialect_, irtest::fixture("kernel_ref.mlir"));
        QVERIFY(m);
        // The dialect keeps defaults as attributes (rounding<zero> on divi,
        // rounding<nearest_even> on mulf/addf); the canonical text omits them
        // and comparisons skip them.
        mlir::Operation *divi = opsNamed(*m, "divi").front();
        QCOMPARE(td::attrText(td::findAttribute(divi, "rounding")), std::string("rounding<zero>"));
        const std::string t = irtest::canonicalText(*m);
        QVERIFY(t.find("rounding<zero>") == std::string::npos && t.find("nearest_even") == std::string::npos);
        td::TextCache texts;
        for (const mlir::NamedAttribute &a : td::comparableAttributes(opsNamed(*m, "divi").front(), texts))
            QVERIFY(a.getName() != "rounding");
        QVERIFY(t.find("mulf %v20, %v22  flush_to_zero : tile<64x64xf32>") != std::string::npos ||
                t.find("mulf %v20, %v22 flush_to_zero : tile<64x64xf32>") != std::string::npos);
        QCOMPARE(td::attrText(td::findAttribute(opsNamed(*m, "exp").front(), "rounding_mode")), std::string("rounding<approx>"));
        QVERIFY(t.find("producer") == std::string::npos);
        QCOMPARE(countOf(t, " constant <"), size_t(4)); // five written, the in-loop zero merged
        QVERIFY(t.find("loc(") == std::string::npos); // not printed ...
        // ... but kept on the ops for reports, wrappers unwrapped.
        QCOMPARE(td::SourceLoc::of(opsNamed(*m, "exp").front()->getLoc()).str(), std::string("kernel.py:30:9"));  // NameLoc
        QCOMPARE(td::SourceLoc::of(opsNamed(*m, "mulf").front()->getLoc()).str(), std::string("kernel.py:31:9")); // CallSiteLoc
        QCOMPARE(td::SourceLoc::of(opsNamed(*m, "mmaf").front()->getLoc()).str(), std::string("kernel.py:28:13")); // FusedLoc
    }

    void officialCseMatchesMlirCse()
    {
        // Duplicate loads stay, duplicate arithmetic goes, with or without
        // MLIR's own CSE in front of ours.
        const std::string text = R"(
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>
    %a, %t1 = load_view_tko weak %pv[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %b, %t2 = load_view_tko weak %pv[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %s = addf %a, %b : tile<16xf32>
    %s2 = addf %a, %b : tile<16xf32>
    %m = mulf %s, %s2 : tile<16xf32>
    %t3 = store_view_tko weak %m, %pv[%i] : tile<16xf32>, partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
)";
        for (const std::string &input : {text, irtest::fixture("kernel_ref.mlir")}) {
            auto ours = irtest::load(dialect_, input);
            auto both = irtest::load(dialect_, input);
            QVERIFY(ours && both);
            td::CanonicalizeOptions withMlirCse;
            withMlirCse.mlirCse = true;
            withMlirCse.verify = true;
            QVERIFY(mlir::succeeded(td::canonicalize(*both, withMlirCse)));
            std::string bothText;
            llvm::raw_string_ostream os(bothText);
            td::printCanonical(*both, os);
            QCOMPARE(QString::fromStdString(irtest::canonicalText(*ours)), QString::fromStdString(bothText));
            if (input == text) {
                QCOMPARE(opsNamed(*ours, "load_view_tko").size(), size_t(2));
                QCOMPARE(opsNamed(*ours, "addf").size(), size_t(1));
            }
        }
    }

    void officialFormIsAFixedPoint()
    {
        auto m = irtest::load(dialect_, irtest::fixture("kernel_ref.mlir"));
        QVERIFY(m);
        const std::string once = irtest::canonicalText(*m);
        auto again = irtest::load(dialect_, once, "canonical.mlir");
        QVERIFY(again);
        QCOMPARE(QString::fromStdString(irtest::canonicalText(*again)), QString::fromStdString(once));
    }

    void renamesValuesByDefinitionOrder()
    {
        // Same computation, different names and a different place for the constant.
        const std::string a = kernel("%n: " + I32, constant("%one", "dense<1> : tensor<i32>", I32) +
                                                       binary("%sum", "addi", "%n", "%one", I32) + sink("%sum", I32));
        const std::string b = kernel("%arg_count: " + I32, binary("%0", "muli", "%arg_count", "%arg_count", I32) +
                                                               constant("%cst_1_i32", "dense<1> : tensor<i32>", I32) +
                                                               binary("%t", "addi", "%arg_count", "%cst_1_i32", I32) +
                                                               sink("%t", I32));
        auto ma = irtest::load(ctx_, a);
        auto mb = irtest::load(ctx_, b);
        QVERIFY(ma && mb);
        const std::string ta = irtest::canonicalText(*ma);
        const std::string tb = irtest::canonicalText(*mb);
        QCOMPARE(QString::fromStdString(ta), QString::fromStdString(tb)); // the unused muli is gone
        QVERIFY(ta.find("%v0 = \"cuda_tile.constant\"") != std::string::npos);
        QVERIFY(ta.find("%v1 = \"cuda_tile.addi\"(%arg0, %v0)") != std::string::npos);
        QVERIFY(ta.find("%one") == std::string::npos && tb.find("%cst_1_i32") == std::string::npos);
        // The parser's builtin wrapper is not printed.
        QVERIFY(llvm::StringRef(ta).starts_with("\"cuda_tile.module\""));
    }

    void numbersNestedRegionsInPrintOrder()
    {
        const std::string body = constant("%z", "dense<0> : tensor<i32>", I32) +
                                 "    %r = \"cuda_tile.for\"(%z, %n, %z, %n) ({\n"
                                 "    ^bb0(%iv: " + I32 + ", %acc: " + I32 + "):\n" +
                                 binary("%s", "addi", "%acc", "%iv", I32) +
                                 "      \"cuda_tile.continue\"(%s) : (" + I32 + ") -> ()\n"
                                 "    }) : (" + I32 + ", " + I32 + ", " + I32 + ", " + I32 + ") -> " + I32 + "\n" +
                                 binary("%after", "muli", "%r", "%r", I32) + sink("%after", I32);
        auto m = irtest::load(ctx_, kernel("%n: " + I32, body));
        QVERIFY(m);
        const std::string t = irtest::canonicalText(*m);
        // for = %v1, its body's addi = %v2 (nested region continues the count),
        // block arguments %arg1/%arg2 follow the entry's %arg0, muli = %v3.
        QVERIFY2(t.find("%v1 = \"cuda_tile.for\"(%v0, %arg0, %v0, %arg0)") != std::string::npos, t.c_str());
        QVERIFY2(t.find("^bb0(%arg1: !cuda_tile.tile<i32>, %arg2: !cuda_tile.tile<i32>):") != std::string::npos, t.c_str());
        QVERIFY2(t.find("%v2 = \"cuda_tile.addi\"(%arg2, %arg1)") != std::string::npos, t.c_str());
        QVERIFY2(t.find("%v3 = \"cuda_tile.muli\"(%v1, %v1)") != std::string::npos, t.c_str());
    }

    void hoistsMergesAndSortsConstants()
    {
        // Constants in a loop body, duplicated and in no particular order.
        const std::string body = constant("%c7", "dense<7> : tensor<i32>", I32) +
                                 "    %r = \"cuda_tile.for\"(%c7, %n, %c7, %n) ({\n"
                                 "    ^bb0(%iv: " + I32 + ", %acc: " + I32 + "):\n" +
                                 constant("%half", "dense<5.000000e-01> : tensor<4xf32>", F32x4) +
                                 constant("%c2", "dense<2> : tensor<i32>", I32) +
                                 constant("%c7b", "dense<7> : tensor<i32>", I32) +
                                 binary("%s", "addi", "%acc", "%c2", I32) + binary("%s2", "addi", "%s", "%c7b", I32) +
                                 sink("%half", F32x4) +
                                 "      \"cuda_tile.continue\"(%s2) : (" + I32 + ") -> ()\n"
                                 "    }) : (" + I32 + ", " + I32 + ", " + I32 + ", " + I32 + ") -> " + I32 + "\n" +
                                 sink("%r", I32);
        auto m = irtest::load(ctx_, kernel("%n: " + I32, body));
        QVERIFY(m);
        const std::string t = irtest::canonicalText(*m);
        QCOMPARE(countOf(t, "cuda_tile.constant"), size_t(3)); // the two 7s merged
        // The entry block starts with the constants, sorted by (type, value).
        std::vector<std::string> firstValues;
        for (mlir::Operation &op : entryBody(*m)) {
            if (td::mnemonicOf(&op) != "constant")
                break;
            firstValues.push_back(td::attrText(td::findAttribute(&op, "value")));
        }
        QCOMPARE(firstValues, (std::vector<std::string>{"dense<5.000000e-01> : tensor<4xf32>", "dense<2> : tensor<i32>",
                                                         "dense<7> : tensor<i32>"}));
        // Nothing is left inside the loop but the arithmetic.
        QVERIFY(opsNamed(*m, "for").front()->walk([](mlir::Operation *op) {
                    return td::mnemonicOf(op) == "constant" ? mlir::WalkResult::interrupt() : mlir::WalkResult::advance();
                }).wasInterrupted() == false);
    }

    void cseMergesPureOpsAcrossRegions()
    {
        const std::string view = "!cuda_tile.partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>";
        const std::string body =
            "    %b0, %b1, %b2 = \"cuda_tile.get_tile_block_id\"() : () -> (" + I32 + ", " + I32 + ", " + I32 + ")\n"
            "    %c0, %c1, %c2 = \"cuda_tile.get_tile_block_id\"() : () -> (" + I32 + ", " + I32 + ", " + I32 + ")\n" +
            // Equal once the default overflow<none> is dropped.
            binary("%x", "addi", "%b0", "%n", I32, "overflow = #cuda_tile.overflow<none>") + binary("%y", "addi", "%c0", "%n", I32) +
            "    %l0, %t0 = \"cuda_tile.load_view_tko\"(%v, %x) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (" +
            view + ", " + I32 + ") -> (" + F32x4 + ", !cuda_tile.token)\n"
            "    %l1, %t1 = \"cuda_tile.load_view_tko\"(%v, %y) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (" +
            view + ", " + I32 + ") -> (" + F32x4 + ", !cuda_tile.token)\n"
            "    \"cuda_tile.for\"(%n, %n, %n) ({\n"
            "    ^bb0(%iv: " + I32 + "):\n" + binary("%inner", "addi", "%b0", "%n", I32) + sink("%inner", I32) +
            "      \"cuda_tile.continue\"() : () -> ()\n"
            "    }) : (" + I32 + ", " + I32 + ", " + I32 + ") -> ()\n" +
            sink("%l0", F32x4) + sink("%l1", F32x4);
        auto m = irtest::load(ctx_, kernel("%n: " + I32 + ", %v: " + view, body));
        QVERIFY(m);
        irtest::canonicalText(*m);
        QCOMPARE(opsNamed(*m, "get_tile_block_id").size(), size_t(1));
        QCOMPARE(opsNamed(*m, "addi").size(), size_t(1)); // %y and the loop's copy fold into %x
        QCOMPARE(opsNamed(*m, "load_view_tko").size(), size_t(2)); // memory ops are never merged
        auto loads = opsNamed(*m, "load_view_tko");
        QCOMPARE(loads[0]->getOperand(1), loads[1]->getOperand(1));
    }

    void dceRemovesUnusedPureOpsOnly()
    {
        const std::string body =
            binary("%a", "addi", "%n", "%n", I32) + binary("%b", "muli", "%a", "%a", I32) + // dead chain
            "    %p = \"cuda_tile.assume\"(%n) <{predicate = #cuda_tile.div_by<4>}> : (" + I32 + ") -> " + I32 + "\n" +
            "    %red = \"cuda_tile.reduce\"(%f) <{dim = 0 : i32, identities = [0.000000e+00 : f32]}> ({\n"
            "    ^bb0(%x: !cuda_tile.tile<f32>, %y: !cuda_tile.tile<f32>):\n"
            "      %s = \"cuda_tile.addf\"(%x, %y) : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>\n"
            "      \"cuda_tile.yield\"(%s) : (!cuda_tile.tile<f32>) -> ()\n"
            "    }) : (" + F32x4 + ") -> !cuda_tile.tile<f32>\n"
            "    %loop = \"cuda_tile.for\"(%n, %n, %n, %n) ({\n"
            "    ^bb0(%iv: " + I32 + ", %acc: " + I32 + "):\n"
            "      \"cuda_tile.continue\"(%acc) : (" + I32 + ") -> ()\n"
            "    }) : (" + I32 + ", " + I32 + ", " + I32 + ", " + I32 + ") -> " + I32 + "\n" +
            "    %tok = \"cuda_tile.print_tko\"(%n) <{str = \"kept\"}> : (" + I32 + ") -> !cuda_tile.token\n";
        auto m = irtest::load(ctx_, kernel("%n: " + I32 + ", %f: " + F32x4, body));
        QVERIFY(m);
        irtest::canonicalText(*m);
        QVERIFY(opsNamed(*m, "addi").empty());
        QVERIFY(opsNamed(*m, "muli").empty());
        QVERIFY(opsNamed(*m, "reduce").empty()); // pure body, unused result
        QCOMPARE(opsNamed(*m, "assume").size(), size_t(1));    // not Pure in the dialect
        QCOMPARE(opsNamed(*m, "for").size(), size_t(1));       // its continue has effects
        QCOMPARE(opsNamed(*m, "print_tko").size(), size_t(1)); // side effect, unused token
    }

    void dropsDefaultAttributes_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("attr");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("dropped");
        auto row = [](const char *op, const char *attr, const char *value, bool dropped) {
            QTest::addRow("%s %s=%s", op, attr, value)
                << QString::fromLatin1(op) << QString::fromLatin1(attr) << QString::fromLatin1(value) << dropped;
        };
        row("addi", "overflow", "#cuda_tile.overflow<none>", true);
        row("addi", "overflow", "#cuda_tile.overflow<no_signed_wrap>", false);
        row("muli", "overflow", "#cuda_tile.overflow<none>", true);
        row("addf", "rounding_mode", "#cuda_tile.rounding<nearest_even>", true);
        row("addf", "rounding_mode", "#cuda_tile.rounding<zero>", false);
        row("divf", "rounding_mode", "#cuda_tile.rounding<nearest_even>", true);
        row("divf", "rounding_mode", "#cuda_tile.rounding<approx>", false);
        row("divi", "rounding", "#cuda_tile.rounding<zero>", true);
        row("divi", "rounding", "#cuda_tile.rounding<positive_inf>", false);
        row("addf", "optimization_hints", "#cuda_tile.optimization_hints<>", false); // not an addf attribute
    }

    void dropsDefaultAttributes()
    {
        QFETCH(QString, op);
        QFETCH(QString, attr);
        QFETCH(QString, value);
        QFETCH(bool, dropped);
        const bool isInt = op.endsWith(QLatin1Char('i'));
        const std::string type = isInt ? I32 : F32x4;
        std::string props = attr.toStdString() + " = " + value.toStdString();
        if (op == QLatin1String("divi"))
            props += ", signedness = #cuda_tile.signedness<signed>";
        auto m = irtest::load(ctx_, kernel("%a: " + type, binary("%r", op.toStdString(), "%a", "%a", type, props) + sink("%r", type)));
        QVERIFY(m);
        irtest::canonicalText(*m);
        mlir::Operation *target = opsNamed(*m, op.toStdString()).front();
        QCOMPARE(!td::findAttribute(target, attr.toStdString()), dropped);
        if (op == QLatin1String("divi"))
            QVERIFY(td::findAttribute(target, "signedness")); // no default: always kept
    }

    void dropsDefaultsOfMathAndMemoryOps()
    {
        const std::string view = "!cuda_tile.partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>";
        const std::string body =
            "    %e = \"cuda_tile.exp\"(%f) <{rounding_mode = #cuda_tile.rounding<full>}> : (" + F32x4 + ") -> " + F32x4 + "\n"
            "    %e2 = \"cuda_tile.tanh\"(%e) <{rounding_mode = #cuda_tile.rounding<approx>}> : (" + F32x4 + ") -> " + F32x4 + "\n"
            "    %l, %t = \"cuda_tile.load_view_tko\"(%v, %n) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, optimization_hints = #cuda_tile.optimization_hints<>}> : (" +
            view + ", " + I32 + ") -> (" + F32x4 + ", !cuda_tile.token)\n"
            "    %l2, %t2 = \"cuda_tile.load_view_tko\"(%v, %n) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, optimization_hints = #cuda_tile.optimization_hints<sm_100 = {allow_tma = true}>}> : (" +
            view + ", " + I32 + ") -> (" + F32x4 + ", !cuda_tile.token)\n" +
            sink("%e2", F32x4) + sink("%l", F32x4) + sink("%l2", F32x4);
        auto m = irtest::load(ctx_, kernel("%f: " + F32x4 + ", %n: " + I32 + ", %v: " + view, body));
        QVERIFY(m);
        irtest::canonicalText(*m);
        QVERIFY(!td::findAttribute(opsNamed(*m, "exp").front(), "rounding_mode"));
        QCOMPARE(td::attrText(td::findAttribute(opsNamed(*m, "tanh").front(), "rounding_mode")), std::string("rounding<approx>"));
        auto loads = opsNamed(*m, "load_view_tko");
        QVERIFY(!td::findAttribute(loads[0], "optimization_hints"));
        QVERIFY(td::findAttribute(loads[1], "optimization_hints"));
        QVERIFY(td::findAttribute(loads[0], "memory_ordering_semantics")); // `weak` is not a printer default
    }

    void genericStripsProducerAndKeepsLocations()
    {
        auto m = irtest::load(ctx_, irtest::fixture("kernel_ref_generic.mlir"));
        QVERIFY(m);
        const std::string t = irtest::canonicalText(*m);
        QVERIFY(t.find("producer") == std::string::npos);
        QVERIFY(t.find("sym_name = \"kernels\"") != std::string::npos);
        QVERIFY(t.find("loc(") == std::string::npos); // not printed ...
        // ... but kept on the ops for reports, wrappers unwrapped.
        QCOMPARE(td::SourceLoc::of(opsNamed(*m, "exp").front()->getLoc()).str(), std::string("kernel.py:30:9"));  // NameLoc
        QCOMPARE(td::SourceLoc::of(opsNamed(*m, "mulf").front()->getLoc()).str(), std::string("kernel.py:31:9")); // CallSiteLoc
        QCOMPARE(td::SourceLoc::of(opsNamed(*m, "mmaf").front()->getLoc()).str(), std::string("kernel.py:28:13")); // FusedLoc
        // The merged in-loop zero keeps the location of the first copy.
        for (mlir::Operation *c : opsNamed(*m, "constant"))
            if (td::attrText(td::findAttribute(c, "value")) == "dense<0> : tensor<i32>")
                QCOMPARE(td::SourceLoc::of(c->getLoc()).str(), std::string("kernel.py:23:14"));
    }

    void genericFormIsAFixedPoint()
    {
        auto m = irtest::load(ctx_, irtest::fixture("kernel_ref_generic.mlir"));
        QVERIFY(m);
        const std::string once = irtest::canonicalText(*m);
        auto again = irtest::load(ctx_, once, "canonical.mlir");
        QVERIFY(again);
        QCOMPARE(QString::fromStdString(irtest::canonicalText(*again)), QString::fromStdString(once));
        QCOMPARE(countOf(once, "cuda_tile.constant"), size_t(4)); // five written, the in-loop zero merged
    }

    void normalizesTypeSpellings()
    {
        QCOMPARE(td::normalizeTypeText("!cuda_tile.partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[?, 1]>, dim_map=[0, 1]>"),
                 std::string("partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[?,1]>>"));
        QCOMPARE(td::normalizeTypeText("!cuda_tile.partition_view<tile=(4x8), tensor_view<8x4xf32, strides=[4,1]>, dim_map=[1, 0]>"),
                 std::string("partition_view<tile=(4x8), tensor_view<8x4xf32, strides=[4,1]>, dim_map=[1,0]>"));
        QCOMPARE(td::normalizeTypeText("!cuda_tile.tile<8x!cuda_tile.ptr<f32>>"), std::string("tile<8xptr<f32>>"));
    }

    void opTableIsConsistent()
    {
        std::set<std::string> names;
        for (const td::OpInfo &info : td::allOps()) {
            QVERIFY2(names.insert(info.mnemonic.str()).second, info.mnemonic.data());
            QCOMPARE(td::lookupOp("cuda_tile." + info.mnemonic.str()), &info);
            // An op with defaults must be one the printer knows attributes of.
            for (const td::AttrDefault &d : info.defaults)
                QVERIFY(!d.name.empty() && !d.value.empty());
        }
        QCOMPARE(names.size(), size_t(105)); // every public op (tileir-format.md §3; 13.4 adds five)
        QVERIFY(td::lookupOp("cuda_tile.exp")->countClass == td::CountClass::Critical);
        QVERIFY(td::lookupOp("cuda_tile.addf")->countClass == td::CountClass::FloatArith);
        QVERIFY(!td::lookupOp("arith.addf"));
    }

    void registeredDialectOpsUseMlirTraits()
    {
        mlir::MLIRContext ctx;
        ctx.loadDialect<mlir::arith::ArithDialect, mlir::func::FuncDialect>();
        const std::string text = R"(
func.func @f(%a: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %x = arith.addi %a, %c3 : i32
  %dead = arith.muli %a, %a : i32
  %c1 = arith.constant 1 : i32
  %y = arith.addi %a, %c3 : i32
  %z = arith.addi %x, %y : i32
  %w = arith.addi %z, %c1 : i32
  return %w : i32
}
)";
        auto m = irtest::load(ctx, text);
        QVERIFY(m);
        const std::string t = irtest::canonicalText(*m);
        QCOMPARE(countOf(t, "arith.muli"), size_t(0));
        QCOMPARE(countOf(t, "arith.addi"), size_t(3)); // %y merged into %x
        // Constants first, sorted by value; names come from our numbering.
        QVERIFY2(t.find("%v0 = arith.constant 1 : i32\n  %v1 = arith.constant 3 : i32") != std::string::npos, t.c_str());
    }
};

QTEST_GUILESS_MAIN(TestIrCanonicalizer)
#include "tst_ir_canonicalizer.moc"
