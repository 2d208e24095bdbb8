// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport configs` and `tileport port` without a sidecar, as child
// processes with the real capture script: configs captured from --call
// expressions and from a project's test files, partial and failed captures,
// the sidecar written with -o, and stages A-C on captured configs.
#include "KernelConfigFile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!p.waitForFinished(1800'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString resourceDir()
{
    return QProcessEnvironment::systemEnvironment().value(QStringLiteral("TILEPORT_RESOURCE_DIR"),
                                                          QStringLiteral(TILEPORT_SOURCE_DIR "/resources"));
}

bool write(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

QByteArray read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString kCallF32 = QStringLiteral("launch(None, tensor((4096,), float32), tensor((4096,), float32), tensor((4096,), float32))");
const QString kCallF16 = QStringLiteral("launch(None, tensor((1000,), float16), tensor((1000,), float16), tensor((1000,), float16), 512)");

// A project: the vector_add example as vadd.py, a test file that launches
// it through torch, and one that cannot be imported.
QString makeProject(const QTemporaryDir &dir)
{
    const QString kernel = dir.filePath(QStringLiteral("proj/vadd.py"));
    if (!write(kernel, read(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"))))
        return {};
    write(dir.filePath(QStringLiteral("proj/tests/test_vadd.py")), R"PY(import torch
import vadd


def test_small():
    a = torch.ones(2048, dtype=torch.float16, device="cuda")
    vadd.launch(None, a, a, torch.empty_like(a), 512)
)PY");
    write(dir.filePath(QStringLiteral("proj/tests/test_broken.py")), "import vadd\nraise RuntimeError('needs a GPU')\n");
    return kernel;
}

} // namespace

class TestConfigsCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (!QFile::exists(resourceDir() + QStringLiteral("/python/capture_configs.py")))
            QSKIP("no resources/python/capture_configs.py in this tree (or TILEPORT_RESOURCE_DIR)");
    }

    void summaryOfCalls()
    {
        const Run r = cli({QStringLiteral("configs"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"),
                                QStringLiteral("--no-discover"), QStringLiteral("--call"), kCallF32, QStringLiteral("--call"), kCallF16});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.startsWith(QStringLiteral("configs captured from vector_add.py for h200 (sm_90): complete\n")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("kernel vector_add: 2 configs\n")));
        QVERIFY2(r.out.contains(QStringLiteral("  vector_add__f32_4096  a float32[4096], b float32[4096], c float32[4096], TILE=1024"
                                               "  grid 4x1x1  1 source (call: call: ")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("  vector_add__f16_1000  a float16[1000], b float16[1000], c float16[1000], TILE=512"
                                              "  grid 2x1x1  1 source (call: call: ")));
    }

    // A kernel file on its own: its __main__ block gives the configs, and a
    // file without any entry point says so and how to name one.
    void standaloneFile()
    {
        const QString dir = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/capture/standalone/");
        const Run r = cli({QStringLiteral("configs"), dir + QStringLiteral("main_block.py")});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("no test or bench file found, ran 1 case(s) (0 skipped, 0 failed), "
                                               "1 of them the file's own entry points (__main__)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("  double_kernel__f16_4096  x float16[4096], y float16[4096], TILE=128"
                                               "  grid 32x1x1  1 source (__main__: __main__: main_block.py)\n")), qPrintable(r.out));
        const Run none = cli({QStringLiteral("configs"), dir + QStringLiteral("no_entry.py")});
        QCOMPARE(none.code, 1);
        QVERIFY2(none.err.contains(QStringLiteral("captured no kernel launch: no test or bench file found, ran 0 case(s) "
                                                  "(0 skipped, 0 failed), and the file has no entry point that launches")),
                 qPrintable(none.err));
        QVERIFY(none.err.contains(QStringLiteral("name one with --call")));
        const Run bad = cli({QStringLiteral("configs"), dir + QStringLiteral("main_block.py"), QStringLiteral("--project"),
                             dir + QStringLiteral("nowhere")});
        QCOMPARE(bad.code, 2);
        QTemporaryDir tmp;
        const Run port = cli({QStringLiteral("port"), dir + QStringLiteral("main_block.py"), QStringLiteral("--stages"),
                              QStringLiteral("A"), QStringLiteral("--session"), tmp.filePath(QStringLiteral("s")),
                              QStringLiteral("--project"), dir + QStringLiteral("nowhere")});
        QVERIFY(port.code != 0);
        QVERIFY2((port.out + port.err).contains(QStringLiteral("--project %1nowhere: no such directory").arg(dir)),
                 qPrintable(port.out + port.err));
    }

    // The fixture project: its tests and benchmark found from the kernel
    // file, two kernels (one persistent, with a hint), an autotuned search.
    void configsOfFixtureProject()
    {
        const QString ops = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/capture/tilekit/src/tilekit/ops/cutile/");
        const Run rows = cli({QStringLiteral("configs"), ops + QStringLiteral("scale_rows.py")});
        QVERIFY2(rows.code == 0, qPrintable(rows.out + rows.err));
        QVERIFY2(rows.out.contains(QStringLiteral("  read 2 test file(s) (bench_scale_rows.py, test_scale_rows.py), ran ")), qPrintable(rows.out));
        QVERIFY(rows.out.contains(QStringLiteral("\nkernel _scale_rows_kernel: ")));
        QVERIFY(rows.out.contains(QStringLiteral("\nkernel _scale_rows_persistent_kernel: ")));
        QVERIFY2(rows.out.contains(QStringLiteral("  scale_rows_kernel__f16_128x1000  x float16[128,1000], y float16[128,1000], s=2, TILE_N=1024"
                                                  "  grid 128x1x1  1 source (test: tests/ops/test_scale_rows.py::")), qPrintable(rows.out));
        QVERIFY2(rows.out.contains(QRegularExpression(QStringLiteral("scale_rows_persistent_kernel__f32_4096x1024  .*  grid 264x1x1  occupancy=2"))),
                 qPrintable(rows.out));
        const QRegularExpression located(QStringLiteral("\n/\\S+/tests/ops/test_scale_rows\\.py:\\d+:\\d+: (error|warning|note): "));
        QVERIFY2(rows.out.contains(located), qPrintable(rows.out));

        const Run sum = cli({QStringLiteral("configs"), ops + QStringLiteral("blocked_sum.py")});
        QVERIFY2(sum.code == 0, qPrintable(sum.out + sum.err));
        QVERIFY2(sum.out.contains(QRegularExpression(QStringLiteral("blocked_sum_kernel__f16_1024x256__cand0  .*  candidate 0 of (\\d+) \\(blocked_sum\\.py:\\d+\\)"))),
                 qPrintable(sum.out));
    }

    void jsonAndSidecarFile()
    {
        QTemporaryDir dir;
        const QString kernel = dir.filePath(QStringLiteral("vadd.py"));
        QVERIFY(write(kernel, read(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"))));
        const QStringList args{QStringLiteral("configs"), kernel, QStringLiteral("--no-discover"), QStringLiteral("--call"), kCallF32};
        const Run json = cli(args + QStringList{QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(doc.value(QStringLiteral("kernel")).toString(), QStringLiteral("vector_add"));
        const QJsonObject captured = doc.value(QStringLiteral("captured")).toObject();
        QCOMPARE(captured.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport-capture/1"));
        QCOMPARE(captured.value(QStringLiteral("calls")).toArray(), QJsonArray{kCallF32});
        const QJsonObject a = doc.value(QStringLiteral("configs")).toArray().at(0).toObject()
                                  .value(QStringLiteral("params")).toArray().at(0).toObject();
        QCOMPARE(a.value(QStringLiteral("strides")).toArray(), QJsonArray{1});
        QCOMPARE(a.value(QStringLiteral("alignment")).toInt(), 256);

        // -o writes the same sidecar, and the kernel file reads it as its own.
        const QString sidecar = tileport::frontend::KernelConfigFile::pathFor(kernel);
        const Run o = cli(args + QStringList{QStringLiteral("-o"), sidecar});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QCOMPARE(o.out, QStringLiteral("wrote %1: 1 config for kernel vector_add from 1 source (call)\n").arg(sidecar));
        QCOMPARE(QJsonDocument::fromJson(read(sidecar)).object(), doc);
        tileport::frontend::KernelConfigFile cfg;
        QVERIFY(cfg.load(sidecar));
        QVERIFY(cfg.captured);
        QCOMPARE(cfg.configs.at(0).grid, (QList<qint64>{4, 1, 1}));
        const Run analyze = cli({QStringLiteral("analyze"), kernel});
        QVERIFY2(analyze.out.contains(QStringLiteral("configs (vadd.tileport.json): 1 config(s), 0 problem(s)")), qPrintable(analyze.out + analyze.err));
    }

    void testFilesGivePartialCapture()
    {
        QTemporaryDir dir;
        const QString kernel = makeProject(dir);
        const Run r = cli({QStringLiteral("configs"), kernel,
                                QStringLiteral("--tests"), dir.filePath(QStringLiteral("proj/tests/test_vadd.py")),
                                QStringLiteral("--tests"), dir.filePath(QStringLiteral("proj/tests/test_broken.py"))});
        QVERIFY2(r.code == 3, qPrintable(r.out + r.err));
        QVERIFY2(r.out.startsWith(QStringLiteral("configs captured from vadd.py for h200 (sm_90): partial\n")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("read 2 test file(s) (test_broken.py, test_vadd.py)")));
        QVERIFY(r.out.contains(QStringLiteral("  vector_add__f16_2048  a float16[2048], b float16[2048], c float16[2048], TILE=512")));
        // Diagnostics as file:line:col: severity: message.
        QVERIFY2(r.out.contains(QStringLiteral("%1:2:0: error: the test file could not be loaded: RuntimeError: needs a GPU")
                                    .arg(QFileInfo(dir.filePath(QStringLiteral("proj/tests/test_broken.py"))).canonicalFilePath())),
                 qPrintable(r.out));
    }

    void failuresAndUsage()
    {
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("broken.py"));
        QVERIFY(write(broken, "import cuda.tile as ct\nraise RuntimeError('needs a GPU at import')\n"));
        const Run fatal = cli({QStringLiteral("configs"), broken});
        QCOMPARE(fatal.code, 1);
        QVERIFY2(fatal.err.startsWith(QStringLiteral("tileport configs: %1: ").arg(broken)), qPrintable(fatal.err));
        QVERIFY2(fatal.err.contains(QStringLiteral("RuntimeError: needs a GPU at import")), qPrintable(fatal.err));

        const Run none = cli({QStringLiteral("configs"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"),
                                   QStringLiteral("--no-discover")});
        QCOMPARE(none.code, 1);
        QVERIFY2(none.err.contains(QStringLiteral("captured no kernel launch: no test or bench file found")), qPrintable(none.err));

        QCOMPARE(cli({QStringLiteral("configs")}).code, 2);
        QCOMPARE(cli({QStringLiteral("configs"), broken, QStringLiteral("--frob")}).code, 2);
        const Run missing = cli({QStringLiteral("configs"), dir.filePath(QStringLiteral("nope.py"))});
        QCOMPARE(missing.code, 2);
        QVERIFY(missing.err.contains(QStringLiteral("nope.py: no such file")));
        QCOMPARE(cli({QStringLiteral("configs"), broken, QStringLiteral("--tests"), dir.filePath(QStringLiteral("t.py"))}).code, 2);
    }

    // No sidecar: stage A captures the configs, B and C use them.
    void portCapturesConfigs()
    {
        QTemporaryDir dir;
        const QString kernel = dir.filePath(QStringLiteral("capture_vadd.py"));
        QVERIFY(write(kernel, read(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"))));
        const QString session = dir.filePath(QStringLiteral("s"));
        const Run port = cli({QStringLiteral("port"), kernel, QStringLiteral("--stages"), QStringLiteral("A-C"),
                                   QStringLiteral("--session"), session, QStringLiteral("--call"), kCallF32});
        if (port.out.contains(QStringLiteral("BLOCKED (env)")))
            QSKIP("the toolchains are not set up; run scripts/setup");
        QVERIFY2(port.code == 0, qPrintable(port.out + port.err));
        QVERIFY2(port.out.contains(QStringLiteral("[A]   configs captured from the code: 1 config for kernel vector_add from 1 source (call)\n")),
                 qPrintable(port.out));
        QVERIFY(port.out.contains(QStringLiteral("[A] PASS: capture_vadd.py analyzed; reference Tile IR for 1 config(s); "
                                                 "configs captured from the code: 1 config for kernel vector_add from 1 source (call)")));
        QVERIFY(port.out.contains(QStringLiteral("[B] COMPILED")));
        QVERIFY2(port.out.contains(QStringLiteral("[C] PASS_WITH_NOTES: 1 config(s) compared")) || port.out.contains(QStringLiteral("[C] PASS: ")),
                 qPrintable(port.out));
        // The captured sidecar lives in the session; the run keeps a copy.
        tileport::frontend::KernelConfigFile cfg;
        QVERIFY(cfg.load(session + QStringLiteral("/configs/capture_vadd.tileport.json")));
        QCOMPARE(cfg.configs.at(0).name, QStringLiteral("vector_add__f32_4096"));
        QVERIFY(QFile::exists(session + QStringLiteral("/runs/001/reference/capture_vadd.tileport.json")));
        QVERIFY(QFile::exists(session + QStringLiteral("/runs/001/generated/vector_add.vector_add__f32_4096.tileirbc")));
        const QJsonObject a = QJsonDocument::fromJson(read(session + QStringLiteral("/runs/001/reports/stage_A.json"))).object();
        const QJsonObject capture = a.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("capture")).toObject();
        QCOMPARE(capture.value(QStringLiteral("status")).toString(), QStringLiteral("complete"));
        QCOMPARE(capture.value(QStringLiteral("calls")).toArray(), QJsonArray{kCallF32});
        QVERIFY(!QFile::exists(tileport::frontend::KernelConfigFile::pathFor(kernel))); // nothing written beside the file

        // A re-run of stage A captures again, from what the session recorded.
        const Run rerun = cli({QStringLiteral("rerun"), session, QStringLiteral("--stage"), QStringLiteral("A")});
        QVERIFY2(rerun.out.contains(QStringLiteral("configs captured from the code: 1 config for kernel vector_add")), qPrintable(rerun.out));
    }

    // The code launches two kernels; a config of the other one that does
    // not fit its kernel (3 for a ct.Constant[bool]) does not stop this port.
    void portChecksOnlyItsKernel()
    {
        QTemporaryDir dir;
        const QString kernel = dir.filePath(QStringLiteral("capture_two.py"));
        QVERIFY(write(kernel, R"PY(import cuda.tile as ct


@ct.kernel
def copy(x, y, TILE: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    ct.store(y, index=(ct.bid(0),), tile=t)


@ct.kernel
def fill(y, FAST: ct.Constant[bool]):
    ct.store(y, index=(ct.bid(0),), tile=ct.full((16,), 1.0, ct.float32))


def launch(stream, x, y):
    ct.launch(stream, (x.shape[0] // 256, 1, 1), copy, (x, y, 256))
    ct.launch(stream, (y.shape[0] // 16, 1, 1), fill, (y, 3))
)PY"));
        const QString call = QStringLiteral("launch(None, tensor((4096,), float32), tensor((4096,), float32))");
        const Run port = cli({QStringLiteral("port"), kernel, QStringLiteral("--kernel"), QStringLiteral("copy"),
                              QStringLiteral("--stages"), QStringLiteral("A"), QStringLiteral("--session"), dir.filePath(QStringLiteral("s")),
                              QStringLiteral("--call"), call});
        if (port.out.contains(QStringLiteral("BLOCKED (env)")))
            QSKIP("the toolchains are not set up; run scripts/setup");
        QVERIFY2(port.code == 0, qPrintable(port.out + port.err));
        QVERIFY2(port.out.contains(QStringLiteral("[A] PASS: capture_two.py analyzed; reference Tile IR for 1 config(s); "
                                                  "configs captured from the code: 1 config for kernel copy from 1 source (call)")),
                 qPrintable(port.out));
        // The same file ported for the other kernel fails on that config, located in the captured sidecar.
        const Run other = cli({QStringLiteral("port"), kernel, QStringLiteral("--kernel"), QStringLiteral("fill"),
                               QStringLiteral("--stages"), QStringLiteral("A"), QStringLiteral("--session"), dir.filePath(QStringLiteral("s2")),
                               QStringLiteral("--call"), call});
        QCOMPARE(other.code, 1);
        QVERIFY2(other.out.contains(QStringLiteral("[A] FAIL_FIXABLE (host): %1/configs/capture_two.tileport.json:")
                                        .arg(dir.filePath(QStringLiteral("s2")))),
                 qPrintable(other.out));
        QVERIFY2(other.out.contains(QStringLiteral("parameter 1 (FAST): ct.Constant[bool] needs true or false")), qPrintable(other.out));
    }

    // A fixture kernel that imports torch and its package, ported through
    // A-C from the configs its tests launch.
    void portsFixtureKernel()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s"));
        const Run port = cli({QStringLiteral("port"),
                              QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/capture/tilekit/src/tilekit/ops/cutile/scale_rows.py"),
                              QStringLiteral("--kernel"), QStringLiteral("_scale_rows_kernel"), QStringLiteral("--stages"), QStringLiteral("A-C"),
                              QStringLiteral("--session"), session});
        if (port.out.contains(QStringLiteral("BLOCKED (env)")))
            QSKIP("the toolchains are not set up; run scripts/setup");
        QVERIFY2(port.code == 0, qPrintable(port.out + port.err));
        const QRegularExpression summary(QStringLiteral("\\[A\\] PASS: scale_rows\\.py analyzed; reference Tile IR for (\\d+) config\\(s\\); "
                                                        "configs captured from the code: (\\d+) configs for kernel _scale_rows_kernel from (\\d+) sources "
                                                        "\\(test\\)\n"));
        const QRegularExpressionMatch m = summary.match(port.out);
        QVERIFY2(m.hasMatch(), qPrintable(port.out));
        QCOMPARE(m.captured(1), m.captured(2));
        QVERIFY(m.captured(2).toInt() >= 2);
        QVERIFY2(port.out.contains(QStringLiteral("[C] PASS_WITH_NOTES: %1 config(s) compared").arg(m.captured(1)))
                     || port.out.contains(QStringLiteral("[C] PASS: %1 config(s) compared").arg(m.captured(1))),
                 qPrintable(port.out));
    }

    // A launch with 24 rows: cutile promises div_by 8 on that dimension,
    // cuTile Python nothing, and stage C's report says so by rule.
    void portNamesTheLauncherRule()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s"));
        const Run port = cli({QStringLiteral("port"),
                              QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/capture/tilekit/src/tilekit/ops/cutile/scale_rows.py"),
                              QStringLiteral("--kernel"), QStringLiteral("_scale_rows_kernel"), QStringLiteral("--stages"), QStringLiteral("A-C"),
                              QStringLiteral("--session"), session, QStringLiteral("--no-discover"),
                              QStringLiteral("--call"), QStringLiteral("scale_rows(tensor((24, 64), float32))")});
        if (port.out.contains(QStringLiteral("BLOCKED (env)")))
            QSKIP("the toolchains are not set up; run scripts/setup");
        // The port is right: the assumes differ only by the launchers' rules.
        QVERIFY2(port.code == 0, qPrintable(port.out + port.err));
        QVERIFY2(port.out.contains(QStringLiteral("[C] PASS_WITH_NOTES: 1 config(s) compared")), qPrintable(port.out));
        const QDir reports(session + QStringLiteral("/runs/001/reports"));
        const QStringList diffs = reports.entryList({QStringLiteral("diff_*.json")});
        QCOMPARE(diffs.size(), 1);
        const QJsonObject diff = QJsonDocument::fromJson(read(reports.filePath(diffs.first()))).object();
        QStringList messages;
        for (const QJsonValue &f : diff.value(QStringLiteral("findings")).toArray()) {
            const QJsonObject o = f.toObject();
            if (o.value(QStringLiteral("rule")).toString() != QLatin1String("launcher-rule"))
                continue;
            QCOMPARE(o.value(QStringLiteral("severity")).toString(), QStringLiteral("note"));
            QCOMPARE(o.value(QStringLiteral("owner")).toString(), QStringLiteral("host"));
            messages << o.value(QStringLiteral("message")).toString();
        }
        // Both arrays: 24 rows, and a row stride of 64 f32 (16 bytes for
        // cuTile Python's rule, a multiple of 16 elements for cutile's).
        const QString why = QStringLiteral(" (the launchers' rules differ; not a port defect)");
        QCOMPARE(messages, (QStringList{QStringLiteral("x.shape[0] = 24: cuTile Python promises div_by 1, cutile div_by 8") + why,
                                        QStringLiteral("x.stride[0] = 64: cuTile Python promises div_by 4, cutile div_by 16") + why,
                                        QStringLiteral("y.shape[0] = 24: cuTile Python promises div_by 1, cutile div_by 8") + why,
                                        QStringLiteral("y.stride[0] = 64: cuTile Python promises div_by 4, cutile div_by 16") + why}));
        QVERIFY(read(reports.filePath(diffs.first().chopped(5) + QStringLiteral(".md"))).contains("launcher-rule"));
    }

    void portSaysWhatCaptureTried()
    {
        QTemporaryDir dir;
        const QString kernel = makeProject(dir);
        const QString session = dir.filePath(QStringLiteral("s"));
        const Run port = cli({QStringLiteral("port"), kernel, QStringLiteral("--stages"), QStringLiteral("A-C"),
                                   QStringLiteral("--session"), session,
                                   QStringLiteral("--tests"), dir.filePath(QStringLiteral("proj/tests/test_broken.py"))});
        QCOMPARE(port.code, 1);
        QVERIFY2(port.out.contains(QStringLiteral("[A] FAIL_FIXABLE (host): no configs captured for kernel vector_add: "
                                                  "captured no kernel launch: read 1 test file(s) (test_broken.py), ran 0 case(s)")),
                 qPrintable(port.out));
        QVERIFY(port.out.contains(QStringLiteral("name a launch with `tileport port --call 'EXPR'` (or --tests FILE), or write vadd.tileport.json beside the file")));
        QVERIFY(port.out.contains(QStringLiteral("error: the test file could not be loaded")));
        QVERIFY(!port.out.contains(QStringLiteral("[B] started")));

        // Two kernels and no sidecar: the kernel must be named.
        const QString two = dir.filePath(QStringLiteral("two.py"));
        QVERIFY(write(two, read(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/softmax.py"))));
        const Run unnamed = cli({QStringLiteral("port"), two, QStringLiteral("--session"), dir.filePath(QStringLiteral("s2"))});
        QCOMPARE(unnamed.code, 3);
        QVERIFY2(unnamed.err.contains(QStringLiteral("name the kernel with --kernel (no sidecar; the file has softmax_row, softmax_chunked)")),
                 qPrintable(unnamed.err));
        const Run both = cli({QStringLiteral("port"), two, QStringLiteral("--config"), kernel, QStringLiteral("--call"), kCallF32});
        QCOMPARE(both.code, 3);
    }
};

QTEST_GUILESS_MAIN(TestConfigsCli)
#include "tst_configs_cli.moc"
