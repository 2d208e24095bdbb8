// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QChar>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace tileport {

// One check a stage ran to earn its verdict, with the exit code it gave.
struct ValidatorResult {
    QString name;
    int exitCode = 0;
    QString output; // the first lines of what it said
};

// What a stage writes as reports/stage_X.json and stage_X.md.
struct StageReport {
    QChar stage;
    int attempt = 1;
    QString verdict;
    QString owner;          // host | kernel | env, when the verdict needs one
    QString reason;         // one line: why this verdict
    QJsonObject evidence;   // stage-specific facts (paths, counts, per-variant results)
    QList<ValidatorResult> validators;
    QString markdown;       // the human-readable body
    qint64 elapsedMs = 0;

    QJsonObject toJson() const;
    QString toMarkdown() const;
    // Writes stage_X.{json,md} (the latest) and stage_X.attemptN.{json,md}
    // into `reportsDir`; returns the latest JSON file's name.
    QString write(const QString &reportsDir, QString *error) const;
};

} // namespace tileport
