// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// "Compare two runs": the open session's runs side by side.
#include "MainWindow.h"
#include "PipelineController.h"
#include "RunCompareDialog.h"
#include "Session.h"

#include <QStatusBar>

namespace tileport::ui {

RunCompareDialog *MainWindow::compareRuns(int a, int b)
{
    QString error;
    const QString dir = m_controller->sessionDirectory();
    const auto session = dir.isEmpty() ? std::nullopt : Session::open(dir, &error, Session::Access::ReadOnly);
    if (!session || session->runs().size() < 2) {
        statusBar()->showMessage(session ? tr("The session has one run: nothing to compare yet")
                                         : dir.isEmpty() ? tr("Open a session or run the pipeline first") : error);
        return nullptr;
    }
    QList<int> runs;
    for (const Session::Run &r : session->runs())
        runs << r.number;
    // By default the latest run against the one before it.
    if (a <= 0 || b <= 0) {
        a = runs.at(runs.size() - 2);
        b = runs.last();
    }
    auto *dialog = new RunCompareDialog(m_jobs, dir, runs, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setTheme(m_theme);
    dialog->show();
    dialog->compare(a, b);
    return dialog;
}

} // namespace tileport::ui
