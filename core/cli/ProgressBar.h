// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QElapsedTimer>
#include <QString>

#include <cstdio>

namespace tileport::cli {

// A progress bar for long commands (batch), drawn in place on a terminal:
// "[#####.....]  12/40  30%  ETA 1m05s  softmax.py". When the stream is
// not a terminal it draws nothing, and the command prints one line per
// item as before. Lines printed through line() scroll above the bar.
class ProgressBar
{
public:
    explicit ProgressBar(std::FILE *stream = stderr);

    bool interactive() const { return m_interactive; }
    // Starts the clock the ETA is measured on.
    void start();
    void update(int done, int total, const QString &label);
    // A line above the bar (the bar is redrawn under it).
    void line(const QString &text);
    // Clears the bar, leaving the lines above it.
    void finish();

    // The bar's text for WIDTH columns; the ETA extrapolates the mean time per item.
    static QString render(int done, int total, qint64 elapsedMs, const QString &label, int width);
    static QString duration(qint64 ms);

private:
    void draw();
    void clear();

    std::FILE *m_stream;
    bool m_interactive = false;
    bool m_drawn = false;
    int m_done = 0, m_total = 0;
    QString m_label;
    QElapsedTimer m_clock;
};

} // namespace tileport::cli
