// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SessionExport.h"

#include "PortArtifacts.h"
#include "Session.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tileport {

namespace {

// The kernel's parameters in order, from the run's analysis (stage A).
bool kernelParams(const Session &session, int run, const QString &kernel, QStringList *out, QString *error)
{
    const QString path = QDir(session.areaDirectory(run, Session::Area::Reference)).filePath(QStringLiteral("analysis.json"));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read: %2 (run stage A)").arg(path, f.errorString());
        return false;
    }
    const QJsonObject a = QJsonDocument::fromJson(f.readAll()).object();
    for (const QJsonValue &k : a.value(QStringLiteral("kernels")).toArray()) {
        const QJsonObject o = k.toObject();
        if (o.value(QStringLiteral("name")).toString() != kernel)
            continue;
        for (const QJsonValue &p : o.value(QStringLiteral("params")).toArray())
            *out << p.toObject().value(QStringLiteral("name")).toString();
        return true;
    }
    *error = QStringLiteral("%1: no kernel %2 in the analysis").arg(path, kernel);
    return false;
}

} // namespace

bool SessionExport::port(const QString &dir, handoff::TileGymPort *port, QString *error)
{
    auto session = Session::open(dir, error, Session::Access::ReadOnly);
    if (!session)
        return false;
    if (!session->problems().isEmpty()) {
        *error = QStringLiteral("%1: damaged: %2").arg(dir, session->problems().join(QStringLiteral("; ")));
        return false;
    }
    const auto artifacts = PortArtifacts::latest(*session, error);
    if (!artifacts)
        return false;
    if (artifacts->bundleDir.isEmpty()) {
        *error = QStringLiteral("%1: run %2 has no host bundle (run `tileport port FILE --stages A-D --session %1`)")
                     .arg(dir)
                     .arg(artifacts->run);
        return false;
    }
    if (artifacts->kernel.isEmpty()) {
        *error = QStringLiteral("%1: the session ports every kernel of %2; export takes a session of one kernel").arg(dir, artifacts->source);
        return false;
    }
    port->label = QStringLiteral("session %1, run %2").arg(QFileInfo(QDir(dir).absolutePath()).fileName()).arg(artifacts->run);
    port->sourceFile = artifacts->source;
    port->kernel = artifacts->kernel;
    port->crateDir = artifacts->crateDir;
    port->bundleJson = QDir(artifacts->bundleDir).filePath(QStringLiteral("bundle.json"));
    return kernelParams(*session, artifacts->run, artifacts->kernel, &port->kernelParams, error);
}

} // namespace tileport
