// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// End-to-end proof that the real toolchains work on this (CPU-only) machine:
// cuTile Python exports bytecode, and a cuTile Rust crate builds with cargo
// and emits Tile IR text and bytecode through KernelCompiler.
#include "ProcessRunner.h"
#include "ReferenceExporter.h"
#include "Toolchains.h"
#include "tileport/TileIR/BytecodeHeader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

tileir::BytecodeHeader readHeader(const QString &path, std::string &error)
{
    QFile f(path);
    tileir::BytecodeHeader h;
    if (!f.open(QIODevice::ReadOnly)) {
        error = "cannot open " + path.toStdString();
        return h;
    }
    const QByteArray bytes = f.readAll();
    if (!tileir::parseBytecodeHeader(std::span(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size())),
                                     h, error))
        h.major = 0;
    return h;
}

QJsonObject array1d(const QString &dtype)
{
    return {{QStringLiteral("kind"), QStringLiteral("array")}, {QStringLiteral("dtype"), dtype}, {QStringLiteral("ndim"), 1}};
}

const QString kFixture = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/python/smoke_kernels.py");

} // namespace

class TestToolchainSmoke : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();
    QTemporaryDir m_out;

    // Builds (when needed) and runs resources/rust/tileport-probe.
    ProcessResult runProbe(const QString &dir, const QString &target, const QString &version) const
    {
        const QString manifest = QDir(m_tools.resourceDir).filePath(QStringLiteral("rust/tileport-probe/Cargo.toml"));
        ProcessSpec spec{m_tools.cargo,
                         {QStringLiteral("run"), QStringLiteral("--offline"), QStringLiteral("--release"),
                          QStringLiteral("--quiet"), QStringLiteral("--manifest-path"), manifest, QStringLiteral("--"),
                          dir, target, QStringLiteral("128"), version}};
        spec.environment = m_tools.cargoEnvironment();
        spec.timeoutMs = 25 * 60'000;
        return ProcessRunner::run(spec);
    }

private Q_SLOTS:
    void pythonExportsBytecodeOnCpu_data()
    {
        QTest::addColumn<QString>("version");
        QTest::newRow("13.3") << QStringLiteral("13.3");
        QTest::newRow("13.4") << QStringLiteral("13.4");
    }

    void pythonExportsBytecodeOnCpu()
    {
        QFETCH(QString, version);
        ReferenceExporter exporter(m_tools);
        ReferenceExporter::Request req;
        req.kernelFile = kFixture;
        req.kernelName = QStringLiteral("smoke_vadd");
        req.parameters = {array1d(QStringLiteral("float32")), array1d(QStringLiteral("float32")),
                          array1d(QStringLiteral("float32")), QJsonObject{{QStringLiteral("kind"), QStringLiteral("const")},
                                                                          {QStringLiteral("value"), 128}}};
        req.bytecodeVersion = version;
        req.outputFile = m_out.filePath(QStringLiteral("py_smoke_vadd_%1.tileirbc").arg(version));
        const auto res = exporter.exportKernel(req);
        QVERIFY2(res.ok, qPrintable(res.error));
        std::string err;
        const auto h = readHeader(req.outputFile, err);
        QVERIFY2(err.empty(), err.c_str());
        QCOMPARE(QString::fromStdString(h.versionString()), version);
        QVERIFY(QFileInfo(req.outputFile).size() > 100);
    }

    void pythonExportsTwoDimensionalReduction()
    {
        ReferenceExporter::Request req;
        req.kernelFile = kFixture;
        req.kernelName = QStringLiteral("smoke_row_sum");
        QJsonObject x{{QStringLiteral("kind"), QStringLiteral("array")}, {QStringLiteral("dtype"), QStringLiteral("float16")},
                      {QStringLiteral("ndim"), 2}};
        req.parameters = {x, array1d(QStringLiteral("float16")),
                          QJsonObject{{QStringLiteral("kind"), QStringLiteral("const")}, {QStringLiteral("value"), 16}},
                          QJsonObject{{QStringLiteral("kind"), QStringLiteral("const")}, {QStringLiteral("value"), 64}}};
        req.outputFile = m_out.filePath(QStringLiteral("py_row_sum.tileirbc"));
        const auto res = ReferenceExporter(m_tools).exportKernel(req);
        QVERIFY2(res.ok, qPrintable(res.error));
    }

    void pythonExportErrorsAreClear()
    {
        ReferenceExporter::Request req;
        req.kernelFile = kFixture;
        req.kernelName = QStringLiteral("not_a_kernel");
        req.parameters = {QJsonObject{{QStringLiteral("kind"), QStringLiteral("scalar")}, {QStringLiteral("dtype"), QStringLiteral("int32")}}};
        req.outputFile = m_out.filePath(QStringLiteral("nope.tileirbc"));
        auto res = ReferenceExporter(m_tools).exportKernel(req);
        QVERIFY(!res.ok);
        QVERIFY2(res.error.contains(QStringLiteral("'not_a_kernel' is not a @ct.kernel")), qPrintable(res.error));

        // Architecture-independent bytecode needs 13.3+; the compiler says so.
        req.kernelName = QStringLiteral("smoke_vadd");
        req.parameters = {array1d(QStringLiteral("float32")), array1d(QStringLiteral("float32")),
                          array1d(QStringLiteral("float32")), QJsonObject{{QStringLiteral("kind"), QStringLiteral("const")},
                                                                          {QStringLiteral("value"), 128}}};
        req.bytecodeVersion = QStringLiteral("13.2");
        res = ReferenceExporter(m_tools).exportKernel(req);
        QVERIFY(!res.ok);
        QVERIFY2(res.error.contains(QStringLiteral("13.3 or later")), qPrintable(res.error));
    }

    void rustCrateBuildsAndEmitsTileIr_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("target");
        // Hopper needs Tile IR 13.3; 13.2 is exercised on Blackwell.
        QTest::newRow("13.2 sm_100") << QStringLiteral("13.2") << QStringLiteral("sm_100");
        QTest::newRow("13.3 sm_90") << QStringLiteral("13.3") << QStringLiteral("sm_90");
        QTest::newRow("13.4 sm_90") << QStringLiteral("13.4") << QStringLiteral("sm_90");
    }

    void rustCrateBuildsAndEmitsTileIr()
    {
        QFETCH(QString, version);
        QFETCH(QString, target);
        const QString dir = m_out.filePath(QStringLiteral("rust_%1").arg(version));
        const ProcessResult r = runProbe(dir, target, version);
        QVERIFY2(r.ok(), qPrintable(r.describe() + QStringLiteral("\n") + QString::fromUtf8(r.standardError)));

        QFile text(QDir(dir).filePath(QStringLiteral("smoke_vadd.mlir")));
        QVERIFY(text.open(QIODevice::ReadOnly));
        const QString ir = QString::fromUtf8(text.readAll());
        QVERIFY2(ir.contains(QStringLiteral("cuda_tile.module")), qPrintable(ir.left(400)));
        QVERIFY(ir.contains(QStringLiteral("smoke_vadd")));
        QVERIFY(ir.contains(QStringLiteral("addf")));

        std::string err;
        const auto h = readHeader(QDir(dir).filePath(QStringLiteral("smoke_vadd.tileirbc")), err);
        QVERIFY2(err.empty(), err.c_str());
        QCOMPARE(QString::fromStdString(h.versionString()), version);
    }

    void rustCompilerRejectsTooOldVersionForTarget()
    {
        const ProcessResult r = runProbe(m_out.filePath(QStringLiteral("rust_bad")), QStringLiteral("sm_90"),
                                         QStringLiteral("13.2"));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.standardError.contains("requires Tile IR 13.3"), r.standardError.constData());
    }
};

QTEST_GUILESS_MAIN(TestToolchainSmoke)
#include "tst_toolchain_smoke.moc"
