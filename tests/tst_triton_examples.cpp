// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The Triton examples end to end: `tileport translate` on each Triton file,
// `cargo build --offline` of the crate against the real cutile crate, its IR
// harness for the sidecar's first config, and stage C's `tileport ir diff`
// against the cuTile Python equivalent named by that config's "equivalent"
// key (file, config, expected verdict), exported with the real cuTile
// Python compiler. The verdict must be the one the sidecar records.

#include "support/RealCompilers.h"

#include "HarnessArguments.h"
#include "KernelConfigFile.h"
#include "ProcessRunner.h"
#include "Toolchains.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tileport;
using namespace tileport::rust;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/triton");

ProcessResult cli(const QStringList &args)
{
    ProcessSpec spec{QStringLiteral(TILEPORT_CLI), args};
    spec.timeoutMs = 300'000;
    return ProcessRunner::run(spec);
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace

class TestTritonExamples : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();
    QTemporaryDir m_out;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!m_tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QVERIFY2(!m_tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
        QVERIFY(m_out.isValid());
    }

    void translateBuildCompare_data()
    {
        QTest::addColumn<QString>("example");
        for (const char *e : {"vector_add", "softmax", "rms_norm", "layer_norm", "matmul", "matmul_block_ptr", "dropout", "embedding"})
            QTest::newRow(e) << QString::fromLatin1(e);
    }

    void translateBuildCompare()
    {
        QFETCH(QString, example);
        const QString py = kExamples + QLatin1Char('/') + example + QStringLiteral(".py");
        const QDir work(m_out.filePath(example));
        const QString crate = work.filePath(QStringLiteral("crate"));

        // 1. Translate: every kernel of the example maps and lowers.
        const ProcessResult t = cli({QStringLiteral("translate"), py, QStringLiteral("-o"), crate});
        QVERIFY2(t.exitCode == 0, qPrintable(QString::fromUtf8(t.standardError)));
        // The source map points into the Triton file.
        const QJsonObject sourcemap = readJson(QDir(crate).filePath(QStringLiteral("sourcemap.json")));
        QVERIFY(!sourcemap.value(QStringLiteral("lines")).toArray().isEmpty());

        // 2. cargo build --offline with the shared target dir.
        ProcessSpec build{m_tools.cargo,
                          {QStringLiteral("build"), QStringLiteral("--offline"), QStringLiteral("--release"),
                           QStringLiteral("--quiet"), QStringLiteral("--manifest-path"),
                           QDir(crate).filePath(QStringLiteral("Cargo.toml"))}};
        build.environment = m_tools.cargoEnvironment();
        build.timeoutMs = 25 * 60'000;
        const ProcessResult built = ProcessRunner::run(build);
        QVERIFY2(built.ok(), qPrintable(built.describe() + QLatin1Char(' ') + QString::fromUtf8(built.standardError)));

        // 3. The IR harness for the first config of the sidecar.
        frontend::KernelConfigFile configs;
        const QString sidecar = kExamples + QLatin1Char('/') + example + QStringLiteral(".tileport.json");
        QVERIFY(configs.load(sidecar));
        const frontend::KernelConfig &cfg = configs.configs.first();
        const QJsonObject manifest = readJson(QDir(crate).filePath(QStringLiteral("tileport-crate.json")));
        EntrySignature entry;
        for (const QJsonValue &v : manifest.value(QStringLiteral("entries")).toArray())
            if (v.toObject().value(QStringLiteral("python_kernel")).toString() == cfg.kernel && entry.entry.isEmpty())
                entry = EntrySignature::fromJson(v.toObject()); // the first: later ones are dtype variants (an i64 index array)
        QCOMPARE(entry.entry, cfg.kernel);
        QString error;
        const QString genDir = work.filePath(QStringLiteral("gen"));
        const QStringList args = HarnessArguments::forConfig(entry, cfg, genDir, QStringLiteral("sm_90"),
                                                             QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString harness = QDir(m_tools.cargoEnvironment().value(QStringLiteral("CARGO_TARGET_DIR")))
                                    .filePath(QStringLiteral("release/") + manifest.value(QStringLiteral("harness")).toString());
        ProcessSpec run{harness, args};
        run.timeoutMs = 300'000;
        const ProcessResult ran = ProcessRunner::run(run);
        QVERIFY2(ran.ok(), qPrintable(ran.describe() + QLatin1Char(' ') + QString::fromUtf8(ran.standardError)));
        const QString genBc = QDir(genDir).filePath(cfg.kernel + QStringLiteral(".tileirbc"));
        QVERIFY(QFileInfo::exists(genBc));

        // 4. Stage C against the cuTile Python equivalent's reference IR.
        const QJsonObject eq = readJson(sidecar).value(QStringLiteral("configs")).toArray().first().toObject()
                                   .value(QStringLiteral("equivalent")).toObject();
        QVERIFY2(!eq.isEmpty(), "the first config names no equivalent");
        const QString eqPy = QDir(kExamples).absoluteFilePath(eq.value(QStringLiteral("file")).toString());
        frontend::KernelConfigFile eqConfigs;
        QVERIFY(eqConfigs.load(frontend::KernelConfigFile::pathFor(eqPy)));
        const frontend::KernelConfig *eqCfg = nullptr;
        for (const frontend::KernelConfig &c : eqConfigs.configs)
            if (c.name == eq.value(QStringLiteral("config")).toString())
                eqCfg = &c;
        QVERIFY2(eqCfg, "the equivalent config does not exist");
        const QString ref = testing::exportPython(m_tools, eqPy, eqCfg->kernel, eqCfg->params, QStringLiteral("13.3"),
                                                  work.filePath(QStringLiteral("ref.tileirbc")));
        QVERIFY2(!ref.startsWith(QLatin1String("error:")), qPrintable(ref));
        const ProcessResult decoded = cli({QStringLiteral("ir"), QStringLiteral("decode"), genBc});
        QVERIFY2(decoded.ok(), qPrintable(QString::fromUtf8(decoded.standardError)));
        const QString genText = work.filePath(QStringLiteral("gen.mlir"));
        {
            QFile f(genText);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(decoded.standardOutput);
        }
        const ProcessResult diff = cli({QStringLiteral("ir"), QStringLiteral("diff"), ref, genText, QStringLiteral("--json")});
        const QJsonObject report = QJsonDocument::fromJson(diff.standardOutput).object();
        const QString verdict = report.value(QStringLiteral("verdict")).toString();
        qInfo().noquote() << example << "vs" << eqCfg->kernel << "verdict" << verdict;
        // The critical findings, for the record (docs/triton.md lists them).
        for (auto it = report.constBegin(); it != report.constEnd(); ++it)
            for (const QJsonValue &f : it.value().toArray())
                if (f.toObject().value(QStringLiteral("severity")).toString() == QLatin1String("critical"))
                    qInfo().noquote() << "  critical:" << QJsonDocument(f.toObject()).toJson(QJsonDocument::Compact).left(300);
        QCOMPARE(verdict, eq.value(QStringLiteral("verdict")).toString());
    }
};

QTEST_GUILESS_MAIN(TestTritonExamples)
#include "tst_triton_examples.moc"
