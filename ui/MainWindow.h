// SPDX-License-Identifier: MIT
#pragma once

#include "ThemeMode.h"

#include <QMainWindow>

class QListView;
class QComboBox;

namespace tileport {
class JobRunner;
}

namespace tileport::ui {

class CodeEditor;
class IrDiffPane;
class StageListModel;

// Source, Tile IR diff and Rust side by side, with the pipeline panel below.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    // Loads the kernel in the background; sourceOpened or sourceOpenFailed follows.
    void openSource(const QString &path);
    void setTheme(ThemeMode mode);
    ThemeMode theme() const { return m_theme; }

    CodeEditor *sourcePane() const { return m_source; }
    IrDiffPane *irDiffPane() const { return m_irDiff; }
    CodeEditor *rustPane() const { return m_rust; }
    QListView *pipelinePanel() const { return m_pipeline; }
    StageListModel *stageModel() const { return m_stages; }

Q_SIGNALS:
    void sourceOpened(const QString &path);
    void sourceOpenFailed(const QString &error);

private:
    void buildMenus();
    void onJobFinished(const QString &channel, const QVariant &result);

    CodeEditor *m_source;
    IrDiffPane *m_irDiff;
    CodeEditor *m_rust;
    QListView *m_pipeline;
    StageListModel *m_stages;
    QComboBox *m_kernelSelector;
    JobRunner *m_jobs;
    ThemeMode m_theme = ThemeMode::Light;
};

} // namespace tileport::ui
