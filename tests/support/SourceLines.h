// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once
// Finds where a piece of text sits in a source file, for tests that check
// debug locations against the kernels they came from.

#include <QFile>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace tileport::testing {

// 1-based number of the first line of `file` containing `needle`, 0 if none.
inline uint64_t lineOf(const QString &file, const QString &needle)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(needle))
            return uint64_t(i + 1);
    return 0;
}

} // namespace tileport::testing
