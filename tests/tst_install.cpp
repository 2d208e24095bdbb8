// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `cmake --install` into a staging root (DESTDIR) and the programs run from
// there: resources found beside the binary, not in the source tree; then
// the .deb CPack makes from the same rules, also installed into a clean
// Debian 13 root and run there (scripts/clean-root).
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QString out, err;
};

Run run(const QString &program, const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
        const QString &cwd = QString(), int timeoutMs = 600'000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// The .deb CPack makes from the build tree, written into `dir`; empty with
// the reason in `error` when there is none.
QString makeDeb(const QString &dir, QString *error)
{
    const Run r = run(QStringLiteral("cpack"), {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"),
                                               QStringLiteral(TILEPORT_BUILD_DIR "/CPackConfig.cmake"), QStringLiteral("-B"), dir},
                      QProcessEnvironment::systemEnvironment(), dir, 1200'000);
    const QStringList debs = QDir(dir).entryList({QStringLiteral("tileport_*.deb")});
    if (r.code != 0 || debs.size() != 1) {
        *error = QStringLiteral("cpack (exit %1, %2 .deb files): %3").arg(r.code).arg(debs.size()).arg(r.out + r.err);
        return {};
    }
    return QDir(dir).filePath(debs.first());
}

} // namespace

class TestInstall : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_stage;
    QString m_prefix; // the staged /usr
    QProcessEnvironment m_env;

private Q_SLOTS:
    void initTestCase()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DESTDIR"), m_stage.path());
        const Run r = run(QStringLiteral("cmake"), {QStringLiteral("--install"), QStringLiteral(TILEPORT_BUILD_DIR),
                                                    QStringLiteral("--prefix"), QStringLiteral("/usr")}, env);
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        m_prefix = m_stage.filePath(QStringLiteral("usr"));
        // The installed programs must not lean on the checkout.
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.remove(QStringLiteral("TILEPORT_RESOURCE_DIR"));
    }

    void installsTheWholeTree()
    {
        for (const char *f : {"bin/tileport", "bin/tileport-bundle", "share/tileport/python/export_tileir.py",
                              "share/tileport/python/capture_configs.py", "share/tileport/rust/tileport-probe/Cargo.lock",
                              "share/tileport/rust/tileport-probe-0.4/Cargo.lock",
                              "share/tileport/syntax/tileir.xml", "share/man/man1/tileport.1",
                              "share/bash-completion/completions/tileport", "share/doc/tileport/LICENSE"})
            QVERIFY2(QFile::exists(QDir(m_prefix).filePath(QLatin1String(f))), f);
#ifdef TILEPORT_GUI_BUILT
        for (const char *f : {"bin/tileport-gui", "share/applications/dev.tileport.TilePort.desktop",
                              "share/icons/hicolor/scalable/apps/dev.tileport.TilePort.svg",
                              "share/metainfo/dev.tileport.TilePort.metainfo.xml"})
            QVERIFY2(QFile::exists(QDir(m_prefix).filePath(QLatin1String(f))), f);
#endif
        QVERIFY(QDir(m_prefix + QStringLiteral("/share/tileport")).entryList({QStringLiteral("__pycache__")}, QDir::Dirs).isEmpty());
    }

    void doctorRunsFromThePrefix()
    {
        const QString tileport = m_prefix + QStringLiteral("/bin/tileport");
        const Run version = run(tileport, {QStringLiteral("--version")}, m_env);
        QCOMPARE(version.code, 0);
        const Run r = run(tileport, {QStringLiteral("doctor"), QStringLiteral("--quick"), QStringLiteral("--json")}, m_env);
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY(doc.value(QStringLiteral("ok")).toBool());
        bool seen = false;
        for (const QJsonValue &v : doc.value(QStringLiteral("components")).toArray()) {
            const QJsonObject c = v.toObject();
            if (c.value(QStringLiteral("component")).toString() != QLatin1String("TilePort resources"))
                continue;
            seen = true;
            QCOMPARE(c.value(QStringLiteral("path")).toString(), m_prefix + QStringLiteral("/share/tileport"));
            QCOMPARE(c.value(QStringLiteral("status")).toString(), QStringLiteral("found"));
        }
        QVERIFY(seen);
        // The text form too, as a user types it.
        const Run text = run(tileport, {QStringLiteral("doctor"), QStringLiteral("--quick")}, m_env);
        QVERIFY2(text.out.contains(QStringLiteral("doctor: all required components found")), qPrintable(text.out));
    }

    // translate reads the target's probe Cargo.lock from the resources,
    // for either cutile target.
    void translatesFromThePrefix_data()
    {
        QTest::addColumn<QString>("cutile");
        QTest::addColumn<QString>("pinned");
        QTest::newRow("cutile 0.5") << "0.5" << "0.5.0";
        QTest::newRow("cutile 0.4") << "0.4" << "0.4.0";
    }

    void translatesFromThePrefix()
    {
        QFETCH(QString, cutile);
        QFETCH(QString, pinned);
        QTemporaryDir out;
        const Run r = run(m_prefix + QStringLiteral("/bin/tileport"),
                          {QStringLiteral("translate"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"),
                           QStringLiteral("-o"), out.filePath(QStringLiteral("crate")), QStringLiteral("--cutile"), cutile,
                           QStringLiteral("--json")},
                          m_env);
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("kernels")).toArray().size(), 1);
        QFile lock(out.filePath(QStringLiteral("crate/Cargo.lock")));
        QVERIFY(lock.open(QIODevice::ReadOnly));
        QVERIFY(lock.readAll().contains(QStringLiteral("name = \"cutile\"\nversion = \"%1\"").arg(pinned).toUtf8()));
    }

    // The .deb: Debian 13 dependency names and the installed tree.
    void debianPackage()
    {
        QTemporaryDir out;
        QString error;
        const QString deb = makeDeb(out.path(), &error);
        QVERIFY2(!deb.isEmpty(), qPrintable(error));
        const Run info = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), deb, QStringLiteral("Package"), QStringLiteral("Version"),
                                                          QStringLiteral("Depends")});
        QCOMPARE(info.code, 0);
        QVERIFY2(info.out.contains(QStringLiteral("Package: tileport")), qPrintable(info.out));
        QVERIFY2(info.out.contains(QStringLiteral("Version: " TILEPORT_VERSION)), qPrintable(info.out));
        for (const char *dep : {"libqt6core6t64", "libmlir-22", "libcurl4t64", "libtree-sitter0.22", "python3"})
            QVERIFY2(info.out.contains(QLatin1String(dep)), dep);
        // Each dependency is a package Debian 13 (this build root) knows.
        const QString depends = info.out.section(QStringLiteral("Depends: "), 1).trimmed();
        for (QString d : depends.split(QStringLiteral(", "))) {
            d = d.section(QLatin1Char(' '), 0, 0);
            const Run known = run(QStringLiteral("dpkg-query"), {QStringLiteral("-W"), d});
            QVERIFY2(known.code == 0, qPrintable(d + QStringLiteral(": not a package here")));
        }
        const Run contents = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-c"), deb});
        QCOMPARE(contents.code, 0);
        for (const char *f : {"./usr/bin/tileport", "./usr/share/tileport/python/export_tileir.py", "./usr/share/man/man1/tileport.1"})
            QVERIFY2(contents.out.contains(QLatin1String(f)), f);
    }

    // The .deb installed into a fresh minbase Debian 13 root with only its
    // Depends (plus the linker and libclang doctor asks for), then
    // `--version`, `doctor` and an A-C port of vector_add.py run there:
    // scripts/clean-root does it (docs: README, "Installing").
    void cleanRootInstall()
    {
        const QString script = QStringLiteral(TILEPORT_SOURCE_DIR "/scripts/clean-root");
        const Run check = run(script, {QStringLiteral("--check")});
        if (check.code == 77) // not root, or no network to the Debian mirror
            QSKIP(qPrintable(check.err.trimmed()));
        QVERIFY2(check.code == 0, qPrintable(check.out + check.err));
        QTemporaryDir debDir, out;
        QString error;
        const QString deb = makeDeb(debDir.path(), &error);
        QVERIFY2(!deb.isEmpty(), qPrintable(error));
        const Run r = run(script, {deb, out.path()}, QProcessEnvironment::systemEnvironment(), QString(), 3300'000);
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err.right(4000)));
        QFile f(out.filePath(QStringLiteral("result.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject result = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY2(result.value(QStringLiteral("ok")).toBool(), qPrintable(r.out));
        const QJsonObject stages = result.value(QStringLiteral("stages")).toObject();
        QVERIFY2(stages.value(QStringLiteral("A")).toString().startsWith(QLatin1String("PASS")), qPrintable(r.out));
        QCOMPARE(stages.value(QStringLiteral("B")).toString(), QStringLiteral("COMPILED"));
        QVERIFY2(stages.value(QStringLiteral("C")).toString().startsWith(QLatin1String("PASS")), qPrintable(r.out));
        QFile doctor(out.filePath(QStringLiteral("doctor.json")));
        QVERIFY(doctor.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(doctor.readAll()).object().value(QStringLiteral("ok")).toBool());
    }
};

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
