// SPDX-License-Identifier: MIT
#pragma once

#include "ThemeMode.h"

#include <QMainWindow>

class QListView;
class QComboBox;

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

    bool openSource(const QString &path, QString *error = nullptr);
    void setTheme(ThemeMode mode);
    ThemeMode theme() const { return m_theme; }

    CodeEditor *sourcePane() const { return m_source; }
    IrDiffPane *irDiffPane() const { return m_irDiff; }
    CodeEditor *rustPane() const { return m_rust; }
    QListView *pipelinePanel() const { return m_pipeline; }
    StageListModel *stageModel() const { return m_stages; }

private:
    void buildMenus();

    CodeEditor *m_source;
    IrDiffPane *m_irDiff;
    CodeEditor *m_rust;
    QListView *m_pipeline;
    StageListModel *m_stages;
    QComboBox *m_kernelSelector;
    ThemeMode m_theme = ThemeMode::Light;
};

} // namespace tileport::ui
