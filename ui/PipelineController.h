// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PipelineEvent.h"
#include "Toolchains.h"

#include <QMap>
#include <QMutex>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace tileport {
class JobRunner;
}

namespace tileport::ui {

class StageListModel;
class ProblemsModel;

// Runs the real Orchestrator for the IDE: every run is a JobRunner job on
// the "pipeline" channel (never on the UI thread); its events come back as
// queued partial results and feed the stage and problem models. Holds which
// session and run the window shows. No widgets.
class PipelineController : public QObject
{
    Q_OBJECT
public:
    PipelineController(JobRunner *jobs, StageListModel *stages, ProblemsModel *problems, QObject *parent = nullptr);

    // Where new sessions go (default: AppDataLocation/sessions).
    void setSessionRoot(const QString &dir) { m_sessionRoot = dir; }
    void setGpuRunner(const QString &spec) { m_gpuRunner = spec; }
    // Tool paths from the settings ("python", "cargo", "rustc",
    // "tileiras", "cuda"); the environment's are used for the others.
    void setToolPaths(const QMap<QString, QString> &paths) { m_toolPaths = paths; }
    // The cutile release new sessions target; empty keeps the environment's.
    void setCutileVersion(const QString &version) { m_cutileVersion = version; }
    Toolchains toolchains() const;
    QString gpuRunner() const { return m_gpuRunner; }

    // Opens (or creates) the session of `source` and starts a run of the
    // selected stages; false with `error` when nothing could start. The
    // kernel is `kernel`, else the sidecar's, else the file's only one. A
    // file with no sidecar gets a session whose stage A captures the
    // configs from the code, with the tests and calls set here.
    bool startPort(const QString &source, const QSet<QChar> &stages, QString *error, const QString &kernel = {});
    // Configs the IDE captured already (a sidecar written elsewhere): the
    // next new session of a file without a sidecar uses them (session info
    // "config_file") instead of capturing again in stage A. Empty: none.
    void setCapturedConfigFile(const QString &path) { m_capturedConfigFile = path; }
    void setCaptureInputs(const QStringList &tests, const QStringList &calls)
    {
        m_captureTests = tests;
        m_captureCalls = calls;
    }
    // Opens an existing session directory and shows its latest run.
    bool openSession(const QString &dir, QString *error);
    // A new attempt of one stage in the latest run; the later stages become stale.
    bool rerun(QChar stage, QString *error);
    // Writes `rustText` over the latest run's generated/crate/src/lib.rs,
    // builds that crate as it is (stage B without translation) and diffs its
    // Tile IR again (stage C): the edit is what gets checked.
    bool rerunWithRustEdit(const QString &rustText, QString *error);
    void cancel();
    bool isRunning() const;
    // An event of another job on the session (a repair's gate) for the
    // stage and problem models, as if this controller's run had sent it.
    void applyEvent(const tileport::PipelineEvent &e);
    // Jobs that write the session's files take turns through this lock: a
    // cancelled job may still be winding down on another worker.
    static QMutex &sessionTurn();
    // The crate's src/lib.rs in the current run.
    QString rustFile() const;

    QString sessionDirectory() const { return m_sessionDir; }
    QString source() const { return m_source; }
    int currentRun() const { return m_run; }
    QString runDirectory() const;

Q_SIGNALS:
    void eventReceived(const tileport::PipelineEvent &e);
    // A stage finished (verdict empty when it was interrupted).
    void stageFinished(QChar stage, const QString &verdict);
    // The job ended: run, ok, cancelled, reason.
    void runFinished(const QVariantMap &summary);
    void sessionOpened(const QString &directory, const QString &source);
    // Stage B translated again over a crate the user had edited: the edit
    // and the new text, for a hunk review (accept or reject each hunk;
    // rejecting keeps the edit). The review itself lives elsewhere.
    void regeneratedOverEdit(const QString &rustFile, const QString &editedText, const QString &regeneratedText);

private:
    void submit(QChar rerunStage, const QSet<QChar> &stages, const QString &editedRust = QString());
    void onPartial(const QString &channel, const QVariant &value);
    void onFinished(const QString &channel, const QVariant &result);
    // Replays a run's events.jsonl into the models (opening a session).
    void replay(int run);

    JobRunner *m_jobs;
    StageListModel *m_stages;
    ProblemsModel *m_problems;
    QString m_sessionRoot;
    QString m_gpuRunner = QStringLiteral("local");
    QMap<QString, QString> m_toolPaths;
    QString m_cutileVersion;
    QString m_sessionDir;
    QString m_source;
    int m_run = 0;
    QString m_editedRust; // the user's last edit of lib.rs built by a re-run
    QStringList m_captureTests, m_captureCalls;
    QString m_capturedConfigFile;
};

} // namespace tileport::ui
