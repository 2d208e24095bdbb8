// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QChar>
#include <QString>

namespace tileport::ui {

// What the IDE tells a user whose stage failed: the reason on one line and
// the IDE action that fixes it, where there is one. The stages' reasons are
// written for the CLI; this maps them onto the window's menus.
class StageFixHints
{
public:
    // The reason's first line, without the CLI's own advice where fixFor() gives the IDE's.
    static QString oneLine(const QString &reason);
    // The action that fixes it ("Pipeline ▸ Capture configurations… (Ctrl+Shift+G)"), or empty.
    static QString fixFor(QChar stage, const QString &verdict, const QString &owner, const QString &reason);
    // Whether the verdict stops the pipeline (red or grey badge).
    static bool isFailure(const QString &verdict);
};

} // namespace tileport::ui
