// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>

class QSettings;
class QSplitter;
class QWidget;

namespace tileport::ui {

// Remembers how a user arranged a window: the state of every named
// QSplitter (proportions) and QHeaderView (column widths) under `root`,
// kept with QSettings in the group "layout/<root's name>".
class WindowLayout
{
public:
    static void save(const QWidget *root, QSettings &store);
    // Restores what save() kept; false when nothing was stored.
    static bool restore(QWidget *root, QSettings &store);
    // Sizes for `splitter` from proportions of its current extent (the defaults before any restore).
    static void share(QSplitter *splitter, const QList<double> &proportions);
};

} // namespace tileport::ui
