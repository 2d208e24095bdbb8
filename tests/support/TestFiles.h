// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QStringList>

// Small file helpers the end-to-end tests share.
namespace tileport::testing {

inline QByteArray readBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QString readText(const QString &path)
{
    return QString::fromUtf8(readBytes(path));
}

// Copies the files under `from` into `to` (Python caches left out): a
// fixture tree a test then writes into.
inline bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        if (src.contains(QLatin1String("__pycache__")) || src.contains(QLatin1String(".pytest_cache")))
            continue;
        const QString dst = to + QLatin1Char('/') + QDir(from).relativeFilePath(src);
        QDir().mkpath(QFileInfo(dst).path());
        if (!QFile::copy(src, dst))
            return false;
    }
    return true;
}

// Copies examples/cutile/EXAMPLE.py and its .tileport.json into `dir` as
// STEM.py (crates share the cargo target directory, so a test session
// gets a stem of its own). The copied kernel's path, or "" on failure.
inline QString copyExample(const QString &example, const QString &dir, const QString &stem)
{
    const QDir examples(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile"));
    const QString kernel = QDir(dir).filePath(stem + QStringLiteral(".py"));
    if (!QFile::copy(examples.filePath(example + QStringLiteral(".py")), kernel)
        || !QFile::copy(examples.filePath(example + QStringLiteral(".tileport.json")),
                        QDir(dir).filePath(stem + QStringLiteral(".tileport.json"))))
        return {};
    return kernel;
}

// Every .py file under examples/ and tests/fixtures/, sorted: the kernel
// files the translator's whole-corpus tests go through.
inline QStringList kernelFiles()
{
    QStringList out;
    for (const char *dir : {"examples", "tests/fixtures"}) {
        QDirIterator it(QStringLiteral(TILEPORT_SOURCE_DIR "/") + QLatin1String(dir), {QStringLiteral("*.py")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            out << it.next();
    }
    out.sort();
    return out;
}

} // namespace tileport::testing
