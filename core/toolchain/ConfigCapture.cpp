// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ConfigCapture.h"

#include "ConfigSource.h"

#include "ProcessRunner.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace tileport {

namespace {

using Status = ConfigCapture::Status;

constexpr int kExitPartial = 3;
constexpr int kExitUsage = 2;
constexpr int kExitFatal = 4;

// The script's own message ("tileport-capture: ..."), else its last line.
QString stderrMessage(const QByteArray &err)
{
    const QStringList lines = QString::fromUtf8(err).trimmed().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (auto it = lines.crbegin(); it != lines.crend(); ++it)
        if (it->startsWith(QLatin1String("tileport-capture: ")))
            return it->mid(18).trimmed();
    return lines.isEmpty() ? QString() : lines.constLast().trimmed();
}

QString scriptName(const QString &script) { return QFileInfo(script).fileName(); }

// Why the child gave no usable output, or empty when it exited 0 or 3.
QString processProblem(const ProcessResult &r, const QString &script, const QString &python, bool *cancelled)
{
    const QString name = scriptName(script);
    switch (r.outcome) {
    case ProcessResult::Outcome::Cancelled:
        *cancelled = true;
        return QStringLiteral("%1 was cancelled").arg(name);
    case ProcessResult::Outcome::TimedOut:
        return QStringLiteral("%1 timed out after %2 s and was killed (narrow it with --tests or --call, or raise the time-out)")
            .arg(name).arg(r.elapsedMs / 1000.0, 0, 'f', 1);
    case ProcessResult::Outcome::Crashed:
        return QStringLiteral("%1 crashed (%2)%3").arg(name, r.errorString,
                                                       stderrMessage(r.standardError).isEmpty() ? QString()
                                                           : QStringLiteral(": ") + stderrMessage(r.standardError));
    case ProcessResult::Outcome::FailedToStart:
        return QStringLiteral("cannot start the cuTile Python interpreter %1 (%2); run ./scripts/setup or set TILEPORT_PYTHON")
            .arg(python, r.errorString);
    case ProcessResult::Outcome::Finished: break;
    }
    if (r.exitCode == 0 || r.exitCode == kExitPartial)
        return {};
    const QString msg = stderrMessage(r.standardError);
    if (r.exitCode == kExitFatal)
        return msg.isEmpty() ? QStringLiteral("%1 captured nothing (exit 4)").arg(name) : msg;
    if (r.exitCode == kExitUsage)
        return QStringLiteral("%1 refused its arguments: %2").arg(name, msg);
    return QStringLiteral("%1 exited with code %2%3").arg(name).arg(r.exitCode).arg(msg.isEmpty() ? QString() : QStringLiteral(": ") + msg);
}

// Stdout must be one JSON object; the reason otherwise.
QJsonObject parseObject(const QByteArray &out, const QString &script, QString *error)
{
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(out, &perr);
    if (perr.error == QJsonParseError::NoError && doc.isObject())
        return doc.object();
    const QString start = QString::fromUtf8(out.left(60)).simplified();
    *error = out.trimmed().isEmpty()
        ? QStringLiteral("%1 printed nothing on stdout").arg(scriptName(script))
        : QStringLiteral("%1 printed no JSON object (%2 at byte %3): \"%4%5\"")
              .arg(scriptName(script), perr.error != QJsonParseError::NoError ? perr.errorString() : QStringLiteral("not an object"))
              .arg(perr.offset).arg(start, out.size() > 60 ? QStringLiteral("…") : QString());
    return {};
}

// Reads one file's sidecar object into `r` and decides its status.
void readSidecar(const QJsonObject &sidecar, bool partialExit, ConfigCapture::Result &r)
{
    r.sidecar = QJsonDocument(sidecar).toJson(QJsonDocument::Indented);
    const bool read = r.configs.loadJson(r.sidecar, frontend::KernelConfigFile::pathFor(r.kernelFile));
    if (!read) {
        if (r.configs.configs.isEmpty() && !r.configs.capture.fatal.isEmpty()) {
            r.error = r.configs.capture.fatal;
        } else if (r.configs.configs.isEmpty()) {
            // The script ran but saw no launch: say what it tried.
            r.error = QStringLiteral("captured no kernel launch: %1").arg(r.tried());
            if (r.configs.capture.errorCount() > 0)
                for (const frontend::CaptureDiagnostic &d : std::as_const(r.configs.capture.diagnostics))
                    if (d.severity == frontend::CaptureDiagnostic::Severity::Error) {
                        r.error += QStringLiteral(" (first error: %1)").arg(d.toText());
                        break;
                    }
        } else {
            const frontend::ConfigDiagnostic &d = r.configs.diagnostics.constFirst();
            r.error = QStringLiteral("the captured sidecar does not read: %1:%2:%3: %4").arg(r.configs.path).arg(d.line).arg(d.col).arg(d.message);
        }
        r.status = Status::Failed;
        return;
    }
    r.status = partialExit || r.configs.capture.partial ? Status::Partial : Status::Complete;
}

} // namespace

QList<frontend::KernelConfig> ConfigCapture::Result::configsOf(const QString &kernel) const
{
    QList<frontend::KernelConfig> out;
    for (const frontend::KernelConfig &c : configs.configs)
        if (kernel.isEmpty() || c.kernel == kernel)
            out.append(c);
    return out;
}

QString ConfigCapture::Result::summary(const QString &kernel) const
{
    const QList<frontend::KernelConfig> mine = configsOf(kernel);
    QSet<QString> sources;
    for (const frontend::KernelConfig &c : mine)
        for (const QString &s : c.sources)
            sources.insert(s);
    QStringList kernels;
    for (const frontend::KernelConfig &c : mine)
        if (!kernels.contains(c.kernel))
            kernels.append(c.kernel);
    if (!kernel.isEmpty())
        kernels = QStringList{kernel};
    // Which kinds of code gave them: a test, a bench, the file's __main__ ...
    const QString kinds = frontend::configSourceKinds(mine);
    return QStringLiteral("%1 config%2 for kernel%3 %4 from %5 source%6%7")
        .arg(mine.size()).arg(mine.size() == 1 ? QString() : QStringLiteral("s"))
        .arg(kernels.size() == 1 ? QString() : QStringLiteral("s"), kernels.join(QStringLiteral(", ")))
        .arg(sources.size()).arg(sources.size() == 1 ? QString() : QStringLiteral("s"))
        .arg(kinds.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(kinds));
}

QString ConfigCapture::Result::tried() const
{
    const frontend::CaptureInfo &c = configs.capture;
    QStringList files;
    for (const QString &t : c.tests)
        files.append(QFileInfo(t).fileName());
    QString text = c.tests.isEmpty() ? QStringLiteral("no test or bench file found")
                                     : QStringLiteral("read %1 test file(s) (%2)").arg(c.tests.size()).arg(files.join(QStringLiteral(", ")));
    if (configs.captured)
        text += QStringLiteral(", ran %1 case(s) (%2 skipped, %3 failed)").arg(c.casesRun).arg(c.casesSkipped).arg(c.casesFailed);
    if (configs.captured && configs.configs.isEmpty() && c.entryPoints.isEmpty() && c.tests.isEmpty() && c.calls.isEmpty())
        text += QStringLiteral(", and the file has no entry point that launches (no __main__ block, main(), test or "
                               "benchmark function, or module-level launch); name one with --call");
    else if (!c.entryPoints.isEmpty())
        text += QStringLiteral(", %1 of them the file's own entry points (%2)")
                    .arg(c.entryPoints.size())
                    .arg(frontend::configSourceKinds(c.entryPoints));
    if (!c.calls.isEmpty())
        text += QStringLiteral(", %1 call(s)").arg(c.calls.size());
    return text;
}

QString ConfigCapture::statusName(Status s)
{
    switch (s) {
    case Status::Complete: return QStringLiteral("complete");
    case Status::Partial: return QStringLiteral("partial");
    case Status::Failed: return QStringLiteral("failed");
    }
    return {};
}

ConfigCapture::ConfigCapture(Toolchains tools)
    : m_tools(std::move(tools))
{
}

QString ConfigCapture::script() const
{
    return m_script.isEmpty() ? QDir(m_tools.resourceDir).filePath(QStringLiteral("python/capture_configs.py")) : m_script;
}

QString ConfigCapture::startProblem() const
{
    if (!QFileInfo::exists(script()))
        return QStringLiteral("missing helper %1 (broken install)").arg(script());
    if (m_tools.python.isEmpty())
        return QStringLiteral("no Python with cuda-tile; run ./scripts/setup or set TILEPORT_PYTHON");
    return {};
}

ConfigCapture::Result ConfigCapture::capture(const Request &req, const std::atomic_bool *cancel) const
{
    Result res;
    res.kernelFile = QFileInfo(req.kernelFile).absoluteFilePath();
    // Until the script says otherwise, what was asked is what was tried.
    res.configs.capture.tests = req.tests;
    res.configs.capture.calls = req.calls;
    if (!QFileInfo(req.kernelFile).isFile()) {
        res.error = QStringLiteral("%1: no such file").arg(req.kernelFile);
        return res;
    }
    if (res.error = startProblem(); !res.error.isEmpty())
        return res;
    QStringList args{script(), res.kernelFile};
    for (const QString &t : req.tests)
        args << QStringLiteral("--tests") << QFileInfo(t).absoluteFilePath();
    for (const QString &c : req.calls)
        args << QStringLiteral("--call") << c;
    if (!req.target.isEmpty())
        args << QStringLiteral("--target") << req.target;
    if (!req.projectDir.isEmpty())
        args << QStringLiteral("--project") << QFileInfo(req.projectDir).absoluteFilePath();
    if (!req.discover)
        args << QStringLiteral("--no-discover");
    ProcessSpec spec{m_tools.python, args};
    spec.timeoutMs = req.timeoutMs;
    spec.workingDirectory = QFileInfo(res.kernelFile).absolutePath();
    const ProcessResult r = ProcessRunner::run(spec, cancel);
    res.elapsedMs = r.elapsedMs;
    res.exitCode = r.outcome == ProcessResult::Outcome::Finished ? r.exitCode : -1;
    if (res.error = processProblem(r, script(), m_tools.python, &res.cancelled); !res.error.isEmpty())
        return res;
    const QJsonObject sidecar = parseObject(r.standardOutput, script(), &res.error);
    if (!res.error.isEmpty())
        return res;
    readSidecar(sidecar, r.exitCode == kExitPartial, res);
    return res;
}

ConfigCapture::SetResult ConfigCapture::captureEach(const QStringList &kernelFiles, const QString &target, int timeoutMs,
                                                    const std::atomic_bool *cancel) const
{
    SetResult set;
    if (kernelFiles.isEmpty()) {
        set.error = QStringLiteral("no kernel files to capture");
        return set;
    }
    if (set.error = startProblem(); !set.error.isEmpty())
        return set;
    QStringList args{script(), QStringLiteral("--each")};
    for (const QString &f : kernelFiles)
        args << QFileInfo(f).absoluteFilePath();
    if (!target.isEmpty())
        args << QStringLiteral("--target") << target;
    ProcessSpec spec{m_tools.python, args};
    spec.timeoutMs = timeoutMs;
    const ProcessResult r = ProcessRunner::run(spec, cancel);
    set.elapsedMs = r.elapsedMs;
    set.exitCode = r.outcome == ProcessResult::Outcome::Finished ? r.exitCode : -1;
    if (set.error = processProblem(r, script(), m_tools.python, &set.cancelled); !set.error.isEmpty())
        return set;
    const QJsonObject doc = parseObject(r.standardOutput, script(), &set.error);
    if (!set.error.isEmpty())
        return set;
    if (doc.value(QStringLiteral("schema")).toString() != QLatin1String("tileport-capture-set/1") || !doc.value(QStringLiteral("files")).isObject()) {
        set.error = QStringLiteral("%1 --each printed no tileport-capture-set/1 object").arg(scriptName(script()));
        return set;
    }
    const QJsonObject files = doc.value(QStringLiteral("files")).toObject();
    bool anyOk = false, allComplete = true;
    for (const QString &f : kernelFiles) {
        Result res;
        res.kernelFile = QFileInfo(f).absoluteFilePath();
        res.exitCode = set.exitCode;
        const QJsonValue entry = files.value(res.kernelFile);
        if (!entry.isObject())
            res.error = QStringLiteral("%1: the capture has no entry for this file").arg(res.kernelFile);
        else
            readSidecar(entry.toObject(), false, res);
        anyOk = anyOk || res.ok();
        allComplete = allComplete && res.status == Status::Complete;
        set.files.append(res);
    }
    set.status = !anyOk ? Status::Failed : (allComplete && set.exitCode == 0 ? Status::Complete : Status::Partial);
    if (!anyOk)
        set.error = QStringLiteral("no file's configs could be captured");
    return set;
}

} // namespace tileport
