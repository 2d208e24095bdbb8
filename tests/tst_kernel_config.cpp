// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The sidecar reader on captured sidecars: the launch fields and the
// "captured" block read into typed members and written back, their
// problems located in the file, and hand-written sidecars read as before.
#include "KernelConfigFile.h"
#include "ModuleAnalyzer.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport::frontend;

namespace {

const QByteArray kKernel = R"PY(import cuda.tile as ct

@ct.kernel
def scale(x, y, n_rows, TILE: ct.Constant[int]):
    t = ct.load(x, (ct.bid(0), 0), (1, TILE))
    ct.store(y, (ct.bid(0), 0), t)
)PY";

// A sidecar as capture_configs.py writes it.
const QByteArray kCaptured = R"JSON({
  "kernel": "scale",
  "bytecode_versions": ["13.3"],
  "captured": {
    "schema": "tileport-capture/1",
    "target": {"name": "h200", "sm": "sm_90", "compute_capability": [9, 0], "sm_count": 132},
    "file": "/src/scale.py",
    "tests": ["/src/tests/test_scale.py"],
    "calls": ["scale_rows(x)"],
    "cases": {"run": 4, "skipped": 1, "failed": 1},
    "partial": true,
    "diagnostics": [
      {"file": "/src/tests/test_scale.py", "line": 12, "col": 4, "severity": "error",
       "message": "AssertionError: shapes differ", "source": "tests/test_scale.py::test_op[64]"},
      {"file": "/src/scale.py", "line": 3, "col": 0, "severity": "note", "message": "seen twice"}
    ]
  },
  "configs": [
    {
      "name": "scale__f32_256x256",
      "kernel": "scale",
      "params": [
        {"name": "x", "kind": "array", "dtype": "float32", "ndim": 2, "shape": [256, 256], "strides": [256, 1], "alignment": 256},
        {"name": "y", "kind": "array", "dtype": "float32", "ndim": 2, "shape": [256, 256], "strides": [256, 1], "alignment": 128},
        {"name": "n_rows", "kind": "scalar", "dtype": "int32", "value": 256},
        {"name": "TILE", "kind": "const", "value": 256}
      ],
      "grid": [256, 1, 1],
      "hints": {"occupancy": 2, "num_ctas": 1},
      "sources": ["tests/test_scale.py::test_op[256]", "call: scale_rows(x)"],
      "tuned_launch": {"site": "scale.py:40", "candidate": 3, "of": 12}
    }
  ]
}
)JSON";

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

QStringList located(const QList<ConfigDiagnostic> &diags)
{
    QStringList out;
    for (const ConfigDiagnostic &d : diags)
        out.append(QStringLiteral("%1:%2: %3").arg(d.line).arg(d.col).arg(d.message));
    return out;
}

} // namespace

class TestKernelConfig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void capturedFieldsAreTyped();
    void capturedRoundTrip();
    void loadJsonMatchesLoad();
    void badLaunchFieldsAreLocated();
    void badCapturedBlock();
    void stridedArraysAreExportedAsCaptured();
    void handWrittenSidecarsUnchanged();
    void fuzzFindingsAreDiagnosed();
    void optionalArrayMayBeNone();
};

void TestKernelConfig::capturedFieldsAreTyped()
{
    QTemporaryDir dir;
    KernelConfigFile cfg;
    QVERIFY2(cfg.load(writeFile(dir, QStringLiteral("scale.tileport.json"), kCaptured)), qPrintable(located(cfg.diagnostics).join(u'\n')));
    QVERIFY(cfg.captured);
    QCOMPARE(cfg.capture.schema, QStringLiteral("tileport-capture/1"));
    QCOMPARE(cfg.capture.target.name, QStringLiteral("h200"));
    QCOMPARE(cfg.capture.target.sm, QStringLiteral("sm_90"));
    QCOMPARE(cfg.capture.target.major, 9);
    QCOMPARE(cfg.capture.target.smCount, 132);
    QCOMPARE(cfg.capture.tests, QStringList{QStringLiteral("/src/tests/test_scale.py")});
    QCOMPARE(cfg.capture.calls, QStringList{QStringLiteral("scale_rows(x)")});
    QCOMPARE(cfg.capture.casesRun, 4);
    QCOMPARE(cfg.capture.casesSkipped, 1);
    QCOMPARE(cfg.capture.casesFailed, 1);
    QVERIFY(cfg.capture.partial);
    QCOMPARE(cfg.capture.diagnostics.size(), 2);
    QCOMPARE(cfg.capture.errorCount(), 1);
    QCOMPARE(cfg.capture.diagnostics[0].toText(),
             QStringLiteral("/src/tests/test_scale.py:12:4: error: AssertionError: shapes differ"));
    QCOMPARE(cfg.capture.diagnostics[0].source, QStringLiteral("tests/test_scale.py::test_op[64]"));
    QCOMPARE(cfg.capture.diagnostics[1].severity, CaptureDiagnostic::Severity::Note);

    QCOMPARE(cfg.configs.size(), 1);
    const KernelConfig &c = cfg.configs[0];
    QVERIFY(c.captured);
    QCOMPARE(c.grid, (QList<qint64>{256, 1, 1}));
    QCOMPARE(c.hints.value(QStringLiteral("occupancy")).toInt(), 2);
    QCOMPARE(c.sources.size(), 2);
    QCOMPARE(c.tunedLaunch.site, QStringLiteral("scale.py:40"));
    QCOMPARE(c.tunedLaunch.candidate, 3);
    QCOMPARE(c.tunedLaunch.of, 12);
    QCOMPARE(c.params[0].toObject().value(QStringLiteral("alignment")).toInt(), 256);
    QCOMPARE(c.line, 20);

    // The kernel analysis accepts it: strides and alignment are what the
    // export assumes (n_rows is unused, so only its kind is left open).
    const ModuleAnalysis m = ModuleAnalyzer::analyzeSource(kKernel, QStringLiteral("scale.py"));
    QCOMPARE(located(cfg.validate(m)), QStringList{QStringLiteral("20:7: config 'scale__f32_256x256': parameter 2 (n_rows): "
                                                                  "the analysis cannot tell its kind; the config says scalar")});
}

void TestKernelConfig::capturedRoundTrip()
{
    KernelConfigFile first;
    QVERIFY(first.loadJson(kCaptured, QStringLiteral("mem/scale.tileport.json")));
    // The document written back reads to the same members.
    KernelConfigFile second;
    QVERIFY(second.loadJson(QJsonDocument(first.document()).toJson(QJsonDocument::Indented), QStringLiteral("again.json")));
    QCOMPARE(second.capture.toJson(), first.capture.toJson());
    QCOMPARE(second.configs.size(), 1);
    QCOMPARE(second.configs[0].grid, first.configs[0].grid);
    QCOMPARE(second.configs[0].sources, first.configs[0].sources);
    QCOMPARE(second.configs[0].hints, first.configs[0].hints);
    QCOMPARE(second.configs[0].params, first.configs[0].params);

    // The analysis JSON carries them too.
    const QJsonObject j = first.toJson({});
    QCOMPARE(j.value(QStringLiteral("path")).toString(), QStringLiteral("mem/scale.tileport.json"));
    const QJsonObject c = j.value(QStringLiteral("configs")).toArray().at(0).toObject();
    QCOMPARE(c.value(QStringLiteral("grid")).toArray(), (QJsonArray{256, 1, 1}));
    QCOMPARE(c.value(QStringLiteral("tuned_launch")).toObject().value(QStringLiteral("of")).toInt(), 12);
    QCOMPARE(c.value(QStringLiteral("sources")).toArray().size(), 2);
    QCOMPARE(j.value(QStringLiteral("captured")).toObject().value(QStringLiteral("cases")).toObject().value(QStringLiteral("run")).toInt(), 4);
}

void TestKernelConfig::loadJsonMatchesLoad()
{
    QTemporaryDir dir;
    const QByteArray bad = QByteArray(kCaptured).replace("\"strides\": [256, 1], \"alignment\": 128", "\"strides\": [1], \"alignment\": 128");
    KernelConfigFile fromFile, fromMemory;
    QVERIFY(!fromFile.load(writeFile(dir, QStringLiteral("k.tileport.json"), bad)));
    QVERIFY(!fromMemory.loadJson(bad, QStringLiteral("k.tileport.json")));
    QCOMPARE(located(fromMemory.diagnostics), located(fromFile.diagnostics));

    KernelConfigFile broken;
    QVERIFY(!broken.loadJson(QByteArray("{\n  \"configs\": [\n    {\"name\": \"a\",,}\n  ]\n}\n"), QStringLiteral("mem.json")));
    QCOMPARE(broken.diagnostics.size(), 1);
    QCOMPARE(broken.diagnostics[0].line, 3);
    QCOMPARE(broken.path, QStringLiteral("mem.json"));
}

void TestKernelConfig::badLaunchFieldsAreLocated()
{
    const QByteArray text = R"JSON({
  "kernel": "scale",
  "configs": [
    {"name": "ok", "params": [], "grid": [8]},
    {"name": "bad", "params": [
        {"name": "x", "kind": "array", "dtype": "float32", "ndim": 2,
         "strides": [1], "alignment": 24},
        {"name": "y", "kind": "array", "dtype": "float32", "ndim": 2, "strides": [2, -1]},
        {"name": "z", "kind": "array", "dtype": "float32", "ndim": 1, "strides": [1]}],
     "grid": [1, 2, 3, 4],
     "hints": [2],
     "sources": ["a", 3],
     "tuned_launch": {"site": "k.py:3", "candidate": 12, "of": 12}},
    {"name": "zero", "params": [], "grid": [0, 1.5], "hints": {"occupancy": 0}}
  ]
}
)JSON";
    KernelConfigFile cfg;
    QVERIFY(!cfg.loadJson(text, QStringLiteral("k.tileport.json")));
    QCOMPARE(located(cfg.diagnostics), (QStringList{
        QStringLiteral("10:6: config 'bad': \"grid\" must list 1 to 3 positive integers"),
        QStringLiteral("11:6: config 'bad': \"hints\" must be an object"),
        QStringLiteral("12:6: config 'bad': \"sources\" must be a list of strings"),
        QStringLiteral("13:6: config 'bad': \"tuned_launch\" needs a \"site\", and a \"candidate\" index from 0 below \"of\" (the number of candidates)"),
        QStringLiteral("7:10: config 'bad': parameter 0 (x): 1 stride(s) for ndim 2"),
        QStringLiteral("7:26: config 'bad': parameter 0 (x): \"alignment\" must be a power of two (bytes)"),
        QStringLiteral("8:71: config 'bad': parameter 1 (y): \"strides\" must list non-negative integers (elements)"),
        QStringLiteral("9:71: config 'bad': parameter 2 (z): \"strides\" need a \"shape\" with as many entries"),
        QStringLiteral("14:36: config 'zero': \"grid\" must list 1 to 3 positive integers"),
        QStringLiteral("14:54: config 'zero': hint \"occupancy\" must be a positive integer"),
    }));
    QCOMPARE(cfg.configs.size(), 3);
    QCOMPARE(cfg.configs[0].grid, QList<qint64>{8});
    QVERIFY(cfg.configs[1].grid.isEmpty());
    QVERIFY(!cfg.configs[1].tunedLaunch.isSet());
    QVERIFY(!cfg.captured);
}

void TestKernelConfig::badCapturedBlock()
{
    QByteArray text = kCaptured;
    text.replace("\"tileport-capture/1\"", "\"tileport-capture/9\"").replace("\"severity\": \"note\"", "\"severity\": \"fatal\"");
    text.replace("\"partial\": true", "\"partial\": \"yes\"");
    KernelConfigFile cfg;
    QVERIFY(!cfg.loadJson(text, QStringLiteral("k.tileport.json")));
    QCOMPARE(located(cfg.diagnostics), (QStringList{
        QStringLiteral("4:3: captured.schema is 'tileport-capture/9', this TilePort reads tileport-capture/1"),
        QStringLiteral("4:3: captured.partial must be true or false"),
        QStringLiteral("4:3: captured.diagnostics: severity 'fatal' is not error, warning or note"),
    }));

    KernelConfigFile notObject;
    QVERIFY(!notObject.loadJson("{\"captured\": 1, \"configs\": [{\"name\": \"a\", \"kernel\": \"k\", \"params\": []}]}", QStringLiteral("x.json")));
    QCOMPARE(located(notObject.diagnostics), QStringList{QStringLiteral("1:2: \"captured\" must be an object")});
}

void TestKernelConfig::stridedArraysAreExportedAsCaptured()
{
    // Odd extents, a transposed layout and an 8-byte base: the export takes
    // them as cuTile Python's dispatcher would, so nothing is assumed of them.
    QByteArray text = kCaptured;
    text.replace("\"shape\": [256, 256], \"strides\": [256, 1], \"alignment\": 256", "\"shape\": [9, 1009], \"strides\": [1, 9], \"alignment\": 8");
    const ModuleAnalysis m = ModuleAnalyzer::analyzeSource(kKernel, QStringLiteral("scale.py"));
    KernelConfigFile cfg;
    QVERIFY(cfg.loadJson(text, QStringLiteral("k.tileport.json")));
    QList<ConfigDiagnostic> diags = cfg.validate(m);
    diags.removeIf([](const ConfigDiagnostic &d) { return d.message.contains(QLatin1String("n_rows")); });
    QVERIFY2(diags.isEmpty(), qPrintable(located(diags).join(u'\n')));

    // The same array written by hand (no strides) meets the export's assumptions, as before.
    text.replace("\"strides\": [1, 9], \"alignment\": 8", "\"contiguous\": true");
    KernelConfigFile hand;
    QVERIFY(hand.loadJson(text, QStringLiteral("k.tileport.json")));
    diags = hand.validate(m);
    diags.removeIf([](const ConfigDiagnostic &d) { return d.message.contains(QLatin1String("n_rows")); });
    QCOMPARE(located(diags), (QStringList{
        QStringLiteral("20:7: config 'scale__f32_256x256': parameter 0 (x): dimension 9 is not divisible by shape_divisible_by=16 that the reference export assumes"),
        QStringLiteral("20:7: config 'scale__f32_256x256': parameter 0 (x): dimension 1009 is not divisible by shape_divisible_by=16 that the reference export assumes"),
        QStringLiteral("20:7: config 'scale__f32_256x256': parameter 0 (x): stride 1009 of axis 0 is not a multiple of 4 elements (16 bytes) that the reference export assumes"),
    }));
}

void TestKernelConfig::handWrittenSidecarsUnchanged()
{
    const QDir examples(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile"));
    const QStringList sidecars = examples.entryList({QStringLiteral("*.tileport.json")}, QDir::Files);
    QVERIFY(sidecars.size() >= 10);
    for (const QString &name : sidecars) {
        KernelConfigFile cfg;
        QVERIFY2(cfg.load(examples.filePath(name)), qPrintable(name));
        QVERIFY(!cfg.captured);
        const ModuleAnalysis m = ModuleAnalyzer::analyzeFile(examples.filePath(name.chopped(14) + QStringLiteral(".py")));
        for (const ConfigDiagnostic &d : cfg.validate(m))
            QVERIFY2(d.severity != ConfigDiagnostic::Severity::Error, qPrintable(name + QStringLiteral(": ") + d.message));
        for (const KernelConfig &c : cfg.configs) {
            QVERIFY(!c.captured);
            QVERIFY(c.grid.isEmpty() && c.sources.isEmpty() && c.hints.isEmpty() && !c.tunedLaunch.isSet());
        }
        // Nothing new appears in the analysis JSON of a hand-written sidecar.
        const QJsonObject j = cfg.toJson({});
        QVERIFY(!j.contains(QStringLiteral("captured")));
        for (const QJsonValue &c : j.value(QStringLiteral("configs")).toArray())
            QVERIFY(!c.toObject().contains(QStringLiteral("grid")));
    }
}

// Inputs from fuzz_config_reader (docs/fuzzing.md) and the limits found
// while fixing them: each is a located diagnostic, never undefined behaviour
// or a value read as something else.
void TestKernelConfig::fuzzFindingsAreDiagnosed()
{
    const auto fixture = [](const char *name) {
        QFile f(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/fuzz/") + QLatin1String(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    // An alignment of 2.16e21 was converted to qint64 (out of range).
    const QByteArray huge = fixture("config-alignment-2e21.json");
    QVERIFY(!huge.isEmpty());
    KernelConfigFile alignment;
    QVERIFY(!alignment.loadJson(huge, QStringLiteral("a.json")));
    QVERIFY2(located(alignment.diagnostics).join(u'\n').contains(
                 QStringLiteral("9:116: config 'f32_4096x4096': parameter 1 (y): \"alignment\" must be a power of two (bytes)")),
             qPrintable(located(alignment.diagnostics).join(u'\n')));

    // A raw NUL in a key: Qt's parser took it, its writer dropped it, so the
    // document written back said "tolerance" where "tolerance\0\0\0" was read.
    const QByteArray nul = fixture("config-nul-in-key.json");
    QVERIFY(nul.contains('\0'));
    KernelConfigFile control;
    QVERIFY(!control.loadJson(nul, QStringLiteral("n.json")));
    QCOMPARE(located(control.diagnostics),
             QStringList{QStringLiteral("13:17: control character 0x00 in the text; JSON allows it only escaped (\\u0000)")});
    QVERIFY(control.configs.isEmpty());

    // Numbers past what the fields hold: refused, not wrapped or read as 0.
    const QByteArray text = R"JSON({
  "kernel": "scale",
  "captured": {"schema": "tileport-capture/1", "cases": {"run": 1e10}, "target": {"sm_count": 4294967296}},
  "configs": [
    {"name": "big", "params": [{"name": "x", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [1e300]}],
     "grid": [1e300], "tuned_launch": {"site": "k.py:3", "candidate": 0, "of": 4294967296}}
  ]
}
)JSON";
    KernelConfigFile big;
    QVERIFY(!big.loadJson(text, QStringLiteral("b.json")));
    QCOMPARE(located(big.diagnostics), (QStringList{
        QStringLiteral("3:3: captured.target.sm_count must be a non-negative integer (at most 2147483647)"),
        QStringLiteral("3:3: captured.cases.run must be a non-negative integer (at most 2147483647)"),
        QStringLiteral("6:6: config 'big': \"grid\" must list 1 to 3 positive integers"),
        QStringLiteral("6:23: config 'big': \"tuned_launch\" needs a \"site\", and a \"candidate\" index from 0 below \"of\" (the number of candidates)"),
    }));
    QVERIFY(big.configs[0].grid.isEmpty());
    QVERIFY(!big.configs[0].tunedLaunch.isSet());
    ModuleAnalysis analysis;
    analysis.file = QStringLiteral("k.py");
    KernelInfo k;
    k.name = QStringLiteral("scale");
    KernelParam x;
    x.name = QStringLiteral("x");
    x.kind = KernelParam::Kind::Array;
    k.params << x;
    analysis.kernels << k;
    QCOMPARE(located(big.validate(analysis)),
             QStringList{QStringLiteral("5:6: config 'big': parameter 0 (x): shape entries must be integers from 0 to 2^53")});
    // Extents whose product passes 2^63: no stride is wrapped into a false verdict.
    KernelConfigFile wide;
    QVERIFY(wide.loadJson(R"({"kernel": "scale", "configs": [{"name": "w", "params": [{"name": "x", "kind": "array",
        "dtype": "float32", "ndim": 4, "shape": [16, 9007199254740992, 9007199254740992, 16]}]}]})",
                          QStringLiteral("w.json")));
    QVERIFY2(located(wide.validate(analysis)).isEmpty(), qPrintable(located(wide.validate(analysis)).join(u'\n')));
}

// An array the kernel reads only under a ct.Constant flag may be None in
// a config (an optional bias not given): a warning, not an error; a None
// for a scalar or constant stays an error.
void TestKernelConfig::optionalArrayMayBeNone()
{
    const QByteArray kernel = "import cuda.tile as ct\n\n\n@ct.kernel\n"
                              "def biased(x, b, y, HAS_BIAS: ct.Constant[bool], BLOCK: ct.Constant[int]):\n"
                              "    t = ct.load(x, index=(ct.bid(0),), shape=(BLOCK,))\n"
                              "    if HAS_BIAS:\n"
                              "        t = t + ct.load(b, index=(ct.bid(0),), shape=(BLOCK,))\n"
                              "    ct.store(y, index=(ct.bid(0),), tile=t)\n";
    const ModuleAnalysis m = ModuleAnalyzer::analyzeSource(kernel, QStringLiteral("biased.py"));
    const auto check = [&](const char *bias, const char *block) {
        const QByteArray json = QByteArray(R"({"kernel": "biased", "configs": [{"name": "c", "params": [
            {"name": "x", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [1024]}, )") + bias + R"(,
            {"name": "y", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [1024]},
            {"name": "HAS_BIAS", "kind": "const", "value": false}, )" + block + "]}]}";
        KernelConfigFile cfg;
        if (!cfg.loadJson(json, QStringLiteral("biased.tileport.json")))
            return QList<ConfigDiagnostic>{ConfigDiagnostic{ConfigDiagnostic::Severity::Error, 0, 0, QStringLiteral("unreadable")}};
        return cfg.validate(m);
    };
    const QList<ConfigDiagnostic> given = check(R"({"name": "b", "kind": "none"})", R"({"name": "BLOCK", "kind": "const", "value": 256})");
    QCOMPARE(given.size(), 1);
    QCOMPARE(given[0].severity, ConfigDiagnostic::Severity::Warning);
    QVERIFY2(given[0].message.contains(QStringLiteral("parameter 1 (b) is an array in the kernel, None in the config")),
             qPrintable(given[0].message));
    const QList<ConfigDiagnostic> constant = check(R"({"name": "b", "kind": "none"})", R"({"name": "BLOCK", "kind": "none"})");
    QVERIFY(std::any_of(constant.cbegin(), constant.cend(), [](const ConfigDiagnostic &d) {
        return d.severity == ConfigDiagnostic::Severity::Error && d.message.contains(QStringLiteral("(BLOCK) is ")) && d.message.contains(QStringLiteral("in the kernel, None in the config"));
    }));
}

QTEST_GUILESS_MAIN(TestKernelConfig)
#include "tst_kernel_config.moc"
