// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The real `tileport analyze` binary: its JSON against docs/analysis-schema.json,
// -o output, the readable summary, exit codes and diagnostics.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile");

struct Run {
    int code = -1;
    QByteArray out;
    QString err;
};

Run analyze(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TILEPORT_CLI), QStringList{QStringLiteral("analyze")} + args);
    if (!p.waitForFinished(60'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError())};
}

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text);
    return path;
}

// The subset of JSON Schema 2020-12 that docs/analysis-schema.json uses:
// $ref to #/$defs, allOf, type, const, enum, required, properties,
// additionalProperties, items, minItems, minimum.
class SchemaChecker
{
public:
    explicit SchemaChecker(QJsonObject root)
        : m_root(std::move(root))
    {
    }
    QStringList errors;

    void check(const QJsonValue &v, const QJsonObject &s, const QString &path)
    {
        if (errors.size() > 20)
            return;
        if (s.contains(QStringLiteral("$ref"))) {
            const QString ref = s.value(QStringLiteral("$ref")).toString();
            const QJsonObject target = m_root.value(QStringLiteral("$defs")).toObject().value(ref.section(QLatin1Char('/'), -1)).toObject();
            if (!ref.startsWith(QLatin1String("#/$defs/")) || target.isEmpty())
                errors.append(path + QStringLiteral(": unresolvable $ref ") + ref);
            else
                check(v, target, path);
        }
        for (const QJsonValue &sub : s.value(QStringLiteral("allOf")).toArray())
            check(v, sub.toObject(), path);
        if (s.contains(QStringLiteral("const")) && v != s.value(QStringLiteral("const")))
            errors.append(path + QStringLiteral(": not the constant"));
        if (s.contains(QStringLiteral("enum")) && !s.value(QStringLiteral("enum")).toArray().contains(v))
            errors.append(path + QStringLiteral(": '%1' not in the enum").arg(v.toVariant().toString()));
        if (s.contains(QStringLiteral("type"))) {
            const QJsonValue t = s.value(QStringLiteral("type"));
            const QJsonArray types = t.isArray() ? t.toArray() : QJsonArray{t};
            bool ok = false;
            for (const QJsonValue &ty : types)
                ok = ok || matches(v, ty.toString());
            if (!ok) {
                errors.append(path + QStringLiteral(": wrong type"));
                return;
            }
        }
        if (v.isObject()) {
            const QJsonObject o = v.toObject();
            for (const QJsonValue &r : s.value(QStringLiteral("required")).toArray())
                if (!o.contains(r.toString()))
                    errors.append(path + QStringLiteral(": missing '%1'").arg(r.toString()));
            const QJsonObject props = s.value(QStringLiteral("properties")).toObject();
            for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
                if (props.contains(it.key()))
                    check(it.value(), props.value(it.key()).toObject(), path + QLatin1Char('.') + it.key());
                else if (s.value(QStringLiteral("additionalProperties")).isObject())
                    check(it.value(), s.value(QStringLiteral("additionalProperties")).toObject(), path + QLatin1Char('.') + it.key());
            }
        }
        if (v.isArray()) {
            const QJsonArray a = v.toArray();
            if (a.size() < s.value(QStringLiteral("minItems")).toInt(0))
                errors.append(path + QStringLiteral(": too few items"));
            if (s.value(QStringLiteral("items")).isObject())
                for (qsizetype i = 0; i < a.size(); ++i)
                    check(a[i], s.value(QStringLiteral("items")).toObject(), QStringLiteral("%1[%2]").arg(path).arg(i));
        }
        if (v.isDouble() && s.contains(QStringLiteral("minimum")) && v.toDouble() < s.value(QStringLiteral("minimum")).toDouble())
            errors.append(path + QStringLiteral(": below the minimum"));
    }

private:
    static bool matches(const QJsonValue &v, const QString &t)
    {
        if (t == QLatin1String("object")) return v.isObject();
        if (t == QLatin1String("array")) return v.isArray();
        if (t == QLatin1String("string")) return v.isString();
        if (t == QLatin1String("boolean")) return v.isBool();
        if (t == QLatin1String("null")) return v.isNull();
        if (t == QLatin1String("number")) return v.isDouble();
        if (t == QLatin1String("integer")) return v.isDouble() && std::floor(v.toDouble()) == v.toDouble();
        return false;
    }
    QJsonObject m_root;
};

QStringList schemaErrors(const QJsonObject &doc)
{
    QFile f(QStringLiteral(TILEPORT_SOURCE_DIR "/docs/analysis-schema.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {QStringLiteral("cannot read the schema")};
    const QJsonObject schema = QJsonDocument::fromJson(f.readAll()).object();
    SchemaChecker c(schema);
    c.check(doc, schema, QStringLiteral("$"));
    return c.errors;
}

const char *kUnsupported = R"PY(import cuda.tile as ct

@ct.kernel
def bad(x, n):
    t = ct.zeros((n,), ct.float32)
    f = lambda v: v

@ct.kernel(occupancy=ct.ByTarget(sm_100=2, default=1))
def good(x, TILE: ct.Constant[int]):
    ct.store(x, (ct.bid(0),), ct.zeros((TILE,), ct.float32))

def run(stream, x):
    ct.launch(stream, (1,), good, (x, 64))
)PY";

} // namespace

class TestAnalyzeCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void jsonMatchesSchema_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kExamples).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << QDir(kExamples).filePath(f);
    }

    void jsonMatchesSchema()
    {
        QFETCH(QString, file);
        const Run r = analyze({file, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QJsonParseError perr;
        const QJsonObject doc = QJsonDocument::fromJson(r.out, &perr).object();
        QCOMPARE(perr.error, QJsonParseError::NoError);
        const QStringList errors = schemaErrors(doc);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY(doc.value(QStringLiteral("ok")).toBool());
        QVERIFY(!doc.value(QStringLiteral("kernels")).toArray().isEmpty());
        // The sidecar beside every example is read and agrees.
        const QJsonObject config = doc.value(QStringLiteral("config")).toObject();
        QVERIFY(config.value(QStringLiteral("configs")).toArray().size() >= 2);
        QVERIFY(config.value(QStringLiteral("diagnostics")).toArray().isEmpty());
    }

    void unsupportedKernelsStillAnalyzed()
    {
        QTemporaryDir dir;
        const QString py = write(dir, QStringLiteral("mixed.py"), kUnsupported);
        const Run r = analyze({py, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QVERIFY(schemaErrors(doc).isEmpty());
        const QJsonArray kernels = doc.value(QStringLiteral("kernels")).toArray();
        QCOMPARE(kernels.size(), 2);
        QCOMPARE(kernels[0].toObject().value(QStringLiteral("portable")).toBool(), false);
        QCOMPARE(kernels[1].toObject().value(QStringLiteral("portable")).toBool(), true);
        const QJsonArray unsupported = doc.value(QStringLiteral("unsupported")).toArray();
        QCOMPARE(unsupported.size(), 2);
        QCOMPARE(unsupported[0].toObject().value(QStringLiteral("construct")).toString(), QStringLiteral("non-constant tile shape"));
        QCOMPARE(unsupported[0].toObject().value(QStringLiteral("line")).toInt(), 5);
        QCOMPARE(unsupported[0].toObject().value(QStringLiteral("col")).toInt(), 18);
        QCOMPARE(unsupported[1].toObject().value(QStringLiteral("construct")).toString(), QStringLiteral("lambda"));
        const QJsonObject option = kernels[1].toObject().value(QStringLiteral("options")).toArray()[0].toObject();
        QCOMPARE(option.value(QStringLiteral("by_target")).toObject().value(QStringLiteral("sm_100")).toString(), QStringLiteral("2"));
        const QJsonObject launch = doc.value(QStringLiteral("launches")).toArray()[0].toObject();
        QCOMPARE(launch.value(QStringLiteral("kernel")).toString(), QStringLiteral("good"));
        QCOMPARE(launch.value(QStringLiteral("expected_args")).toInt(), 2);

        const Run summary = analyze({py});
        QCOMPARE(summary.code, 0);
        const QString text = QString::fromUtf8(summary.out);
        QVERIFY2(text.contains(QStringLiteral("kernel bad at 4:5  [2 unsupported construct(s)]")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("  unsupported %1:5:18: non-constant tile shape: ").arg(py)));
        QVERIFY(text.contains(QStringLiteral("kernel good at 9:5  [portable]")));
        QVERIFY(text.contains(QStringLiteral("options     occupancy=ByTarget(sm_100=2, default=1)")));
        QVERIFY(text.contains(QStringLiteral("launch at 13:5 in run: good grid (1,), 2 argument(s)")));
    }

    void outputFile()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("analysis.json"));
        const Run r = analyze({kExamples + QStringLiteral("/matmul.py"), QStringLiteral("--json"), QStringLiteral("-o"), out});
        QCOMPARE(r.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), r.out);
        // -o alone writes the file and keeps the summary on stdout.
        const QString out2 = dir.filePath(QStringLiteral("again.json"));
        const Run s = analyze({kExamples + QStringLiteral("/matmul.py"), QStringLiteral("-o"), out2});
        QCOMPARE(s.code, 0);
        QVERIFY(QString::fromUtf8(s.out).contains(QStringLiteral("kernel matmul_persistent at ")));
        QVERIFY(QString::fromUtf8(s.out).contains(QStringLiteral("variants    TRANSPOSE_B, not_TRANSPOSE_B")));
        QFile f2(out2);
        QVERIFY(f2.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(f2.readAll()).object().value(QStringLiteral("kernels")).toArray().size(), 2);
        // An unwritable output is an I/O error.
        const Run bad = analyze({kExamples + QStringLiteral("/matmul.py"), QStringLiteral("-o"), dir.filePath(QStringLiteral("no/such/dir/a.json"))});
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains(QStringLiteral("cannot write")));
    }

    void errors()
    {
        QTemporaryDir dir;
        const Run missing = analyze({dir.filePath(QStringLiteral("absent.py"))});
        QCOMPARE(missing.code, 2);
        QVERIFY(missing.err.contains(QStringLiteral("absent.py: no such file")));
        QVERIFY(missing.out.isEmpty());
        const Run directory = analyze({dir.path()});
        QCOMPARE(directory.code, 2);
        QVERIFY(directory.err.contains(QStringLiteral("not a regular file")));
        QCOMPARE(analyze({}).code, 2);
        QCOMPARE(analyze({QStringLiteral("--frobnicate"), QStringLiteral("x.py")}).code, 2);
        QCOMPARE(analyze({QStringLiteral("a.py"), QStringLiteral("b.py")}).code, 2);

        const QString bad = write(dir, QStringLiteral("bad.py"), "import cuda.tile as ct\nx = (1, 2\n");
        const Run syntax = analyze({bad, QStringLiteral("--json")});
        QCOMPARE(syntax.code, 1);
        QVERIFY2(syntax.err.contains(bad + QStringLiteral(":2:5: syntax error: '(' was never closed")), qPrintable(syntax.err));
        const QJsonObject doc = QJsonDocument::fromJson(syntax.out).object();
        QVERIFY(schemaErrors(doc).isEmpty());
        QCOMPARE(doc.value(QStringLiteral("ok")).toBool(), false);
        QCOMPARE(doc.value(QStringLiteral("syntax_errors")).toArray()[0].toObject().value(QStringLiteral("line")).toInt(), 2);
    }

    void sidecarErrors()
    {
        QTemporaryDir dir;
        const QString py = write(dir, QStringLiteral("k.py"), kUnsupported);
        write(dir, QStringLiteral("k.tileport.json"),
              "{\n  \"kernel\": \"good\",\n  \"configs\": [\n    {\"name\": \"c1\", \"params\": [\n"
              "      {\"kind\": \"array\", \"dtype\": \"float32\", \"ndim\": 1},\n      {\"kind\": \"const\", \"value\": 2.5}]}\n  ]\n}\n");
        const Run r = analyze({py});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(dir.filePath(QStringLiteral("k.tileport.json"))
                                + QStringLiteral(":4:6: error: config 'c1': parameter 1 (TILE): ct.Constant[int] needs an integer")),
                 qPrintable(r.err));
        QCOMPARE(analyze({py, QStringLiteral("--no-config")}).code, 0);
        write(dir, QStringLiteral("k.tileport.json"), "{ \"kernel\": \n");
        const Run broken = analyze({py});
        QCOMPARE(broken.code, 1);
        QVERIFY2(broken.err.contains(QStringLiteral("k.tileport.json:2:1: error: ")), qPrintable(broken.err));
    }
};

QTEST_GUILESS_MAIN(TestAnalyzeCli)
#include "tst_analyze_cli.moc"
