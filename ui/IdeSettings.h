// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "DoctorRow.h"
#include "ThemeMode.h"

#include <QList>
#include <QMap>
#include <QString>

class QSettings;

namespace tileport::ui {

// The IDE's settings as stored in QSettings (group "ide"): toolchain
// paths, the GPU runner, the theme and the repair agents' model endpoint.
// Secrets are not here: the API key lives in ApiKeyStore.
struct IdeSettings {
    // Tool name ("python", "cargo", "rustc", "tileiras", "cuda") -> path.
    QMap<QString, QString> toolPaths;
    QString gpuRunner = QStringLiteral("local"); // local | ssh://[user@]host[:port]/dir | slurm://[PARTITION][?...]
    ThemeMode theme = ThemeMode::Light;
    QString cutileVersion; // the cutile release new ports target; empty: the environment's default
    QString modelEndpoint; // e.g. http://127.0.0.1:8080/v1
    QString modelApi = QStringLiteral("openai"); // openai | anthropic
    QString modelName;

    static QStringList toolNames();
    static IdeSettings load(QSettings &s);
    void save(QSettings &s) const;
    // Paths the doctor found, by tool name, for the empty fields.
    static QMap<QString, QString> pathsFromDoctor(const QList<DoctorRow> &rows);
    void fillMissingTools(const QMap<QString, QString> &found);
    // Empty when every field is usable; else what is wrong, one line.
    QString validate() const;
};

} // namespace tileport::ui
