// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport export --tilegym` end to end: the TileGym-shaped fixture's op
// ported with the real CLI (stages A-D), exported into a copy of the
// fixture (dry run, for real, again), the kernels crate built with cargo,
// a hand port refused, a parse error located, and the fixture's own tests
// collected and run on the CPU with the pinned pytest.
#include "TileGymExport.h"
#include "support/TestFiles.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kFixture = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/tilegym_shaped");
const QString kOp = QStringLiteral("scaled_add");

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &args, const QString &cwd = {})
{
    QProcess p;
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    p.start(program, args);
    if (!p.waitForFinished(1200'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

Run cli(const QStringList &args) { return run(QStringLiteral(TILEPORT_CLI), args); }

// Every file under `dir` (caches left out) with the sha256 of its bytes.
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        if (f.contains(QLatin1String("__pycache__")) || f.contains(QLatin1String(".pytest_cache")) || f.contains(QLatin1String("/target/"))
            || f.endsWith(QLatin1String("Cargo.lock")))
            continue;
        QFile in(f);
        if (in.open(QIODevice::ReadOnly))
            out.insert(QDir(dir).relativeFilePath(f), QCryptographicHash::hash(in.readAll(), QCryptographicHash::Sha256));
    }
    return out;
}

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

bool writeText(const QString &path, const QString &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) >= 0;
}

} // namespace

class TestTileGymExport : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_session;

    QString freshCopy(const QString &name)
    {
        const QString dir = m_tmp.filePath(name);
        if (!tileport::testing::copyTree(kFixture, dir))
            return {};
        return dir;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        if (QStandardPaths::findExecutable(QStringLiteral("cargo")).isEmpty()
            || qEnvironmentVariable("TILEPORT_HANDOFF_PYTHON").isEmpty())
            QFAIL("needs cargo, the cuTile Python venv and $TILEPORT_HANDOFF_PYTHON: run inside the toolchain "
                  "environment (scripts/setup writes env.sh)");
        // The real pipeline on the fixture's op; D builds the bundle, then
        // is BLOCKED without a GPU (that is enough for the export).
        m_session = m_tmp.filePath(QStringLiteral("session"));
        const Run r = cli({QStringLiteral("port"), kFixture + QStringLiteral("/src/tilegym/ops/cutile/scaled_add.py"),
                                QStringLiteral("--stages"), QStringLiteral("A-D"), QStringLiteral("--session"), m_session});
        QVERIFY2(QFile::exists(m_session + QStringLiteral("/runs/001/generated/host/bundle/bundle.json")), qPrintable(r.out + r.err));
    }

    void dryRunThenExportThenNothing()
    {
        const QString tg = freshCopy(QStringLiteral("tg"));
        QVERIFY(!tg.isEmpty());
        const QMap<QString, QByteArray> before = snapshot(tg);

        // --dry-run: the diff is printed, nothing is written.
        Run r = cli({QStringLiteral("export"), QStringLiteral("--tilegym"), tg, m_session, QStringLiteral("--dry-run")});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        for (const char *file : {"+++ b/src/tilegym/ops/cutile_rs/scaled_add_kernel/kernel.rs",
                                 "+++ b/src/tilegym/ops/cutile_rs/scaled_add_kernel/ffi.rs",
                                 "+++ b/src/tilegym/ops/cutile_rs/scaled_add.py",
                                 "+++ b/src/tilegym/ops/cutile_rs/cutile_kernels/src/lib.rs",
                                 "+++ b/src/tilegym/ops/cutile_rs/__init__.py", "+++ b/src/tilegym/ops/__init__.py",
                                 "+++ b/src/tilegym/backend/selector.py", "+++ b/tests/ops/test_scaled_add.py"})
            QVERIFY2(r.out.contains(QLatin1String(file)), file);
        QVERIFY(r.out.contains(QLatin1String("-    _backends = [\"cutile\"]\n+    _backends = [\"cutile\", \"cutile-rs\"]")));
        QVERIFY(r.out.contains(QLatin1String("+@register_impl(\"scaled_add\", backend=\"cutile-rs\")")));
        QVERIFY(r.out.contains(QLatin1String("dry run: nothing written")));
        QCOMPARE(snapshot(tg), before);

        // For real: the same changes, written.
        r = cli({QStringLiteral("export"), QStringLiteral("--tilegym"), tg, m_session, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("written")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("ops")).toArray(), QJsonArray{kOp});
        int changed = 0;
        for (const QJsonValue &f : o.value(QStringLiteral("files")).toArray())
            changed += f.toObject().value(QStringLiteral("change")).toString() != QLatin1String("unchanged");
        QCOMPARE(changed, 8);
        const QString rs = tg + QStringLiteral("/src/tilegym/ops/cutile_rs");
        const QString lib = readText(rs + QStringLiteral("/cutile_kernels/src/lib.rs"));
        QVERIFY2(lib.contains(QLatin1String("mod scaled_add {\n    include!(\"../../scaled_add_kernel/kernel.rs\");\n"
                                            "    include!(\"../../scaled_add_kernel/ffi.rs\");\n}\n")),
                 qPrintable(lib));
        const QString ffi = readText(rs + QStringLiteral("/scaled_add_kernel/ffi.rs"));
        QVERIFY(ffi.startsWith(QLatin1String("// ") + tileport::handoff::generatedMarker()));
        QVERIFY(ffi.contains(QLatin1String("crate::scaled_add::scaled_add::_scaled_add_kernel(")));
        QVERIFY(!ffi.contains(QLatin1String("#![")) && !ffi.contains(QLatin1String("//!")));
        QVERIFY(readText(rs + QStringLiteral("/__init__.py")).contains(QLatin1String("    from . import scaled_add  # noqa: F401")));
        QVERIFY(readText(tg + QStringLiteral("/src/tilegym/backend/selector.py"))
                    .contains(QLatin1String("\"cutile-rs\": is_cutile_rs_available(),")));
        const QMap<QString, QByteArray> exported = snapshot(tg);

        // Again: nothing changes, and it says so.
        r = cli({QStringLiteral("export"), QStringLiteral("--tilegym"), tg, m_session});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("nothing to change: scaled_add already exported")), qPrintable(r.out));
        QVERIFY(!r.out.contains(QLatin1String("+++ ")));
        QCOMPARE(snapshot(tg), exported);

        // The kernels crate builds with the op included (cargo, offline).
        const Run cargo = run(QStandardPaths::findExecutable(QStringLiteral("cargo")),
                              {QStringLiteral("build"), QStringLiteral("--offline"), QStringLiteral("--release")},
                              rs + QStringLiteral("/cutile_kernels"));
        QVERIFY2(cargo.code == 0, qPrintable(cargo.err.right(4000)));

        // The fixture's own tests on the CPU, with the pinned pytest.
        const QString python = qEnvironmentVariable("TILEPORT_HANDOFF_PYTHON");
        const Run collect = run(python, {QStringLiteral("-m"), QStringLiteral("pytest"), QStringLiteral("--collect-only"),
                                         QStringLiteral("-q"), QStringLiteral("-p"), QStringLiteral("no:cacheprovider")},
                                tg);
        QVERIFY2(collect.code == 0, qPrintable(collect.out + collect.err));
        for (const char *id : {"tests/ops/test_scaled_add.py::Test_ScaledAdd::test_op[cutile-rs-4096-float32]",
                               "tests/ops/test_scaled_add.py::Test_ScaledAdd::test_op[cutile-rs-1000-float16]",
                               "tests/ops/test_scaled_add.py::Test_ScaledAdd::test_op[cutile-rs-3001-bfloat16]",
                               "tests/ops/test_scaled_add.py::Test_ScaledAdd::test_op[cutile-4096-float32]",
                               "tests/test_backends.py::test_cutile_rs_scaled_add_registered_and_selected"})
            QVERIFY2(collect.out.contains(QLatin1String(id)), qPrintable(QString::fromLatin1(id) + QStringLiteral("\n") + collect.out));
        const Run tests = run(python, {QStringLiteral("-m"), QStringLiteral("pytest"), QStringLiteral("-rs"), QStringLiteral("-v"),
                                       QStringLiteral("-p"), QStringLiteral("no:cacheprovider")},
                              tg);
        QVERIFY2(tests.code == 0, qPrintable(tests.out + tests.err));
        QVERIFY2(tests.out.contains(QLatin1String("tests/test_backends.py::test_cutile_rs_scaled_add_registered_and_selected PASSED")),
                 qPrintable(tests.out));
        QVERIFY2(tests.out.contains(QLatin1String("test_op[cutile-rs-4096-float32] SKIPPED")), qPrintable(tests.out));
        QVERIFY2(tests.out.contains(QLatin1String("needs torch and a CUDA GPU: torch is not installed"))
                     || tests.out.contains(QLatin1String("needs a CUDA GPU")),
                 qPrintable(tests.out));
        QVERIFY2(tests.out.contains(QRegularExpression(QStringLiteral("1 passed, 6 skipped"))), qPrintable(tests.out));
    }

    void handPortIsRefused()
    {
        const QString tg = freshCopy(QStringLiteral("hand"));
        QVERIFY(!tg.isEmpty());
        const QString kernel = tg + QStringLiteral("/src/tilegym/ops/cutile_rs/scaled_add_kernel/kernel.rs");
        QVERIFY(writeText(kernel, QStringLiteral("// scaled_add, ported by hand\n#[cutile::module]\npub mod scaled_add_module {}\n")));
        const QMap<QString, QByteArray> before = snapshot(tg);
        const Run r = cli({QStringLiteral("export"), QStringLiteral("--tilegym"), tg, m_session});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(kernel) && r.err.contains(QLatin1String("hand port")), qPrintable(r.err));
        QCOMPARE(snapshot(tg), before);
    }

    void parseErrorIsLocated()
    {
        const QString tg = freshCopy(QStringLiteral("broken"));
        QVERIFY(!tg.isEmpty());
        const QString test = tg + QStringLiteral("/tests/ops/test_scaled_add.py");
        QString text = readText(test);
        text.replace(QStringLiteral("_backends = [\"cutile\"]"), QStringLiteral("_backends = [\"cutile\""));
        QVERIFY(writeText(test, text));
        const QMap<QString, QByteArray> before = snapshot(tg);
        const Run r = cli({QStringLiteral("export"), QStringLiteral("--tilegym"), tg, m_session});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(test + QStringLiteral(":16:17: syntax error: '[' was never closed")), qPrintable(r.err));
        QCOMPARE(snapshot(tg), before);
    }

    void opTheCheckoutLacksIsRefused()
    {
        const QString tg = freshCopy(QStringLiteral("noop"));
        QVERIFY(!tg.isEmpty());
        QVERIFY(QFile::remove(tg + QStringLiteral("/src/tilegym/ops/cutile/scaled_add.py")));
        const QMap<QString, QByteArray> before = snapshot(tg);
        const Run r = cli({QStringLiteral("export"), QStringLiteral("--tilegym"), tg, m_session, QStringLiteral("--dry-run")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("TileGym has no cuTile op scaled_add")), qPrintable(r.err));
        QCOMPARE(snapshot(tg), before);
    }

    void notATileGymCheckout()
    {
        const Run r = cli({QStringLiteral("export"), QStringLiteral("--tilegym"), m_tmp.path(), m_session});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QLatin1String("not a TileGym checkout")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestTileGymExport)
#include "tst_tilegym_export.moc"
