// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// ConfigCapture against real child processes: stand-in capture scripts
// written by each test (a hang, a crash, garbage, a fatal exit, a partial
// capture, --each), a missing interpreter and a missing script; then the
// bundled capture_configs.py on the bundled examples.
#include "ConfigCapture.h"
#include "ModuleAnalyzer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using tileport::ConfigCapture;
using tileport::Toolchains;

namespace {

// A sidecar as the script prints it; `calls` carries the script's argv so
// the test sees what it was given.
const char *kEcho = R"PY(import json, sys
args = sys.argv[1:]
files = [a for a in args if a.endswith(".py")]
sidecar = {"kernel": "k", "captured": {"schema": "tileport-capture/1", "file": files[0], "tests": [],
           "calls": args, "cases": {"run": 2, "skipped": 0, "failed": 1}, "partial": EXIT == 3,
           "diagnostics": [{"file": files[0], "line": 7, "col": 4, "severity": "error", "message": "boom", "source": "t::a"}]},
           "configs": [{"name": "k__f32_64", "kernel": "k", "grid": [4, 1, 1], "sources": ["t::a", "t::b"],
                        "params": [{"name": "x", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [64],
                                    "strides": [1], "alignment": 256}]}]}
json.dump(sidecar, sys.stdout, indent=1)
sys.exit(EXIT)
)PY";

class Scripts
{
public:
    QString write(const QString &name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return {};
        return path;
    }
    QString kernel()
    {
        return write(QStringLiteral("k.py"), "import cuda.tile as ct\n");
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
};

Toolchains tools()
{
    Toolchains t = Toolchains::fromEnvironment();
    if (t.python.isEmpty())
        t.python = QStringLiteral("python3");
    return t;
}

ConfigCapture captureWith(const QString &script, const Toolchains &t = tools())
{
    ConfigCapture c(t);
    c.setScript(script);
    return c;
}

ConfigCapture::Request request(const QString &file, int timeoutMs = 60'000)
{
    ConfigCapture::Request r;
    r.kernelFile = file;
    r.timeoutMs = timeoutMs;
    return r;
}

} // namespace

class TestConfigCapture : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void completeCaptureIsRead();
    void partialCaptureKeepsConfigs();
    void hangTimesOut();
    void cancelStopsTheChild();
    void crashIsReported();
    void garbageIsReported();
    void fatalExitNamesTheReason();
    void usageExit();
    void noLaunchSaysWhatWasTried();
    void missingInterpreter();
    void missingScript();
    void eachReadsEveryFile();
    void bundledScriptOnExamples();
    void noneArgumentIsRecorded();
    void listArgumentIsRecorded();
    void tritonLaunchesAreRecorded();
};

void TestConfigCapture::completeCaptureIsRead()
{
    Scripts s;
    const QString kernel = s.kernel();
    const QString script = s.write(QStringLiteral("cap.py"), QByteArray(kEcho).replace("EXIT", "0"));
    ConfigCapture::Request req = request(kernel);
    req.tests = {s.write(QStringLiteral("test_k.py"), "")};
    req.calls = {QStringLiteral("k(x=ones(64))")};
    req.discover = false;
    const ConfigCapture::Result r = captureWith(script).capture(req);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.status, ConfigCapture::Status::Complete);
    QCOMPARE(r.exitCode, 0);
    // The script is handed absolute paths, the calls as written, the target and --no-discover.
    QCOMPARE(r.configs.capture.calls, (QStringList{QFileInfo(kernel).absoluteFilePath(), QStringLiteral("--tests"),
                                                   QFileInfo(req.tests[0]).absoluteFilePath(), QStringLiteral("--call"),
                                                   QStringLiteral("k(x=ones(64))"), QStringLiteral("--target"),
                                                   QStringLiteral("h200"), QStringLiteral("--no-discover")}));
    QCOMPARE(r.configs.configs.size(), 1);
    QCOMPARE(r.configs.configs[0].grid, (QList<qint64>{4, 1, 1}));
    QCOMPARE(r.configs.path, QDir(s.path(QString())).filePath(QStringLiteral("k.tileport.json")));
    QCOMPARE(r.summary(QStringLiteral("k")), QStringLiteral("1 config for kernel k from 2 sources (test)"));
    QCOMPARE(r.configsOf(QStringLiteral("other")).size(), 0);
    // The bytes kept are the sidecar, readable as it is.
    tileport::frontend::KernelConfigFile again;
    QVERIFY(again.loadJson(r.sidecar, QStringLiteral("again.json")));
    QCOMPARE(again.configs[0].name, QStringLiteral("k__f32_64"));
}

void TestConfigCapture::partialCaptureKeepsConfigs()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("cap.py"), QByteArray(kEcho).replace("EXIT", "3"));
    const ConfigCapture::Result r = captureWith(script).capture(request(s.kernel()));
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.status, ConfigCapture::Status::Partial);
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.configs.configs.size(), 1);
    QCOMPARE(r.configs.capture.errorCount(), 1);
    QCOMPARE(r.configs.capture.diagnostics[0].toText(), QStringLiteral("%1:7:4: error: boom").arg(QFileInfo(s.path(QStringLiteral("k.py"))).absoluteFilePath()));
    QCOMPARE(r.configs.capture.casesFailed, 1);
}

void TestConfigCapture::hangTimesOut()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("hang.py"), "import time\ntime.sleep(120)\n");
    QElapsedTimer clock;
    clock.start();
    const ConfigCapture::Result r = captureWith(script).capture(request(s.kernel(), 700));
    QVERIFY(clock.elapsed() < 20'000);
    QCOMPARE(r.status, ConfigCapture::Status::Failed);
    QVERIFY2(r.error.startsWith(QLatin1String("hang.py timed out after")), qPrintable(r.error));
    QVERIFY(!r.cancelled);
}

void TestConfigCapture::cancelStopsTheChild()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("hang.py"), "import time\ntime.sleep(120)\n");
    std::atomic_bool cancel = false;
    std::thread stopper([&cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        cancel = true;
    });
    const ConfigCapture::Result r = captureWith(script).capture(request(s.kernel()), &cancel);
    stopper.join();
    QVERIFY(r.cancelled);
    QCOMPARE(r.status, ConfigCapture::Status::Failed);
    QCOMPARE(r.error, QStringLiteral("hang.py was cancelled"));
}

void TestConfigCapture::crashIsReported()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("crash.py"), "import os, signal, sys\nprint('half', file=sys.stderr)\n"
                                                               "sys.stderr.flush()\nos.kill(os.getpid(), signal.SIGSEGV)\n");
    const ConfigCapture::Result r = captureWith(script).capture(request(s.kernel()));
    QCOMPARE(r.status, ConfigCapture::Status::Failed);
    QVERIFY2(r.error.startsWith(QLatin1String("crash.py crashed (")), qPrintable(r.error));
    QVERIFY2(r.error.endsWith(QLatin1String(": half")), qPrintable(r.error));
}

void TestConfigCapture::garbageIsReported()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("junk.py"), "print('collected 3 items')\nprint('{\"kernel\": ')\n");
    const ConfigCapture::Result r = captureWith(script).capture(request(s.kernel()));
    QCOMPARE(r.status, ConfigCapture::Status::Failed);
    QVERIFY2(r.error.startsWith(QLatin1String("junk.py printed no JSON object (")), qPrintable(r.error));
    QVERIFY2(r.error.contains(QLatin1String("\"collected 3 items {\"kernel\":\"")), qPrintable(r.error));

    const QString silent = s.write(QStringLiteral("silent.py"), "pass\n");
    QCOMPARE(captureWith(silent).capture(request(s.kernel())).error, QStringLiteral("silent.py printed nothing on stdout"));

    // Well-formed JSON that is no sidecar: the reader's first problem, located.
    const QString wrong = s.write(QStringLiteral("wrong.py"), "print('{\"configs\": [{\"name\": \"a\", \"kernel\": \"k\", \"params\": [], \"grid\": [0]}]}')\n");
    const ConfigCapture::Result w = captureWith(wrong).capture(request(s.kernel()));
    QCOMPARE(w.status, ConfigCapture::Status::Failed);
    QVERIFY2(w.error.startsWith(QLatin1String("the captured sidecar does not read: ")), qPrintable(w.error));
    QVERIFY2(w.error.endsWith(QLatin1String("k.tileport.json:8:13: config 'a': \"grid\" must list 1 to 3 positive integers")), qPrintable(w.error));
}

void TestConfigCapture::fatalExitNamesTheReason()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("fatal.py"), "import sys\nprint('Traceback ...', file=sys.stderr)\n"
                                                               "print('tileport-capture: k.py:3: importing the kernel file raised ImportError: no torch', file=sys.stderr)\n"
                                                               "sys.exit(4)\n");
    const ConfigCapture::Result r = captureWith(script).capture(request(s.kernel()));
    QCOMPARE(r.status, ConfigCapture::Status::Failed);
    QCOMPARE(r.exitCode, 4);
    QCOMPARE(r.error, QStringLiteral("k.py:3: importing the kernel file raised ImportError: no torch"));

    const QString other = s.write(QStringLiteral("seven.py"), "import sys\nprint('odd', file=sys.stderr)\nsys.exit(7)\n");
    QCOMPARE(captureWith(other).capture(request(s.kernel())).error, QStringLiteral("seven.py exited with code 7: odd"));
}

void TestConfigCapture::usageExit()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("usage.py"), "import sys\nprint('tileport-capture: unknown target \\'a100\\'', file=sys.stderr)\nsys.exit(2)\n");
    ConfigCapture::Request req = request(s.kernel());
    req.target = QStringLiteral("a100");
    const ConfigCapture::Result r = captureWith(script).capture(req);
    QCOMPARE(r.status, ConfigCapture::Status::Failed);
    QCOMPARE(r.error, QStringLiteral("usage.py refused its arguments: unknown target 'a100'"));
}

void TestConfigCapture::noLaunchSaysWhatWasTried()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("none.py"), R"PY(import json, sys
json.dump({"kernel": "k", "captured": {"schema": "tileport-capture/1", "tests": ["/p/tests/test_k.py", "/p/bench/bench_k.py"],
  "calls": [], "cases": {"run": 5, "skipped": 2, "failed": 1}, "partial": True,
  "diagnostics": [{"file": "/p/tests/test_k.py", "line": 9, "col": 0, "severity": "error", "message": "RuntimeError: no GPU", "source": "t"}]},
  "configs": []}, sys.stdout)
sys.exit(3)
)PY");
    const ConfigCapture::Result r = captureWith(script).capture(request(s.kernel()));
    QCOMPARE(r.status, ConfigCapture::Status::Failed);
    QCOMPARE(r.error, QStringLiteral("captured no kernel launch: read 2 test file(s) (test_k.py, bench_k.py), ran 5 case(s) "
                                     "(2 skipped, 1 failed) (first error: /p/tests/test_k.py:9:0: error: RuntimeError: no GPU)"));
    QVERIFY(r.configs.captured);
    QCOMPARE(r.configs.capture.casesRun, 5);
}

void TestConfigCapture::missingInterpreter()
{
    Scripts s;
    const QString script = s.write(QStringLiteral("cap.py"), QByteArray(kEcho).replace("EXIT", "0"));
    Toolchains t = tools();
    t.python = s.path(QStringLiteral("no-such-python"));
    const ConfigCapture::Result r = captureWith(script, t).capture(request(s.kernel()));
    QCOMPARE(r.status, ConfigCapture::Status::Failed);
    QVERIFY2(r.error.startsWith(QStringLiteral("cannot start the cuTile Python interpreter %1 (").arg(t.python)), qPrintable(r.error));
    QVERIFY2(r.error.endsWith(QLatin1String("); run ./scripts/setup or set TILEPORT_PYTHON")), qPrintable(r.error));

    t.python.clear();
    QCOMPARE(captureWith(script, t).capture(request(s.kernel())).error,
             QStringLiteral("no Python with cuda-tile; run ./scripts/setup or set TILEPORT_PYTHON"));
}

void TestConfigCapture::missingScript()
{
    Scripts s;
    const ConfigCapture::Result r = captureWith(s.path(QStringLiteral("gone.py"))).capture(request(s.kernel()));
    QCOMPARE(r.error, QStringLiteral("missing helper %1 (broken install)").arg(s.path(QStringLiteral("gone.py"))));
    const ConfigCapture::Result none = captureWith(s.path(QStringLiteral("gone.py"))).capture(request(s.path(QStringLiteral("nope.py"))));
    QCOMPARE(none.error, QStringLiteral("%1: no such file").arg(s.path(QStringLiteral("nope.py"))));
}

void TestConfigCapture::eachReadsEveryFile()
{
    Scripts s;
    const QString a = s.write(QStringLiteral("a.py"), ""), b = s.write(QStringLiteral("b.py"), ""), c = s.write(QStringLiteral("c.py"), "");
    const QString script = s.write(QStringLiteral("each.py"), R"PY(import json, sys
assert sys.argv[1] == "--each"
files = sys.argv[2:sys.argv.index("--target")]
def sidecar(f):
    return {"kernel": "k", "captured": {"schema": "tileport-capture/1", "file": f, "partial": False},
            "configs": [{"name": "k__f32_16", "kernel": "k", "params": [], "sources": ["call: k()"]}]}
out = {files[0]: sidecar(files[0]),
       files[1]: {"kernel": "", "configs": [], "captured": {"schema": "tileport-capture/1", "file": files[1], "partial": True,
                  "fatal": files[1] + ":1: importing the kernel file raised ImportError: torch"}}}
json.dump({"schema": "tileport-capture-set/1", "files": out}, sys.stdout)
sys.exit(3)
)PY");
    const ConfigCapture::SetResult set = captureWith(script).captureEach({a, b, c}, QStringLiteral("h200"), 60'000);
    QVERIFY2(set.error.isEmpty(), qPrintable(set.error));
    QCOMPARE(set.status, ConfigCapture::Status::Partial);
    QCOMPARE(set.files.size(), 3);
    QCOMPARE(set.files[0].status, ConfigCapture::Status::Complete);
    QCOMPARE(set.files[0].configs.configs.size(), 1);
    QCOMPARE(set.files[0].configs.path, s.path(QStringLiteral("a.tileport.json")));
    QCOMPARE(set.files[1].status, ConfigCapture::Status::Failed);
    QCOMPARE(set.files[1].error, QStringLiteral("%1:1: importing the kernel file raised ImportError: torch").arg(b));
    QCOMPARE(set.files[2].error, QStringLiteral("%1: the capture has no entry for this file").arg(c));

    const QString wrongSchema = s.write(QStringLiteral("schema.py"), "print('{\"files\": {}}')\n");
    QCOMPARE(captureWith(wrongSchema).captureEach({a}, QString(), 60'000).error,
             QStringLiteral("schema.py --each printed no tileport-capture-set/1 object"));
    QCOMPARE(captureWith(script).captureEach({}, QString(), 60'000).error, QStringLiteral("no kernel files to capture"));
}

void TestConfigCapture::bundledScriptOnExamples()
{
    const Toolchains t = Toolchains::fromEnvironment();
    ConfigCapture capture(t);
    if (!QFileInfo::exists(capture.script()))
        QSKIP("resources/python/capture_configs.py is not in this tree");
    // vector_add's host function launches it; a call drives it.
    ConfigCapture::Request req = request(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"), 300'000);
    req.calls = {QStringLiteral("launch(None, tensor((4096,), float32), tensor((4096,), float32), tensor((4096,), float32))")};
    req.discover = false;
    const ConfigCapture::Result r = capture.capture(req);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.configs.captured);
    QVERIFY(!r.configsOf(QStringLiteral("vector_add")).isEmpty());
}

// An optional tensor passed as None is a "none" parameter, which the
// config reader accepts for a parameter the kernel never reads.
void TestConfigCapture::noneArgumentIsRecorded()
{
    const Toolchains t = Toolchains::fromEnvironment();
    ConfigCapture capture(t);
    if (!QFileInfo::exists(capture.script()))
        QSKIP("resources/python/capture_configs.py is not in this tree");
    const QString file = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/constructs/optional_scale.py");
    ConfigCapture::Request req = request(file, 300'000);
    req.calls = {QStringLiteral("launch(None, tensor((1024,), float32), tensor((1024,), float32))")};
    req.discover = false;
    const ConfigCapture::Result r = capture.capture(req);
    QVERIFY2(r.ok(), qPrintable(r.error));
    const auto configs = r.configsOf(QStringLiteral("scaled_copy"));
    QCOMPARE(configs.size(), 1);
    const QJsonObject scale = configs[0].params.at(2).toObject();
    QCOMPARE(scale.value(QStringLiteral("name")).toString(), QStringLiteral("scale"));
    QCOMPARE(scale.value(QStringLiteral("kind")).toString(), QStringLiteral("none"));
    const auto analysis = tileport::frontend::ModuleAnalyzer::analyzeFile(file);
    const auto diagnostics = r.configs.validate(analysis);
    QVERIFY2(diagnostics.isEmpty(), qPrintable(diagnostics.isEmpty() ? QString() : diagnostics.front().message));
}

// A Python list of arrays is recorded with each item's shape and strides,
// and the config reader checks the items against the list's dtype and rank.
void TestConfigCapture::listArgumentIsRecorded()
{
    const Toolchains t = Toolchains::fromEnvironment();
    ConfigCapture capture(t);
    if (!QFileInfo::exists(capture.script()))
        QSKIP("resources/python/capture_configs.py is not in this tree");
    const QString file = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/constructs/array_list.py");
    ConfigCapture::Request req = request(file, 300'000);
    req.calls = {QStringLiteral("launch(None, [tensor((64, 32), float16), tensor((32, 48), float16)], "
                                "[tensor((64, 32), float16), tensor((32, 48), float16)])")};
    req.discover = false;
    const ConfigCapture::Result r = capture.capture(req);
    QVERIFY2(r.ok(), qPrintable(r.error));
    const auto configs = r.configsOf(QStringLiteral("scale_each"));
    QCOMPARE(configs.size(), 1);
    const QJsonObject xs = configs[0].params.at(0).toObject();
    QCOMPARE(xs.value(QStringLiteral("kind")).toString(), QStringLiteral("list"));
    QCOMPARE(xs.value(QStringLiteral("dtype")).toString(), QStringLiteral("float16"));
    QCOMPARE(xs.value(QStringLiteral("ndim")).toInt(), 2);
    const QJsonArray items = xs.value(QStringLiteral("items")).toArray();
    QCOMPARE(items.size(), 2);
    QCOMPARE(items[1].toObject().value(QStringLiteral("shape")).toArray(), (QJsonArray{32, 48}));
    QCOMPARE(items[1].toObject().value(QStringLiteral("strides")).toArray(), (QJsonArray{48, 1}));
    const auto analysis = tileport::frontend::ModuleAnalyzer::analyzeFile(file);
    const auto diagnostics = r.configs.validate(analysis);
    QVERIFY2(diagnostics.isEmpty(), qPrintable(diagnostics.isEmpty() ? QString() : diagnostics.front().message));

    // An item of another rank is named with the config.
    QJsonObject doc = r.configs.document();
    QJsonArray cfgs = doc.value(QStringLiteral("configs")).toArray();
    QJsonObject cfg = cfgs[0].toObject();
    QJsonArray params = cfg.value(QStringLiteral("params")).toArray();
    QJsonObject bad = params[0].toObject();
    QJsonArray badItems = bad.value(QStringLiteral("items")).toArray();
    QJsonObject item = badItems[1].toObject();
    item.insert(QStringLiteral("ndim"), 1);
    item.insert(QStringLiteral("shape"), QJsonArray{32});
    badItems[1] = item;
    bad.insert(QStringLiteral("items"), badItems);
    params[0] = bad;
    cfg.insert(QStringLiteral("params"), params);
    cfgs[0] = cfg;
    doc.insert(QStringLiteral("configs"), cfgs);
    tileport::frontend::KernelConfigFile edited;
    QVERIFY(edited.loadJson(QJsonDocument(doc).toJson(), QStringLiteral("edited.json")));
    const auto errors = edited.validate(analysis);
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].message.contains(QStringLiteral("item 1 needs the list's dtype float16 and ndim 2")), qPrintable(errors[0].message));
}

// Triton launches under capture: kernel[grid](...) bound by name (launch
// options dropped, tl.constexpr as constants), a grid function evaluated,
// every autotune Config a tuned candidate with the heuristics' values, and
// a host TensorDescriptor standing for its tensor.
void TestConfigCapture::tritonLaunchesAreRecorded()
{
    const Toolchains t = Toolchains::fromEnvironment();
    ConfigCapture capture(t);
    if (!QFileInfo::exists(capture.script()))
        QSKIP("resources/python/capture_configs.py is not in this tree");
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("tuned.py")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"(import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor


@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=2), triton.Config({"BLOCK": 128}, num_warps=4)], key=["n"])
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def scale(src, dst, n, alpha, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + offs, tl.load(src + offs, mask=offs < n) * alpha, mask=offs < n)


@triton.jit
def copy_rows(d_in, d_out, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    d_out.store([pid * BM, 0], d_in.load([pid * BM, 0]))


if __name__ == "__main__":
    x = torch.randn(4096, device="cuda", dtype=torch.float16)
    y = torch.empty_like(x)
    scale[lambda meta: (triton.cdiv(x.numel(), meta["BLOCK"]),)](x, y, x.numel(), 0.5)
    a = torch.randn(256, 64, device="cuda")
    b = torch.empty_like(a)
    copy_rows[(4,)](TensorDescriptor.from_tensor(a, [64, 64]), TensorDescriptor.from_tensor(b, [64, 64]), BM=64, BN=64, num_warps=4)
)");
    f.close();
    ConfigCapture::Request req = request(f.fileName(), 300'000);
    req.discover = false;
    req.calls = {QStringLiteral("__main__")};
    const ConfigCapture::Result r = capture.capture(req);
    QVERIFY2(r.ok(), qPrintable(r.error));

    const auto tuned = r.configsOf(QStringLiteral("scale"));
    QCOMPARE(tuned.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const tileport::frontend::KernelConfig &c = tuned[i];
        QCOMPARE(c.tunedLaunch.candidate, i);
        QCOMPARE(c.tunedLaunch.of, 2);
        const int block = i == 0 ? 64 : 128;
        QCOMPARE(c.grid.value(0), 4096 / block); // the grid function saw the candidate's BLOCK
        QStringList names;
        for (const QJsonValue &v : c.params)
            names << v.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(names, (QStringList{QStringLiteral("src"), QStringLiteral("dst"), QStringLiteral("n"), QStringLiteral("alpha"),
                                     QStringLiteral("BLOCK"), QStringLiteral("EVEN")}));
        QCOMPARE(c.params[2].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("scalar"));
        QCOMPARE(c.params[4].toObject(), (QJsonObject{{QStringLiteral("name"), QStringLiteral("BLOCK")},
                                                      {QStringLiteral("kind"), QStringLiteral("const")},
                                                      {QStringLiteral("value"), block}}));
        QCOMPARE(c.params[5].toObject().value(QStringLiteral("value")).toBool(), true); // 4096 % BLOCK == 0
    }
    const auto rows = r.configsOf(QStringLiteral("copy_rows"));
    QCOMPARE(rows.size(), 1);
    const QJsonObject din = rows[0].params[0].toObject();
    QCOMPARE(din.value(QStringLiteral("kind")).toString(), QStringLiteral("array"));
    QCOMPARE(din.value(QStringLiteral("shape")).toArray(), (QJsonArray{256, 64}));
    QCOMPARE(rows[0].params.size(), 4); // num_warps is a launch option, not a parameter
}

QTEST_GUILESS_MAIN(TestConfigCapture)
#include "tst_config_capture.moc"
