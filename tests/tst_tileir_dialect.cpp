// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The cuda_tile dialect through its C++ API: types and attributes built with
// get()/getChecked(), ops built generically by name with mlir::OperationState
// (as the bytecode importer does), verified, printed in the official syntax,
// and parsed back.

#include "tileport/TileIR/TileIROps.h"

#include <QTest>

#include <mlir/IR/Builders.h>
#include <mlir/IR/Diagnostics.h>
#include <mlir/IR/Verifier.h>
#include <mlir/Parser/Parser.h>

#include <llvm/Support/raw_ostream.h>

#include <string>

using namespace mlir;
using namespace tileport::tileir;

namespace {

std::string print(Operation *op)
{
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    // Top-level ops print with a trailing newline; the expectations omit it.
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    return text;
}

// Collects diagnostics instead of printing them.
struct Diagnostics {
    explicit Diagnostics(MLIRContext &ctx)
        : handler(&ctx, [this](Diagnostic &d) {
              messages += d.str() + "\n";
              return success();
          })
    {
    }
    std::string messages;
    ScopedDiagnosticHandler handler;
};

} // namespace

class TestTileIRDialect : public QObject
{
    Q_OBJECT
private:
    MLIRContext ctx;
    Location loc = UnknownLoc::get(&ctx);

    Operation *build(OpBuilder &b, StringRef name, ValueRange operands, TypeRange results,
                     ArrayRef<NamedAttribute> attrs = {}, unsigned regions = 0)
    {
        OperationState state(loc, name);
        for (unsigned i = 0; i < regions; ++i)
            state.addRegion();
        state.addOperands(operands);
        state.addTypes(results);
        state.addAttributes(attrs);
        return b.create(state);
    }

private Q_SLOTS:
    void initTestCase() { ctx.getOrLoadDialect<CudaTileDialect>(); }

    void typesPrintShortForm()
    {
        Type f32 = Float32Type::get(&ctx);
        auto tile = TileType::get(&ctx, {4, 8}, PointerType::get(&ctx, f32));
        auto tv = TensorViewType::get(&ctx, f32, {ShapedType::kDynamic, 128}, {128, 1});
        auto pv = PartitionViewType::get(&ctx, {64, 64}, tv, {1, 0},
                                         PaddingValueAttr::get(&ctx, PaddingValue::Nan));
        auto gs = GatherScatterViewType::get(&ctx, {16, 64}, tv, 0, nullptr);
        QCOMPARE(tile.getRank(), int64_t(2));
        QCOMPARE(tile.getNumElements(), int64_t(32));
        std::string text;
        llvm::raw_string_ostream os(text);
        os << tile << " " << tv << " " << pv << " " << gs << " " << TokenType::get(&ctx);
        QCOMPARE(QString::fromStdString(text),
                 QStringLiteral("!cuda_tile.tile<4x8xptr<f32>> "
                                "!cuda_tile.tensor_view<?x128xf32, strides=[128,1]> "
                                "!cuda_tile.partition_view<tile=(64x64), padding_value = nan, "
                                "tensor_view<?x128xf32, strides=[128,1]>, dim_map=[1, 0]> "
                                "!cuda_tile.gather_scatter_view<tile=(16x64), "
                                "tensor_view<?x128xf32, strides=[128,1]>, sparse_dim=0> "
                                "!cuda_tile.token"));
    }

    void getCheckedRejectsInvalidTypes()
    {
        Diagnostics diags(ctx);
        Type f32 = Float32Type::get(&ctx);
        auto emit = [&] { return emitError(loc); };
        QVERIFY(!TileType::getChecked(emit, &ctx, {3}, f32));
        QVERIFY(diags.messages.find("powers of two, got 3") != std::string::npos);
        auto tv = TensorViewType::get(&ctx, f32, {16}, {1});
        QVERIFY(!PartitionViewType::getChecked(emit, &ctx, {4, 4}, tv, {0, 1}, nullptr));
        QVERIFY(diags.messages.find("tile rank 2 does not match the tensor_view rank 1")
                != std::string::npos);
        QVERIFY(!TensorViewType::getChecked(emit, &ctx, f32, {16, 16}, {1}));
    }

    // What a bytecode importer does: ops by name, ODS attribute names,
    // operandSegmentSizes for segmented ops, then verification.
    void genericallyBuiltModuleVerifiesAndPrints()
    {
        OpBuilder b(&ctx);
        Type i32 = IntegerType::get(&ctx, 32), f32 = Float32Type::get(&ctx);
        auto scalarI32 = TileType::get(&ctx, {}, i32);
        auto ptr = TileType::get(&ctx, {}, PointerType::get(&ctx, f32));
        auto tile = TileType::get(&ctx, {16}, f32);
        auto tv = TensorViewType::get(&ctx, f32, {ShapedType::kDynamic}, {1});
        auto pv = PartitionViewType::get(&ctx, {16}, tv, {0}, nullptr);
        auto token = TokenType::get(&ctx);

        auto module = tileport::tileir::ModuleOp::create(b, loc, "kernels");
        b.setInsertionPointToEnd(&module.getBody().front());
        Operation *entry = build(b, "cuda_tile.entry", {}, {},
                                 {b.getNamedAttr("sym_name", b.getStringAttr("k")),
                                  b.getNamedAttr("function_type",
                                                 TypeAttr::get(b.getFunctionType({ptr, scalarI32}, {})))},
                                 /*regions=*/1);
        Block *body = new Block();
        entry->getRegion(0).push_back(body);
        Value base = body->addArgument(ptr, loc), n = body->addArgument(scalarI32, loc);
        b.setInsertionPointToEnd(body);

        Operation *view = build(b, "cuda_tile.make_tensor_view", {base, n}, {tv},
                                {b.getNamedAttr("operandSegmentSizes", b.getDenseI32ArrayAttr({1, 1, 0}))});
        Operation *part = build(b, "cuda_tile.make_partition_view", view->getResults(), {pv});
        Operation *load = build(
            b, "cuda_tile.load_view_tko", {part->getResult(0), n}, {tile, token},
            {b.getNamedAttr("memory_ordering_semantics",
                            MemoryOrderingSemanticsAttr::get(&ctx, MemoryOrderingSemantics::Relaxed)),
             b.getNamedAttr("memory_scope", MemoryScopeAttr::get(&ctx, MemoryScope::Device)),
             b.getNamedAttr("operandSegmentSizes", b.getDenseI32ArrayAttr({1, 1, 0}))});
        Value t = load->getResult(0);
        Operation *sum = build(b, "cuda_tile.addf", {t, t}, {tile},
                               {b.getNamedAttr("rounding_mode", RoundingModeAttr::get(&ctx, RoundingMode::Zero)),
                                b.getNamedAttr("flush_to_zero", b.getUnitAttr())});
        build(b, "cuda_tile.store_view_tko", {sum->getResult(0), part->getResult(0), n, load->getResult(1)},
              {token},
              {b.getNamedAttr("memory_ordering_semantics",
                              MemoryOrderingSemanticsAttr::get(&ctx, MemoryOrderingSemantics::Weak)),
               b.getNamedAttr("operandSegmentSizes", b.getDenseI32ArrayAttr({1, 1, 1, 1}))});
        build(b, "cuda_tile.return", {}, {});

        QVERIFY(succeeded(verify(module)));
        auto addf = cast<AddFOp>(sum);
        QCOMPARE(addf.getRoundingMode(), RoundingMode::Zero);
        QVERIFY(addf.getFlushToZero());
        QCOMPARE(cast<LoadViewTkoOp>(load).getMemoryScope(), std::optional(MemoryScope::Device));

        const std::string expected =
            "cuda_tile.module @kernels {\n"
            "  entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) {\n"
            "    %tview = make_tensor_view %arg0, shape = [%arg1], strides = [1] : tile<i32> -> "
            "tensor_view<?xf32, strides=[1]>\n"
            "    %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<?xf32, "
            "strides=[1]>>\n"
            "    %tile, %result_token = load_view_tko relaxed device %pview[%arg1] : "
            "partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token\n"
            "    %0 = addf %tile, %tile rounding<zero> flush_to_zero : tile<16xf32>\n"
            "    %1 = store_view_tko weak %0, %pview[%arg1] token = %result_token : tile<16xf32>, "
            "partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token\n"
            "    return\n"
            "  }\n"
            "}";
        QCOMPARE(QString::fromStdString(print(module)), QString::fromStdString(expected));

        // The printed text parses back to the same module.
        OwningOpRef<Operation *> reparsed = parseSourceString(expected, ParserConfig(&ctx));
        QVERIFY(reparsed);
        QVERIFY(isa<tileport::tileir::ModuleOp>(reparsed.get()));
        QCOMPARE(QString::fromStdString(print(reparsed.get())), QString::fromStdString(expected));
        module->erase();
    }

    void missingRequiredAttributeFailsVerification()
    {
        Diagnostics diags(ctx);
        OpBuilder b(&ctx);
        auto tile = TileType::get(&ctx, {4}, Float32Type::get(&ctx));
        Block block;
        Value a = block.addArgument(tile, loc);
        b.setInsertionPointToEnd(&block);
        Operation *op = build(b, "cuda_tile.addf", {a, a}, {tile});
        QVERIFY(failed(verify(op)));
        QVERIFY2(diags.messages.find("requires attribute 'rounding_mode'") != std::string::npos,
                 diags.messages.c_str());
        op->erase();
    }

    void wrongSegmentSizesFailVerification()
    {
        Diagnostics diags(ctx);
        OpBuilder b(&ctx);
        Type f32 = Float32Type::get(&ctx);
        auto ptr = TileType::get(&ctx, {}, PointerType::get(&ctx, f32));
        auto tv = TensorViewType::get(&ctx, f32, {16}, {1});
        Block block;
        Value base = block.addArgument(ptr, loc);
        b.setInsertionPointToEnd(&block);
        Operation *op = build(b, "cuda_tile.make_tensor_view", {base}, {tv},
                              {b.getNamedAttr("operandSegmentSizes", b.getDenseI32ArrayAttr({1, 1, 0}))});
        QVERIFY(failed(verify(op)));
        QVERIFY2(diags.messages.find("operandSegmentSizes") != std::string::npos, diags.messages.c_str());
        op->erase();
    }

    void enumsRoundTripThroughStrings()
    {
        QCOMPARE(stringifyRoundingMode(RoundingMode::NearestIntToZero).str(), std::string("nearest_int_to_zero"));
        QCOMPARE(symbolizeAtomicRMWMode("umax"), std::optional(AtomicRMWMode::UMax));
        QCOMPARE(static_cast<int>(MemoryOrderingSemantics::AcqRel), 4);
        QCOMPARE(static_cast<int>(PaddingValue::NegInf), 4);
        QVERIFY(!symbolizeSignedness("sined").has_value());
    }
};

QTEST_GUILESS_MAIN(TestTileIRDialect)
#include "tst_tileir_dialect.moc"
