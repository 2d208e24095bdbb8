// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ProgressBar.h"

#include <sys/ioctl.h>
#include <unistd.h>

namespace tileport::cli {

namespace {

int terminalWidth(std::FILE *stream)
{
    winsize ws{};
    if (ioctl(fileno(stream), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20)
        return ws.ws_col;
    bool ok = false;
    const int cols = qEnvironmentVariable("COLUMNS").toInt(&ok);
    return ok && cols > 20 ? cols : 80;
}

} // namespace

ProgressBar::ProgressBar(std::FILE *stream)
    : m_stream(stream)
{
    m_interactive = isatty(fileno(stream)) && qEnvironmentVariable("TERM") != QLatin1String("dumb");
    m_clock.start();
}

void ProgressBar::start()
{
    m_clock.restart();
}

QString ProgressBar::duration(qint64 ms)
{
    const qint64 s = (ms + 999) / 1000;
    if (s < 60)
        return QStringLiteral("%1s").arg(s);
    if (s < 3600)
        return QStringLiteral("%1m%2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1h%2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString ProgressBar::render(int done, int total, qint64 elapsedMs, const QString &label, int width)
{
    const int shownTotal = std::max(total, done);
    const QString counts = QStringLiteral("%1/%2").arg(done).arg(shownTotal);
    const int percent = shownTotal > 0 ? int(100LL * done / shownTotal) : 0;
    // No ETA before the first item: there is nothing to extrapolate from.
    const QString eta = done > 0 && done < shownTotal ? QStringLiteral("ETA %1").arg(duration(elapsedMs * (shownTotal - done) / done))
                        : done >= shownTotal && shownTotal > 0 ? QStringLiteral("%1").arg(duration(elapsedMs))
                                                               : QStringLiteral("ETA -");
    const QString tail = QStringLiteral("  %1  %2%  %3").arg(counts).arg(percent, 3).arg(eta);
    const int barWidth = std::clamp(width / 3, 10, 40);
    const int filled = shownTotal > 0 ? int(qint64(barWidth) * done / shownTotal) : 0;
    QString out = QLatin1Char('[') + QString(filled, QLatin1Char('#')) + QString(barWidth - filled, QLatin1Char('.'))
                  + QLatin1Char(']') + tail;
    const int room = width - 1 - int(out.size()) - 2;
    if (!label.isEmpty() && room > 3)
        out += QStringLiteral("  ") + (label.size() > room ? QStringLiteral("...") + label.right(room - 3) : label);
    return out;
}

void ProgressBar::update(int done, int total, const QString &label)
{
    m_done = done;
    m_total = total;
    m_label = label;
    if (m_interactive)
        draw();
}

void ProgressBar::line(const QString &text)
{
    if (!m_interactive) {
        std::fprintf(m_stream, "%s\n", qPrintable(text));
        std::fflush(m_stream);
        return;
    }
    clear();
    std::fprintf(m_stream, "%s\n", qPrintable(text));
    draw();
}

void ProgressBar::finish()
{
    if (m_interactive)
        clear();
}

void ProgressBar::draw()
{
    // \r and erase-line: redraw in place.
    std::fprintf(m_stream, "\r\x1b[2K%s", qPrintable(render(m_done, m_total, m_clock.elapsed(), m_label, terminalWidth(m_stream))));
    std::fflush(m_stream);
    m_drawn = true;
}

void ProgressBar::clear()
{
    if (m_drawn)
        std::fprintf(m_stream, "\r\x1b[2K");
    std::fflush(m_stream);
    m_drawn = false;
}

} // namespace tileport::cli
