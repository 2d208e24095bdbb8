// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The generated crate is a normal cargo crate: for every example under
// examples/cutile and examples/triton, `tileport translate` writes a crate
// whose `cargo doc --no-deps` builds with warnings denied (rustdoc's and
// rustc's: no warning at all on stderr) and whose `cargo package --list`
// warns about nothing (description, licence file, readme, documentation).
// One cargo invocation each, in the shared CARGO_TARGET_DIR, no dependency
// documented: cheap once cutile is built. TILEPORT_CUTILE_VERSION picks the
// release (tst_crate_docs_cutile04 runs 0.4.0).

#include "ProcessRunner.h"
#include "Toolchains.h"
#include "support/TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace tileport;

class TestCrateDocs : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();
    QTemporaryDir m_out;

    ProcessResult cargo(const QString &crate, const QStringList &args, const QString &rustdocFlags = {}) const
    {
        ProcessSpec spec{m_tools.cargo, args};
        spec.workingDirectory = crate;
        spec.environment = m_tools.cargoEnvironment();
        if (!rustdocFlags.isEmpty())
            spec.environment.insert(QStringLiteral("RUSTDOCFLAGS"), rustdocFlags);
        spec.timeoutMs = 20 * 60'000;
        return ProcessRunner::run(spec);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!m_tools.cargo.isEmpty(), "no cargo; run ./scripts/setup");
        QVERIFY(m_out.isValid());
    }

    void exampleCrateDocumentsAndPackagesCleanly_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *dir : {"examples/cutile", "examples/triton"}) {
            QDirIterator it(QStringLiteral(TILEPORT_SOURCE_DIR "/") + QLatin1String(dir), {QStringLiteral("*.py")}, QDir::Files);
            QStringList files;
            while (it.hasNext())
                files << it.next();
            files.sort();
            for (const QString &f : std::as_const(files))
                QTest::newRow(qPrintable(QDir(QStringLiteral(TILEPORT_SOURCE_DIR)).relativeFilePath(f))) << f;
        }
    }

    void exampleCrateDocumentsAndPackagesCleanly()
    {
        QFETCH(QString, file);
        const QString crate = m_out.filePath(QDir(QStringLiteral(TILEPORT_SOURCE_DIR)).relativeFilePath(file).replace(QLatin1Char('/'), QLatin1Char('-')));
        ProcessSpec translate{QStringLiteral(TILEPORT_CLI), {QStringLiteral("translate"), file, QStringLiteral("-o"), crate}};
        translate.timeoutMs = 300'000;
        const ProcessResult t = ProcessRunner::run(translate);
        QVERIFY2(t.exitCode == 0, qPrintable(QString::fromUtf8(t.standardError)));
        for (const char *f : {"README.md", "LICENSING.md"})
            QVERIFY2(QFileInfo::exists(QDir(crate).filePath(QLatin1String(f))), f);

        const ProcessResult doc = cargo(crate, {QStringLiteral("doc"), QStringLiteral("--no-deps"), QStringLiteral("--offline"),
                                                QStringLiteral("--quiet")},
                                        QStringLiteral("-D warnings"));
        QVERIFY2(doc.ok(), qPrintable(doc.describe() + QLatin1Char('\n') + QString::fromUtf8(doc.standardError)));
        QVERIFY2(!doc.standardError.contains("warning"), doc.standardError.constData());

        const ProcessResult list = cargo(crate, {QStringLiteral("package"), QStringLiteral("--list"), QStringLiteral("--allow-dirty"),
                                                 QStringLiteral("--offline")});
        QVERIFY2(list.ok(), qPrintable(list.describe() + QLatin1Char('\n') + QString::fromUtf8(list.standardError)));
        // Nothing but cargo's notice that another cargo (a test beside this
        // one) holds the package cache.
        QStringList said = QString::fromUtf8(list.standardError).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        said.removeIf([](const QString &l) { return l.trimmed().startsWith(QLatin1String("Blocking waiting for file lock")); });
        QCOMPARE(said, QStringList());
        const QStringList files = QString::fromUtf8(list.standardOutput).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (const char *f : {"README.md", "LICENSING.md", "src/lib.rs", "src/bin/ir-harness.rs", "Cargo.lock"})
            QVERIFY2(files.contains(QLatin1String(f)), qPrintable(files.join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestCrateDocs)
#include "tst_crate_docs.moc"
