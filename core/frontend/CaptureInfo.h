// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace tileport::frontend {

// A problem the capture met while running the code (a test that failed, a
// call that raised), located in the kernel, test or bench file.
struct CaptureDiagnostic {
    enum class Severity { Error, Warning, Note };
    Severity severity = Severity::Error;
    QString file;
    int line = 0;
    int col = 0;
    QString message;
    QString source; // the test id or call that met it

    static QString severityName(Severity s);
    static bool parseSeverity(const QString &name, Severity *out);
    // "file:line:col: severity: message" (the location parts left out when unknown).
    QString toText() const;
    QJsonObject toJson() const;
};

// The GPU the configs were captured for (grids and hints depend on it).
struct CaptureTarget {
    QString name; // "h200"
    QString sm;   // "sm_90"
    int major = 0;
    int minor = 0;
    int smCount = 0;
};

// The "captured" block of a sidecar written by capture_configs.py
// (schema tileport-capture/1): what was run to find the configs and how it went.
struct CaptureInfo {
    static constexpr const char *kSchema = "tileport-capture/1";

    QString schema;
    CaptureTarget target;
    QString file;        // the kernel file, absolute
    QStringList tests;   // test and bench files read, absolute
    QStringList calls;   // --call expressions
    // The kernel file's own entry points that ran ("__main__: f.py",
    // "main(): f.py", "test: f.py::t", ...; ConfigSource.h).
    QStringList entryPoints;
    int casesRun = 0;
    int casesSkipped = 0;
    int casesFailed = 0;
    bool partial = false;
    QString fatal; // why nothing could be captured for this file (--each)
    QList<CaptureDiagnostic> diagnostics;

    // Reads the block; each problem with it goes to `problems` as one message.
    static CaptureInfo fromJson(const QJsonObject &block, QStringList *problems);
    QJsonObject toJson() const;
    int errorCount() const;
};

} // namespace tileport::frontend
