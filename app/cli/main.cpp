// SPDX-License-Identifier: MIT
#include "Commands.h"

#include <QCoreApplication>
#include <QTextStream>

namespace {

int usage(int code)
{
    QTextStream(code == 0 ? stdout : stderr) << QStringLiteral(
        "usage: tileport COMMAND [ARGS]\n"
        "commands:\n"
        "  doctor [--json] [--quick]     check every component and toolchain\n"
        "  analyze FILE [--json] [-o F]  analyze a cuTile Python file (kernels, variants, launches)\n"
        "  reference FILE [--out DIR]    export the reference Tile IR of a cuTile Python kernel; for a Triton\n"
        "                                file, run it under the Triton interpreter at small shapes (--max-elements N)\n"
        "  translate FILE [-o DIR] [--kernel NAME]  port a cuTile Python file to a cuTile Rust crate\n"
        "  batch DIR [--jobs N] [--json] [--no-build] [--out WORKDIR] [--sass]\n"
        "                                every kernel under DIR: analyze, translate, build, IR diff (--sass: SASS too)\n"
        "  batch --resume WORKDIR        finish a batch that was interrupted (rows are journaled as they finish)\n"
        "  ir decode FILE [-o OUT]       print Tile IR bytecode (13.1-13.3) in the cuda_tile text syntax\n"
        "  ir canon FILE                 print the canonical form of a Tile IR module\n"
        "  ir diff REF GEN [--json]      compare two Tile IR modules (exit 0 PASS, 2 notes, 1 FAIL_FIXABLE)\n"
        "  sass REF GEN [--target sm_90] [--json]\n"
        "                                compile both Tile IR bytecodes with tileiras on the CPU and compare their SASS\n"
        "                                (exit 0 identical/equivalent, 1 differs, 3 a tool failed); one FILE: its SASS\n"
        "  configs FILE [--tests PATH]... [--call EXPR]... [--target h200] [-o SIDECAR] [--json]\n"
        "                                capture a kernel file's launch configs by running its code\n"
        "                                (exit 0 complete, 3 partial, 1 failed)\n"
        "  port FILE [--kernel K] [--stages A-E] [--session DIR] [--config CFG] [--tests PATH] [--call EXPR] [--json]\n"
        "                                run the porting pipeline on a kernel (no sidecar: configs are captured)\n"
        "  rerun DIR --stage X [--json]  re-run one stage of a session (later stages become stale)\n"
        "  status DIR [--json]           the stage table of a session's latest run\n"
        "  report DIR                    the stage reports of a session's latest run, as Markdown\n"
        "  repair DIR --stage B|C|D [--endpoint URL] [--api openai|anthropic] [--model NAME]\n"
        "                                a model-backed repair agent's patch, applied and validated\n"
        "                                (exit 0 validated, 3 rejected, 4 endpoint unreachable)\n"
        "  --version                     print the version\n");
    return code;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tileport"));
    QStringList args = app.arguments().mid(1);
    if (args.isEmpty())
        return usage(2);
    const QString cmd = args.takeFirst();
    if (cmd == QLatin1String("doctor"))
        return runDoctorCommand(args);
    if (cmd == QLatin1String("analyze"))
        return runAnalyzeCommand(args);
    if (cmd == QLatin1String("reference"))
        return runReferenceCommand(args);
    if (cmd == QLatin1String("translate"))
        return runTranslateCommand(args);
    if (cmd == QLatin1String("batch"))
        return runBatchCommand(args);
    if (cmd == QLatin1String("frontend-child"))
        return runFrontendChildCommand(args);
    if (cmd == QLatin1String("ir"))
        return runIrCommand(args);
    if (cmd == QLatin1String("sass"))
        return runSassCommand(args);
    if (cmd == QLatin1String("configs"))
        return runConfigsCommand(args);
    if (cmd == QLatin1String("port"))
        return runPortCommand(args);
    if (cmd == QLatin1String("rerun"))
        return runRerunCommand(args);
    if (cmd == QLatin1String("status"))
        return runStatusCommand(args);
    if (cmd == QLatin1String("report"))
        return runReportCommand(args);
    if (cmd == QLatin1String("repair"))
        return runRepairCommand(args);
    if (cmd == QLatin1String("--version")) {
        QTextStream(stdout) << "tileport " << TILEPORT_VERSION << '\n';
        return 0;
    }
    if (cmd == QLatin1String("--help") || cmd == QLatin1String("help"))
        return usage(0);
    QTextStream(stderr) << "tileport: unknown command '" << cmd << "'\n";
    return usage(2);
}
