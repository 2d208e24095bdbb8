// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport configs FILE`: a kernel file's launch configurations captured
// from its own code (tests, benches, --call), as a summary, as the sidecar
// JSON (--json) or written to a sidecar file (-o).
#include "Commands.h"

#include "ConfigCapture.h"
#include "ConfigSource.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

namespace {

using namespace tileport;

constexpr int kFailed = 1;
constexpr int kPartial = 3;

// "x float32[256,256]", "n_rows=256", "TILE=256".
QString describeParam(const QJsonObject &p)
{
    const QString name = p.value(QStringLiteral("name")).toString(QStringLiteral("?"));
    const QString kind = p.value(QStringLiteral("kind")).toString();
    if (kind != QLatin1String("array")) {
        const QJsonValue v = p.value(QStringLiteral("value"));
        const QString value = kind == QLatin1String("none") ? QStringLiteral("None")
                              : v.isBool()                  ? (v.toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                              : v.isDouble()                ? QString::number(v.toDouble(), 'g', 12)
                                                            : QStringLiteral("?");
        return QStringLiteral("%1=%2").arg(name, value);
    }
    QStringList dims;
    for (const QJsonValue &d : p.value(QStringLiteral("shape")).toArray())
        dims << QString::number(d.toInteger());
    return QStringLiteral("%1 %2[%3]").arg(name, p.value(QStringLiteral("dtype")).toString(), dims.join(QLatin1Char(',')));
}

void printSummary(QTextStream &out, const ConfigCapture::Result &r)
{
    const frontend::CaptureInfo &c = r.configs.capture;
    out << "configs captured from " << QFileInfo(r.kernelFile).fileName() << " for " << c.target.name
        << (c.target.sm.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(c.target.sm)) << ": "
        << ConfigCapture::statusName(r.status) << '\n'
        << "  " << r.tried() << '\n';
    QStringList kernels;
    for (const frontend::KernelConfig &k : r.configs.configs)
        if (!kernels.contains(k.kernel))
            kernels << k.kernel;
    for (const QString &k : std::as_const(kernels)) {
        const QList<frontend::KernelConfig> mine = r.configsOf(k);
        out << "kernel " << k << ": " << mine.size() << (mine.size() == 1 ? " config\n" : " configs\n");
        for (const frontend::KernelConfig &cfg : mine) {
            QStringList params;
            for (const QJsonValue &p : cfg.params)
                params << describeParam(p.toObject());
            QStringList grid;
            for (qint64 g : cfg.grid)
                grid << QString::number(g);
            out << "  " << cfg.name << "  " << params.join(QStringLiteral(", "));
            if (!grid.isEmpty())
                out << "  grid " << grid.join(QLatin1Char('x'));
            QStringList hints;
            for (auto it = cfg.hints.constBegin(); it != cfg.hints.constEnd(); ++it)
                hints << QStringLiteral("%1=%2").arg(it.key(), it.value().toVariant().toString());
            if (!hints.isEmpty())
                out << "  " << hints.join(QLatin1Char(' '));
            if (cfg.tunedLaunch.isSet())
                out << "  candidate " << cfg.tunedLaunch.candidate << " of " << cfg.tunedLaunch.of << " (" << cfg.tunedLaunch.site << ')';
            out << "  " << cfg.sources.size() << (cfg.sources.size() == 1 ? " source" : " sources");
            if (!cfg.sources.isEmpty())
                out << " (" << frontend::configSourceKinds(cfg.sources) << ": " << cfg.sources.first() << ')';
            out << '\n';
        }
    }
}

void printDiagnostics(QTextStream &out, const frontend::CaptureInfo &c)
{
    for (const frontend::CaptureDiagnostic &d : c.diagnostics)
        out << d.toText() << '\n';
}

} // namespace

int runConfigsCommand(CommandLine &cl)
{
    ConfigCapture::Request req;
    req.kernelFile = cl.positional(0);
    req.tests = cl.values(QStringLiteral("tests"));
    req.calls = cl.values(QStringLiteral("call"));
    req.target = cl.value(QStringLiteral("target"), req.target);
    req.discover = !cl.isSet(QStringLiteral("no-discover"));
    req.projectDir = cl.value(QStringLiteral("project"));
    if (!req.projectDir.isEmpty() && !QFileInfo(req.projectDir).isDir())
        return cl.usageError(QStringLiteral("--project %1: no such directory").arg(req.projectDir));
    const QString output = cl.value(QStringLiteral("o"));
    const bool json = cl.isSet(QStringLiteral("json"));
    if (!QFileInfo(req.kernelFile).isFile())
        return cl.usageError(QStringLiteral("%1: no such file").arg(req.kernelFile));
    for (const QString &t : std::as_const(req.tests))
        if (!QFileInfo(t).isFile())
            return cl.usageError(QStringLiteral("--tests %1: no such file").arg(t));

    const ConfigCapture::Result r = ConfigCapture(Toolchains::fromEnvironment()).capture(req);
    QTextStream out(stdout), err(stderr);
    if (!r.ok()) {
        err << "tileport configs: " << req.kernelFile << ": " << r.error << '\n';
        printDiagnostics(err, r.configs.capture);
        return kFailed;
    }
    if (!output.isEmpty()) {
        QSaveFile f(output);
        if (!f.open(QIODevice::WriteOnly) || f.write(r.sidecar) != r.sidecar.size() || !f.commit()) {
            err << "tileport configs: " << output << ": " << f.errorString() << '\n';
            return kFailed;
        }
    }
    if (json) {
        out << r.sidecar;
    } else if (!output.isEmpty()) {
        out << "wrote " << output << ": " << r.summary(QString()) << '\n';
        printDiagnostics(out, r.configs.capture);
    } else {
        printSummary(out, r);
        printDiagnostics(out, r.configs.capture);
    }
    return r.status == ConfigCapture::Status::Partial ? kPartial : 0;
}
