// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Every `tileport` command's --help, usage errors and --version, run as the
// real executable; the command list comes from the same catalogue the
// parser uses, so a command added there is tested here.
#include "CommandCatalog.h"

#include <QProcess>
#include <QTest>

using namespace tileport::cli;

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!p.waitForFinished(60'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QStringList words(const QString &name)
{
    return name.split(QLatin1Char(' '));
}

} // namespace

class TestCliHelp : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyCommandAnswersHelp_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("flag");
        for (const CommandSpec &c : commands())
            for (const char *flag : {"--help", "-h"})
                QTest::newRow(qPrintable(c.name + QLatin1Char(' ') + QLatin1String(flag))) << c.name << QString::fromLatin1(flag);
    }

    void everyCommandAnswersHelp()
    {
        QFETCH(QString, command);
        QFETCH(QString, flag);
        const CommandSpec *spec = findCommand(command);
        QVERIFY(spec);
        const Run r = runCli(words(command) << flag);
        QVERIFY2(r.code == 0, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.out.startsWith(QStringLiteral("usage: tileport ") + command), qPrintable(r.out));
        for (const OptionSpec &o : spec->options)
            QVERIFY2(r.out.contains(o.spelled()), qPrintable(o.spelled()));
        for (const PositionalSpec &p : spec->positionals)
            QVERIFY2(r.out.contains(p.name), qPrintable(p.name));
        QVERIFY(r.out.contains(QStringLiteral("-h, --help")));
        QVERIFY(r.err.isEmpty());
        // --help wins over a mistake elsewhere on the line.
        QCOMPARE(runCli(words(command) << QStringLiteral("--no-such-option") << flag).code, 0);
    }

    // Every command that prints a result can print it as JSON.
    void resultCommandsTakeJson()
    {
        int n = 0;
        for (const CommandSpec &c : commands()) {
            if (!c.printsResult)
                continue;
            ++n;
            QVERIFY2(c.option(QStringLiteral("json")), qPrintable(c.name));
            QVERIFY2(runCli(words(c.name) << QStringLiteral("--help")).out.contains(QStringLiteral("--json")), qPrintable(c.name));
        }
        QVERIFY(n >= 14);
    }

    void usageErrorsPrintTheUsageLine_data()
    {
        QTest::addColumn<QString>("command");
        for (const CommandSpec &c : commands())
            QTest::newRow(qPrintable(c.name)) << c.name;
    }

    void usageErrorsPrintTheUsageLine()
    {
        QFETCH(QString, command);
        const CommandSpec *spec = findCommand(command);
        const Run r = runCli(words(command) << QStringLiteral("--no-such-option"));
        QCOMPARE(r.code, spec->usageExit);
        QVERIFY2(r.err.contains(QStringLiteral("tileport %1: unknown option '--no-such-option'").arg(command)), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("usage: tileport ") + command), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    // Exit 2 for every usage error, except ir's 3 (its diff exits 2 for PASS_WITH_NOTES).
    void usageExitCodes()
    {
        for (const CommandSpec &c : commands())
            QCOMPARE(c.usageExit, (c.name.startsWith(QLatin1String("ir ")) || c.name == QLatin1String("frontend-child")) ? 3 : 2);

        const Run missingValue = runCli({QStringLiteral("batch"), QStringLiteral("dir"), QStringLiteral("--jobs")});
        QCOMPARE(missingValue.code, 2);
        QVERIFY2(missingValue.err.contains(QStringLiteral("tileport batch: missing value after '--jobs'")), qPrintable(missingValue.err));
        const Run badNumber = runCli({QStringLiteral("batch"), QStringLiteral("dir"), QStringLiteral("-j"), QStringLiteral("zero")});
        QCOMPARE(badNumber.code, 2);
        QVERIFY2(badNumber.err.contains(QStringLiteral("--jobs needs a positive number, not 'zero'")), qPrintable(badNumber.err));
        const Run badChoice = runCli({QStringLiteral("rerun"), QStringLiteral("dir"), QStringLiteral("--stage"), QStringLiteral("Q")});
        QCOMPARE(badChoice.code, 2);
        QVERIFY2(badChoice.err.contains(QStringLiteral("--stage must be A|B|C|D|E|F, not 'Q'")), qPrintable(badChoice.err));
        const Run missingArg = runCli({QStringLiteral("analyze")});
        QCOMPARE(missingArg.code, 2);
        QVERIFY2(missingArg.err.contains(QStringLiteral("tileport analyze: no FILE given")), qPrintable(missingArg.err));
        const Run extra = runCli({QStringLiteral("status"), QStringLiteral("a"), QStringLiteral("b")});
        QCOMPARE(extra.code, 2);
        QVERIFY2(extra.err.contains(QStringLiteral("unexpected argument 'b'")), qPrintable(extra.err));
        const Run twice = runCli({QStringLiteral("translate"), QStringLiteral("x.py"), QStringLiteral("-o"), QStringLiteral("a"),
                                    QStringLiteral("--output"), QStringLiteral("b")});
        QCOMPARE(twice.code, 2);
        QVERIFY2(twice.err.contains(QStringLiteral("--output given more than once")), qPrintable(twice.err));
        const Run irDiff = runCli({QStringLiteral("ir"), QStringLiteral("diff"), QStringLiteral("only-one")});
        QCOMPARE(irDiff.code, 3);
        QVERIFY2(irDiff.err.contains(QStringLiteral("usage: tileport ir diff REF GEN")), qPrintable(irDiff.err));
    }

    void topLevel()
    {
        const Run version = runCli({QStringLiteral("--version")});
        QCOMPARE(version.code, 0);
        QCOMPARE(version.out, QStringLiteral("tileport " TILEPORT_VERSION "\n"));

        const Run help = runCli({QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        for (const CommandSpec &c : commands())
            QCOMPARE(help.out.contains(QStringLiteral("\n  ") + c.name + QLatin1Char(' ')), !c.hidden);
        QCOMPARE(runCli({QStringLiteral("-h")}).out, help.out);
        QCOMPARE(runCli({QStringLiteral("help")}).out, help.out);
        QCOMPARE(runCli({QStringLiteral("help"), QStringLiteral("ir"), QStringLiteral("diff")}).out,
                 runCli({QStringLiteral("ir"), QStringLiteral("diff"), QStringLiteral("--help")}).out);

        const Run ir = runCli({QStringLiteral("ir"), QStringLiteral("--help")});
        QCOMPARE(ir.code, 0);
        for (const char *sub : {"decode", "canon", "diff"})
            QVERIFY(ir.out.contains(QStringLiteral("tileport ir %1").arg(QLatin1String(sub))));
        const Run irBad = runCli({QStringLiteral("ir"), QStringLiteral("frob")});
        QCOMPARE(irBad.code, 3);
        QVERIFY(irBad.err.contains(QStringLiteral("unknown subcommand 'frob'")));

        const Run none = runCli({});
        QCOMPARE(none.code, 2);
        QVERIFY(none.err.contains(QStringLiteral("usage: tileport COMMAND")));
        const Run unknown = runCli({QStringLiteral("frobnicate")});
        QCOMPARE(unknown.code, 2);
        QVERIFY(unknown.err.contains(QStringLiteral("unknown command 'frobnicate'")));
        QVERIFY(unknown.err.contains(QStringLiteral("usage: tileport COMMAND")));
    }
};

QTEST_GUILESS_MAIN(TestCliHelp)
#include "tst_cli_help.moc"
