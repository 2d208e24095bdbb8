// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Toolchains.h"

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QVariantMap>

class QTimer;

namespace tileport {
class JobRunner;
}

namespace tileport::ui {

class KernelSelectorModel;
class ProblemsModel;

// "Capture configurations" in the IDE: runs ConfigCapture on the open file
// as a JobRunner job on the "capture-configs" channel, reports progress
// (the elapsed time) while the script runs, then lists the captured configs
// in the kernel selector and their diagnostics in the Problems list. No widgets.
class ConfigCaptureController : public QObject
{
    Q_OBJECT
public:
    ConfigCaptureController(JobRunner *jobs, KernelSelectorModel *kernels, ProblemsModel *problems, QObject *parent = nullptr);

    // Test files and --call expressions for the next capture.
    void setTests(const QStringList &tests) { m_tests = tests; }
    void setCalls(const QStringList &calls) { m_calls = calls; }
    // The script to run instead of the bundled one.
    void setScript(const QString &path) { m_script = path; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    // Where a successful capture's sidecar is written (default:
    // AppDataLocation/captures), for a run to use instead of capturing again.
    void setOutputDirectory(const QString &dir) { m_outputDir = dir; }

    bool start(const QString &source, const Toolchains &tools, QString *error);
    void cancel();
    bool isRunning() const;

    // The last capture: its sidecar text (to show or save) and one-line outcome.
    QByteArray sidecar() const { return m_sidecar; }
    // The file the last successful capture wrote, or empty.
    QString savedSidecar() const { return m_saved; }
    QString source() const { return m_source; }
    QString lastSummary() const { return m_summary; }

Q_SIGNALS:
    void progress(const QString &step);
    // ok, status (complete|partial|failed), summary or error, configs (int), cancelled.
    void finished(const QVariantMap &outcome);

private:
    void onFinished(const QString &channel, const QVariant &result);

    JobRunner *m_jobs;
    KernelSelectorModel *m_kernels;
    ProblemsModel *m_problems;
    QTimer *m_tick;
    QElapsedTimer m_clock;
    QString m_source;
    QStringList m_tests, m_calls;
    QString m_script;
    int m_timeoutMs = 10 * 60'000;
    QByteArray m_sidecar;
    QString m_summary;
    QString m_outputDir;
    QString m_saved;
};

} // namespace tileport::ui
