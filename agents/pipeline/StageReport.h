// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QChar>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include "Verdict.h"

#include <optional>

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
    Verdict verdict = Verdict::Blocked;
    std::optional<Owner> owner; // who acts, when the verdict needs one
    QString reason;         // one line: why this verdict
    QJsonObject evidence;   // stage-specific facts (paths, counts, per-variant results)
    QList<ValidatorResult> validators;
    QString markdown;       // the human-readable body
    qint64 elapsedMs = 0;

    // The verdict's and owner's string forms (empty owner when none).
    QString verdictText() const { return verdictName(verdict); }
    QString ownerText() const { return owner ? ownerName(*owner) : QString(); }

    // stage_X.json: written and read only here.
    QJsonObject toJson() const;
    // A report read back (verdict and owner by their string forms); nullopt
    // when the object names no known verdict.
    static std::optional<StageReport> fromJson(const QJsonObject &o);
    // RUNDIR/reports/stage_X.json, the stage's latest report; nullopt when
    // it is missing or unreadable.
    static std::optional<StageReport> read(const QString &runDir, QChar stage);
    QString toMarkdown() const;
    // Writes stage_X.{json,md} (the latest) and stage_X.attemptN.{json,md}
    // into `reportsDir`; returns the latest JSON file's name.
    QString write(const QString &reportsDir, QString *error) const;
};

} // namespace tileport
