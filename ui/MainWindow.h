// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IdeSettings.h"
#include "RunArtifacts.h"
#include "SourceLinks.h"
#include "ThemeMode.h"

#include <QMainWindow>
#include <QSet>

#include <functional>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;
class QListView;
class QPlainTextEdit;
class QTabWidget;
class QTimer;

namespace tileport {
class JobRunner;
namespace llm {
struct RepairOutcome;
}
}

namespace tileport::ui {

class BenchmarksPane;
class CodeEditor;
class ConfigCaptureController;
class HandoffController;
class IrDiffPane;
class KernelSelectorModel;
class PipelineController;
class ProblemsModel;
class RepairController;
class RepairPane;
class RunCompareDialog;
class StageListModel;

// Source, Tile IR diff and Rust side by side; below them the pipeline panel
// (stages with badges, the selected stage's log), the Problems list and the
// benchmarks. The pipeline runs through PipelineController (JobRunner jobs);
// run artifacts load in the background; link computation is SourceLinks'.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    enum class Pane { Python, Rust, IrDiff };

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Loads the kernel in the background; sourceOpened or sourceOpenFailed follows.
    void openSource(const QString &path);
    // Opens a session directory and shows its latest run.
    bool openSession(const QString &dir);
    // Runs the selected stages (all when empty) on the open kernel.
    bool runPipeline(const QSet<QChar> &stages = {});
    // What Run (F5, Shift+F5) does: a file whose kernel has no configs yet
    // gets the offer to capture them first (a background job, then the
    // run); otherwise runPipeline(). False when nothing started.
    bool requestRun(const QSet<QChar> &stages = {});
    // Whether the open file's chosen kernel has no configs yet (no sidecar, no capture, no run).
    bool needsConfigs() const;
    // The notice above the panes (the capture offer, its progress, a failed stage's fix); empty when hidden.
    QString noticeText() const;
    // Keeps and restores the splitters' proportions and the tables' column
    // widths (QSettings, group "layout/mainWindow"): saved when the window
    // closes; the program restores them at start.
    void saveLayout() const;
    bool restoreLayout();
    bool rerunStage(QChar stage);
    // Captures the open file's launch configurations by running its code
    // (its tests and benches, and `calls`) in the background; the kernel
    // selector then lists them, and a run without a sidecar uses the same calls.
    bool captureConfigs(const QStringList &calls = {});
    // Opening a kernel file without a sidecar starts the capture from its own
    // code in the background (the IDE turns this on; tests choose).
    void setCaptureOnOpen(bool on) { m_captureOnOpen = on; }
    // The kernel the next run ports: the selector's, else the sidecar's.
    QString selectedKernel() const;
    // Re-runs from stage C with the Rust pane's text as the crate.
    bool rerunWithRustEdit();
    void cancelPipeline();
    // Asks stage B's, C's or D's repair agent (the model endpoint of the
    // settings); a validated patch opens the hunk review.
    bool requestRepair(QChar stage);
    // Shows the links of one line (1-based) of a pane, or of an IR diff row.
    void linkFrom(Pane pane, int lineOrRow);
    // Steps to the next Python line that has links (the walk shortcut).
    void nextLinkedSpan();
    void selectConfig(const QString &config);
    // Shows a run's artifacts in the panes (what loadArtifacts' job read): source, Rust, IR diff, links.
    void showArtifacts(const RunArtifacts &a);
    // Opens the comparison of two runs of the open session (run a as the
    // reference side; 0: the run before the latest, and the latest); null
    // with the reason in the status bar when there are not two runs.
    RunCompareDialog *compareRuns(int a = 0, int b = 0);
    // Hand-off (MainWindowHandoff.cpp): builds the open session's Python
    // wheel into `outDir` as a background job; false with the reason in the
    // status bar when it cannot start. `packaged` reports the outcome.
    bool packageSession(const QString &outDir);
    // Plans the open session's export into a TileGym checkout in the
    // background, then shows the changes in a hunk review ("exportReview");
    // the accepted hunks are written by a second job.
    bool exportSession(const QString &checkout);
    void setTheme(ThemeMode mode);
    // The GPU runner and theme of saved settings.
    void applySettings(const IdeSettings &settings);
    ThemeMode theme() const { return m_theme; }

    CodeEditor *sourcePane() const { return m_source; }
    IrDiffPane *irDiffPane() const { return m_irDiff; }
    CodeEditor *rustPane() const { return m_rust; }
    QListView *pipelinePanel() const { return m_pipeline; }
    QListView *problemsView() const { return m_problemsView; }
    QPlainTextEdit *stageLog() const { return m_log; }
    BenchmarksPane *benchmarksPane() const { return m_bench; }
    QComboBox *configSelector() const { return m_kernelSelector; }
    KernelSelectorModel *kernelModel() const { return m_kernelModel; }
    ConfigCaptureController *captureController() const { return m_capture; }
    StageListModel *stageModel() const { return m_stages; }
    ProblemsModel *problemsModel() const { return m_problems; }
    PipelineController *controller() const { return m_controller; }
    RepairController *repairController() const { return m_repair; }
    HandoffController *handoffController() const { return m_handoff; }
    RepairPane *repairPane() const { return m_repairPane; }
    JobRunner *jobs() const { return m_jobs; }
    const SourceLinks &links() const { return m_links; }
    const SourceLinks::Links &currentLinks() const { return m_current; }
    const RunArtifacts &artifacts() const { return m_artifacts; }
    QAction *action(const QString &objectName) const;

Q_SIGNALS:
    void sourceOpened(const QString &path);
    void sourceOpenFailed(const QString &error);
    // The panes show a run's artifacts (after stages A-C finish, a session opens, or the config changes).
    void artifactsLoaded();
    void pipelineFinished(const QVariantMap &summary);
    // Stage B translated over the user's Rust edit: the hunk review (accept or
    // reject each hunk; rejecting keeps the edit) attaches here.
    void hunkReviewRequested(const QString &rustFile, const QString &editedText, const QString &regeneratedText);
    // After the review: the text now in the file (the edit with the accepted hunks).
    void regenerationReviewed(const QString &rustFile, const QString &text);
    // A repair ended: rejected, unreachable, or after the hunk review.
    void repairFinished(const tileport::llm::RepairOutcome &outcome);
    // A capture ended (ok, status, summary, configs; see ConfigCaptureController).
    void configsCaptured(const QVariantMap &outcome);
    // A hand-off job ended (ok, error, wheel, package, entries; see HandoffController).
    void packaged(const QVariantMap &outcome);

protected:
    void closeEvent(QCloseEvent *e) override;

private:
    void showNotice(const QString &text, const QString &action = {}, const std::function<void()> &onAction = {});
    void hideNotice();
    void runAfterCapture(const QVariantMap &outcome);
    void reviewRegeneration(const QString &file, const QString &edited, const QString &regenerated);
    void reviewRepair(const tileport::llm::RepairOutcome &proposal);
    void buildRepair(QTabWidget *bottom);
    void buildHandoffMenu();
    void buildMenus();
    void buildPipelineDock(QTabWidget *bottom);
    void onJobFinished(const QString &channel, const QVariant &result);
    void loadArtifacts(const QString &config);
    // The config the selector shows ("kernel.config"), empty on a kernel row.
    QString selectedConfig() const;
    void showLinks(const SourceLinks::Links &links);
    void showSelectedStageLog();
    void activateProblem(const QModelIndex &index);
    QChar selectedStage() const;
    void updateActions();

    CodeEditor *m_source;
    IrDiffPane *m_irDiff;
    CodeEditor *m_rust;
    QListView *m_pipeline;
    QListView *m_problemsView;
    QPlainTextEdit *m_log;
    BenchmarksPane *m_bench;
    StageListModel *m_stages;
    ProblemsModel *m_problems;
    QComboBox *m_kernelSelector;
    KernelSelectorModel *m_kernelModel;
    JobRunner *m_jobs;
    PipelineController *m_controller;
    RepairController *m_repair;
    RepairPane *m_repairPane;
    ConfigCaptureController *m_capture;
    HandoffController *m_handoff;
    IdeSettings m_settings;
    QTimer *m_tick;
    SourceLinks m_links;
    SourceLinks::Links m_current;
    RunArtifacts m_artifacts;
    QString m_sourcePath;
    QString m_chosenKernel; // picked in the selector for the open file
    QStringList m_captureCalls;
    bool m_captureOnOpen = false;
    bool m_sourceIsTriton = false;
    QSplitter *m_panes = nullptr;
    QSplitter *m_vertical = nullptr;
    QWidget *m_notice = nullptr;
    QLabel *m_noticeText = nullptr;
    QPushButton *m_noticeAction = nullptr;
    std::function<void()> m_onNoticeAction;
    // Set while the offered capture runs: the stages to run once it is done.
    std::optional<QSet<QChar>> m_runAfterCapture;
    int m_walkLine = 0;
    ThemeMode m_theme = ThemeMode::Light;
};

} // namespace tileport::ui
