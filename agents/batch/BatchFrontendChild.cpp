// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchFrontendChild.h"

#include "BatchFileTranslator.h"
#include "ProcessRunner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace tileport {

namespace {

constexpr char kStagePrefix[] = "tileport-stage ";
constexpr char kOk[] = "tileport-frontend ok";

} // namespace

BatchFrontendChild::Result BatchFrontendChild::probe(const QString &program, const QString &directory,
                                                     const QString &relativePath, int timeoutMs,
                                                     const std::atomic_bool *cancel)
{
    ProcessSpec spec(program, {QStringLiteral("frontend-child"), directory, relativePath});
    spec.timeoutMs = timeoutMs;
    spec.memoryLimitBytes = kMemoryLimitBytes;
    const ProcessResult pr = ProcessRunner::run(spec, cancel);
    Result r;
    r.ran = pr.outcome != ProcessResult::Outcome::FailedToStart && pr.outcome != ProcessResult::Outcome::Cancelled;
    const QList<QByteArray> lines = pr.standardOutput.split('\n');
    bool ok = false;
    for (const QByteArray &line : lines) {
        if (line.startsWith(kStagePrefix))
            r.stage = QString::fromUtf8(line.mid(int(sizeof kStagePrefix) - 1)).trimmed();
        else if (line == kOk)
            ok = true;
    }
    if (!r.ran)
        return r;
    if (pr.ok() && ok) {
        r.survived = true;
        return r;
    }
    switch (pr.outcome) {
    case ProcessResult::Outcome::Crashed:
        r.signal = pr.signal > 0 ? ProcessResult::signalName(pr.signal) : QStringLiteral("crash");
        break;
    case ProcessResult::Outcome::TimedOut:
        r.signal = QStringLiteral("time-out");
        break;
    default:
        r.signal = QStringLiteral("exit %1").arg(pr.exitCode);
        break;
    }
    if (r.stage.isEmpty())
        r.stage = QStringLiteral("start");
    // A sanitizer or std::terminate says why on stderr: keep its first line.
    QString why;
    for (const QByteArray &line : pr.standardError.split('\n'))
        if (!line.trimmed().isEmpty()) {
            why = QString::fromUtf8(line.trimmed().left(200));
            break;
        }
    r.reason = pr.outcome == ProcessResult::Outcome::TimedOut
        ? QStringLiteral("the front-end did not finish within %1 s in %2").arg(timeoutMs / 1000).arg(r.stage)
        : QStringLiteral("the front-end %1 in %2").arg(pr.describe(), r.stage);
    if (!why.isEmpty() && pr.outcome != ProcessResult::Outcome::TimedOut)
        r.reason += QStringLiteral(" (%1)").arg(why);
    return r;
}

int BatchFrontendChild::runChild(const QString &directory, const QString &relativePath)
{
    const auto stage = [](const char *name) {
        std::fputs(kStagePrefix, stdout);
        std::fputs(name, stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout); // before the step runs: it may never return
    };
    BatchFileTranslator::run(directory, relativePath, stage);
    std::puts(kOk);
    std::fflush(stdout);
    return 0;
}

BatchRow BatchFrontendChild::crashRow(const QString &relativePath, const Result &r)
{
    BatchRow row;
    row.file = relativePath;
    row.kernel = QStringLiteral("-");
    const bool analyzed = r.stage == QLatin1String("translate") || r.stage == QLatin1String("configs");
    row.analyzed = analyzed ? BatchRow::Step::Yes : BatchRow::Step::No;
    row.translated = analyzed ? BatchRow::Step::No : BatchRow::Step::NotRun;
    row.translateReason = r.reason;
    row.crashSignal = r.signal;
    row.crashStage = r.stage;
    return row;
}

QString BatchFrontendChild::defaultProgram()
{
    const QString forced = qEnvironmentVariable("TILEPORT_FRONTEND_CHILD");
    if (!forced.isEmpty())
        return forced;
    const QFileInfo self(QCoreApplication::applicationFilePath());
    if (self.fileName() == QLatin1String("tileport"))
        return self.absoluteFilePath();
    // tileport-gui and the tests: the CLI of the same build.
    for (const QString &rel : {QStringLiteral("tileport"), QStringLiteral("../cli/tileport"), QStringLiteral("../app/cli/tileport")}) {
        const QFileInfo cli(self.dir().filePath(rel));
        if (cli.isFile() && cli.isExecutable())
            return cli.absoluteFilePath();
    }
    return {};
}

} // namespace tileport
