// SPDX-License-Identifier: MIT
#include "ReferenceExporter.h"
#include "ProcessRunner.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

namespace tileport {

ReferenceExporter::ReferenceExporter(Toolchains tools)
    : m_tools(std::move(tools))
{
}

ReferenceExporter::Result ReferenceExporter::exportKernel(const Request &req, const std::atomic_bool *cancel) const
{
    Result res;
    if (!QFileInfo::exists(req.kernelFile)) {
        res.error = QStringLiteral("%1: no such file").arg(req.kernelFile);
        return res;
    }
    const QString script = QDir(m_tools.resourceDir).filePath(QStringLiteral("python/export_tileir.py"));
    if (!QFileInfo::exists(script)) {
        res.error = QStringLiteral("missing helper %1 (broken install)").arg(script);
        return res;
    }
    if (m_tools.python.isEmpty()) {
        res.error = QStringLiteral("no Python with cuda-tile; run ./scripts/setup or set TILEPORT_PYTHON");
        return res;
    }
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
    res.error = last.isEmpty() ? QStringLiteral("cuTile Python export %1: %2").arg(r.describe(), lines.constLast())
                               : last;
    return res;
}

} // namespace tileport
