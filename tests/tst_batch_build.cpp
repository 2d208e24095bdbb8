// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport batch` with the real toolchains: each translated kernel's crate
// built with `cargo build --offline` in the shared target dir, its IR harness
// run for every sidecar config (configs of one specialization once) and the
// result diffed against the cuTile Python reference of that config.
#include "support/BatchTree.h"

#include "BatchConfigSource.h"
#include "BatchReport.h"
#include "BatchRunner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

const BatchRow *find(const QList<BatchRow> &rows, const QString &file, const QString &kernel, const QString &config = {})
{
    for (const BatchRow &r : rows)
        if (r.file == file && r.kernel == kernel && (config.isEmpty() || r.config == config))
            return &r;
    return nullptr;
}

// The messages of the findings of `rule` in a work unit's diff.json.
QStringList findings(const QString &diffJson, const QString &rule)
{
    QFile f(diffJson);
    QStringList out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QJsonValue &v : QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("findings")).toArray())
        if (v.toObject().value(QStringLiteral("rule")).toString() == rule)
            out << v.toObject().value(QStringLiteral("message")).toString();
    return out;
}

bool passes(const BatchRow *r)
{
    return r && (r->irVerdict == QLatin1String("PASS") || r->irVerdict == QLatin1String("PASS_WITH_NOTES"));
}

// One batch run of `file` (a sidecar beside it): each named config of
// `kernel` is built and diffs PASS or PASS_WITH_NOTES.
void batchPassesEveryConfig(const QString &file, const QString &fileName, const QString &kernel, const QStringList &configs)
{
    const Toolchains tools = Toolchains::fromEnvironment();
    QVERIFY2(!tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
    QVERIFY2(!tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
    QTemporaryDir work;
    QVERIFY(work.isValid());
    BatchRunner::Options options{file, 2, true, work.path(), 900'000};
    BatchRunner runner(options, tools);
    QCOMPARE(runner.runToCompletion(), QString());
    for (const QString &config : configs) {
        const BatchRow *row = find(runner.rows(), fileName, kernel, config);
        QVERIFY2(row, qPrintable(config));
        QCOMPARE(row->built, BatchRow::Step::Yes);
        QVERIFY2(passes(row), qPrintable(config + QStringLiteral(": ") + row->irVerdict + QStringLiteral(": ") + row->reason()));
    }
}

} // namespace

class TestBatchBuild : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void buildsAndDiffs()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        QVERIFY2(!tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QVERIFY2(!tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
        QTemporaryDir dir, work;
        QVERIFY(dir.isValid() && work.isValid());
        QVERIFY(testing::makeBatchTree(dir.path()));
        // Two kernels to build keep the test short; softmax is the fast test's.
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("ops/softmax.py"))));

        BatchRunner::Options options{dir.path(), 2, true, work.path(), 900'000};
        // --sass where the tools are installed: both sides of each compared
        // config through tileiras (docs/sass.md).
        const bool sass = !tools.tileiras.isEmpty() && !tools.cuobjdump.isEmpty() && !tools.nvdisasm.isEmpty();
        options.sass = sass;
        BatchRunner runner(options, tools);
        QCOMPARE(runner.runToCompletion(), QString());
        const QList<BatchRow> &rows = runner.rows();
        QCOMPARE(rows.size(), 7); // vector_add has two configs

        // Built, reference exported, harness run, diffed, for each config:
        // the verdict of tests/tst_rust_examples for f32_t1024.
        const QDir addWork(work.filePath(QStringLiteral("ops/vector_add/vector_add")));
        QVERIFY(QFile::exists(addWork.filePath(QStringLiteral("crate/Cargo.toml"))));
        for (const QString &config : {QStringLiteral("f32_t1024"), QStringLiteral("f16_t512")}) {
            const BatchRow *add = find(rows, QStringLiteral("ops/vector_add.py"), QStringLiteral("vector_add"), config);
            QVERIFY(add);
            QCOMPARE(add->built, BatchRow::Step::Yes);
            QVERIFY2(passes(add), qPrintable(config + QStringLiteral(": ") + add->irVerdict + QStringLiteral(": ") + add->reason()));
            QCOMPARE(add->sharedWith, QString()); // another dtype, another specialization
            QVERIFY(QFile::exists(addWork.filePath(config + QStringLiteral("/reference.tileirbc"))));
            QVERIFY(QFile::exists(addWork.filePath(config + QStringLiteral("/diff.json"))));
            // A hand-written sidecar: said once that the launchers' facts were assumed.
            QCOMPARE(findings(addWork.filePath(config + QStringLiteral("/diff.json")), QStringLiteral("launcher-facts-assumed")).size(), 1);
            if (!sass)
                continue;
            QVERIFY2(add->sassVerdict.startsWith(QStringLiteral("SASS_")), qPrintable(add->sassVerdict + QStringLiteral(": ") + add->sassReason));
            QVERIFY(QFile::exists(addWork.filePath(config + QStringLiteral("/sass.json"))));
            QVERIFY(add->sassDetail.value(QStringLiteral("ref_registers")).toInt() > 0);
            QVERIFY(add->sassDetail.value(QStringLiteral("gen_instructions")).toInt() > 0);
        }

        // Built, but with no sidecar there is nothing to compare against.
        const BatchRow *copy = find(rows, QStringLiteral("mixed.py"), QStringLiteral("copy_tile"));
        QVERIFY(copy);
        QCOMPARE(copy->built, BatchRow::Step::Yes);
        QCOMPARE(copy->irVerdict, QStringLiteral("-"));
        QCOMPARE(copy->irReason, QStringLiteral("no config"));
        QCOMPARE(copy->sassVerdict, QStringLiteral("-")); // no IR verdict, no SASS

        // The refused kernel of the same file is not built.
        const BatchRow *refused = find(rows, QStringLiteral("mixed.py"), QStringLiteral("checked_copy"));
        QVERIFY(refused);
        QCOMPARE(refused->built, BatchRow::Step::NotRun);

        const BatchReport::Counts c = BatchReport::count(rows, runner.fileCount());
        QCOMPARE(c.built, 2);
        QCOMPARE(c.buildFailed, 0);
        QCOMPARE(c.irRuns, 2);
        QCOMPARE(runner.workUnits(), 2);
    }

    // A Triton file gets an IR verdict per config, as stage C gives it: a
    // config that names a cuTile Python equivalent is compared with that
    // kernel's reference, one that names none with the reference of the
    // front-end's desugared cuTile Python. A Triton file without a sidecar
    // gets its configs from a capture of its own launches.
    void tritonConfigsGetIrVerdicts()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        QVERIFY2(!tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QVERIFY2(!tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
        QTemporaryDir dir, work;
        QVERIFY(dir.isValid() && work.isValid());
        const QDir root(dir.path());
        QVERIFY(root.mkpath(QStringLiteral("triton")) && root.mkpath(QStringLiteral("cutile")));
        for (const char *f : {"triton/vector_add.py", "triton/vector_add.tileport.json", "cutile/vector_add.py",
                              "cutile/vector_add.tileport.json"})
            QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/") + QLatin1String(f), root.filePath(QLatin1String(f))));
        // A Triton file without a sidecar: its own __main__ launches the
        // kernel, and the capture records that launch.
        {
            QFile bare(root.filePath(QStringLiteral("triton/bare.py")));
            QVERIFY(bare.open(QIODevice::WriteOnly));
            bare.write("import torch\nimport triton\nimport triton.language as tl\n\n\n"
                       "@triton.jit\ndef scale(src, dst, n, alpha, BLOCK: tl.constexpr):\n"
                       "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                       "    v = tl.load(src + offs, mask=offs < n, other=0.0)\n"
                       "    tl.store(dst + offs, v * alpha, mask=offs < n)\n\n\n"
                       "if __name__ == \"__main__\":\n"
                       "    x = torch.randn(5000, device=\"cuda\")\n"
                       "    y = torch.empty_like(x)\n"
                       "    scale[(triton.cdiv(5000, 256),)](x, y, x.numel(), 0.5, BLOCK=256)\n");
        }

        BatchRunner::Options options{root.filePath(QStringLiteral("triton")), 2, true, work.path(), 900'000};
        options.configSource = BatchConfigSource::capture(tools, options.timeoutMs);
        BatchRunner runner(options, tools);
        QCOMPARE(runner.runToCompletion(), QString());
        const QList<BatchRow> &rows = runner.rows();
        for (const QString &config : {QStringLiteral("f32_b1024"), QStringLiteral("f16_b512")}) {
            const BatchRow *add = find(rows, QStringLiteral("vector_add.py"), QStringLiteral("vector_add"), config);
            QVERIFY2(add, qPrintable(config));
            QCOMPARE(add->built, BatchRow::Step::Yes);
            QVERIFY2(passes(add), qPrintable(config + QStringLiteral(": ") + add->irVerdict + QStringLiteral(": ") + add->reason()));
        }
        // The desugared module the second config's reference came from.
        QFile desugared(QDir(work.path()).filePath(QStringLiteral("vector_add/vector_add/triton.cutile.py")));
        QVERIFY2(desugared.open(QIODevice::ReadOnly), qPrintable(desugared.fileName()));
        QVERIFY(desugared.readAll().contains("@ct.kernel"));

        // The captured launch named every Triton parameter; fitted to the
        // desugared kernel (the bound n is the array's extent) it is compared.
        const BatchRow *bare = find(rows, QStringLiteral("bare.py"), QStringLiteral("scale"));
        QVERIFY(bare);
        QCOMPARE(bare->built, BatchRow::Step::Yes);
        QVERIFY2(passes(bare), qPrintable(bare->irVerdict + QStringLiteral(": ") + bare->reason()));
        QCOMPARE(bare->configFrom, QStringLiteral("__main__"));
    }

    // tests/fixtures/triton/project: a kernel whose helpers live in a
    // module of its own package (a module bound to a name, a relative
    // import, a tl re-export) translates, builds and diffs for each config.
    void projectModuleHelpersAreCompared()
    {
        batchPassesEveryConfig(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/project/pkg/ops/clip.py"), QStringLiteral("clip.py"), QStringLiteral("clip_rows"),
                               {QStringLiteral("f32_n1040_b256"), QStringLiteral("f16_n4096_b1024")});
        // A device function whose own helpers live in its module and in a
        // module it imports from (activations.py -> lang_ext.py).
        batchPassesEveryConfig(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/project/pkg/ops/smooth.py"), QStringLiteral("smooth.py"),
                               QStringLiteral("smooth_rows"), {QStringLiteral("f32_n1040_b256")});
    }

    // tests/fixtures/triton/optional: an optional pointer's presence flag
    // decides the arm; the config without it passes the array as None.
    void optionalPointerConfigsAreCompared()
    {
        batchPassesEveryConfig(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/optional/masked_mean.py"), QStringLiteral("masked_mean.py"), QStringLiteral("masked_mean"),
                               {QStringLiteral("f32_weighted"), QStringLiteral("f32_unweighted")});
    }

    // tests/fixtures/batch/tile_ops.py: several configs per kernel, in
    // parallel. Configs of one specialization share one export and one
    // harness run; each kernel's line gives its worst verdict.
    void configsOfOneSpecializationShareWork()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        QVERIFY2(!tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QVERIFY2(!tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
        QTemporaryDir dir, work;
        QVERIFY(dir.isValid() && work.isValid());
        for (const char *f : {"tile_ops.py", "tile_ops.tileport.json"})
            QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/batch/") + QLatin1String(f),
                                dir.filePath(QLatin1String(f))));
        BatchRunner runner({dir.path(), 2, true, work.path(), 900'000}, tools);
        QStringList finished;
        connect(&runner, &BatchRunner::rowFinished, this, [&](const BatchRow &r, int, int) { finished << r.config; });
        QCOMPARE(runner.runToCompletion(), QString());
        const QList<BatchRow> &rows = runner.rows();
        QCOMPARE(rows.size(), 6);
        QCOMPARE(finished.size(), 6);

        // 6 configs, 4 work units: the two f32 shapes of double_tiles and
        // the two sizes of copy_vec have one specialization each.
        QCOMPARE(runner.workUnits(), 4);
        const QString f = QStringLiteral("tile_ops.py");
        const BatchRow *d1 = find(rows, f, QStringLiteral("double_tiles"), QStringLiteral("f32_4096x4096"));
        const BatchRow *d2 = find(rows, f, QStringLiteral("double_tiles"), QStringLiteral("f32_8192x4096"));
        const BatchRow *d3 = find(rows, f, QStringLiteral("double_tiles"), QStringLiteral("f16_1024x2048_t32"));
        QVERIFY(d1 && d2 && d3);
        // Compared (the captured configs' verdict is the differ's: the
        // launcher's divisibility assumes on shapes and strides are in both).
        QVERIFY2(d1->irVerdict != QLatin1String("-"), qPrintable(d1->reason()));
        QVERIFY2(d3->irVerdict != QLatin1String("-"), qPrintable(d3->reason()));
        QCOMPARE(d1->sharedWith, QString());
        QCOMPARE(d2->sharedWith, QStringLiteral("f32_4096x4096"));
        QCOMPARE(d2->irVerdict, d1->irVerdict);
        QCOMPARE(d2->irReason, d1->irReason);
        QCOMPARE(d2->sources, 2);
        const QDir doubleWork(work.filePath(QStringLiteral("tile_ops/double_tiles")));
        QVERIFY(QFile::exists(doubleWork.filePath(QStringLiteral("f32_4096x4096/reference.tileirbc"))));
        QVERIFY(QFile::exists(doubleWork.filePath(QStringLiteral("f32_4096x4096/generated/double_tiles.tileirbc"))));
        QVERIFY(!QFileInfo::exists(doubleWork.filePath(QStringLiteral("f32_8192x4096"))));
        // Rows of 4096 f32: 16-byte multiples for cuTile Python, 16-element ones for cutile.
        const QString why = QStringLiteral(" (the launchers' rules differ; not a port defect)");
        QCOMPARE(findings(doubleWork.filePath(QStringLiteral("f32_4096x4096/diff.json")), QStringLiteral("launcher-rule")),
                 (QStringList{QStringLiteral("x.stride[0] = 4096: cuTile Python promises div_by 4, cutile div_by 16") + why,
                              QStringLiteral("y.stride[0] = 4096: cuTile Python promises div_by 4, cutile div_by 16") + why}));
        QVERIFY(QFile::exists(doubleWork.filePath(QStringLiteral("f16_1024x2048_t32/diff.json"))));

        const BatchRow *c1 = find(rows, f, QStringLiteral("copy_vec"), QStringLiteral("f32_t1024"));
        const BatchRow *c2 = find(rows, f, QStringLiteral("copy_vec"), QStringLiteral("f32_t1024_2m"));
        const BatchRow *bad = find(rows, f, QStringLiteral("copy_vec"), QStringLiteral("f32_t1000"));
        QVERIFY(c1 && c2 && bad);
        QVERIFY2(passes(c1), qPrintable(c1->irVerdict + QStringLiteral(": ") + c1->reason()));
        QCOMPARE(c2->sharedWith, QStringLiteral("f32_t1024"));
        // The reference compiler refuses a tile of 1000: that config is not compared.
        QCOMPARE(bad->irVerdict, QStringLiteral("-"));
        QVERIFY2(bad->irReason.startsWith(QLatin1String("reference export: ")), qPrintable(bad->irReason));

        // One line per kernel: its worst verdict and its config count.
        const QStringList lines = BatchReport::table(rows).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[1].contains(QLatin1String("double_tiles")) && lines[1].contains(QLatin1String("  3  ")), qPrintable(lines[1]));
        const BatchRow *worstDouble = BatchRow::irRank(d3->irVerdict) > BatchRow::irRank(d1->irVerdict) ? d3 : d1;
        QVERIFY2(lines[1].contains(QLatin1Char(' ') + worstDouble->irVerdict + QLatin1Char(' ')), qPrintable(lines[1]));
        QVERIFY2(lines[2].contains(QLatin1String("copy_vec")) && lines[2].contains(QLatin1String("  -  "))
                     && lines[2].contains(QLatin1String("reference export: ")),
                 qPrintable(lines[2]));
        const BatchReport::Counts c = BatchReport::count(rows, runner.fileCount());
        QCOMPARE(c.kernels, 2);
        QCOMPARE(c.configs, 6);
        QCOMPARE(c.irRuns, 3);
        QCOMPARE(c.kernelWorst.value(QStringLiteral("-")), 1);

        // The CLI on the same directory: the crates are built already (the
        // crate names follow the file and kernel), the JSON keeps every row.
        QProcess p;
        p.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("batch"), dir.path(), QStringLiteral("--json"), QStringLiteral("--jobs"),
                                               QStringLiteral("2"), QStringLiteral("--out"), work.filePath(QStringLiteral("cli"))});
        QVERIFY(p.waitForFinished(20 * 60'000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport-batch/2"));
        const QJsonArray jrows = doc.value(QStringLiteral("rows")).toArray();
        QCOMPARE(jrows.size(), 6);
        QCOMPARE(jrows[1].toObject().value(QStringLiteral("shared_with")).toString(), QStringLiteral("f32_4096x4096"));
        QCOMPARE(jrows[1].toObject().value(QStringLiteral("sources")).toInt(), 2);
        QCOMPARE(doc.value(QStringLiteral("summary")).toObject().value(QStringLiteral("ir_runs")).toInt(), 3);
        const QJsonObject copyVec = doc.value(QStringLiteral("kernels")).toArray()[1].toObject();
        QCOMPARE(copyVec.value(QStringLiteral("ir")).toString(), QStringLiteral("-"));
        QCOMPARE(copyVec.value(QStringLiteral("ir_config")).toString(), QStringLiteral("f32_t1000"));
        QCOMPARE(copyVec.value(QStringLiteral("ir_counts")).toObject().value(QStringLiteral("-")).toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestBatchBuild)
#include "tst_batch_build.moc"
