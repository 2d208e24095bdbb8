// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Runs the real set-up scripts on the cases a fresh machine can present:
// the host system, an unreachable registry, a corrupt download, bad paths.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run bash(const QString &script, const QMap<QString, QString> &vars = {})
{
    QProcess p;
    auto env = QProcessEnvironment::systemEnvironment();
    for (auto it = vars.cbegin(); it != vars.cend(); ++it)
        env.insert(it.key(), it.value());
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(QStringLiteral(TILEPORT_SOURCE_DIR));
    p.start(QStringLiteral("bash"), {QStringLiteral("-c"), script});
    if (!p.waitForFinished(120'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString osRelease(const char *name)
{
    return QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/os-release/") + QLatin1String(name);
}

} // namespace

class TestSetupScripts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hostModeFollowsTheSystem_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("mode");
        QTest::newRow("debian 12") << osRelease("debian-12") << QStringLiteral("root");
        QTest::newRow("debian 13") << osRelease("debian-13") << QStringLiteral("native");
        QTest::newRow("ubuntu 24.04") << osRelease("ubuntu-24.04") << QStringLiteral("native");
        QTest::newRow("ubuntu 22.04") << osRelease("ubuntu-22.04") << QStringLiteral("unsupported:Ubuntu 22.04.4 LTS");
        QTest::newRow("fedora") << osRelease("fedora-41") << QStringLiteral("unsupported:Fedora Linux 41 (Workstation Edition)");
    }

    void hostModeFollowsTheSystem()
    {
        QFETCH(QString, file);
        QFETCH(QString, mode);
        const Run r = bash(QStringLiteral(". scripts/lib/common.sh; tileport_host_mode"),
                           {{QStringLiteral("TILEPORT_OS_RELEASE"), file}});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed(), mode);
    }

    void setupRefusesUnsupportedSystem()
    {
        QTemporaryDir cache;
        const Run r = bash(QStringLiteral("./scripts/setup"), {{QStringLiteral("TILEPORT_OS_RELEASE"), osRelease("fedora-41")},
                                                               {QStringLiteral("TILEPORT_CACHE"), cache.path()}});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("unsupported system: Fedora Linux 41")), qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("Debian 13, Ubuntu 24.04")));
    }

    void unreachableRegistryIsNamed()
    {
        QTemporaryDir cache;
        const Run r = bash(QStringLiteral(". scripts/setup && setup_grammars"),
                           {{QStringLiteral("TILEPORT_CACHE"), cache.path()},
                            {QStringLiteral("TILEPORT_NPM_REGISTRY"), QStringLiteral("http://127.0.0.1:9")}});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("cannot download http://127.0.0.1:9/tree-sitter-python/-/tree-sitter-python-0.23.6.tgz")),
                 qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("no network")));
    }

    void corruptDownloadIsRejected()
    {
        QTemporaryDir cache;
        QDir(cache.path()).mkpath(QStringLiteral("downloads"));
        QFile bad(cache.filePath(QStringLiteral("downloads/tree-sitter-python-0.23.6.tgz")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("not a tarball");
        bad.close();
        const Run r = bash(QStringLiteral(". scripts/setup && setup_grammars"), {{QStringLiteral("TILEPORT_CACHE"), cache.path()}});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("checksum mismatch for tree-sitter-python 0.23.6")), qPrintable(r.err));
        QVERIFY(!bad.exists());
    }

    // The SASS tools: each wheel pinned to one version with its x86_64 and
    // aarch64 hashes; a current stamp installs nothing, TILEPORT_NO_SASS
    // skips them, and a failed pip leaves no half-installed directory.
    void sassToolsArePinnedAndIdempotent()
    {
        const Run pins = bash(QStringLiteral(". scripts/lib/pins.sh && printf '%s\\n' \"$TILEPORT_SASS_REQUIREMENTS\""));
        QCOMPARE(pins.code, 0);
        const QRegularExpression pin(QStringLiteral("^(nvidia-[a-z-]+)==(\\d+\\.\\d+\\.\\d+) \\\\$"), QRegularExpression::MultilineOption);
        const QRegularExpression hash(QStringLiteral("--hash=sha256:[0-9a-f]{64}\\b"));
        QStringList names;
        for (auto it = pin.globalMatch(pins.out); it.hasNext();)
            names << it.next().captured(1);
        QCOMPARE(names, (QStringList{QStringLiteral("nvidia-cuda-tileiras"), QStringLiteral("nvidia-nvvm"),
                                     QStringLiteral("nvidia-cuda-nvcc"), QStringLiteral("nvidia-cuda-cuobjdump"),
                                     QStringLiteral("nvidia-cuda-nvdisasm")}));
        QCOMPARE(int(pins.out.count(hash)), 2 * int(names.size()));
        // The version doctor expects (Doctor::pinnedTileirasVersion), for every SASS tool.
        for (const QString &n : names)
            QVERIFY2(pins.out.contains(n + QStringLiteral("==13.4.92 ")), qPrintable(n));

        QTemporaryDir cache;
        const QMap<QString, QString> env{{QStringLiteral("TILEPORT_CACHE"), cache.path()}};
        const Run present = bash(QStringLiteral(
            ". scripts/setup && mkdir -p \"$TILEPORT_TOOLCHAINS/sass\" && "
            "printf '%s\\n' \"$(uname -m)\" \"$TILEPORT_SASS_REQUIREMENTS\" | sha256sum | cut -d' ' -f1 > \"$TILEPORT_TOOLCHAINS/sass/.tileport-stamp\" && "
            "setup_sass_tools"), env);
        QVERIFY2(present.code == 0, qPrintable(present.err));
        QVERIFY2(present.err.contains(QStringLiteral("SASS tools: present")), qPrintable(present.err));

        QVERIFY(QFile::remove(cache.filePath(QStringLiteral("toolchains/sass/.tileport-stamp"))));
        const Run skipped = bash(QStringLiteral(". scripts/setup && setup_sass_tools"),
                                 {{QStringLiteral("TILEPORT_CACHE"), cache.path()}, {QStringLiteral("TILEPORT_NO_SASS"), QStringLiteral("1")}});
        QVERIFY2(skipped.code == 0 && skipped.err.contains(QStringLiteral("skipped (TILEPORT_NO_SASS)")), qPrintable(skipped.err));

        // No venv (so no pip) in this cache: the install fails and says how to skip it.
        const Run failed = bash(QStringLiteral(". scripts/setup && setup_sass_tools"), env);
        QCOMPARE(failed.code, 1);
        QVERIFY2(failed.err.contains(QStringLiteral("TILEPORT_NO_SASS=1 skips them")), qPrintable(failed.err));
        QCOMPARE(QDir(cache.filePath(QStringLiteral("toolchains"))).entryList({QStringLiteral("sass.new*")}, QDir::Dirs).size(), 0);
    }

    // A fake build root: a dpkg database with every listed package but the
    // ssh ones, the expected apt sources, and an out-of-date stamp.
    void buildRootPlan_data()
    {
        QTest::addColumn<QString>("tweak");
        QTest::addColumn<QString>("plan");
        QTest::newRow("packages added") << QStringLiteral(":") << QStringLiteral("add openssh-client openssh-server");
        QTest::newRow("stamp current") << QStringLiteral("packages_hash > $R/.tileport-packages") << QStringLiteral("present");
        QTest::newRow("mirror changed") << QStringLiteral("echo 'deb http://mirror.example/debian trixie main' > $R/etc/apt/sources.list")
                                        << QStringLiteral("rebuild");
        QTest::newRow("package dropped") << QStringLiteral("{ printf '%s\\n' \"${TILEPORT_PACKAGES[@]}\"; echo emacs; } > $R/.tileport-package-list")
                                         << QStringLiteral("rebuild");
        QTest::newRow("no root") << QStringLiteral("rm -rf $R/*") << QStringLiteral("rebuild");
    }

    void buildRootPlan()
    {
        QFETCH(QString, tweak);
        QFETCH(QString, plan);
        QTemporaryDir root;
        const QString script = QStringLiteral(
            ". scripts/setup; R=$1; mkdir -p $R/var/lib/dpkg/updates $R/etc/apt; root_sources > $R/etc/apt/sources.list;"
            " for p in \"${TILEPORT_PACKAGES[@]}\"; do case $p in openssh-*) ;; *)"
            " printf 'Package: %s\\nStatus: install ok installed\\nVersion: 1\\nArchitecture: all\\n\\n' $p;; esac;"
            " done > $R/var/lib/dpkg/status; echo stale > $R/.tileport-packages; %1; build_root_plan $R")
                                   .arg(tweak);
        QProcess p;
        p.setWorkingDirectory(QStringLiteral(TILEPORT_SOURCE_DIR));
        p.start(QStringLiteral("bash"), {QStringLiteral("-c"), script, QStringLiteral("bash"), root.path()});
        QVERIFY(p.waitForFinished(60'000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).trimmed(), plan);
    }

    void wrapperNamesAMissingPath()
    {
        const Run r = bash(QStringLiteral("./scripts/tileport reference /nonexistent-dir/kernel.py"));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("/nonexistent-dir/kernel.py: no such file or directory")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestSetupScripts)
#include "tst_setup_scripts.moc"
