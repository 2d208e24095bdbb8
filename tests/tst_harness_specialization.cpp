// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The IR harness specialized as cutile 0.4.0's launcher specializes a real
// launch: the divisibility rule (LaunchSpecialization), the harness
// arguments of hand-written configs (unchanged) and captured ones (STRIDES
// from the real strides, SPECS with the launcher's bits), and a cargo-built
// harness compiling tests/fixtures/batch/tile_ops.py for both.
#include "support/TestFiles.h"

#include "HarnessArguments.h"
#include "KernelConfigFile.h"
#include "LaunchSpecialization.h"
#include "ProcessRunner.h"
#include "RustTranslator.h"
#include "Toolchains.h"
#include "TranslationResult.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <limits>

using namespace tileport;
using namespace tileport::rust;

namespace {

const QString kFixtures = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/batch");
const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile");

frontend::KernelConfig configNamed(const QString &sidecar, const QString &name)
{
    frontend::KernelConfigFile f;
    if (!f.load(sidecar))
        return {};
    for (const frontend::KernelConfig &c : f.configs)
        if (c.name == name)
            return c;
    return {};
}

EntrySignature entryOf(const QString &py, const QString &kernel)
{
    const TranslationResult r = RustTranslator::translateFile(py, {});
    for (const TranslatedKernel &k : r.kernels)
        if (k.pythonName == kernel)
            return k.signature;
    return {};
}

// Replaces the named array's shape, strides and alignment.
void setArray(frontend::KernelConfig &c, const QString &name, const QJsonArray &shape, const QJsonArray &strides, int alignment)
{
    for (qsizetype i = 0; i < c.params.size(); ++i) {
        QJsonObject p = c.params[i].toObject();
        if (p.value(QStringLiteral("name")).toString() != name)
            continue;
        p[QStringLiteral("shape")] = shape;
        p[QStringLiteral("strides")] = strides;
        p[QStringLiteral("alignment")] = alignment;
        c.params[i] = p;
    }
}

int count(const QString &text, const QString &what)
{
    return int(text.count(what));
}

} // namespace

class TestHarnessSpecialization : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void divisor_data()
    {
        QTest::addColumn<qint64>("value");
        QTest::addColumn<int>("divisor");
        QTest::newRow("24") << qint64(24) << 8;
        QTest::newRow("4096 capped") << qint64(4096) << 16;
        QTest::newRow("odd") << qint64(1000001) << 1;
        QTest::newRow("1") << qint64(1) << 1;
        QTest::newRow("6") << qint64(6) << 2;
        QTest::newRow("0 counts as 16") << qint64(0) << 16;
        QTest::newRow("i32 min") << qint64(std::numeric_limits<qint32>::min()) << 16;
    }

    // DivHint::from_value: the largest power of two, capped at 16.
    void divisor()
    {
        QFETCH(qint64, value);
        QFETCH(int, divisor);
        QCOMPARE(LaunchSpecialization::divisor(value), divisor);
    }

    // DivHint::from_ptr on a pointer with that alignment: capped at 16.
    void basePointer()
    {
        QCOMPARE(LaunchSpecialization::basePointerDivisor(256), 16);
        QCOMPARE(LaunchSpecialization::basePointerDivisor(16), 16);
        QCOMPARE(LaunchSpecialization::basePointerDivisor(8), 8);
        QCOMPARE(LaunchSpecialization::basePointerDivisor(2), 2);
    }

    void tensors()
    {
        QString error;
        // Row-major [24, 4096].
        auto t = LaunchSpecialization::forTensor({24, 4096}, {4096, 1}, 256, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->shapeDiv, (QList<int>{8, 16}));
        QCOMPARE(t->strideDiv, (QList<int>{16, 1}));
        QCOMPARE(t->strides, (QList<int>{-1, 1}));
        QCOMPARE(t->basePtrDiv, 16);
        QVERIFY(t->elementsDisjoint);
        // Its transpose, a view: the unit stride is the first.
        t = LaunchSpecialization::forTensor({4096, 24}, {1, 4096}, 64, &error);
        QVERIFY(t);
        QCOMPARE(t->strides, (QList<int>{1, -1}));
        QCOMPARE(t->strideDiv, (QList<int>{1, 16}));
        QVERIFY(t->elementsDisjoint);
        // A broadcast (expand) view: stride 0 overlaps, and 0 divides by 16.
        t = LaunchSpecialization::forTensor({8, 96}, {0, 1}, 4, &error);
        QVERIFY(t);
        QCOMPARE(t->strideDiv, (QList<int>{16, 1}));
        QCOMPARE(t->strides, (QList<int>{-1, 1}));
        QCOMPARE(t->basePtrDiv, 4);
        QVERIFY(!t->elementsDisjoint);
        // Rows that overlap (stride 2 < 1 * 4 elements).
        t = LaunchSpecialization::forTensor({4, 4}, {2, 1}, 16, &error);
        QVERIFY(t);
        QVERIFY(!t->elementsDisjoint);
        // Not a cutile tensor: ranks differ, or a shape beyond i32.
        QVERIFY(!LaunchSpecialization::forTensor({4, 4}, {1}, 16, &error));
        QVERIFY2(error.contains(QLatin1String("2 shape dimension(s) but 1 stride(s)")), qPrintable(error));
        QVERIFY(!LaunchSpecialization::forTensor({qint64(1) << 33}, {1}, 16, &error));
        QVERIFY2(error.contains(QLatin1String("not a cutile i32")), qPrintable(error));
    }

    // A hand-written array with a shape is the contiguous, 16-byte aligned
    // tensor the reference export assumes: the launcher's facts for it.
    // Without a shape the arguments stay as they were: no SPECS.
    void handWrittenConfigAssumesContiguous()
    {
        const EntrySignature entry = entryOf(kExamples + QStringLiteral("/vector_add.py"), QStringLiteral("vector_add"));
        QVERIFY(!entry.entry.isEmpty());
        frontend::KernelConfig cfg = configNamed(kExamples + QStringLiteral("/vector_add.tileport.json"), QStringLiteral("f32_t1024"));
        QString error;
        QStringList args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"),
                                                       QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(args, (QStringList{"/out", "vector_add", "f32,1024", "a=1;b=1;c=1", "sm_90", "13.3",
                                    "a=16/1/16/1;b=16/1/16/1;c=16/1/16/1"}));
        const QJsonObject two = LaunchSpecialization::withAssumedLayout(
            QJsonObject{{"name", "x"}, {"kind", "array"}, {"dtype", "float32"}, {"shape", QJsonArray{24, 1, 4096}}});
        QCOMPARE(two.value(QStringLiteral("strides")).toArray(), (QJsonArray{4096, 4096, 1}));
        for (QJsonValueRef v : cfg.params) {
            QJsonObject p = v.toObject();
            p.remove(QStringLiteral("shape"));
            v = p;
        }
        args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"), QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(args, (QStringList{"/out", "vector_add", "f32,1024", "a=1;b=1;c=1", "sm_90", "13.3"}));
        // An array the config gives as None (an optional tensor its
        // constants skip) takes a placeholder element type; one with no
        // dtype at all is refused.
        cfg.params[0] = QJsonObject{{"name", "a"}, {"kind", "none"}};
        args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"), QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(args.value(2), QStringLiteral("f32,1024"));
        cfg.params[0] = QJsonObject{{"name", "a"}, {"kind", "array"}};
        args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"), QStringLiteral("13.3"), &error);
        QVERIFY(args.isEmpty());
        QVERIFY2(error.contains(QLatin1String("gives no usable dtype for 'a'")), qPrintable(error));
    }

    // An entry whose gathers offset the last axis by the constant stride 1
    // refuses an array whose last stride is not 1 (unless that axis has
    // size 1); the other axes' stride parameters get their values' hints.
    void gatherStrides()
    {
        QVERIFY(LaunchSpecialization::unitLastStride({512, 1}, {1, 1}));
        QVERIFY(LaunchSpecialization::unitLastStride({4, 1}, {5, 5})); // a column: its last index is 0
        QVERIFY(LaunchSpecialization::unitLastStride({2, 32, 1, 1}, {32, 1, 1, 1}));
        QVERIFY(!LaunchSpecialization::unitLastStride({64, 64}, {1, 64})); // transposed
        QVERIFY(!LaunchSpecialization::unitLastStride({64, 32}, {64, 2})); // strided last axis

        const QString py = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/constructs/gathers.py");
        const EntrySignature entry = entryOf(py, QStringLiteral("row_pick"));
        QCOMPARE(entry.tensors.size(), 3);
        QVERIFY(entry.tensors[0].unitLastStride && entry.tensors[1].unitLastStride && entry.tensors[2].unitLastStride);
        QCOMPARE(entry.strideParams.size(), 2);
        QCOMPARE(entry.strideParams[0].name, QStringLiteral("x_stride0"));
        QCOMPARE(entry.strideParams[1].name, QStringLiteral("y_stride0"));
        frontend::KernelConfig cfg = configNamed(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/constructs/gathers.tileport.json"),
                                                 QStringLiteral("f32_rows8"));
        setArray(cfg, QStringLiteral("x"), {512, 1}, {1, 1}, 256);
        setArray(cfg, QStringLiteral("ids"), {256}, {1}, 256);
        setArray(cfg, QStringLiteral("y"), {256, 64}, {72, 1}, 256);
        QString error;
        QStringList args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"),
                                                       QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(args.value(3), QStringLiteral("x=1,1;ids=1;y=-1,1"));
        QVERIFY2(args.value(6).endsWith(QLatin1String(";x_stride0:1;y_stride0:8")), qPrintable(args.value(6)));
        setArray(cfg, QStringLiteral("x"), {64, 512}, {1, 64}, 256);
        args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"), QStringLiteral("13.3"), &error);
        QVERIFY(args.isEmpty());
        QCOMPARE(error, QStringLiteral("config f32_rows8, array 'x': the entry's gathers offset the last axis by stride 1, "
                                       "but the array's strides are [1,64]"));
    }

    void capturedConfigArguments()
    {
        const QString py = kFixtures + QStringLiteral("/tile_ops.py");
        const EntrySignature entry = entryOf(py, QStringLiteral("double_tiles"));
        QCOMPARE(entry.entry, QStringLiteral("double_tiles"));
        frontend::KernelConfig cfg = configNamed(kFixtures + QStringLiteral("/tile_ops.tileport.json"), QStringLiteral("f32_4096x4096"));
        QString error;
        QStringList args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"),
                                                       QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(args, (QStringList{"/out", "double_tiles", "f32,64,64", "x=-1,1;y=-1,1", "sm_90", "13.3",
                                    "x=16,16/16,1/16/1;y=16,16/16,1/16/1"}));

        // x a transposed view of a [24, 4096] tensor at an 8-byte offset,
        // and an int32 scalar of 24 (not a parameter of this kernel: the
        // harness passes the hint, the compiler looks hints up by name).
        setArray(cfg, QStringLiteral("x"), {4096, 24}, {1, 4096}, 8);
        cfg.params.append(QJsonObject{{"name", "n"}, {"kind", "scalar"}, {"dtype", "int32"}, {"value", 24}});
        args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"), QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(args.value(3), QStringLiteral("x=1,-1;y=-1,1"));
        QCOMPARE(args.value(6), QStringLiteral("x=16,8/1,16/8/1;y=16,16/16,1/16/1;n:8"));

        // A captured array whose rank is not the entry's is refused, by name.
        setArray(cfg, QStringLiteral("y"), {4096}, {1}, 256);
        args = HarnessArguments::forConfig(entry, cfg, QStringLiteral("/out"), QStringLiteral("sm_90"), QStringLiteral("13.3"), &error);
        QVERIFY(args.isEmpty());
        QCOMPARE(error, QStringLiteral("config f32_4096x4096, array 'y': rank 1, but the entry's tensor has rank 2"));
    }

    // The cargo-built harness compiles the captured specialization: the
    // entry assumes what the launcher would promise for those tensors.
    void capturedHarnessRun()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        QVERIFY2(!tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A stem of its own: crates share the cargo target directory.
        const QString py = dir.filePath(QStringLiteral("harness_spec_ops.py"));
        QVERIFY(QFile::copy(kFixtures + QStringLiteral("/tile_ops.py"), py));
        QVERIFY(QFile::copy(kFixtures + QStringLiteral("/tile_ops.tileport.json"), dir.filePath(QStringLiteral("harness_spec_ops.tileport.json"))));
        const QString crate = dir.filePath(QStringLiteral("crate"));
        ProcessSpec translate{QStringLiteral(TILEPORT_CLI), {QStringLiteral("translate"), py, QStringLiteral("-o"), crate}};
        translate.timeoutMs = 120'000;
        const ProcessResult t = ProcessRunner::run(translate);
        QVERIFY2(t.ok(), qPrintable(QString::fromUtf8(t.standardError)));
        ProcessSpec build{tools.cargo,
                          {QStringLiteral("build"), QStringLiteral("--offline"), QStringLiteral("--release"), QStringLiteral("--quiet"),
                           QStringLiteral("--manifest-path"), QDir(crate).filePath(QStringLiteral("Cargo.toml"))}};
        build.environment = tools.cargoEnvironment();
        build.timeoutMs = 25 * 60'000;
        const ProcessResult built = ProcessRunner::run(build);
        QVERIFY2(built.ok(), qPrintable(built.describe() + QLatin1Char(' ') + QString::fromUtf8(built.standardError)));
        const QJsonObject manifest = QJsonDocument::fromJson(testing::readBytes(QDir(crate).filePath(QStringLiteral("tileport-crate.json")))).object();
        const QString harness = QDir(build.environment.value(QStringLiteral("CARGO_TARGET_DIR")))
                                    .filePath(QStringLiteral("release/") + manifest.value(QStringLiteral("harness")).toString());
        EntrySignature entry;
        for (const QJsonValue &v : manifest.value(QStringLiteral("entries")).toArray())
            if (v.toObject().value(QStringLiteral("entry")).toString() == QLatin1String("double_tiles"))
                entry = EntrySignature::fromJson(v.toObject());
        QCOMPARE(entry.entry, QStringLiteral("double_tiles"));

        const auto irFor = [&](const frontend::KernelConfig &cfg, const QString &out) -> QString {
            QString error;
            const QStringList args = HarnessArguments::forConfig(entry, cfg, dir.filePath(out), QStringLiteral("sm_90"),
                                                                 QStringLiteral("13.3"), &error);
            if (!error.isEmpty())
                return QStringLiteral("error: ") + error;
            ProcessSpec run{harness, args};
            run.timeoutMs = 300'000;
            const ProcessResult r = ProcessRunner::run(run);
            if (!r.ok())
                return QStringLiteral("error: ") + r.describe() + QLatin1Char(' ') + QString::fromUtf8(r.standardError);
            return testing::readText(QDir(dir.filePath(out)).filePath(QStringLiteral("double_tiles.mlir")));
        };
        const QString sidecar = dir.filePath(QStringLiteral("harness_spec_ops.tileport.json"));
        frontend::KernelConfig captured = configNamed(sidecar, QStringLiteral("f32_4096x4096"));
        const QString capturedIr = irFor(captured, QStringLiteral("captured"));
        QVERIFY2(!capturedIr.startsWith(QLatin1String("error:")), qPrintable(capturedIr));
        // The same config written by hand with its shapes: the contiguous,
        // aligned tensors, so the same facts; without shapes nothing is
        // promised.
        frontend::KernelConfig handWritten = captured;
        for (qsizetype i = 0; i < handWritten.params.size(); ++i) {
            QJsonObject p = handWritten.params[i].toObject();
            p.remove(QStringLiteral("strides"));
            p.remove(QStringLiteral("alignment"));
            handWritten.params[i] = p;
        }
        QCOMPARE(irFor(handWritten, QStringLiteral("hand")), capturedIr);
        frontend::KernelConfig plain = handWritten;
        for (qsizetype i = 0; i < plain.params.size(); ++i) {
            QJsonObject p = plain.params[i].toObject();
            p.remove(QStringLiteral("shape"));
            plain.params[i] = p;
        }
        const QString plainIr = irFor(plain, QStringLiteral("plain"));
        QVERIFY2(!plainIr.startsWith(QLatin1String("error:")), qPrintable(plainIr));

        // Both pointers are assumed 16-byte aligned either way; the captured
        // launch adds div_by<16> on both dims and the row stride of x and y.
        QCOMPARE(count(plainIr, QStringLiteral("div_by<16>")), 2);
        QCOMPARE(count(capturedIr, QStringLiteral("div_by<16>")), 2 + 2 * 3);
        QCOMPARE(count(plainIr, QStringLiteral("div_by<8>")), 0);

        // x a column-major [24, 4096] at an 8-byte offset: dim 0 and the
        // pointer are div_by<8>, dim 1 div_by<16>. Its one dynamic stride
        // (the last) gets no hint: cutile reads stride hints by position
        // among the dynamic strides, so it takes stride_div[0], 1.
        setArray(captured, QStringLiteral("x"), {24, 4096}, {1, 24}, 8);
        const QString viewIr = irFor(captured, QStringLiteral("view"));
        QVERIFY2(!viewIr.startsWith(QLatin1String("error:")), qPrintable(viewIr));
        QCOMPARE(count(viewIr, QStringLiteral("div_by<8>")), 2);
        QCOMPARE(count(viewIr, QStringLiteral("div_by<16>")), 1 + 4);

        // A malformed SPECS is a clear error, not a crash.
        ProcessSpec bad{harness, {dir.filePath(QStringLiteral("bad")), QStringLiteral("double_tiles"), QStringLiteral("f32,64,64"),
                                  QStringLiteral("x=-1,1;y=-1,1"), QStringLiteral("sm_90"), QStringLiteral("13.3"),
                                  QStringLiteral("x=16/16")}};
        const ProcessResult refused = ProcessRunner::run(bad);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.standardError.contains("ir-harness: bad spec item 'x=16/16'"), refused.standardError.constData());
    }
};

QTEST_GUILESS_MAIN(TestHarnessSpecialization)
#include "tst_harness_specialization.moc"
