// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once
// The kernel directory the batch tests run on: real example kernels with
// their sidecars, a file with one translatable and one refused kernel, a
// malformed kernel file, a file of bytes that are not Python and a plain
// Python file without kernels, in a sub-directory.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace tileport::testing {

inline bool writeBatchFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Fills `root`; returns false when a file could not be written or copied.
inline bool makeBatchTree(const QString &root)
{
    const QDir examples(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile"));
    const QDir dir(root);
    bool ok = QDir().mkpath(dir.filePath(QStringLiteral("ops")));
    for (const char *name : {"vector_add.py", "vector_add.tileport.json", "softmax.py", "softmax.tileport.json"})
        ok &= QFile::copy(examples.filePath(QString::fromLatin1(name)), dir.filePath(QStringLiteral("ops/%1").arg(QString::fromLatin1(name))));
    ok &= writeBatchFile(dir.filePath(QStringLiteral("mixed.py")),
                         "import cuda.tile as ct\n"
                         "\n"
                         "\n"
                         "@ct.kernel\n"
                         "def checked_copy(a, b, TILE: ct.Constant[int]):\n"
                         "    if ct.bid(0) > 4096:\n"
                         "        raise ValueError(\"tile too large\")\n"
                         "    pid = ct.bid(0)\n"
                         "    ct.store(b, index=(pid,), tile=ct.load(a, index=(pid,), shape=(TILE,)))\n"
                         "\n"
                         "\n"
                         "@ct.kernel\n"
                         "def copy_tile(a, b, TILE: ct.Constant[int]):\n"
                         "    pid = ct.bid(0)\n"
                         "    t = ct.load(a, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)\n"
                         "    ct.store(b, index=(pid,), tile=t)\n");
    ok &= writeBatchFile(dir.filePath(QStringLiteral("broken.py")),
                         "import cuda.tile as ct\n"
                         "\n"
                         "\n"
                         "@ct.kernel\n"
                         "def broken(a, b, TILE: ct.Constant[int]):\n"
                         "    pid = ct.bid(0\n"
                         "    ct.store(b, index=(pid,), tile=ct.load(a, index=(pid,), shape=(TILE,)))\n");
    ok &= writeBatchFile(dir.filePath(QStringLiteral("garbage.py")), QByteArray("\x7f" "ELF\x02\x01\x01\x00\xff\xfe\x00\x00 ((((", 19));
    ok &= writeBatchFile(dir.filePath(QStringLiteral("tools/util.py")),
                         "def ceil_div(a, b):\n"
                         "    return (a + b - 1) // b\n");
    return ok;
}

} // namespace tileport::testing
