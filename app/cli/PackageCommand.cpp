// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "SessionWheel.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace {

// 0 built, 1 the build failed, 2 usage (CommandLine), 3 no bundle or no tool.
constexpr int kFailedExit = 1;
constexpr int kBlockedExit = 3;

} // namespace

int runPackageCommand(CommandLine &cl)
{
    using namespace tileport;
    QTextStream out(stdout), err(stderr);
    const bool json = cl.isSet(QStringLiteral("json"));
    SessionWheel::Options o;
    o.sessions = cl.positionals();
    o.outDir = cl.value(QStringLiteral("output"), QDir::current().filePath(QStringLiteral("dist")));
    o.distribution = cl.value(QStringLiteral("name"));
    o.version = cl.value(QStringLiteral("version"), o.version);
    o.resourceDir = Toolchains::fromEnvironment().resourceDir;
    if (!json)
        o.progress = [&](const QString &m) { err << "[package] " << m << '\n' << Qt::flush; };
    const handoff::WheelPackager::Result r = SessionWheel::build(o);
    if (json) {
        QJsonArray entries;
        for (const handoff::WheelEntry &e : r.entries)
            entries.append(QJsonObject{{"name", e.name}, {"kernel", e.pythonKernel}, {"source", e.source},
                                       {"signature", handoff::WheelWrapper::signature(e)}});
        out << QJsonDocument(QJsonObject{{"schema", "tileport-package/1"}, {"ok", r.ok}, {"wheel", r.wheel},
                                         {"distribution", r.distribution}, {"package", r.package}, {"entries", entries},
                                         {"error", r.error}})
                   .toJson(QJsonDocument::Indented);
    }
    if (!r.ok) {
        err << "tileport package: " << (r.blocked ? "BLOCKED: " : "FAIL: ") << r.error << '\n';
        return r.blocked ? kBlockedExit : kFailedExit;
    }
    if (!json) {
        out << r.wheel << '\n';
        for (const handoff::WheelEntry &e : r.entries)
            out << "  " << r.package << '.' << e.name << handoff::WheelWrapper::signature(e) << '\n';
    }
    return 0;
}
