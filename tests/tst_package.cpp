// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport package`: a real port (the CLI, cargo), a real wheel (pip and
// setuptools), installed into a fresh venv with no index and called there.
#include "support/TestFiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using tileport::testing::copyExample;

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run run(const QString &program, const QStringList &args, int timeoutMs = 600'000, const QString &cwd = {})
{
    QProcess p;
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = (p.error() == QProcess::FailedToStart ? QStringLiteral("did not start: ") : QStringLiteral("timed out: ")) + program;
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

Run cli(const QStringList &args)
{
    return run(QStringLiteral(TILEPORT_CLI), args);
}

// What the fresh venv's Python prints about the installed package: its
// signature, then one line per bad call (the exception and its message).
const char kCalls[] = R"PY(
import inspect, json, sys
import numpy as np
import tileport_saxpy as m
out = {"signature": str(inspect.signature(m.saxpy)), "all": m.__all__, "torch": "torch" in sys.modules,
       "doc": m.saxpy.__doc__.splitlines()[0], "errors": {}}
ok = np.zeros(8, np.float32)
calls = {
    "dtype": lambda: m.saxpy(2.0, np.zeros(8, np.float64), ok, TILE=1024, grid=(1,)),
    "mixed": lambda: m.saxpy(2.0, ok, np.zeros(8, np.int32), TILE=1024, grid=(1,)),
    "rank": lambda: m.saxpy(2.0, np.zeros((2, 4), np.float32), ok, TILE=1024, grid=(1,)),
    "device": lambda: m.saxpy(2.0, ok, ok, TILE=1024, grid=(1,)),
    "not_tensor": lambda: m.saxpy(2.0, [1.0], ok, TILE=1024, grid=(1,)),
    "scalar": lambda: m.saxpy("two", ok, ok, TILE=1024, grid=(1,)),
    "missing_constant": lambda: m.saxpy(2.0, ok, ok, grid=(1,)),
}
for k, f in calls.items():
    try:
        f()
        out["errors"][k] = None
    except Exception as e:
        out["errors"][k] = [type(e).__name__, str(e)]
print(json.dumps(out))
)PY";

} // namespace

class TestPackage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_python, m_wheelhouse, m_session;

private Q_SLOTS:
    void initTestCase()
    {
        m_python = qEnvironmentVariable("TILEPORT_HANDOFF_PYTHON");
        m_wheelhouse = qEnvironmentVariable("TILEPORT_WHEELHOUSE");
        QVERIFY2(QFileInfo(m_python).isExecutable() && QFileInfo(m_wheelhouse).isDir(),
                 "the hand-off venv and wheelhouse are missing: run ./scripts/setup (TILEPORT_HANDOFF_PYTHON, TILEPORT_WHEELHOUSE)");
        QVERIFY(m_tmp.isValid());
        const QString kernel = copyExample(QStringLiteral("saxpy"), m_tmp.path(), QStringLiteral("wheel_saxpy"));
        QVERIFY(!kernel.isEmpty());
        m_session = m_tmp.filePath(QStringLiteral("session"));
        const Run port = cli({QStringLiteral("port"), kernel, QStringLiteral("--stages"), QStringLiteral("A-C"),
                              QStringLiteral("--session"), m_session});
        QVERIFY2(port.exitCode == 0, qPrintable(port.out + port.err));
    }

    // Stage C alone builds no host library: package says which stage does.
    void sessionWithoutBundleIsRefused()
    {
        const Run r = cli({QStringLiteral("package"), m_session, QStringLiteral("-o"), m_tmp.filePath(QStringLiteral("dist0"))});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("no host bundle")) && r.err.contains(QStringLiteral("--stage D")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(m_tmp.filePath(QStringLiteral("dist0"))));
        const Run none = cli({QStringLiteral("package"), m_tmp.filePath(QStringLiteral("nowhere"))});
        QCOMPARE(none.exitCode, 3);
    }

    void wheelInstallsIntoAFreshVenv()
    {
        // Stage D builds the bundle, then finds no GPU on a CPU machine.
        const Run d = cli({QStringLiteral("rerun"), m_session, QStringLiteral("--stage"), QStringLiteral("D")});
        QVERIFY2(QFileInfo::exists(m_session + QStringLiteral("/runs/001/generated/host/bundle/bundle.json")), qPrintable(d.out + d.err));

        const QString dist = m_tmp.filePath(QStringLiteral("dist"));
        Run r = cli({QStringLiteral("package"), m_session, QStringLiteral("-o"), dist, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport-package/1"));
        QCOMPARE(o.value(QStringLiteral("package")).toString(), QStringLiteral("tileport_saxpy"));
        const QString wheel = o.value(QStringLiteral("wheel")).toString();
        QVERIFY2(wheel.endsWith(QStringLiteral("/tileport_saxpy-0.1.0-py3-none-linux_x86_64.whl")), qPrintable(wheel));
        const QJsonArray entries = o.value(QStringLiteral("entries")).toArray();
        QCOMPARE(entries.size(), 1);
        const QString signature = QStringLiteral("(alpha: float, x, y, *, TILE: int, grid=None, stream=None) -> None");
        QCOMPARE(entries[0].toObject().value(QStringLiteral("signature")).toString(), signature);

        // Building again replaces the wheel; the directory holds one.
        r = cli({QStringLiteral("package"), m_session, QStringLiteral("-o"), dist});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QDir(dist).entryList({QStringLiteral("*.whl")}, QDir::Files).size(), 1);

        // What the wheel holds, read by Python's own zipfile.
        const Run list = run(m_python, {QStringLiteral("-c"),
                                         QStringLiteral("import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))"), wheel});
        QCOMPARE(list.exitCode, 0);
        for (const QString &name : {QStringLiteral("tileport_saxpy/__init__.py"), QStringLiteral("tileport_saxpy/_runtime.py"),
                                    QStringLiteral("tileport_saxpy/entries.json"), QStringLiteral("tileport_saxpy-0.1.0.dist-info/METADATA")})
            QVERIFY2(list.out.split(QLatin1Char('\n')).contains(name), qPrintable(name + QStringLiteral(" not in\n") + list.out));
        QVERIFY2(list.out.contains(QRegularExpression(QStringLiteral("tileport_saxpy/lib/libtileport_gen_\\w+\\.so"))), qPrintable(list.out));

        // A fresh venv, the wheel and numpy from the wheelhouse, no index.
        const QString venv = m_tmp.filePath(QStringLiteral("venv"));
        r = run(m_python, {QStringLiteral("-m"), QStringLiteral("venv"), venv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = run(venv + QStringLiteral("/bin/pip"), {QStringLiteral("install"), QStringLiteral("--disable-pip-version-check"),
                                                    QStringLiteral("--no-index"), QStringLiteral("--find-links"), m_wheelhouse, wheel,
                                                    QStringLiteral("numpy")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        // Outside the staging and source trees, so only the installed copy imports.
        r = run(venv + QStringLiteral("/bin/python"), {QStringLiteral("-c"), QString::fromUtf8(kCalls)}, 120'000, m_tmp.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QJsonObject got = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(got.value(QStringLiteral("signature")).toString(), signature);
        QCOMPARE(got.value(QStringLiteral("all")).toArray(), QJsonArray{QStringLiteral("saxpy")});
        QVERIFY2(!got.value(QStringLiteral("torch")).toBool(), "the package imported torch");
        QVERIFY(got.value(QStringLiteral("doc")).toString().contains(QStringLiteral("`saxpy` (from wheel_saxpy.py)")));
        const QJsonObject errors = got.value(QStringLiteral("errors")).toObject();
        const auto expect = [&](const char *call, const char *type, const QString &message) {
            const QJsonArray e = errors.value(QLatin1String(call)).toArray();
            QVERIFY2(e.size() == 2, call);
            QVERIFY2(e[0].toString() == QLatin1String(type) && e[1].toString().contains(message),
                     qPrintable(QStringLiteral("%1: %2: %3").arg(QLatin1String(call), e[0].toString(), e[1].toString())));
        };
        expect("dtype", "TypeError", QStringLiteral("saxpy(): x is float64; this entry takes float32, float16 or bfloat16"));
        expect("mixed", "TypeError", QStringLiteral("y is int32; this entry takes float32, float16 or bfloat16"));
        expect("rank", "ValueError", QStringLiteral("x has 2 dimension(s) [2, 4]; this entry takes rank 1"));
        expect("device", "ValueError", QStringLiteral("x is on the cpu; the kernel runs on a CUDA device"));
        expect("not_tensor", "TypeError", QStringLiteral("x must be a tensor"));
        expect("scalar", "TypeError", QStringLiteral("alpha must be float (f32)"));
        expect("missing_constant", "TypeError", QStringLiteral("TILE"));
    }

    // The launch itself needs torch and a CUDA device.
    void launchOnGpu()
    {
        const QString torchPython = qEnvironmentVariable("TILEPORT_TORCH_PYTHON");
        if (torchPython.isEmpty() || QProcess::execute(torchPython, {QStringLiteral("-c"),
                                                                     QStringLiteral("import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)")}) != 0)
            QSKIP("no Python with torch and a CUDA device (TILEPORT_TORCH_PYTHON): the launch runs on a GPU machine only");
        const QString wheel = QDir(m_tmp.filePath(QStringLiteral("dist"))).absoluteFilePath(
            QDir(m_tmp.filePath(QStringLiteral("dist"))).entryList({QStringLiteral("*.whl")}).value(0));
        const QString venv = m_tmp.filePath(QStringLiteral("gpu-venv"));
        QCOMPARE(run(torchPython, {QStringLiteral("-m"), QStringLiteral("venv"), QStringLiteral("--system-site-packages"), venv}).exitCode, 0);
        QCOMPARE(run(venv + QStringLiteral("/bin/pip"), {QStringLiteral("install"), QStringLiteral("--no-index"), QStringLiteral("--no-deps"), wheel}).exitCode, 0);
        const Run r = run(venv + QStringLiteral("/bin/python"),
                          {QStringLiteral("-c"), QStringLiteral("import torch, tileport_saxpy as m\n"
                                                                "x = torch.randn(5000, device='cuda'); y = torch.randn(5000, device='cuda')\n"
                                                                "want = 2.5 * x + y\n"
                                                                "m.saxpy(2.5, x, y, TILE=1024, grid=((5000 + 1023) // 1024,))\n"
                                                                "torch.cuda.synchronize()\n"
                                                                "assert torch.isfinite(y).all() and torch.allclose(y, want, atol=1e-5), (y - want).abs().max()\n")},
                          300'000, m_tmp.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    }
};

QTEST_GUILESS_MAIN(TestPackage)
#include "tst_package.moc"
