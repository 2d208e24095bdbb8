// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Bytecode -> cuda_tile dialect import on real compiler output generated at
// test time (cuTile Python 13.1-13.3, the cuTile Rust probe 13.2-13.3): every
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
        keep("py_rowsum_13.3", py("smoke_kernels.py", "smoke_row_sum", rowSum, "13.3"));
        keep("py_matmul_13.3", py("reader_kernels.py", "reader_matmul", matmul, "13.3"));
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
};

QTEST_GUILESS_MAIN(TestIrImport)
#include "tst_ir_import.moc"
