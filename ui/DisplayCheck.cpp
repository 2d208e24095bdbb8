// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "DisplayCheck.h"

#include <QList>
#include <QtGlobal>

#include <utility>

#include <cstdio>
#include <cstdlib>

namespace tileport::ui {

namespace {

QtMessageHandler g_previous = nullptr;
// What the platform plugins said while QApplication started: kept back, so
// that a failed start prints one line (with the first of them as the
// reason), and passed on once the start succeeded.
struct Held {
    QtMsgType type;
    QByteArray file, function, category; // the context's strings, copied
    int line;
    QString message;
};
QList<Held> g_held;

void platformGuard(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type != QtFatalMsg) {
        g_held.append({type, QByteArray(context.file), QByteArray(context.function), QByteArray(context.category), context.line, message});
        return;
    }
    const QString display = qEnvironmentVariable("DISPLAY"), wayland = qEnvironmentVariable("WAYLAND_DISPLAY");
    const QString where = !wayland.isEmpty() ? QStringLiteral("WAYLAND_DISPLAY=%1").arg(wayland)
                          : !display.isEmpty() ? QStringLiteral("DISPLAY=%1").arg(display)
                                               : QStringLiteral("QT_QPA_PLATFORM=%1").arg(qEnvironmentVariable("QT_QPA_PLATFORM"));
    const QString reason = (g_held.isEmpty() ? message : g_held.first().message).section(QLatin1Char('\n'), 0, 0);
    std::fprintf(stderr, "tileport-gui: cannot open the display (%s): %s\n", qPrintable(where), qPrintable(reason));
    std::fflush(stderr);
    std::_Exit(1);
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
    const QList<Held> held = std::exchange(g_held, {});
    for (const Held &h : held)
        if (g_previous)
            g_previous(h.type,
                       QMessageLogContext(h.file.isNull() ? nullptr : h.file.constData(), h.line,
                                          h.function.isNull() ? nullptr : h.function.constData(),
                                          h.category.isNull() ? nullptr : h.category.constData()),
                       h.message);
    g_previous = nullptr;
}

} // namespace tileport::ui
