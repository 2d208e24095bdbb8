// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport port`, `rerun`, `status` and `report`: the pipeline from the
// terminal. Events print as they arrive (or as JSON Lines with --json);
// every command ends with the same stable stage table.
#include "Commands.h"

#include "SessionSetup.h"

#include "Frontend.h"
#include "GpuRunner.h"
#include "KernelConfigFile.h"
#include "Orchestrator.h"
#include "SessionReport.h"
#include "StageCatalog.h"
#include "StandardStages.h"
#include "TritonAnalyzer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

namespace {

using namespace tileport;

constexpr int kErrorExit = 3;

int fail(const QString &cmd, const QString &msg)
{
    QTextStream(stderr) << "tileport " << cmd << ": " << msg << '\n';
    return kErrorExit;
}

void printEvent(const PipelineEvent &e, bool json)
{
    QTextStream out(stdout);
    if (json) {
        out << QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) << '\n';
        return;
    }
    const QString tag = e.stage.isNull() ? QStringLiteral("[run %1]").arg(e.run) : QStringLiteral("[%1]").arg(e.stage);
    switch (e.kind) {
    case PipelineEvent::Kind::StageStarted: out << tag << " started\n"; break;
    case PipelineEvent::Kind::Progress: out << tag << "   " << e.text << '\n'; break;
    case PipelineEvent::Kind::Log: out << tag << "   " << e.text << '\n'; break;
    case PipelineEvent::Kind::Verdict:
        out << tag << " " << e.verdict << (e.owner.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(e.owner)) << ": "
            << e.text << '\n';
        break;
    case PipelineEvent::Kind::RunFinished: out << tag << " " << e.verdict << ": " << e.text << '\n'; break;
    default: break;
    }
    out.flush();
}

// The stable final table: one row per stage record of the run.
void printTable(const Session &s, int run, bool json)
{
    QTextStream out(stdout);
    const Session::Run *r = s.run(run);
    if (!r)
        return;
    if (json) {
        QJsonArray rows;
        for (const StageRecord &rec : r->stages)
            rows << rec.toJson();
        out << QJsonDocument(QJsonObject{{QStringLiteral("session"), s.directory()},
                                         {QStringLiteral("run"), run},
                                         {QStringLiteral("stages"), rows}})
                   .toJson(QJsonDocument::Compact)
            << '\n';
        return;
    }
    out << QStringLiteral("\nsession %1, run %2\n").arg(s.directory()).arg(run);
    out << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
               .arg(QStringLiteral("stage"), -22)
               .arg(QStringLiteral("try"), 3)
               .arg(QStringLiteral("state"), -11)
               .arg(QStringLiteral("verdict"), -16)
               .arg(QStringLiteral("time"), 7)
               .arg(QStringLiteral("report"));
    for (const StageRecord &rec : r->stages) {
        const StageInfo *info = StageCatalog::find(rec.stage);
        const double secs = rec.finished.isValid() ? rec.started.msecsTo(rec.finished) / 1000.0 : 0.0;
        out << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                   .arg(QStringLiteral("%1 %2").arg(rec.stage).arg(info ? info->title : QString()), -22)
                   .arg(rec.attempt, 3)
                   .arg(StageRecord::stateName(rec.state), -11)
                   .arg(rec.verdict.isEmpty() ? QStringLiteral("-") : rec.verdict, -16)
                   .arg(QStringLiteral("%1s").arg(secs, 0, 'f', 1), 7)
                   .arg(rec.report);
    }
}

// What open found wrong or foreign, one line each on stderr; true when the
// session has problems (it is then only read).
bool reportDamage(const QString &cmd, const Session &s)
{
    QTextStream err(stderr);
    for (const QString &p : s.problems())
        err << "tileport " << cmd << ": " << s.directory() << ": damaged: " << p << '\n';
    for (const QString &f : s.foreignEntries())
        err << "tileport " << cmd << ": " << s.directory() << ": note: " << f << " is not part of the session (left alone)\n";
    return !s.problems().isEmpty();
}

// Port and rerun write: on a damaged session they refuse, and say so.
int refuseDamaged(const QString &cmd, const Session &s)
{
    return fail(cmd, QStringLiteral("%1 is damaged (%2 problem(s) above); nothing was changed. Keep what it holds, and port "
                                    "into a new --session directory")
                         .arg(s.directory()).arg(s.problems().size()));
}

int exitFor(const RunSummary &s)
{
    if (!s.ok)
        return s.cancelled ? 130 : kErrorExit;
    for (const StageOutcome &o : s.outcomes)
        if (!Router::isSuccess(o.stage, o.verdict))
            return 1;
    return 0;
}

} // namespace

int runPortCommand(CommandLine &cl)
{
    const QString file = cl.positional(0), stages = cl.value(QStringLiteral("stages")),
                  configFile = cl.value(QStringLiteral("config")), gpu = cl.value(QStringLiteral("gpu"), QStringLiteral("local")),
                  target = cl.value(QStringLiteral("target"), QStringLiteral("h200"));
    QString kernel = cl.value(QStringLiteral("kernel")), sessionDir = cl.value(QStringLiteral("session"));
    QStringList tests;
    for (const QString &t : cl.values(QStringLiteral("tests")))
        tests << QFileInfo(t).absoluteFilePath();
    const QStringList calls = cl.values(QStringLiteral("call"));
    const bool json = cl.isSet(QStringLiteral("json")), discover = !cl.isSet(QStringLiteral("no-discover"));
    const QString project = cl.isSet(QStringLiteral("project")) ? QFileInfo(cl.value(QStringLiteral("project"))).absoluteFilePath()
                                                                 : QString();
    if (!project.isEmpty() && !QFileInfo(project).isDir())
        return fail(QStringLiteral("port"), QStringLiteral("--project %1: no such directory").arg(project));
    const QFileInfo src(file);
    if (!src.isFile())
        return fail(QStringLiteral("port"), QStringLiteral("%1: no such file").arg(file));
    QSet<QChar> selected = Router::allStages();
    QString error;
    if (!stages.isEmpty() && (selected = Router::parseStages(stages, &error)).isEmpty())
        return fail(QStringLiteral("port"), error);

    Toolchains tools = Toolchains::fromEnvironment();
    if (int rc = 0; !applyCutileOption(cl, tools, &rc))
        return rc;
    // Checked before anything runs, so a typo costs no pipeline run.
    if (QString gpuError; !makeGpuRunner(gpu, &gpuError))
        return fail(QStringLiteral("port"), QStringLiteral("--gpu %1: %2").arg(gpu, gpuError));
    if (!configFile.isEmpty() && !QFileInfo(configFile).isFile())
        return fail(QStringLiteral("port"), QStringLiteral("--config %1: no such file").arg(configFile));
    if (!configFile.isEmpty() && !(tests.isEmpty() && calls.isEmpty()))
        return fail(QStringLiteral("port"), QStringLiteral("--tests and --call capture configs; --config names them: give one or the other"));
    for (const QString &t : std::as_const(tests))
        if (!QFileInfo(t).isFile())
            return fail(QStringLiteral("port"), QStringLiteral("--tests %1: no such file").arg(t));
    const QString configPath = configFile.isEmpty() ? frontend::KernelConfigFile::pathFor(src.absoluteFilePath())
                                                    : QFileInfo(configFile).absoluteFilePath();
    // No sidecar (or tests and calls named): stage A captures the configs by running the code.
    const bool capture = configFile.isEmpty() && frontendFor(src.absoluteFilePath()).capturesConfigs()
                         && (!QFileInfo::exists(configPath) || !tests.isEmpty() || !calls.isEmpty());
    frontend::KernelConfigFile configs;
    if (QFileInfo::exists(configPath))
        configs.load(configPath); // when capturing, only for the kernel it names
    if (kernel.isEmpty())
        kernel = configs.kernel;
    if (kernel.isEmpty() && capture) {
        // Which kernel to port: the file's only one, else the user says.
        const Frontend &frontend = frontendFor(src.absoluteFilePath());
        const QStringList names = frontend.kernelNames(src.absoluteFilePath());
        if (names.size() == 1)
            kernel = names.front();
        else if (names.isEmpty())
            return fail(QStringLiteral("port"), QStringLiteral("%1: no %2 kernel to port").arg(file, frontend.name()));
        else
            return fail(QStringLiteral("port"), QStringLiteral("%1: name the kernel with --kernel (no sidecar; the file has %2)")
                                                    .arg(file, names.join(QStringLiteral(", "))));
    }
    if (kernel.isEmpty())
        return fail(QStringLiteral("port"), QStringLiteral("%1: name the kernel with --kernel (no sidecar names one)").arg(file));
    if (sessionDir.isEmpty())
        sessionDir = QDir::current().filePath(QStringLiteral("tileport-sessions/%1-%2").arg(src.completeBaseName(), kernel));

    SessionSetup setup;
    setup.source = src.absoluteFilePath();
    setup.kernel = kernel;
    setup.configsFile = capture ? QString() : configs.path;
    if (!configFile.isEmpty())
        setup.configFile = configPath;
    setup.capture = capture;
    setup.tests = tests;
    setup.calls = calls;
    setup.target = target;
    setup.discover = discover;
    setup.project = project;
    setup.gpu = gpu; // rerun uses the same runner
    setup.tools = tools;
    bool created = false;
    std::optional<Session> session = setup.openOrCreate(sessionDir, Session::Access::ReadWrite, &error, &created);
    if (session && !created) {
        if (reportDamage(QStringLiteral("port"), *session))
            return refuseDamaged(QStringLiteral("port"), *session);
        if (!tests.isEmpty() || !calls.isEmpty())
            QTextStream(stderr) << "tileport port: note: " << sessionDir << " keeps the configs or capture settings it was made with\n";
        if (cl.isSet(QStringLiteral("cutile")) && Orchestrator::sessionCutile(*session) != tools.cutileVersion)
            QTextStream(stderr) << "tileport port: note: " << sessionDir << " keeps cutile " << Orchestrator::sessionCutile(*session)
                                << ", the version it was made with\n";
    }
    if (!session)
        return fail(QStringLiteral("port"), error);

    Orchestrator o(*session, tools);
    addStandardStages(o, gpu);
    o.setSelected(selected);
    o.setEventSink([json](const PipelineEvent &e) { printEvent(e, json); });
    const RunSummary s = o.runPipeline();
    if (!s.ok && !s.cancelled && s.run <= 0)
        return fail(QStringLiteral("port"), s.reason);
    printTable(*session, s.run, json);
    return exitFor(s);
}

int runRerunCommand(CommandLine &cl)
{
    const QString dir = cl.positional(0), stage = cl.value(QStringLiteral("stage")).toUpper();
    QString gpu = cl.value(QStringLiteral("gpu"));
    const bool json = cl.isSet(QStringLiteral("json"));
    if (stage.isEmpty())
        return cl.usageError(QStringLiteral("--stage names the stage to re-run"));
    QString error;
    auto session = Session::open(dir, &error);
    if (!session)
        return fail(QStringLiteral("rerun"), error);
    if (reportDamage(QStringLiteral("rerun"), *session))
        return refuseDamaged(QStringLiteral("rerun"), *session);
    // The runner the port was made with, unless --gpu names another.
    if (gpu.isEmpty())
        gpu = session->info().value(QStringLiteral("gpu")).toString(QStringLiteral("local"));
    if (QString gpuError; !makeGpuRunner(gpu, &gpuError))
        return fail(QStringLiteral("rerun"), QStringLiteral("--gpu %1: %2").arg(gpu, gpuError));
    Orchestrator o(*session, Toolchains::fromEnvironment());
    addStandardStages(o, gpu);
    o.setEventSink([json](const PipelineEvent &e) { printEvent(e, json); });
    const RunSummary s = o.rerun(stage[0]);
    if (!s.ok && s.run <= 0)
        return fail(QStringLiteral("rerun"), s.reason);
    printTable(*session, s.run, json);
    return exitFor(s);
}

int runStatusCommand(CommandLine &cl)
{
    const bool json = cl.isSet(QStringLiteral("json"));
    QString error;
    auto session = Session::open(cl.positional(0), &error, Session::Access::ReadOnly);
    if (!session)
        return fail(QStringLiteral("status"), error);
    const bool damaged = reportDamage(QStringLiteral("status"), *session);
    if (session->runs().isEmpty())
        QTextStream(stdout) << session->directory() << ": no runs yet\n";
    else
        printTable(*session, session->runs().last().number, json);
    return damaged ? kErrorExit : 0;
}

int runReportCommand(CommandLine &cl)
{
    const QString dir = cl.positional(0);
    const bool html = cl.isSet(QStringLiteral("html"));
    QString error;
    auto session = Session::open(dir, &error, Session::Access::ReadOnly);
    if (!session)
        return fail(QStringLiteral("report"), error);
    reportDamage(QStringLiteral("report"), *session);
    if (session->runs().isEmpty())
        return fail(QStringLiteral("report"), QStringLiteral("%1: no runs yet").arg(dir));
    const int run = session->runs().last().number;
    const SessionReport report(*session, run);
    QTextStream out(stdout);
    if (cl.isSet(QStringLiteral("json"))) {
        QJsonArray rows;
        for (const StageRecord &rec : session->run(run)->stages)
            rows << rec.toJson();
        out << QJsonDocument(QJsonObject{{QStringLiteral("session"), session->directory()},
                                         {QStringLiteral("run"), run},
                                         {QStringLiteral("stages"), rows},
                                         {html ? QStringLiteral("html") : QStringLiteral("markdown"),
                                          html ? report.html() : report.markdown()}})
                   .toJson(QJsonDocument::Indented);
        return 0;
    }
    out << (html ? report.html() : report.markdown());
    return 0;
}
