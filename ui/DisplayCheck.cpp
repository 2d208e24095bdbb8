// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "DisplayCheck.h"

#include <QtGlobal>

#include <cstdio>
#include <cstdlib>

namespace tileport::ui {

namespace {

QtMessageHandler g_previous = nullptr;

void platformGuard(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtFatalMsg) {
        const QString display = qEnvironmentVariable("DISPLAY"), wayland = qEnvironmentVariable("WAYLAND_DISPLAY");
        const QString where = !wayland.isEmpty() ? QStringLiteral("WAYLAND_DISPLAY=%1").arg(wayland)
                              : !display.isEmpty() ? QStringLiteral("DISPLAY=%1").arg(display)
                                                   : QStringLiteral("QT_QPA_PLATFORM=%1").arg(qEnvironmentVariable("QT_QPA_PLATFORM"));
        std::fprintf(stderr, "tileport-gui: cannot open the display (%s): %s\n", qPrintable(where),
                     qPrintable(message.section(QLatin1Char('\n'), 0, 0)));
        std::fflush(stderr);
        std::_Exit(1);
    }
    if (g_previous)
        g_previous(type, context, message);
}

} // namespace

DisplayChoice chooseDisplay(const QProcessEnvironment &env, const QStringList &args)
{
    DisplayChoice c;
    if (!env.value(QStringLiteral("DISPLAY")).isEmpty() || !env.value(QStringLiteral("WAYLAND_DISPLAY")).isEmpty()
        || !env.value(QStringLiteral("QT_QPA_PLATFORM")).isEmpty())
        return c;
    bool headless = false;
    for (const QString &a : args)
        headless = headless || a == QLatin1String("--screenshot") || a.startsWith(QLatin1String("--screenshot="))
                   || a == QLatin1String("--help") || a == QLatin1String("-h") || a == QLatin1String("--help-all")
                   || a == QLatin1String("--version") || a == QLatin1String("-v");
    if (headless)
        c.offscreen = true;
    else
        c.missing = QStringLiteral("tileport-gui: no display: neither DISPLAY nor WAYLAND_DISPLAY is set "
                                   "(run it in a desktop session, or use --screenshot FILE.png to render offscreen)");
    return c;
}

void beginPlatformGuard()
{
    g_previous = qInstallMessageHandler(platformGuard);
}

void endPlatformGuard()
{
    qInstallMessageHandler(g_previous);
    g_previous = nullptr;
}

} // namespace tileport::ui
