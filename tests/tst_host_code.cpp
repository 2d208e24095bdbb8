// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The host side of stages D and E without the pipeline: the entries read
// back from generated headers, the C ABI source (ffi.rs), the bundle built
// for real (cargo builds the crate as a cdylib), the local GPU runner
// (commands, time-outs, cancel) and the runner factory.
#include "CrateWriter.h"
#include "HostBundleBuilder.h"
#include "HostCodeWriter.h"
#include "LocalRunner.h"
#include "ProcessRunner.h"
#include "RustTranslator.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile");

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

rust::HostEntry entryOf(const QString &file, const QString &kernel)
{
    const rust::TranslationResult r = rust::RustTranslator::translateFile(kExamples + QLatin1Char('/') + file, {});
    QString error;
    for (const rust::HostEntry &e : rust::HostCodeWriter::entries(r, &error))
        if (e.signature.pythonKernel == kernel)
            return e;
    qWarning("%s", qPrintable(error));
    return {};
}

} // namespace

class TestHostCode : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();

private Q_SLOTS:
    void runnerFactory()
    {
        QString error;
        const auto local = makeGpuRunner(QStringLiteral("local"), &error);
        QVERIFY(local);
        QCOMPARE(local->describe(), QStringLiteral("local"));
        const auto ssh = makeGpuRunner(QStringLiteral("ssh://gpu-box/srv/tileport"), &error);
        QVERIFY2(ssh, qPrintable(error));
        QVERIFY2(ssh->describe().startsWith(QLatin1String("ssh://gpu-box")), qPrintable(ssh->describe()));
        QVERIFY(!makeGpuRunner(QStringLiteral("ssh://gpu-box"), &error)); // no remote directory
        QVERIFY(!error.isEmpty());
        QVERIFY(!makeGpuRunner(QStringLiteral("gpu0"), &error));
        QVERIFY2(error.contains(QStringLiteral("unknown GPU runner 'gpu0'")), qPrintable(error));
    }

    void localRunnerRunsTimesOutAndCancels()
    {
        QTemporaryDir bundle;
        QVERIFY(bundle.isValid());
        LocalRunner runner;
        RunnerJob job;
        job.bundleDir = bundle.path();
        job.command = {QStringLiteral("sh"), QStringLiteral("-c"),
                       QStringLiteral("pwd; echo '{\"ok\": true}' > results/out.json; echo said >&2")};
        RunnerOutcome r = runner.run(job);
        QCOMPARE(int(r.status), int(RunnerOutcome::Status::Ok));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.log.contains(QDir(bundle.path()).canonicalPath()) || r.log.contains(bundle.path()), qPrintable(r.log));
        QVERIFY(r.log.contains(QStringLiteral("said")));
        QVERIFY(readJson(bundle.filePath(QStringLiteral("results/out.json"))).value(QStringLiteral("ok")).toBool());

        job.command = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 7")};
        r = runner.run(job);
        QCOMPARE(int(r.status), int(RunnerOutcome::Status::Failed));
        QCOMPARE(r.exitCode, 7);
        QVERIFY(!r.reason.isEmpty());

        job.command = {QStringLiteral("sleep"), QStringLiteral("30")};
        job.timeoutMs = 300;
        r = runner.run(job);
        QCOMPARE(int(r.status), int(RunnerOutcome::Status::TimedOut));

        std::atomic_bool cancel{true};
        job.timeoutMs = 30'000;
        r = runner.run(job, &cancel);
        QCOMPARE(int(r.status), int(RunnerOutcome::Status::Cancelled));

        job.bundleDir = bundle.filePath(QStringLiteral("missing"));
        r = runner.run(job);
        QCOMPARE(int(r.status), int(RunnerOutcome::Status::Failed));
        QVERIFY(r.reason.contains(QStringLiteral("no such bundle directory")));
    }

    void hostEntriesFromTheGeneratedHeaders()
    {
        // vector_add: c is a block output, so the partition fixes the grid.
        const rust::HostEntry va = entryOf(QStringLiteral("vector_add.py"), QStringLiteral("vector_add"));
        QCOMPARE(va.params().size(), 3);
        QVERIFY(va.params()[0].tensor && !va.params()[0].blockOutput);
        QCOMPARE(va.params()[0].element, QStringLiteral("E"));
        QVERIFY(va.params()[2].blockOutput);
        QCOMPARE(va.params()[2].partition, QStringList{QStringLiteral("TILE")});
        const QString vaSrc = rust::HostCodeWriter::ffiSource({va});
        QVERIFY(vaSrc.contains(QStringLiteral("pub unsafe extern \"C\" fn tileport_vector_add(")));
        QVERIFY2(vaSrc.contains(QStringLiteral("(&mut t2).partition([call.dim(1)?])")), qPrintable(vaSrc));
        QVERIFY(!vaSrc.contains(QStringLiteral(".grid(call.grid)")));
        // One arm per dispatched dtype of the single generic E.
        QVERIFY(vaSrc.contains(QStringLiteral("(0,) => launch!(f32)")));
        QVERIFY(vaSrc.contains(QStringLiteral("(2,) => launch!(bf16)")));
        // The host API of the target release: 0.5.0's Context owns the
        // primary context and borrowed tensors hold it; 0.4.0 named it Device
        // and took the ordinal.
        QVERIFY(vaSrc.contains(QStringLiteral("use cutile::cuda_core::{Context, Stream};")));
        QVERIFY(vaSrc.contains(QStringLiteral("borrow_raw_parts(t.ptr, self.device.clone(), shape, strides)")));
        const QString va04 = rust::HostCodeWriter::ffiSource({va}, CutileTarget::of(QStringLiteral("0.4.0")));
        QVERIFY(va04.contains(QStringLiteral("use cutile::cuda_core::{Device, Stream};")));
        QVERIFY(va04.contains(QStringLiteral("borrow_raw_parts(t.ptr, self.device.ordinal(), shape, strides)")));
        QVERIFY(!va04.contains(QStringLiteral("Context")));

        // rms_norm: EPS is a runtime f32; y is stored by chunk, so the grid
        // comes from the caller.
        const rust::HostEntry rms = entryOf(QStringLiteral("rms_norm.py"), QStringLiteral("rms_norm"));
        QStringList names;
        for (const rust::HostEntry::Param &p : rms.params())
            names << p.name + (p.tensor ? QStringLiteral(":t") : QLatin1Char(':') + p.scalarType);
        QCOMPARE(names.join(QLatin1Char(' ')), QStringLiteral("x:t w:t y:t EPS:f32"));
        const QString rmsSrc = rust::HostCodeWriter::ffiSource({rms});
        QVERIFY(rmsSrc.contains(QStringLiteral("call.scalar(0) as f32")));
        QVERIFY(rmsSrc.contains(QStringLiteral(".grid(call.grid)")));

        // saxpy keeps two dtype generics: every pair of dispatched dtypes.
        const rust::HostEntry saxpy = entryOf(QStringLiteral("saxpy.py"), QStringLiteral("saxpy"));
        const QString saxpySrc = rust::HostCodeWriter::ffiSource({saxpy});
        QCOMPARE(saxpySrc.count(QStringLiteral("=> launch!(")), 9);
        // A config binding a generic to int32 adds its tuple once; float
        // tuples are there already and a tuple of another length is no arm.
        rust::HostEntry mixed = saxpy;
        mixed.extraDispatch = {{QStringLiteral("i32"), QStringLiteral("f16")}, {QStringLiteral("i32"), QStringLiteral("f16")},
                               {QStringLiteral("f32"), QStringLiteral("bf16")}, {QStringLiteral("i64")}};
        const QString mixedSrc = rust::HostCodeWriter::ffiSource({mixed});
        QCOMPARE(mixedSrc.count(QStringLiteral("=> launch!(")), 10);
        QVERIFY(mixedSrc.contains(QStringLiteral("(3, 1,) => launch!(i32, f16),")));
    }

    // Both cutile targets: the crate, its C ABI and the bundle build against each.
    void bundleBuiltForReal_data()
    {
        QTest::addColumn<QString>("cutile");
        for (const QString &v : CutileTarget::supported())
            QTest::newRow(qPrintable(QStringLiteral("cutile ") + v)) << v;
    }

    void bundleBuiltForReal()
    {
        QFETCH(QString, cutile);
        if (m_tools.cargo.isEmpty())
            QSKIP("needs cargo with the cutile crates (run scripts/setup)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString source = kExamples + QStringLiteral("/vector_add.py");
        rust::TranslationResult r = rust::RustTranslator::translateFile(source, {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        r.nameCrateFor(dir.filePath(QStringLiteral("crate"))); // as stage B and the builder name it
        QVERIFY2(QRegularExpression(QStringLiteral("^tileport_gen_vector_add_[0-9a-f]{8}$")).match(r.libName).hasMatch(),
                 qPrintable(r.libName));
        const QString soName = QStringLiteral("lib/lib%1.so").arg(r.libName);
        Toolchains tools = m_tools;
        tools.cutileVersion = cutile;
        const rust::CrateWriter::Options w = rust::CrateWriter::optionsFor(tools);
        QVERIFY2(w.lockError.isEmpty(), qPrintable(w.lockError));
        QCOMPARE(rust::CrateWriter::write(r, dir.filePath(QStringLiteral("crate")), w), QString());

        rust::HostBundleBuilder::Options o;
        o.source = source;
        o.kernel = QStringLiteral("vector_add");
        o.configPath = kExamples + QStringLiteral("/vector_add.tileport.json");
        o.crateDir = dir.filePath(QStringLiteral("crate"));
        o.outDir = dir.filePath(QStringLiteral("bundle"));
        const rust::HostBundleBuilder::Result b = rust::HostBundleBuilder::build(o, m_tools);
        QVERIFY2(b.ok, qPrintable(b.reason + QLatin1Char('\n') + b.buildLog));
        QCOMPARE(b.configs, (QStringList{QStringLiteral("f32_t1024"), QStringLiteral("f16_t512")}));
        {
            // The host code follows the crate's recorded version.
            QFile f(dir.filePath(QStringLiteral("crate/src/ffi.rs")));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll().contains("Arc<Context>"), CutileTarget::of(cutile).contextApi());
        }
        // Building twice is harmless: the crate is patched once.
        QVERIFY(rust::HostBundleBuilder::build(o, m_tools).ok);
        QFile lib(dir.filePath(QStringLiteral("crate/src/lib.rs")));
        QVERIFY(lib.open(QIODevice::ReadOnly));
        QCOMPARE(lib.readAll().count("pub mod ffi;"), 1);

        // An edited ffi.rs (by hand or by a host repair) is what gets built:
        // it is kept, the step says so, and the library carries the edit.
        const QString ffi = dir.filePath(QStringLiteral("crate/src/ffi.rs"));
        QByteArray generatedFfi;
        {
            QFile f(ffi);
            QVERIFY(f.open(QIODevice::ReadWrite));
            generatedFfi = f.readAll();
            f.write("\n#[no_mangle]\npub extern \"C\" fn tileport_edit_probe() -> i32 { 7 }\n");
        }
        const rust::HostBundleBuilder::Result edited = rust::HostBundleBuilder::build(o, m_tools);
        QVERIFY2(edited.ok, qPrintable(edited.reason + QLatin1Char('\n') + edited.buildLog));
        QVERIFY(edited.steps.first().output.contains(QStringLiteral("kept as edited")));
        {
            QFile f(ffi), so(dir.filePath(QStringLiteral("bundle/") + soName));
            QVERIFY(f.open(QIODevice::ReadOnly) && so.open(QIODevice::ReadOnly));
            QVERIFY(f.readAll().contains("tileport_edit_probe"));
            QVERIFY(so.readAll().contains("tileport_edit_probe"));
        }
        // Removing it regenerates it.
        QVERIFY(QFile::remove(ffi));
        QVERIFY(rust::HostBundleBuilder::build(o, m_tools).ok);
        {
            QFile f(ffi);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), generatedFfi);
        }

        const QDir bundle(o.outDir);
        for (const char *f : {"run.sh", "bundle.json", "tileport_host.py", "kernel/vector_add.py", "kernel/vector_add.tileport.json"})
            QVERIFY2(QFile::exists(bundle.filePath(QLatin1String(f))), f);
        QFile so(bundle.filePath(soName));
        QVERIFY(so.open(QIODevice::ReadOnly));
        const QByteArray bytes = so.readAll();
        QVERIFY(bytes.startsWith("\x7f" "ELF"));
        QVERIFY(bytes.contains("tileport_vector_add"));
        const QJsonObject manifest = readJson(bundle.filePath(QStringLiteral("bundle.json")));
        QCOMPARE(manifest.value(QStringLiteral("library")).toString(), soName);
        const QJsonObject launch = manifest.value(QStringLiteral("launches")).toArray().first().toObject();
        QCOMPARE(launch.value(QStringLiteral("function")).toString(), QStringLiteral("launch"));
        QCOMPARE(launch.value(QStringLiteral("args")).toArray().size(), 4);
        QCOMPARE(manifest.value(QStringLiteral("entries")).toObject().value(QStringLiteral("vector_add")).toObject()
                     .value(QStringLiteral("symbol")).toString(), QStringLiteral("tileport_vector_add"));

        // The wrapper is valid Python, and without torch or a GPU it says so
        // in its results instead of failing silently.
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        QVERIFY2(!python.isEmpty(), "python3 not on PATH");
        ProcessSpec compile{python, {QStringLiteral("-m"), QStringLiteral("py_compile"), bundle.filePath(QStringLiteral("tileport_host.py"))}};
        const ProcessResult pc = ProcessRunner::run(compile);
        QVERIFY2(pc.ok(), pc.standardError.constData());
        if (!LocalRunner::driverProblem().isEmpty()) {
            LocalRunner runner;
            RunnerJob job;
            job.bundleDir = o.outDir;
            job.command = {QStringLiteral("sh"), QStringLiteral("run.sh"), QStringLiteral("check")};
            const RunnerOutcome ran = runner.run(job);
            QCOMPARE(ran.exitCode, 3);
            const QJsonObject blocked = readJson(bundle.filePath(QStringLiteral("results/check.json"))).value(QStringLiteral("blocked")).toObject();
            QCOMPARE(blocked.value(QStringLiteral("owner")).toString(), QStringLiteral("env"));
            QVERIFY(!blocked.value(QStringLiteral("reason")).toString().isEmpty());
        }
        // The config is read through tileport_config.py before anything
        // else: a config without params makes the bundle unusable (exit 2),
        // and the reason names the file.
        {
            QVERIFY(QFile::exists(bundle.filePath(QStringLiteral("tileport_config.py"))));
            QFile cfg(bundle.filePath(QStringLiteral("kernel/vector_add.tileport.json")));
            QVERIFY(cfg.open(QIODevice::WriteOnly | QIODevice::Truncate));
            cfg.write(R"({"kernel": "vector_add", "configs": [{"name": "c1"}]})");
            cfg.close();
            ProcessSpec run{python, {bundle.filePath(QStringLiteral("tileport_host.py")), QStringLiteral("check"),
                                     QStringLiteral("--bundle"), bundle.path()}};
            const ProcessResult pr = ProcessRunner::run(run);
            QCOMPARE(pr.exitCode, 2);
            const QJsonObject blocked = readJson(bundle.filePath(QStringLiteral("results/check.json"))).value(QStringLiteral("blocked")).toObject();
            QCOMPARE(blocked.value(QStringLiteral("owner")).toString(), QStringLiteral("host"));
            const QString reason = blocked.value(QStringLiteral("reason")).toString();
            QVERIFY2(reason.contains(QStringLiteral("vector_add.tileport.json: config 'c1' has no \"params\" list")), qPrintable(reason));
        }
    }
};

QTEST_GUILESS_MAIN(TestHostCode)
#include "tst_host_code.moc"
