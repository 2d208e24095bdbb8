// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Both launchers' specialization of a captured config side by side
// (LauncherRules): a table of cases, cuTile Python's side checked against
// launch_constraints() of resources/python/export_tileir.py run with the
// real cuda.tile, and the findings that the IR diff report gets from them.
#include "LauncherFindings.h"
#include "LauncherRules.h"
#include "ProcessRunner.h"
#include "Toolchains.h"
#include "tileport/TileIR/Diff/ReportWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <llvm/Support/raw_ostream.h>

using namespace tileport;
using namespace tileport::rust;
namespace td = tileport::tileir::diff;

namespace {

QJsonArray ints(const QList<qint64> &values)
{
    QJsonArray a;
    for (qint64 v : values)
        a << v;
    return a;
}

QJsonObject capturedArray(const QString &name, const QString &dtype, const QList<qint64> &shape,
                          const QList<qint64> &strides, qint64 alignment)
{
    return {{QStringLiteral("name"), name},        {QStringLiteral("kind"), QStringLiteral("array")},
            {QStringLiteral("dtype"), dtype},      {QStringLiteral("ndim"), shape.size()},
            {QStringLiteral("shape"), ints(shape)}, {QStringLiteral("strides"), ints(strides)},
            {QStringLiteral("alignment"), alignment}};
}

frontend::KernelConfig configOf(const QJsonArray &params)
{
    frontend::KernelConfig c;
    c.name = QStringLiteral("c");
    c.kernel = QStringLiteral("k");
    c.params = params;
    return c;
}

const LauncherFact *factOf(const LauncherComparison &c, const QString &what)
{
    for (const LauncherArrayFacts &a : c.arrays)
        for (const LauncherFact &f : a.facts)
            if (f.what == what)
                return &f;
    return nullptr;
}

struct Case {
    const char *tag;
    const char *dtype;
    QList<qint64> shape;
    QList<qint64> strides;
    qint64 alignment;
    const char *what;
    const char *python;
    const char *cutile;
};

// One fact per row; each row is one 2-D array x.
const QList<Case> kCases{
    {"shape 24", "float32", {24, 64}, {64, 1}, 256, "shape[0]", "div_by 1", "div_by 8"},
    {"shape 4096", "float32", {4096, 64}, {64, 1}, 256, "shape[0]", "div_by 16", "div_by 16"},
    {"shape 1", "float32", {1, 64}, {64, 1}, 256, "shape[0]", "== 1", "div_by 1"},
    {"shape 1000", "float16", {128, 1000}, {1000, 1}, 256, "shape[1]", "div_by 1", "div_by 8"},
    {"stride 40 f16", "float16", {8, 40}, {40, 1}, 256, "stride[0]", "div_by 8", "div_by 8"},
    {"stride 20 f32", "float32", {8, 20}, {20, 1}, 256, "stride[0]", "div_by 4", "div_by 4"},
    {"stride 24 f32", "float32", {8, 24}, {24, 1}, 256, "stride[0]", "div_by 4", "div_by 8"},
    {"stride 4096 f32", "float32", {8, 4096}, {4096, 1}, 256, "stride[0]", "div_by 4", "div_by 16"},
    {"stride 1000 f16", "float16", {8, 1000}, {1000, 1}, 256, "stride[0]", "div_by 8", "div_by 8"},
    {"stride 30 bf16", "bfloat16", {8, 30}, {30, 1}, 256, "stride[0]", "div_by 1", "div_by 2"},
    {"stride 48 int8", "int8", {8, 48}, {48, 1}, 256, "stride[0]", "div_by 16", "div_by 16"},
    {"unit stride", "float32", {8, 20}, {20, 1}, 256, "stride[1]", "== 1", "== 1"},
    {"broadcast stride", "float32", {8, 20}, {0, 1}, 256, "stride[0]", "div_by 4", "div_by 16"},
    {"stride 6 f32", "float32", {8, 20}, {1, 6}, 256, "stride[1]", "div_by 1", "div_by 2"},
    {"base 256", "float32", {8, 20}, {20, 1}, 256, "base", "div_by 16", "div_by 16"},
    {"base 8", "float32", {8, 20}, {20, 1}, 8, "base", "div_by 1", "div_by 8"},
};

frontend::KernelConfig configOf(const Case &c)
{
    return configOf({capturedArray(QStringLiteral("x"), QString::fromLatin1(c.dtype), c.shape, c.strides, c.alignment)});
}

// launch_constraints() of every case's array, as promises per fact.
const char *const kPythonSide = R"PY(
import json, sys
sys.path.insert(0, sys.argv[1])
import cuda.tile as ct
from export_tileir import launch_constraints

def promise(const, div):
    return "== 1" if const == 1 else f"div_by {div}"

out = []
for p in json.load(sys.stdin):
    c = launch_constraints(ct, getattr(ct, p["dtype"]), p, 0)
    shape_const = c["shape_constant"] or [None] * len(p["shape"])
    facts = {f"shape[{i}]": promise(shape_const[i], d) for i, d in enumerate(c["shape_divisible_by"])}
    facts.update({f"stride[{i}]": promise(k, d)
                  for i, (k, d) in enumerate(zip(c["stride_constant"], c["stride_divisible_by"]))})
    facts["base"] = promise(None, c["base_addr_divisible_by"])
    out.append(facts)
print(json.dumps(out))
)PY";

td::Finding note(const std::string &rule)
{
    td::Finding f;
    f.rule = rule;
    f.message = "ops differ";
    return f;
}

} // namespace

class TestLauncherRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void table_data()
    {
        QTest::addColumn<int>("row");
        for (qsizetype i = 0; i < kCases.size(); ++i)
            QTest::newRow(kCases[i].tag) << int(i);
    }

    void table()
    {
        QFETCH(int, row);
        const Case &c = kCases[row];
        const LauncherComparison cmp = LauncherRules::compare(configOf(c));
        QVERIFY2(cmp.errors.isEmpty(), qPrintable(cmp.errors.join(QLatin1Char('\n'))));
        QVERIFY(!cmp.assumed);
        const LauncherFact *f = factOf(cmp, QString::fromLatin1(c.what));
        QVERIFY(f);
        QCOMPARE(f->python.text(), QString::fromLatin1(c.python));
        QCOMPARE(f->cutile.text(), QString::fromLatin1(c.cutile));
        bool listed = false;
        for (const LauncherDisagreement &d : cmp.disagreements)
            listed = listed || (d.array == QLatin1String("x") && d.fact.what == f->what);
        QCOMPARE(listed, !f->agrees());
    }

    // A config's facts in order: every shape, every stride, then the base.
    void factsOfAConfig()
    {
        const LauncherComparison cmp = LauncherRules::compare(configOf(
            {capturedArray(QStringLiteral("x"), QStringLiteral("float16"), {128, 1000}, {1000, 1}, 256),
             QJsonObject{{QStringLiteral("name"), QStringLiteral("s")}, {QStringLiteral("kind"), QStringLiteral("scalar")},
                         {QStringLiteral("dtype"), QStringLiteral("float32")}, {QStringLiteral("value"), 2.0}},
             capturedArray(QStringLiteral("y"), QStringLiteral("float32"), {4096}, {1}, 8)}));
        QCOMPARE(cmp.arrays.size(), 2);
        QStringList whats;
        for (const LauncherFact &f : cmp.arrays[0].facts)
            whats << f.what;
        QCOMPARE(whats, (QStringList{"shape[0]", "shape[1]", "stride[0]", "stride[1]", "base"}));
        QStringList differ;
        for (const LauncherDisagreement &d : cmp.disagreements)
            differ << d.array + QLatin1Char('.') + d.fact.what;
        // 1000 elements: not a multiple of 16 (Python) but of 8 (cutile);
        // 2000 bytes are 125 16-byte units, so the stride is div_by 8 for both.
        QCOMPARE(differ, (QStringList{"x.shape[1]", "y.base"}));
    }

    void handWrittenConfigIsAssumed()
    {
        const LauncherComparison cmp = LauncherRules::compare(configOf(
            {QJsonObject{{QStringLiteral("name"), QStringLiteral("x")}, {QStringLiteral("kind"), QStringLiteral("array")},
                         {QStringLiteral("dtype"), QStringLiteral("float32")}, {QStringLiteral("ndim"), 1},
                         {QStringLiteral("shape"), QJsonArray{24}}}}));
        QVERIFY(cmp.assumed);
        QVERIFY(cmp.arrays.isEmpty());
        QVERIFY(cmp.disagreements.isEmpty());
        // Scalars only: nothing is assumed about arrays.
        QVERIFY(!LauncherRules::compare(configOf({QJsonObject{{QStringLiteral("kind"), QStringLiteral("const")},
                                                              {QStringLiteral("value"), 3}}})).assumed);
    }

    void unreadableArray()
    {
        const LauncherComparison cmp = LauncherRules::compare(configOf(
            {capturedArray(QStringLiteral("x"), QStringLiteral("float32"), {8, 8}, {8}, 16),
             capturedArray(QStringLiteral("z"), QStringLiteral("complex64"), {8}, {1}, 16)}));
        QCOMPARE(cmp.errors, (QStringList{"x: 2 shape dimension(s) but 1 stride(s)", "z: unknown dtype 'complex64'"}));
        QVERIFY(!cmp.assumed);
    }

    // export_tileir.py is the exporter's source of truth; the C++ copy of
    // its rules must give the same promises on every case of the table.
    void pythonSideMatchesTheExporter()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        if (tools.python.isEmpty())
            QSKIP("no Python with cuda-tile (run scripts/setup)");
        QJsonArray params;
        for (const Case &c : kCases)
            params << configOf(c).params.at(0);
        QTemporaryDir dir;
        const QString input = dir.filePath(QStringLiteral("params.json"));
        QFile f(input);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(params).toJson());
        f.close();
        ProcessSpec spec{tools.python, {QStringLiteral("-c"), QString::fromLatin1(kPythonSide),
                                        QStringLiteral(TILEPORT_SOURCE_DIR "/resources/python")}};
        spec.standardInputFile = input;
        const ProcessResult r = ProcessRunner::run(spec, nullptr);
        QVERIFY2(r.ok(), qPrintable(r.describe() + QLatin1Char(' ') + QString::fromUtf8(r.standardError)));
        const QJsonArray python = QJsonDocument::fromJson(r.standardOutput).array();
        QCOMPARE(python.size(), kCases.size());
        for (qsizetype i = 0; i < kCases.size(); ++i) {
            const QJsonObject facts = python[i].toObject();
            const LauncherComparison cmp = LauncherRules::compare(configOf(kCases[i]));
            QCOMPARE(cmp.arrays.size(), 1);
            QCOMPARE(cmp.arrays[0].facts.size(), facts.size());
            for (const LauncherFact &fact : cmp.arrays[0].facts)
                QVERIFY2(facts.value(fact.what).toString() == fact.python.text(),
                         qPrintable(QStringLiteral("%1 %2: export_tileir.py %3, C++ %4")
                                        .arg(QString::fromLatin1(kCases[i].tag), fact.what,
                                             facts.value(fact.what).toString(), fact.python.text())));
        }
    }

    void findingsInTheReport()
    {
        td::DiffReport report;
        report.findings.push_back(note("attribute-changed"));
        report.verdict = td::Verdict::PassWithNotes;
        // 16 columns in rows of 20 f32 (80 bytes): both promise div_by 4 on the row stride.
        const auto captured = configOf({capturedArray(QStringLiteral("x"), QStringLiteral("float32"), {24, 16}, {20, 1}, 256)});
        LauncherFindings::addTo(report, captured);
        QCOMPARE(report.findings.size(), size_t(2));
        const td::Finding &f = report.findings[1];
        QCOMPARE(f.rule, std::string("launcher-rule"));
        QCOMPARE(f.severity, td::Severity::Note);
        QCOMPARE(f.owner, td::Owner::Host);
        QCOMPARE(f.message, std::string("x.shape[0] = 24: cuTile Python promises div_by 1, cutile div_by 8 "
                                        "(the launchers' rules differ; not a port defect)"));
        QCOMPARE(f.ref, std::optional<std::string>("div_by 1"));
        QCOMPARE(f.gen, std::optional<std::string>("div_by 8"));
        QCOMPARE(report.verdict, td::Verdict::PassWithNotes);

        // Through the JSON report like any other finding.
        std::string json;
        llvm::raw_string_ostream os(json);
        td::writeJsonReport(report, os);
        const QJsonArray findings = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object()
                                        .value(QStringLiteral("findings")).toArray();
        QCOMPARE(findings.size(), 2);
        QCOMPARE(findings[1].toObject().value(QStringLiteral("rule")).toString(), QStringLiteral("launcher-rule"));

        // A base that is 8-byte aligned.
        const auto base = LauncherFindings::of(LauncherRules::compare(
            configOf({capturedArray(QStringLiteral("y"), QStringLiteral("float32"), {64}, {1}, 8)})));
        QCOMPARE(base.size(), size_t(1));
        QCOMPARE(base[0].message, std::string("y.base (8-byte aligned): cuTile Python promises div_by 1, cutile div_by 8 "
                                              "(the launchers' rules differ; not a port defect)"));
    }

    void assumedOnceForHandWrittenConfigs()
    {
        td::DiffReport report;
        report.findings.push_back(note("structure"));
        const QJsonObject array{{QStringLiteral("kind"), QStringLiteral("array")}, {QStringLiteral("dtype"), QStringLiteral("float32")},
                                {QStringLiteral("ndim"), 1}, {QStringLiteral("shape"), QJsonArray{24}}};
        QJsonObject a = array, b = array;
        a[QStringLiteral("name")] = QStringLiteral("a");
        b[QStringLiteral("name")] = QStringLiteral("b");
        LauncherFindings::addTo(report, configOf({a, b}));
        QCOMPARE(report.findings.size(), size_t(2));
        QCOMPARE(report.findings[1].rule, std::string("launcher-facts-assumed"));
        QCOMPARE(report.findings[1].message,
                 std::string("launcher facts assumed (no captured shapes): 16-byte aligned base, unit last stride"));
    }

    // Equal IRs: the facts changed nothing, and a PASS stays a PASS.
    void nothingAddedToAPass()
    {
        td::DiffReport report;
        LauncherFindings::addTo(report, configOf({capturedArray(QStringLiteral("x"), QStringLiteral("float32"), {24}, {1}, 256)}));
        QVERIFY(report.findings.empty());
        QCOMPARE(report.verdict, td::Verdict::Pass);
    }
};

QTEST_GUILESS_MAIN(TestLauncherRules)
#include "tst_launcher_rules.moc"
