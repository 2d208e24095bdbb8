// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "BashCompletion.h"
#include "CommandCatalog.h"
#include "CommandLine.h"
#include "HelpText.h"
#include "ManPage.h"

#include <QCoreApplication>
#include <QTextStream>

namespace {

using namespace tileport::cli;

using Runner = int (*)(CommandLine &);

struct Entry {
    const char *name;
    Runner run;
};

int runCompletion(CommandLine &cl)
{
    if (cl.positional(0) != QLatin1String("bash"))
        return cl.usageError(QStringLiteral("only bash is supported, not '%1'").arg(cl.positional(0)));
    QTextStream(stdout) << bashCompletion();
    return 0;
}

int runManpage(CommandLine &)
{
    QTextStream(stdout) << manPage(QStringLiteral(TILEPORT_VERSION));
    return 0;
}

int runHelp(CommandLine &cl)
{
    const QString name = cl.positionals().join(QLatin1Char(' '));
    if (name.isEmpty()) {
        QTextStream(stdout) << overviewText();
        return 0;
    }
    if (const CommandSpec *c = findCommand(name)) {
        QTextStream(stdout) << helpText(*c);
        return 0;
    }
    if (!groupCommands(name).isEmpty()) {
        QTextStream(stdout) << groupHelpText(name);
        return 0;
    }
    return cl.usageError(QStringLiteral("no command '%1'").arg(name));
}

constexpr Entry kEntries[] = {
    {"doctor", runDoctorCommand},       {"analyze", runAnalyzeCommand},   {"reference", runReferenceCommand},
    {"translate", runTranslateCommand}, {"batch", runBatchCommand},       {"frontend-child", runFrontendChildCommand},
    {"ir decode", runIrDecodeCommand},  {"ir canon", runIrCanonCommand},  {"ir diff", runIrDiffCommand},
    {"sass", runSassCommand},           {"configs", runConfigsCommand},   {"port", runPortCommand},
    {"rerun", runRerunCommand},         {"status", runStatusCommand},     {"report", runReportCommand},
    {"repair", runRepairCommand},       {"completion", runCompletion},    {"manpage", runManpage},
    {"export", runExportCommand},       {"package", runPackageCommand},   {"help", runHelp},
};

int topLevelUsage(const QString &message)
{
    QTextStream(stderr) << "tileport: " << message << '\n' << "usage: tileport COMMAND [ARGS] [--help]\n";
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tileport"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TILEPORT_VERSION));
    QStringList args = app.arguments().mid(1);
    if (args.isEmpty())
        return topLevelUsage(QStringLiteral("no command given (tileport --help lists them)"));
    QString name = args.takeFirst();
    if (name == QLatin1String("--version") || name == QLatin1String("-V")) {
        QTextStream(stdout) << "tileport " << TILEPORT_VERSION << '\n';
        return 0;
    }
    if (name == QLatin1String("--help") || name == QLatin1String("-h")) {
        QTextStream(stdout) << overviewText();
        return 0;
    }
    // A group's second word names its command: `ir diff`.
    if (!groupCommands(name).isEmpty()) {
        const QString sub = args.value(0);
        if (sub.isEmpty() || sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
            QTextStream(sub.isEmpty() ? stderr : stdout) << groupHelpText(name);
            return sub.isEmpty() ? groupCommands(name).first()->usageExit : 0;
        }
        if (!findCommand(name + QLatin1Char(' ') + sub)) {
            QTextStream(stderr) << "tileport " << name << ": unknown subcommand '" << sub << "'\n" << groupHelpText(name);
            return groupCommands(name).first()->usageExit;
        }
        name += QLatin1Char(' ') + args.takeFirst();
    }
    for (const Entry &e : kEntries) {
        if (name != QLatin1String(e.name))
            continue;
        CommandLine cl(*findCommand(name));
        if (const auto code = cl.parse(args))
            return *code;
        return e.run(cl);
    }
    return topLevelUsage(QStringLiteral("unknown command '%1'").arg(name));
}
