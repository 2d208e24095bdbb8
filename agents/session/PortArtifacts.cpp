// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "PortArtifacts.h"

#include "Session.h"

#include <QDir>
#include <QFileInfo>

namespace tileport {

std::optional<PortArtifacts> PortArtifacts::latest(const Session &session, QString *error)
{
    const QList<Session::Run> &runs = session.runs();
    for (auto it = runs.crbegin(); it != runs.crend(); ++it) {
        const QDir generated(session.areaDirectory(it->number, Session::Area::Generated));
        const QString crate = generated.filePath(QStringLiteral("crate"));
        if (!QFileInfo::exists(QDir(crate).filePath(QStringLiteral("tileport-crate.json"))))
            continue;
        PortArtifacts a;
        a.run = it->number;
        a.source = session.info().value(QStringLiteral("source")).toString();
        a.kernel = session.info().value(QStringLiteral("kernel")).toString();
        a.crateDir = crate;
        const QString bundle = generated.filePath(QStringLiteral("host/bundle"));
        if (QFileInfo::exists(QDir(bundle).filePath(QStringLiteral("bundle.json"))))
            a.bundleDir = bundle;
        return a;
    }
    *error = QStringLiteral("%1: no run generated a crate (run `tileport port FILE --stages A-D --session %1`)").arg(session.directory());
    return std::nullopt;
}

} // namespace tileport
