// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QProcessEnvironment>
#include <QStringList>

namespace tileport::ui {

// What the IDE does about a display, decided before QApplication exists
// (Qt aborts there when no platform plugin can start).
struct DisplayChoice {
    bool offscreen = false; // run on Qt's offscreen platform (nothing to show)
    QString missing;        // non-empty: the one line to print before exiting 1
};

// No DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM: --screenshot (and --help,
// --version) run offscreen; anything else reports what is missing.
DisplayChoice chooseDisplay(const QProcessEnvironment &env, const QStringList &args);

// Turns Qt's fatal "could not load the platform plugin" into one line on
// stderr and exit 1 (a DISPLAY that names no reachable server); call before
// QApplication, and endPlatformGuard() once it is constructed.
void beginPlatformGuard();
void endPlatformGuard();

} // namespace tileport::ui
