// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Triton as the reference of a Triton file. On the CPU, `tileport reference`
// runs the example kernels under Triton's real interpreter (TRITON_INTERPRET=1,
// the triton venv from scripts/setup) at small shapes, launched by the
// file's own host function; the recorded outputs are checked against the
// operation recomputed here from the recorded inputs. A Triton bundle
// (tileport-bundle, the stage D builder) names Triton as its reference and
// carries the launch helper.

#include "ProcessRunner.h"
#include "Toolchains.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace tileport;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/triton");

ProcessResult run(const QString &program, const QStringList &args, const QProcessEnvironment &env = {})
{
    ProcessSpec spec{program, args};
    if (!env.isEmpty())
        spec.environment = env;
    spec.timeoutMs = 600'000;
    return ProcessRunner::run(spec);
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

QList<double> values(const QJsonObject &array, const char *key)
{
    QList<double> out;
    for (const QJsonValue &v : array.value(QLatin1String(key)).toArray())
        out << v.toDouble();
    return out;
}

double roundTo(const QString &dtype, double v)
{
    return dtype == QLatin1String("float16") ? double(float(qfloat16(float(v)))) : double(float(v));
}

} // namespace

class TestTritonReference : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();
    QString m_tritonPython = QProcessEnvironment::systemEnvironment().value(QStringLiteral("TILEPORT_TRITON_PYTHON"));
    QTemporaryDir m_out;

    // Runs `tileport reference` on an example; the per-config records.
    QList<QJsonObject> interpret(const QString &example, int expectedConfigs)
    {
        const QString out = m_out.filePath(example);
        const ProcessResult r = run(QStringLiteral(TILEPORT_CLI),
                                    {QStringLiteral("reference"), kExamples + QLatin1Char('/') + example + QStringLiteral(".py"),
                                     QStringLiteral("--out"), out});
        [&] { QVERIFY2(r.ok(), qPrintable(r.describe() + QLatin1Char('\n') + QString::fromUtf8(r.standardOutput + r.standardError))); }();
        const QJsonObject summary = readJson(QDir(out).filePath(QStringLiteral("reference.json")));
        QList<QJsonObject> rows;
        for (const QJsonValue &c : summary.value(QStringLiteral("configs")).toArray())
            rows << readJson(QDir(out).filePath(c.toObject().value(QStringLiteral("config")).toString() + QStringLiteral(".json")));
        [&] {
            QCOMPARE(summary.value(QStringLiteral("interpreter")).toBool(), true);
            QCOMPARE(rows.size(), expectedConfigs);
        }();
        return rows;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (m_tritonPython.isEmpty() || !QFileInfo(m_tritonPython).isExecutable())
            QSKIP("no triton venv (TILEPORT_TRITON_PYTHON): scripts/setup installs it unless TILEPORT_NO_TRITON is set");
        QVERIFY(m_out.isValid());
    }

    void vectorAddInterpreted()
    {
        const QList<QJsonObject> rows = interpret(QStringLiteral("vector_add"), 2);
        for (const QJsonObject &row : rows) {
            QCOMPARE(row.value(QStringLiteral("status")).toString(), QStringLiteral("ran"));
            const QJsonObject arrays = row.value(QStringLiteral("arrays")).toObject();
            const QJsonObject x = arrays.value(QStringLiteral("x_ptr")).toObject();
            const QJsonObject y = arrays.value(QStringLiteral("y_ptr")).toObject();
            const QJsonObject out = arrays.value(QStringLiteral("out_ptr")).toObject();
            const QString dtype = out.value(QStringLiteral("dtype")).toString();
            const QList<double> xs = values(x, "input"), ys = values(y, "input"), got = values(out, "output");
            QCOMPARE(got.size(), xs.size());
            QVERIFY(!got.isEmpty());
            int wrong = 0;
            for (qsizetype i = 0; i < got.size(); ++i)
                wrong += got[i] != roundTo(dtype, roundTo(dtype, xs[i]) + roundTo(dtype, ys[i]));
            QCOMPARE(wrong, 0);
            // The launch came from the host function: n_elements is the array's size.
            const int n = int(got.size());
            QCOMPARE(row.value(QStringLiteral("arguments")).toObject().value(QStringLiteral("n_elements")).toInt(), n);
            const int block = row.value(QStringLiteral("arguments")).toObject().value(QStringLiteral("BLOCK")).toInt();
            QCOMPARE(row.value(QStringLiteral("grid")).toArray().first().toInt(), (n + block - 1) / block);
        }
        // Small shapes: 1048576 elements cut to 4096; 100000 to 4000 (the
        // residue mod 128 kept, so the last block is masked).
        QCOMPARE(rows[0].value(QStringLiteral("arrays")).toObject().value(QStringLiteral("x_ptr")).toObject()
                     .value(QStringLiteral("shape")).toArray(), (QJsonArray{4096}));
        QCOMPARE(rows[1].value(QStringLiteral("arrays")).toObject().value(QStringLiteral("x_ptr")).toObject()
                     .value(QStringLiteral("shape")).toArray(), (QJsonArray{4000}));
    }

    void softmaxInterpreted()
    {
        const QList<QJsonObject> rows = interpret(QStringLiteral("softmax"), 2);
        for (const QJsonObject &row : rows) {
            QCOMPARE(row.value(QStringLiteral("status")).toString(), QStringLiteral("ran"));
            const QJsonObject arrays = row.value(QStringLiteral("arrays")).toObject();
            const QJsonObject x = arrays.value(QStringLiteral("x_ptr")).toObject();
            const QJsonObject y = arrays.value(QStringLiteral("y_ptr")).toObject();
            const QJsonArray shape = x.value(QStringLiteral("shape")).toArray();
            const int nRows = shape[0].toInt(), nCols = shape[1].toInt();
            const QList<double> xs = values(x, "input"), got = values(y, "output");
            QCOMPARE(got.size(), qsizetype(nRows) * nCols);
            const bool half = y.value(QStringLiteral("dtype")).toString() == QLatin1String("float16");
            double worst = 0;
            for (int r = 0; r < nRows; ++r) {
                double peak = -INFINITY, sum = 0;
                for (int c = 0; c < nCols; ++c)
                    peak = std::max(peak, xs[r * nCols + c]);
                for (int c = 0; c < nCols; ++c)
                    sum += std::exp(xs[r * nCols + c] - peak);
                for (int c = 0; c < nCols; ++c)
                    worst = std::max(worst, std::abs(got[r * nCols + c] - std::exp(xs[r * nCols + c] - peak) / sum));
            }
            QVERIFY2(worst < (half ? 1e-3 : 1e-6), qPrintable(QString::number(worst)));
            QCOMPARE(row.value(QStringLiteral("grid")).toArray().first().toInt(), nRows);
        }
    }

    void dropoutPhiloxMatchesTriton()
    {
        // The interpreter's dropout (tl.rand) against the Philox helper the
        // front-end generates, run on numpy lanes: the same elements kept,
        // the same values, bit for bit.
        const QList<QJsonObject> rows = interpret(QStringLiteral("dropout"), 2);
        const ProcessResult a = run(QStringLiteral(TILEPORT_CLI), {QStringLiteral("analyze"),
                                    kExamples + QStringLiteral("/dropout.py"), QStringLiteral("--json")});
        QVERIFY2(a.ok(), a.standardError.constData());
        const QString cutile = QJsonDocument::fromJson(a.standardOutput).object().value(QStringLiteral("cutile")).toString();
        QVERIFY(cutile.contains(QStringLiteral("def _tileport_philox_rand(")));
        const QString textPath = m_out.filePath(QStringLiteral("dropout.cutile.py"));
        QFile tf(textPath);
        QVERIFY(tf.open(QIODevice::WriteOnly));
        tf.write(cutile.toUtf8());
        tf.close();

        QStringList args{QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/philox_check.py"), textPath};
        for (const QJsonObject &row : rows) {
            QCOMPARE(row.value(QStringLiteral("status")).toString(), QStringLiteral("ran"));
            args << m_out.filePath(QStringLiteral("dropout/%1.json").arg(row.value(QStringLiteral("config")).toString()));
        }
        const ProcessResult c = run(m_tritonPython, args);
        QVERIFY2(c.ok(), c.standardError.constData());
        const QList<QByteArray> lines = c.standardOutput.trimmed().split('\n');
        QCOMPARE(lines.size(), rows.size());
        for (const QByteArray &l : lines) {
            const QJsonObject r = QJsonDocument::fromJson(l).object();
            qInfo().noquote() << l;
            QCOMPARE(r.value(QStringLiteral("mismatched")).toInt(-1), 0);
            QVERIFY(r.value(QStringLiteral("elements")).toInt() >= 4000);
            // Uniform numbers: about 1 - p of the elements are kept.
            QVERIFY(std::abs(r.value(QStringLiteral("kept")).toDouble() - (1.0 - r.value(QStringLiteral("p")).toDouble())) < 0.05);
        }
    }

    void hostDescriptorsInterpreted()
    {
        // Host TensorDescriptors built by the launch function around the
        // config's arrays (the output swapped in as a pointer's would be).
        const QString out = m_out.filePath(QStringLiteral("host_descriptor"));
        const ProcessResult r = run(QStringLiteral(TILEPORT_CLI),
                                    {QStringLiteral("reference"), QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/host_descriptor.py"),
                                     QStringLiteral("--out"), out});
        QVERIFY2(r.ok(), qPrintable(QString::fromUtf8(r.standardOutput + r.standardError)));
        const QJsonObject row = readJson(QDir(out).filePath(QStringLiteral("f32_32x64.json")));
        QCOMPARE(row.value(QStringLiteral("status")).toString(), QStringLiteral("ran"));
        const QJsonObject arrays = row.value(QStringLiteral("arrays")).toObject();
        const QList<double> x = values(arrays.value(QStringLiteral("x_desc")).toObject(), "input");
        const QList<double> y = values(arrays.value(QStringLiteral("y_desc")).toObject(), "output");
        QCOMPARE(y.size(), x.size());
        QCOMPARE(arrays.value(QStringLiteral("x_desc")).toObject().value(QStringLiteral("shape")).toArray(), (QJsonArray{32, 128}));
        int wrong = 0;
        for (qsizetype i = 0; i < x.size(); ++i)
            wrong += y[i] != double(float(x[i]) * 2.0f);
        QCOMPARE(wrong, 0);
        QCOMPARE(row.value(QStringLiteral("grid")).toArray(), (QJsonArray{1, 2, 1}));
    }

    void hostFunctionFailureIsReported()
    {
        // The launch is only known through the host function: when it fails,
        // the record says which function raised what.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile src(kExamples + QStringLiteral("/vector_add.py"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        QByteArray text = src.readAll();
        text.replace("    out = torch.empty_like(x)\n", "    raise ValueError('no device here')\n");
        QFile bad(dir.filePath(QStringLiteral("vector_add.py")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(text);
        bad.close();
        QVERIFY(QFile::copy(kExamples + QStringLiteral("/vector_add.tileport.json"), dir.filePath(QStringLiteral("vector_add.tileport.json"))));
        const QString out = dir.filePath(QStringLiteral("ref"));
        const ProcessResult r = run(QStringLiteral(TILEPORT_CLI), {QStringLiteral("reference"), bad.fileName(), QStringLiteral("--out"), out});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject row = readJson(QDir(out).filePath(QStringLiteral("f32_b1024.json")));
        QCOMPARE(row.value(QStringLiteral("status")).toString(), QStringLiteral("error"));
        QVERIFY2(row.value(QStringLiteral("reason")).toString().contains(QStringLiteral("launch() raised ValueError: no device here")),
                 qPrintable(row.value(QStringLiteral("reason")).toString()));
    }

    void bundleRunsTritonAsReference()
    {
        if (m_tools.cargo.isEmpty())
            QSKIP("needs cargo with the cutile crates (run scripts/setup)");
        const QString out = m_out.filePath(QStringLiteral("bundle"));
        const ProcessResult b = run(QStringLiteral(TILEPORT_BUNDLE_EXE),
                                    {kExamples + QStringLiteral("/dropout.py"), QStringLiteral("-o"), out});
        QVERIFY2(b.ok(), qPrintable(QString::fromUtf8(b.standardError)));
        const QDir bundle(QDir(out).filePath(QStringLiteral("bundle")));
        for (const char *f : {"run.sh", "tileport_host.py", "tileport_triton.py", "kernel/dropout.py"})
            QVERIFY2(QFile::exists(bundle.filePath(QLatin1String(f))), f);
        const QJsonObject manifest = readJson(bundle.filePath(QStringLiteral("bundle.json")));
        QCOMPARE(manifest.value(QStringLiteral("reference")).toString(), QStringLiteral("triton"));
        const QJsonObject launch = manifest.value(QStringLiteral("launches")).toArray().first().toObject();
        QCOMPARE(launch.value(QStringLiteral("function")).toString(), QStringLiteral("launch"));
        QCOMPARE(launch.value(QStringLiteral("args")).toArray().last().toString(), QStringLiteral("BLOCK=block"));
        QCOMPARE(manifest.value(QStringLiteral("configs")).toArray().size(), 2);
        // dropout: Philox on int64 lanes makes the seed an i64 scalar of the C ABI.
        const QJsonObject entry = manifest.value(QStringLiteral("entries")).toObject().value(QStringLiteral("dropout")).toObject();
        QCOMPARE(entry.value(QStringLiteral("symbol")).toString(), QStringLiteral("tileport_dropout"));
        QStringList scalars;
        for (const QJsonValue &p : entry.value(QStringLiteral("params")).toArray())
            if (p.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("scalar"))
                scalars << p.toObject().value(QStringLiteral("name")).toString() + QLatin1Char(':') + p.toObject().value(QStringLiteral("type")).toString();
        QCOMPARE(scalars.join(QLatin1Char(' ')), QStringLiteral("p:f32 seed:i64"));
        // Here (no GPU, no torch in the triton venv) the harness blocks with
        // the environment named as the owner, and says why.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PYTHON"), m_tritonPython);
        const ProcessResult c = run(QStringLiteral("sh"), {bundle.filePath(QStringLiteral("run.sh")), QStringLiteral("check")}, env);
        const QJsonObject results = readJson(bundle.filePath(QStringLiteral("results/check.json")));
        if (c.exitCode == 0)
            QSKIP("a GPU with torch and triton is here: scripts/gpu-proof runs this bundle for real");
        QCOMPARE(c.exitCode, 3);
        QCOMPARE(results.value(QStringLiteral("blocked")).toObject().value(QStringLiteral("owner")).toString(), QStringLiteral("env"));
        QVERIFY(results.value(QStringLiteral("blocked")).toObject().value(QStringLiteral("reason")).toString().contains(QStringLiteral("torch")));
    }
};

QTEST_GUILESS_MAIN(TestTritonReference)
#include "tst_triton_reference.moc"
