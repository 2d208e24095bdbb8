// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The Triton construct corpus (tests/fixtures/triton/constructs, docs/triton.md):
// small kernels of ours, each exercising rows of the construct table, run
// once through `tileport batch --per-config` with the real toolchains
// (translate, cargo build, the IR harness per config and the diff against
// the desugared cuTile Python's reference). Every row must translate, build
// and diff PASS or PASS_WITH_NOTES; every kernel must have a row; the
// translation notes must show the constructs each kernel is there for.
// refused.py holds valid Triton the front-end refuses today: each of its
// kernels must stay refused with its diagnostic until it is moved.

#include "ProcessRunner.h"
#include "Toolchains.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tileport;

namespace {

const QString kCorpus = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/constructs");
const QString kRefused = QStringLiteral("refused.py");

// The refused kernels and a part of the diagnostic each gets.
const QHash<QString, QString> &refusals()
{
    static const QHash<QString, QString> r{
        {QStringLiteral("widen_by_module_dtype"), QStringLiteral("name 'ACC_TYPE': not defined in the kernel")},
        {QStringLiteral("negate_if_flag"), QStringLiteral("parameter: 'NEGATE' is neither an array, a scalar nor a ct.Constant")},
        {QStringLiteral("sum_descriptors"), QStringLiteral("no launch fixes this host TensorDescriptor's block shape")},
    };
    return r;
}

ProcessResult cli(const QStringList &args, int timeoutMs)
{
    ProcessSpec spec{QStringLiteral(TILEPORT_CLI), args};
    spec.timeoutMs = timeoutMs;
    return ProcessRunner::run(spec);
}

// The desugared cuTile text of one kernel of a module: from its `def` to the
// next decorator (kernels and helpers are separated so).
QString kernelText(const QString &module, const QString &kernel)
{
    const qsizetype from = module.indexOf(QStringLiteral("def %1(").arg(kernel));
    if (from < 0)
        return {};
    const qsizetype to = module.indexOf(QStringLiteral("\n@"), from);
    return module.mid(from, to < 0 ? -1 : to - from);
}

} // namespace

class TestTritonConstructs : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_out;
    QJsonObject m_batch;
    QHash<QString, QJsonObject> m_analysis; // file name -> `analyze --json`

    QJsonObject kernelOf(const QString &file, const QString &kernel) const
    {
        for (const QJsonValue &k : m_analysis.value(file).value(QStringLiteral("kernels")).toArray())
            if (k.toObject().value(QStringLiteral("name")).toString() == kernel)
                return k.toObject();
        return {};
    }

    static QStringList notes(const QJsonObject &kernel)
    {
        QStringList out;
        for (const QJsonValue &n : kernel.value(QStringLiteral("notes")).toArray())
            out << n.toString();
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        QVERIFY2(!tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QVERIFY2(!tools.python.isEmpty(), "no Python with cuda-tile; run ./scripts/setup");
        QVERIFY(m_out.isValid());

        const QStringList files = QDir(kCorpus).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 6, qPrintable(files.join(QLatin1Char(' '))));
        for (const QString &f : files) {
            const ProcessResult a = cli({QStringLiteral("analyze"), QDir(kCorpus).filePath(f), QStringLiteral("--json")}, 120'000);
            QVERIFY2(a.ok(), qPrintable(f + QStringLiteral(": ") + a.describe() + QLatin1Char(' ') + QString::fromUtf8(a.standardError)));
            const QJsonObject doc = QJsonDocument::fromJson(a.standardOutput).object();
            QVERIFY2(doc.value(QStringLiteral("error")).isNull(), qPrintable(f + QStringLiteral(": ") + doc.value(QStringLiteral("error")).toString()));
            // The sidecar fits the desugared kernels.
            const QJsonArray diags = doc.value(QStringLiteral("config")).toObject().value(QStringLiteral("diagnostics")).toArray();
            QVERIFY2(diags.isEmpty(), qPrintable(f + QStringLiteral(": ") + QString::fromUtf8(QJsonDocument(diags).toJson(QJsonDocument::Compact))));
            m_analysis.insert(f, doc);
        }

        // One batch over the corpus: every stage of every config, two jobs.
        const ProcessResult b = cli({QStringLiteral("batch"), kCorpus, QStringLiteral("--per-config"), QStringLiteral("--json"),
                                     QStringLiteral("--out"), m_out.filePath(QStringLiteral("work")), QStringLiteral("--jobs"),
                                     QStringLiteral("2")},
                                    25 * 60'000);
        QVERIFY2(b.ok(), qPrintable(b.describe() + QLatin1Char(' ') + QString::fromUtf8(b.standardError.right(4000))));
        m_batch = QJsonDocument::fromJson(b.standardOutput).object();
        QCOMPARE(m_batch.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport-batch/2"));
        qInfo().noquote() << "batch:" << m_batch.value(QStringLiteral("rows")).toArray().size() << "rows in"
                          << m_batch.value(QStringLiteral("elapsed_ms")).toInteger() << "ms";
    }

    // Each row (a kernel and one of its configs): translated, built, and its
    // Tile IR diffs PASS or PASS_WITH_NOTES against the reference.
    void rowPorts_data()
    {
        QTest::addColumn<QJsonObject>("row");
        for (const QJsonValue &v : m_batch.value(QStringLiteral("rows")).toArray()) {
            const QJsonObject r = v.toObject();
            if (r.value(QStringLiteral("file")).toString() == kRefused)
                continue;
            const QString tag = r.value(QStringLiteral("file")).toString() + QLatin1Char('/') + r.value(QStringLiteral("kernel")).toString()
                                + QLatin1Char('/') + r.value(QStringLiteral("config")).toString();
            QTest::newRow(qPrintable(tag)) << r;
        }
    }

    void rowPorts()
    {
        QFETCH(QJsonObject, row);
        const auto field = [&](const char *k) { return row.value(QLatin1String(k)).toString(); };
        // A failing row's logs and diff.md stay for reading (its reasons name them).
        const QString ir = field("ir");
        if (field("translated") != QLatin1String("yes") || field("builds") != QLatin1String("yes")
            || (ir != QLatin1String("PASS") && ir != QLatin1String("PASS_WITH_NOTES"))) {
            m_out.setAutoRemove(false);
            qWarning().noquote() << "kept the batch work directory" << m_out.filePath(QStringLiteral("work"));
        }
        QVERIFY2(field("translated") == QLatin1String("yes"),
                 qPrintable(field("translate_at") + QStringLiteral(": ") + field("translate_reason")));
        QVERIFY2(field("builds") == QLatin1String("yes"), qPrintable(field("build_reason")));
        QVERIFY2(!field("config").isEmpty(), "a kernel without a config in the sidecar");
        QVERIFY2(ir == QLatin1String("PASS") || ir == QLatin1String("PASS_WITH_NOTES"), qPrintable(ir + QStringLiteral(": ") + field("ir_reason")));
    }

    // Every kernel of every file (helpers aside) has at least one row with a
    // config, and the batch saw no kernel the analysis did not.
    void everyKernelHasARow()
    {
        const QJsonArray rows = m_batch.value(QStringLiteral("rows")).toArray();
        int kernels = 0;
        for (auto it = m_analysis.constBegin(); it != m_analysis.constEnd(); ++it) {
            for (const QJsonValue &v : it.value().value(QStringLiteral("kernels")).toArray()) {
                const QJsonObject k = v.toObject();
                if (k.value(QStringLiteral("helper")).toBool())
                    continue;
                ++kernels;
                const QString name = k.value(QStringLiteral("name")).toString();
                const bool refused = it.key() == kRefused; // no configs: never built
                const bool hasRow = std::any_of(rows.begin(), rows.end(), [&](const QJsonValue &r) {
                    const QJsonObject o = r.toObject();
                    return o.value(QStringLiteral("file")).toString() == it.key() && o.value(QStringLiteral("kernel")).toString() == name
                           && (refused || !o.value(QStringLiteral("config")).toString().isEmpty());
                });
                QVERIFY2(hasRow, qPrintable(it.key() + QLatin1Char('/') + name + QStringLiteral(": no row with a config")));
            }
        }
        QVERIFY(kernels >= 12);
        QCOMPARE(m_batch.value(QStringLiteral("summary")).toObject().value(QStringLiteral("kernels")).toInt(), kernels);
    }

    // Each kernel of refused.py is refused with its diagnostic, at a line
    // of the file, and is not built; refused.py has no other kernel.
    void refusedKernelsStayRefused()
    {
        int seen = 0;
        for (const QJsonValue &v : m_batch.value(QStringLiteral("rows")).toArray()) {
            const QJsonObject r = v.toObject();
            if (r.value(QStringLiteral("file")).toString() != kRefused)
                continue;
            ++seen;
            const QString kernel = r.value(QStringLiteral("kernel")).toString();
            QVERIFY2(refusals().contains(kernel), qPrintable(kernel + QStringLiteral(" is not an expected refusal")));
            const QString reason = r.value(QStringLiteral("translate_reason")).toString();
            QVERIFY2(r.value(QStringLiteral("translated")).toString() == QLatin1String("no"),
                     qPrintable(kernel + QStringLiteral(" translates now: move it to its topic's file with a config")));
            QVERIFY2(reason.contains(refusals().value(kernel)), qPrintable(kernel + QStringLiteral(": ") + reason));
            QVERIFY2(r.value(QStringLiteral("translate_at")).toString().startsWith(kRefused + QLatin1Char(':')),
                     qPrintable(r.value(QStringLiteral("translate_at")).toString()));
            QVERIFY(r.value(QStringLiteral("builds")).toString() != QLatin1String("yes"));
        }
        QCOMPARE(seen, int(refusals().size()));
    }

    // Kernels meant to have both lowerings: a tile view for some accesses
    // and the pointer gather fallback for others, in one kernel.
    void bothLoweringsInOneKernel_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kernel");
        QTest::newRow("pick_rows") << QStringLiteral("pointers.py") << QStringLiteral("pick_rows");
        QTest::newRow("gated_scale") << QStringLiteral("control.py") << QStringLiteral("gated_scale");
    }

    void bothLoweringsInOneKernel()
    {
        QFETCH(QString, file);
        QFETCH(QString, kernel);
        const QStringList n = notes(kernelOf(file, kernel));
        const QString all = n.join(QLatin1String("\n"));
        QVERIFY2(!n.filter(QStringLiteral(": a tile view of '")).isEmpty(), qPrintable(all));
        QVERIFY2(!n.filter(QStringLiteral(": a pointer gather from '")).isEmpty(), qPrintable(all));

        // And the port's Tile IR has both: view loads and pointer loads in
        // the one entry that batch diffed (its diff.json's op counts).
        QString config;
        for (const QJsonValue &v : m_batch.value(QStringLiteral("rows")).toArray())
            if (v.toObject().value(QStringLiteral("file")).toString() == file && v.toObject().value(QStringLiteral("kernel")).toString() == kernel)
                config = v.toObject().value(QStringLiteral("config")).toString();
        QVERIFY(!config.isEmpty());
        QFile f(m_out.filePath(QStringLiteral("work/%1/%2/%3/diff.json").arg(QFileInfo(file).completeBaseName(), kernel, config)));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        QHash<QString, int> gen;
        for (const QJsonValue &c : QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("op_counts")).toArray())
            gen.insert(c.toObject().value(QStringLiteral("op")).toString(), c.toObject().value(QStringLiteral("gen")).toInt());
        QVERIFY2(gen.value(QStringLiteral("load_view_tko")) > 0, qPrintable(f.fileName()));
        QVERIFY2(gen.value(QStringLiteral("load_ptr_tko")) > 0, qPrintable(f.fileName()));
    }

    // What each kernel is in the corpus for shows in its translation: a
    // note of the analysis or a form of the desugared cuTile text.
    void constructsAreExercised_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("where"); // "notes" or "cutile"
        QTest::addColumn<QString>("needle");
        const auto add = [](const char *file, const char *kernel, const char *where, const char *needle) {
            QTest::addRow("%s/%s: %s", kernel, where, needle) << QString::fromLatin1(file) << QString::fromLatin1(kernel)
                                                             << QString::fromLatin1(where) << QString::fromLatin1(needle);
        };
        // 1, 2: pointers
        add("pointers.py", "shift_rows", "notes", "@triton.jit helper _row_id() inlined");
        add("pointers.py", "shift_rows", "cutile", "row = ct.astype(ct.bid(0), ct.int64)");
        add("pointers.py", "shift_rows", "notes", "a tile view of 'src_ptr'");
        add("pointers.py", "transpose_tiles", "cutile", "index=(ct.bid(1), ct.bid(0))");
        add("pointers.py", "pick_rows", "notes", "a pointer gather from 'table_ptr'");
        add("pointers.py", "sliding_window", "cutile", "start = (ct.bid(0) * hop)");
        add("pointers.py", "sliding_window", "notes", "a pointer scatter into 'y_ptr'");
        // 6, 7: control
        add("control.py", "gated_scale", "cutile", "ct.static_eval(");
        add("control.py", "gated_scale", "cutile", ".item():");
        add("control.py", "gated_scale", "cutile", "ct.where(");
        add("control.py", "tail_sums", "cutile", "range(ct.cdiv(n_cols - first, BLOCK))");
        add("control.py", "tail_sums", "cutile", "for k in range(PASSES)");
        add("control.py", "grid_stride_scale", "cutile", "range(ct.cdiv(n_tiles - first, ct.num_blocks(0)))");
        // 3, 4, 8, 9: surface
        add("surface.py", "blend_activations", "notes", "@triton.jit helper _smooth_step() inlined");
        add("surface.py", "blend_activations", "notes", "@triton.jit helper _softsign() inlined");
        add("surface.py", "blend_activations", "notes", "module constant GAIN = 2 substituted");
        add("surface.py", "blend_activations", "notes", "module constant OFFSET = 0.25 substituted");
        add("surface.py", "blend_activations", "cutile", "ct.tanh(");
        add("surface.py", "blend_activations", "cutile", "ct.rsqrt(");
        add("surface.py", "half_in_float_math", "cutile", "ct.astype(ct.bid(0), ct.int64)");
        add("surface.py", "half_in_float_math", "cutile", "ct.float16");
        add("surface.py", "half_in_float_math", "cutile", "(BLOCK // 2)");
        add("surface.py", "half_in_float_math", "cutile", "gain = 2");
        add("surface.py", "running_mean", "notes", "is a hint, left out");
        add("surface.py", "running_mean", "cutile", "ct.cumsum(");
        add("surface.py", "running_mean", "cutile", "ct.exp2(");
        // 10: parameters
        add("params.py", "clamp_below", "cutile", "FLOOR_AT_ZERO: ct.Constant[bool]");
        add("params.py", "shift_by", "notes", "tl.constexpr 'delta' (no default) is only an operand of arithmetic on tiles");
        add("params.py", "activate", "cutile", "ACT: ct.Constant[int]");
        add("params.py", "activate", "notes", "tl.constexpr 'ACT' is compared with the string 'softsign': the cuTile kernel takes it as an int, 1");
        add("params.py", "mix_tiles", "notes", "TensorDescriptor 'a_desc': block shape [TM, TN] from the launch");
        // 4, 5, 7, 9: library forms
        add("library.py", "strided_rows", "cutile", "while (row < n_rows):");
        add("library.py", "chunked_total", "cutile", "while (start < n):");
        add("library.py", "chunked_total", "cutile", "index=(trip_");
        add("library.py", "block_counts", "cutile", "- 1) // BLOCK_N)");
        add("library.py", "tile_norm", "cutile", "ct.sum((x * x))");
        add("library.py", "tile_norm", "cutile", "ct.sqrt(eps)");
        add("library.py", "power_blend", "cutile", "ct.pow(");
        add("library.py", "power_blend", "cutile", "ct.zeros((BLOCK,), x_ptr.dtype)");
        add("library.py", "biased_transpose", "cutile", "ct.broadcast_to(");
        add("library.py", "biased_transpose", "cutile", "ct.permute(");
        add("library.py", "narrow_output", "cutile", "ct.static_eval(ct.float8_e4m3fn if FP8 else ct.float16)");
        add("library.py", "narrow_output", "cutile", "if (y_ptr.dtype == ct.float16):");
        add("library.py", "gelu_exact", "cutile", "_tileport_erf(");
        add("library.py", "gelu_exact", "notes", "cuTile has no erf");
        add("library.py", "stepped_sum", "cutile", "offs = offs + BLOCK");
        add("library.py", "guarded_copy", "cutile", "mask=(pid < n)");
        add("library.py", "row_total", "cutile", "dst = pid");
        // tutorial style
        add("tutorials.py", "row_log_softmax", "cutile", "ct.max(");
        add("tutorials.py", "linear_relu", "cutile", "ct.mma(");
        add("tutorials.py", "drop_and_scale", "cutile", "_tileport_philox_rand(");
    }

    void constructsAreExercised()
    {
        QFETCH(QString, file);
        QFETCH(QString, kernel);
        QFETCH(QString, where);
        QFETCH(QString, needle);
        const QJsonObject k = kernelOf(file, kernel);
        QVERIFY2(!k.isEmpty(), qPrintable(file + QStringLiteral(" has no kernel ") + kernel));
        const QString text = where == QLatin1String("notes")
            ? notes(k).join(QLatin1Char('\n'))
            : kernelText(m_analysis.value(file).value(QStringLiteral("cutile")).toString(), kernel);
        QVERIFY2(text.contains(needle), qPrintable(QStringLiteral("'%1' not in the %2 of %3:\n%4").arg(needle, where, kernel, text)));
    }
};

QTEST_GUILESS_MAIN(TestTritonConstructs)
#include "tst_triton_constructs.moc"
