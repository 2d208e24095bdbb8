// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Bytecode -> cuda_tile dialect import on real compiler output generated at
// test time (cuTile Python 13.1-13.4, the cuTile Rust probe 13.2-13.3): every
// file imports, verifies and prints in the official syntax that parses back
// unchanged; debug locations point at the kernel sources; equivalent kernels
// from the two compilers diff without critical findings, different ones fail.
#include "support/BytecodeBuilder.h"
#include "support/RealCompilers.h"
#include "support/SourceLines.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Import/BytecodeImport.h"

#include <QFile>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <mlir/IR/Location.h>

#include <llvm/Support/raw_ostream.h>

using namespace tileport;
namespace td = tileport::tileir::diff;


namespace {

const QString kPythonDir = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/python/");
const QString kRustSource = QStringLiteral(TILEPORT_SOURCE_DIR "/resources/rust/tileport-probe/src/lib.rs");

using testing::lineOf;

std::string printTop(mlir::ModuleOp m)
{
    std::string text;
    llvm::raw_string_ostream os(text);
    for (mlir::Operation &op : m.getBody()->getOperations())
        op.print(os);
    return text;
}

// The first op named `name` (e.g. "cuda_tile.addf") in the module.
mlir::Operation *firstOp(mlir::ModuleOp m, llvm::StringRef name)
{
    mlir::Operation *found = nullptr;
    m.walk([&](mlir::Operation *op) {
        if (!found && op->getName().getStringRef() == name)
            found = op;
    });
    return found;
}

std::string trimmed(std::string s)
{
    while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
        s.pop_back();
    return s;
}

// tests/fixtures/python/v134_kernels.py's v134_insert as cuTile Python 1.7
// exports it at 13.4, imported.
const char *const kInsertKernelText =
    R"(cuda_tile.module @kernels {
  entry @v134_insert_Kt2_A2f32_1v4l0_2t1_3i16_p16_A2f32_1v4l0_2t1_3i16_p16_I16_I32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
    %assume_0 = assume div_by<16>, %arg1 : tile<i32>
    %assume_1 = assume div_by<16>, %arg2 : tile<i32>
    %assume_2 = assume div_by<4>, %arg3 : tile<i32>
    %assume_3 = assume div_by<16>, %arg5 : tile<ptr<f32>>
    %assume_4 = assume div_by<16>, %arg6 : tile<i32>
    %assume_5 = assume div_by<16>, %arg7 : tile<i32>
    %assume_6 = assume div_by<4>, %arg8 : tile<i32>
    %cst_1_i32 = constant <i32: 1> : tile<i32>
    %cst_1_i32_7 = constant <i32: 1> : tile<i32>
    %assume_assume = assume bounded<0, ?>, %assume_0 : tile<i32>
    %assume_assume_assume = assume div_by<16>, %assume_assume : tile<i32>
    %assume_assume_8 = assume bounded<0, ?>, %assume_1 : tile<i32>
    %assume_assume_assume_9 = assume div_by<16>, %assume_assume_8 : tile<i32>
    %assume_assume_10 = assume bounded<0, ?>, %assume_2 : tile<i32>
    %assume_assume_assume_11 = assume div_by<4>, %assume_assume_10 : tile<i32>
    %tview = make_tensor_view %assume, shape = [%assume_assume_assume, %assume_assume_assume_9], strides = [%assume_assume_assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %assume_assume_12 = assume bounded<0, ?>, %assume_4 : tile<i32>
    %assume_assume_assume_13 = assume div_by<16>, %assume_assume_12 : tile<i32>
    %assume_assume_14 = assume bounded<0, ?>, %assume_5 : tile<i32>
    %assume_assume_assume_15 = assume div_by<16>, %assume_assume_14 : tile<i32>
    %assume_assume_16 = assume bounded<0, ?>, %assume_6 : tile<i32>
    %assume_assume_assume_17 = assume div_by<4>, %assume_assume_16 : tile<i32>
    %tview_18 = make_tensor_view %assume_3, shape = [%assume_assume_assume_13, %assume_assume_assume_15], strides = [%assume_assume_assume_17, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %cst_0_i32 = constant <i32: 0> : tile<i32>
    %pview = make_partition_view %tview : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
    %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x32xf32>, token
    %cst_f32 = constant <f32: 1.500000e+00> : tile<8x16xf32>
    %cst_1_i32_19 = constant <i32: 1> : tile<i32>
    %cst_0_i32_20 = constant <i32: 0> : tile<i32>
    %1 = insert %cst_f32, %tile[%cst_1_i32_19, %cst_0_i32_20] : tile<8x16xf32> -> tile<16x32xf32>
    %cst_0_i32_21 = constant <i32: 0> : tile<i32>
    %pview_22 = make_partition_view %tview_18 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
    %2 = store_view_tko weak %1, %pview_22[%blockId_x, %cst_0_i32_21] token = %0 : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
})";

} // namespace

class TestIrImport : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();
    QTemporaryDir m_out;
    QMap<QString, QString> m_files; // fixture name -> .tileirbc path

    void keep(const QString &name, const QString &path)
    {
        QVERIFY2(!path.startsWith(QLatin1String("error: ")), qPrintable(name + QLatin1String(": ") + path));
        m_files[name] = path;
    }

    mlir::OwningOpRef<mlir::ModuleOp> load(mlir::MLIRContext &ctx, const QString &name)
    {
        std::string diag;
        llvm::raw_string_ostream os(diag);
        auto m = td::loadModule(m_files.value(name).toStdString(), ctx, os);
        if (!m)
            qWarning("%s: %s", qPrintable(name), diag.c_str());
        return m;
    }

    td::DiffReport diff(const QString &ref, const QString &gen)
    {
        mlir::MLIRContext ctx;
        td::configureContext(ctx);
        auto a = load(ctx, ref), b = load(ctx, gen);
        if (!a || !b)
            return {};
        std::string diag;
        llvm::raw_string_ostream os(diag);
        auto report = td::diffModules(*a, *b, {}, os);
        return report ? *report : td::DiffReport{};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_out.isValid());
        using testing::arrayParam, testing::constParam;
        const QJsonArray vadd{arrayParam("float32", 1), arrayParam("float32", 1), arrayParam("float32", 1),
                              constParam(128)};
        const QJsonArray rowSum{arrayParam("float32", 2), arrayParam("float32", 1), constParam(16), constParam(64)};
        const QJsonArray matmul{arrayParam("float16", 2), arrayParam("float16", 2), arrayParam("float32", 2),
                                arrayParam("float32", 2), constParam(64), constParam(64), constParam(32)};
        auto py = [&](const char *file, const char *kernel, const QJsonArray &params, const QString &version) {
            return testing::exportPython(m_tools, kPythonDir + QLatin1String(file), QLatin1String(kernel), params,
                                         version, m_out.filePath(QStringLiteral("py_%1_%2.tileirbc").arg(kernel, version)));
        };
        for (const char *v : {"13.1", "13.2", "13.3"})
            keep(QStringLiteral("py_vadd_") + v, py("smoke_kernels.py", "smoke_vadd", vadd, QLatin1String(v)));
        for (const char *v : {"13.3", "13.4"}) {
            keep(QStringLiteral("py_rowsum_") + v, py("smoke_kernels.py", "smoke_row_sum", rowSum, QLatin1String(v)));
            keep(QStringLiteral("py_matmul_") + v, py("reader_kernels.py", "reader_matmul", matmul, QLatin1String(v)));
        }
        keep("py_vadd_13.4", py("smoke_kernels.py", "smoke_vadd", vadd, "13.4"));
        const QJsonArray insert{arrayParam("float32", 2), arrayParam("float32", 2), constParam(16), constParam(32)};
        const QJsonArray powers{arrayParam("float32", 1), arrayParam("int32", 1), arrayParam("float32", 1),
                                constParam(64)};
        const QJsonArray unchecked{arrayParam("float32", 1), arrayParam("float64", 1), constParam(64)};
        keep("py_insert_13.4", py("v134_kernels.py", "v134_insert", insert, "13.4"));
        keep("py_powers_13.4", py("v134_kernels.py", "v134_powers", powers, "13.4"));
        keep("py_unchecked_13.4", py("v134_kernels.py", "v134_unchecked", unchecked, "13.4"));
        for (const char *v : {"13.2", "13.3"}) {
            const QString version = QLatin1String(v);
            keep("rust_vadd_" + version, testing::runRustProbe(m_tools, "smoke_vadd", version, "128",
                                                                m_out.filePath("rust_vadd_" + version)));
            keep("rust_rowsum_" + version, testing::runRustProbe(m_tools, "smoke_row_sum", version, "64",
                                                                  m_out.filePath("rust_rowsum_" + version)));
        }
    }

    void everyFileImportsAndRoundTrips()
    {
        for (auto it = m_files.cbegin(); it != m_files.cend(); ++it) {
            mlir::MLIRContext ctx;
            td::configureContext(ctx);
            auto m = load(ctx, it.key());
            QVERIFY2(m, qPrintable(it.key()));
            const std::string text = printTop(*m);
            QVERIFY2(text.rfind("cuda_tile.module @kernels {", 0) == 0, qPrintable(it.key()));
            std::string diag;
            llvm::raw_string_ostream os(diag);
            auto again = td::loadModuleFromText(text, "printed", ctx, os);
            QVERIFY2(again, diag.c_str());
            QCOMPARE(QString::fromStdString(printTop(*again)), QString::fromStdString(text));
        }
    }

    void debugLocationsPointAtTheSources()
    {
        mlir::MLIRContext ctx;
        td::configureContext(ctx);
        for (const char *name : {"py_vadd_13.3", "rust_vadd_13.3"}) {
            auto m = load(ctx, QLatin1String(name));
            QVERIFY(m);
            mlir::Operation *add = firstOp(*m, "cuda_tile.addf");
            QVERIFY2(add, name);
            auto loc = mlir::dyn_cast<mlir::FileLineColLoc>(add->getLoc());
            QVERIFY2(loc, name);
            const bool python = QByteArray(name).startsWith("py");
            const QString file = python ? kPythonDir + QLatin1String("smoke_kernels.py") : kRustSource;
            QVERIFY2(QString::fromStdString(loc.getFilename().str()).endsWith(python ? "smoke_kernels.py" : "lib.rs"),
                     loc.getFilename().str().c_str());
            QCOMPARE(uint64_t(loc.getLine()), lineOf(file, python ? "tile=ta + tb" : "out.store(ta + tb)"));
        }
    }

    void twinsFromTheTwoCompilersAgree()
    {
        for (const char *kernel : {"vadd", "rowsum"}) {
            const td::DiffReport r = diff(QStringLiteral("py_%1_13.3").arg(kernel), QStringLiteral("rust_%1_13.3").arg(kernel));
            QVERIFY2(r.ref.opCount > 0 && r.gen.opCount > 0, kernel);
            QCOMPARE(r.count(td::Severity::Critical), size_t(0));
            QCOMPARE(r.verdict, td::Verdict::PassWithNotes);
            // The computation itself lines up op for op.
            for (const char *op : {"load_view_tko", "store_view_tko", "get_tile_block_id"})
                QVERIFY2(r.opCounts.at(op).first == r.opCounts.at(op).second, op);
        }
    }

    void sameCompilerAcrossVersions()
    {
        // The Rust probe's 13.2 (sm_100) and 13.3 (sm_90) decode to one module.
        const td::DiffReport rust = diff("rust_vadd_13.2", "rust_vadd_13.3");
        QCOMPARE(rust.count(td::Severity::Critical), size_t(0));
        QVERIFY(rust.verdict != td::Verdict::FailFixable);
        // cuTile Python's 13.1 and 13.2 decode alike, op for op. Both carry
        // the same scalar div_by specialisations, so nothing is critical
        // (TileGym's rule is about facts only the generated side asserts).
        const td::DiffReport py = diff("py_vadd_13.1", "py_vadd_13.2");
        QVERIFY(py.ref.opCount > 0);
        QCOMPARE(py.count(td::EditKind::Matched), py.ref.opCount);
        QCOMPARE(py.count(td::EditKind::Changed) + py.count(td::EditKind::Inserted) + py.count(td::EditKind::Deleted),
                 size_t(0));
        QCOMPARE(py.count(td::Severity::Critical), size_t(0));
        QVERIFY(py.verdict != td::Verdict::FailFixable);
    }

    void version13_4ReadsAs13_3()
    {
        // Same kernel, same compiler: 13.4 only re-encodes (type flags, an
        // all-false inbounds), so the imported IR is the 13.3 IR.
        for (const char *kernel : {"vadd", "rowsum", "matmul"}) {
            mlir::MLIRContext ctx;
            td::configureContext(ctx);
            auto a = load(ctx, QStringLiteral("py_%1_13.3").arg(kernel));
            auto b = load(ctx, QStringLiteral("py_%1_13.4").arg(kernel));
            QVERIFY2(a && b, kernel);
            QCOMPARE(QString::fromStdString(printTop(*b)), QString::fromStdString(printTop(*a)));
            const td::DiffReport r = diff(QStringLiteral("py_%1_13.3").arg(kernel), QStringLiteral("py_%1_13.4").arg(kernel));
            QCOMPARE(r.count(td::EditKind::Matched), r.ref.opCount);
            QCOMPARE(r.count(td::Severity::Critical), size_t(0));
        }
    }

    void version13_4OpsImport()
    {
        mlir::MLIRContext ctx;
        td::configureContext(ctx);
        auto ins = load(ctx, "py_insert_13.4");
        QVERIFY(ins);
        QCOMPARE(QString::fromStdString(trimmed(printTop(*ins))), QString::fromLatin1(kInsertKernelText));
        auto pw = load(ctx, "py_powers_13.4");
        QVERIFY(pw);
        QVERIFY(firstOp(*pw, "cuda_tile.fpowi"));
        auto un = load(ctx, "py_unchecked_13.4");
        QVERIFY(un);
        for (const char *op : {"cuda_tile.gdc_wait_tko", "cuda_tile.gdc_launch_dependents_tko"})
            QVERIFY2(firstOp(*un, op), op);
        const std::string text = printTop(*un);
        QVERIFY2(text.find("inbounds = [true]") != std::string::npos, text.c_str());
        QVERIFY2(text.find("rounding<nearest_away>") != std::string::npos, text.c_str());
        // The new ops diff like the others: a kernel against itself matches
        // op for op, against another kernel it fails on what differs.
        const td::DiffReport same = diff("py_unchecked_13.4", "py_unchecked_13.4");
        QCOMPARE(same.count(td::EditKind::Matched), same.ref.opCount);
        QVERIFY(same.verdict != td::Verdict::FailFixable);
        const td::DiffReport other = diff("py_vadd_13.4", "py_insert_13.4");
        QCOMPARE(other.verdict, td::Verdict::FailFixable);
        QCOMPARE(other.opCounts.at("insert").second, size_t(1));
    }

    void differentKernelsFail()
    {
        const td::DiffReport r = diff("py_vadd_13.3", "rust_rowsum_13.3");
        QCOMPARE(r.verdict, td::Verdict::FailFixable);
        QCOMPARE(r.opCounts.at("reduce").first, size_t(0));
        QCOMPARE(r.opCounts.at("reduce").second, size_t(1));
        bool reduceFinding = false;
        for (const td::Finding &f : r.findings)
            reduceFinding |= f.severity == td::Severity::Critical && f.op == "reduce";
        QVERIFY(reduceFinding);
        QCOMPARE(diff("py_matmul_13.3", "py_vadd_13.3").verdict, td::Verdict::FailFixable);
    }

    void globalsAndProducerImport()
    {
        tbc::ModuleBuilder mb(3);
        const uint32_t i32 = mb.scalar(tbc::I32);
        const uint32_t g = mb.tile(i32, {2});
        const uint32_t p = mb.tile(mb.ptr(i32), {});
        mb.global("table", g, mb.constant({7, 0, 0, 0, 9, 0, 0, 0}), 16, true, true);
        mb.producer("tileport-test");
        const tbc::Bytes body = tbc::cat({tbc::enc({0x2C, p, mb.str("table")}), tbc::enc({0x5C, 0, 0})});
        mb.entry("k", mb.function({}), body);
        const tbc::Bytes bytes = mb.build();
        mlir::MLIRContext ctx;
        td::configureContext(ctx);
        tileir::ImportResult r = tileir::importBytecode(std::span<const uint8_t>(bytes), ctx);
        QVERIFY2(r.ok(), r.error.c_str());
        std::string text;
        llvm::raw_string_ostream os(text);
        r.module->print(os);
        QVERIFY2(text.find("producer = \"tileport-test\"") != std::string::npos, text.c_str());
        QVERIFY2(text.find("@table") != std::string::npos, text.c_str());
        QVERIFY2(text.find("get_global") != std::string::npos, text.c_str());
    }

    void badBytesNameTheOffset()
    {
        const QByteArray junk("\x7fTileIR\0\x0d\x03\x00\xff\xff", 13);
        mlir::MLIRContext ctx;
        tileir::ImportResult r = tileir::importBytecode(
            std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(junk.constData()), size_t(junk.size())), ctx);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.find("offset") != std::string::npos, r.error.c_str());
    }

    // Found by fuzz_bytecode_import: optimization hints for an architecture
    // the dialect does not know were imported as they were, and the printed
    // module did not parse back. The importer runs the attributes' own
    // verifiers now and refuses the file.
    void attributesTheParserRefusesAreRefused()
    {
        QFile f(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/fuzz/bytecode-hints-unknown-arch.tileirbc"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        mlir::MLIRContext ctx;
        td::configureContext(ctx);
        tileir::ImportResult r = tileir::importBytecode(
            std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size())), ctx);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.find("unknown architecture 'sm_200' in optimization hints") != std::string::npos, r.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestIrImport)
#include "tst_ir_import.moc"
