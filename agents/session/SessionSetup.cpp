// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SessionSetup.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace tileport {

QJsonObject SessionSetup::info() const
{
    QFile cfg(configsFile);
    QJsonObject info{{QStringLiteral("source"), source},
                     {QStringLiteral("kernel"), kernel},
                     {QStringLiteral("configs"),
                      QJsonDocument::fromJson(!configsFile.isEmpty() && cfg.open(QIODevice::ReadOnly) ? cfg.readAll() : QByteArray()).object()},
                     {QStringLiteral("toolchains"), QJsonObject{{QStringLiteral("python"), tools.python},
                                                                {QStringLiteral("cargo"), tools.cargo},
                                                                {QStringLiteral("cutile"), tools.cutileVersion}}}};
    if (!configFile.isEmpty())
        info.insert(QStringLiteral("config_file"), configFile);
    if (capture) {
        QJsonObject c{{QStringLiteral("tests"), QJsonArray::fromStringList(tests)},
                      {QStringLiteral("calls"), QJsonArray::fromStringList(calls)},
                      {QStringLiteral("target"), target},
                      {QStringLiteral("discover"), discover}};
        if (!project.isEmpty())
            c.insert(QStringLiteral("project"), project);
        info.insert(QStringLiteral("config_capture"), c);
    }
    if (gpu)
        info.insert(QStringLiteral("gpu"), *gpu);
    return info;
}

std::optional<Session> SessionSetup::openOrCreate(const QString &dir, Session::Access access, QString *error, bool *created) const
{
    if (created)
        *created = false;
    if (!QFile::exists(QDir(dir).filePath(QStringLiteral("session.json")))) {
        if (!QDir().mkpath(QFileInfo(dir).absolutePath())) {
            *error = QStringLiteral("cannot create %1").arg(QFileInfo(dir).absolutePath());
            return std::nullopt;
        }
        auto session = Session::create(dir, info(), error);
        if (created)
            *created = session.has_value();
        return session;
    }
    auto session = Session::open(dir, error, access);
    if (session && session->info().value(QStringLiteral("source")).toString() != source) {
        *error = QStringLiteral("%1 holds a port of %2").arg(dir, session->info().value(QStringLiteral("source")).toString());
        return std::nullopt;
    }
    return session;
}

} // namespace tileport
