// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ReferenceExporter.h"
#include "ProcessRunner.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTemporaryDir>

namespace tileport {

ReferenceExporter::ReferenceExporter(Toolchains tools)
    : m_tools(std::move(tools))
{
}

QString ReferenceExporter::helperScript() const
{
    return QDir(m_tools.resourceDir).filePath(QStringLiteral("python/export_tileir.py"));
}

// Why nothing can be exported from `kernelFile`, or empty.
QString ReferenceExporter::unusable(const QString &kernelFile, const QString &script) const
{
    if (!QFileInfo::exists(kernelFile))
        return QStringLiteral("%1: no such file").arg(kernelFile);
    if (!QFileInfo::exists(script))
        return QStringLiteral("missing helper %1 (broken install)").arg(script);
    if (m_tools.python.isEmpty())
        return QStringLiteral("no Python with cuda-tile; run ./scripts/setup or set TILEPORT_PYTHON");
    return {};
}

ReferenceExporter::Result ReferenceExporter::exportKernel(const Request &req, const std::atomic_bool *cancel) const
{
    Result res;
    const QString script = helperScript();
    res.error = unusable(req.kernelFile, script);
    if (!res.error.isEmpty())
        return res;
    QStringList args{script, QFileInfo(req.kernelFile).absoluteFilePath(), req.kernelName,
                     QString::fromUtf8(QJsonDocument(req.parameters).toJson(QJsonDocument::Compact)),
                     QFileInfo(req.outputFile).absoluteFilePath(), req.bytecodeVersion};
    if (!req.gpuCode.isEmpty())
        args << req.gpuCode;
    ProcessSpec spec{m_tools.python, args};
    spec.timeoutMs = req.timeoutMs;
    const ProcessResult r = ProcessRunner::run(spec, cancel);
    res.elapsedMs = r.elapsedMs;
    if (r.ok() && QFileInfo(req.outputFile).size() > 0) {
        res.ok = true;
        return res;
    }
    // The helper reports "tileport-export: <kind>: <message>" as its last line.
    const QStringList lines = QString::fromUtf8(r.standardError).trimmed().split(QLatin1Char('\n'));
    QString last;
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        if (it->startsWith(QLatin1String("tileport-export: "))) {
            last = it->mid(17);
            break;
        }
    }
    res.toolFailed = r.outcome != ProcessResult::Outcome::Finished;
    res.error = last.isEmpty() ? QStringLiteral("cuTile Python export %1: %2").arg(r.describe(), lines.constLast())
                               : last;
    return res;
}

QList<ReferenceExporter::Result> ReferenceExporter::exportMany(const QList<Request> &requests,
                                                               const std::atomic_bool *cancel) const
{
    QList<Result> out(requests.size());
    if (requests.isEmpty())
        return out;
    const auto failAll = [&](const QString &why) {
        for (Result &r : out)
            r.error = why;
        return out;
    };
    const QString file = QFileInfo(requests.first().kernelFile).absoluteFilePath();
    for (const Request &r : requests)
        if (QFileInfo(r.kernelFile).absoluteFilePath() != file)
            return failAll(QStringLiteral("exportMany: requests name more than one kernel file"));
    const QString script = helperScript();
    if (const QString why = unusable(file, script); !why.isEmpty())
        return failAll(why);
    QJsonArray jobs;
    QHash<QString, int> indexOf;
    int timeoutMs = 0;
    for (int i = 0; i < requests.size(); ++i) {
        const Request &r = requests[i];
        const QString outFile = QFileInfo(r.outputFile).absoluteFilePath();
        QFile::remove(outFile);
        QDir().mkpath(QFileInfo(outFile).absolutePath());
        indexOf.insert(outFile, i);
        jobs.append(QJsonObject{{"kernel", r.kernelName}, {"params", r.parameters}, {"out", outFile},
                                {"version", r.bytecodeVersion}});
        timeoutMs = qMax(timeoutMs, r.timeoutMs);
    }
    QTemporaryDir tmp;
    const QString jobsFile = tmp.filePath(QStringLiteral("jobs.json"));
    QSaveFile f(jobsFile);
    if (!tmp.isValid() || !f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(jobs).toJson()) < 0 || !f.commit())
        return failAll(QStringLiteral("cannot write the export jobs file"));
    ProcessSpec spec{m_tools.python, {script, QStringLiteral("--batch"), file, jobsFile}};
    // One process for them all: the module import, then each compile.
    spec.timeoutMs = timeoutMs + 2'000 * int(requests.size());
    const ProcessResult r = ProcessRunner::run(spec, cancel);
    for (const QByteArray &line : r.standardOutput.split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        const auto it = indexOf.constFind(o.value(QStringLiteral("out")).toString());
        if (it == indexOf.cend())
            continue;
        Result &res = out[*it];
        res.ok = o.value(QStringLiteral("ok")).toBool() && QFileInfo(it.key()).size() > 0;
        if (!res.ok)
            res.error = o.value(QStringLiteral("kind")).toString() + QStringLiteral(": ") +
                        o.value(QStringLiteral("error")).toString();
    }
    // Requests the process never answered (it died or timed out).
    const QStringList lines = QString::fromUtf8(r.standardError).trimmed().split(QLatin1Char('\n'));
    for (Result &res : out) {
        res.elapsedMs = r.elapsedMs / qMax(1, int(requests.size()));
        if (!res.ok && res.error.isEmpty()) {
            res.toolFailed = r.outcome != ProcessResult::Outcome::Finished;
            res.error = QStringLiteral("cuTile Python export %1: %2").arg(r.describe(), lines.constLast());
        }
    }
    return out;
}

} // namespace tileport
