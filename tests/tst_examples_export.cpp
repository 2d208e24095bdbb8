// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Every bundled example (examples/cutile) exported with the real cuTile
// Python compiler on the CPU, config by config, then decoded: the decoded
// Tile IR must contain what the front-end's analysis says the kernel does,
// and the two structural variants of the persistent matmul must differ.
#include "KernelConfigFile.h"
#include "ModuleAnalyzer.h"
#include "ReferenceExporter.h"
#include "Toolchains.h"
#include "tileport/TileIR/Bytecode/Reader.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;
using namespace tileport::frontend;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile");

void collect(const tileir::bc::FunctionBody &body, const tileir::bc::Block &b, QSet<QString> &ops)
{
    for (const tileir::bc::Instruction &i : body.instructions(b)) {
        const std::string_view name = i.name();
        ops.insert(QString::fromLatin1(name.data(), qsizetype(name.size())));
        for (const tileir::bc::Region &r : body.regions(i))
            for (const tileir::bc::Block &inner : body.blocks(r))
                collect(body, inner, ops);
    }
}

// The Tile IR op each cuTile call lowers to, where that is one fixed op.
QStringList lowering(const QString &op)
{
    static const QHash<QString, QStringList> map{
        {QStringLiteral("load"), {QStringLiteral("load_view_tko")}},
        {QStringLiteral("store"), {QStringLiteral("store_view_tko")}},
        {QStringLiteral("gather"), {QStringLiteral("load_ptr_tko")}},
        {QStringLiteral("scatter"), {QStringLiteral("store_ptr_tko")}},
        {QStringLiteral("mma"), {QStringLiteral("mmaf"), QStringLiteral("mmai")}},
        {QStringLiteral("sum"), {QStringLiteral("reduce")}},
        {QStringLiteral("max"), {QStringLiteral("reduce")}},
        {QStringLiteral("exp2"), {QStringLiteral("exp2")}},
        {QStringLiteral("rsqrt"), {QStringLiteral("rsqrt")}},
        {QStringLiteral("transpose"), {QStringLiteral("permute")}},
    };
    return map.value(op);
}

} // namespace

class TestExamplesExport : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();
    QTemporaryDir m_out;
    QHash<QString, QSet<QString>> m_opsByConfig; // "file/config" -> decoded op names

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!m_tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
        QVERIFY(m_out.isValid());
    }

    void exportsAndMatchesAnalysis_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("config");
        QTest::addColumn<QString>("version");
        const QStringList files = QDir(kExamples).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 13);
        for (const QString &f : files) {
            KernelConfigFile cfg;
            const QString path = QDir(kExamples).filePath(f);
            QVERIFY2(cfg.load(KernelConfigFile::pathFor(path)), qPrintable(f));
            for (qsizetype i = 0; i < cfg.configs.size(); ++i)
                for (const QString &v : std::as_const(cfg.bytecodeVersions))
                    QTest::newRow(qPrintable(QStringLiteral("%1/%2/%3").arg(f, cfg.configs[i].name, v)))
                        << path << int(i) << v;
        }
    }

    void exportsAndMatchesAnalysis()
    {
        QFETCH(QString, file);
        QFETCH(int, config);
        QFETCH(QString, version);
        KernelConfigFile cfg;
        QVERIFY(cfg.load(KernelConfigFile::pathFor(file)));
        const KernelConfig &c = cfg.configs[config];
        const ModuleAnalysis analysis = ModuleAnalyzer::analyzeFile(file);
        const KernelInfo *k = analysis.kernel(c.kernel);
        QVERIFY(k);

        ReferenceExporter::Request req;
        req.kernelFile = file;
        req.kernelName = c.kernel;
        req.parameters = c.params;
        req.bytecodeVersion = version;
        req.outputFile = m_out.filePath(QStringLiteral("%1.%2.v%3.tileirbc").arg(QFileInfo(file).completeBaseName(), c.name, version));
        const auto res = ReferenceExporter(m_tools).exportKernel(req);
        QVERIFY2(res.ok, qPrintable(res.error));

        QFile f(req.outputFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const auto read = tileir::bc::readModule(std::span(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size())));
        QVERIFY2(read.ok(), read.error.message.c_str());
        QCOMPARE(QString::number(read.module->version.major) + QLatin1Char('.') + QString::number(read.module->version.minor), version);
        int kernels = 0;
        QSet<QString> ops;
        for (const tileir::bc::Function &fn : read.module->functions) {
            kernels += fn.kernel ? 1 : 0;
            collect(fn.body, fn.body.entry(), ops);
        }
        QCOMPARE(kernels, 1);

        // Ops of the kernel body outside constant branches must all appear.
        for (const OpUse &o : k->ops) {
            if (o.function != k->name || o.method)
                continue;
            bool inBranch = false;
            for (const BranchPoint &b : k->branchPoints)
                inBranch = inBranch || (b.function == k->name && b.range.contains(o.range));
            const QStringList expected = lowering(o.name);
            if (inBranch || expected.isEmpty())
                continue;
            bool found = false;
            for (const QString &e : expected)
                found = found || ops.contains(e);
            QVERIFY2(found, qPrintable(QStringLiteral("%1 at %2 should lower to %3; the module has %4")
                                           .arg(o.name, o.range.start(), expected.join(QLatin1Char('|')),
                                                QStringList(ops.begin(), ops.end()).join(QLatin1Char(' ')))));
        }
        bool runtimeLoop = false;
        for (const ControlFlowItem &cf : k->controlFlow)
            runtimeLoop = runtimeLoop || (cf.kind == QLatin1String("for") && !cf.constantOnly && !cf.staticIter);
        if (runtimeLoop)
            QVERIFY2(ops.contains(QStringLiteral("for")), qPrintable(QStringList(ops.begin(), ops.end()).join(QLatin1Char(' '))));
        m_opsByConfig.insert(QFileInfo(file).fileName() + QLatin1Char('/') + c.name, ops);
    }

    // The TRANSPOSE_B variant transposes B in the kernel; the other does not.
    void variantsCompileDifferently()
    {
        const QSet<QString> transposed = m_opsByConfig.value(QStringLiteral("matmul.py/persistent_f16_bt"));
        const QSet<QString> plain = m_opsByConfig.value(QStringLiteral("matmul.py/persistent_bf16"));
        QVERIFY(!transposed.isEmpty() && !plain.isEmpty());
        QVERIFY(transposed.contains(QStringLiteral("permute")));
        QVERIFY(!plain.contains(QStringLiteral("permute")));
    }

    // `tileport reference` honours a config's own "kernel" (softmax has two).
    void referenceCommandWithTwoKernels()
    {
        QProcess p;
        const QString out = m_out.filePath(QStringLiteral("cli"));
        p.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("reference"), kExamples + QStringLiteral("/softmax.py"),
                                               QStringLiteral("--out"), out});
        QVERIFY(p.waitForFinished(300'000));
        const QString stdoutText = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, qPrintable(stdoutText + QString::fromUtf8(p.readAllStandardError())));
        const QStringList files = QDir(out).entryList({QStringLiteral("*.tileirbc")}, QDir::Files, QDir::Name);
        QCOMPARE(files, (QStringList{QStringLiteral("softmax_chunked.chunked_bf16_1024.v13.3.tileirbc"),
                                     QStringLiteral("softmax_row.row_f16_4096.v13.3.tileirbc"),
                                     QStringLiteral("softmax_row.row_f32_1024.v13.3.tileirbc")}));
    }
};

QTEST_GUILESS_MAIN(TestExamplesExport)
#include "tst_examples_export.moc"
