// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ModuleAnalyzer.h"

#include "KernelAssembler.h"
#include "PythonSource.h"

#include <QFile>
#include <QFileInfo>

namespace tileport::frontend {

namespace {

// Offset of the first byte that does not start or continue a valid UTF-8
// sequence (overlong forms and surrogates included), or -1.
qsizetype invalidUtf8(const QByteArray &b)
{
    const auto *p = reinterpret_cast<const unsigned char *>(b.constData());
    const qsizetype n = b.size();
    qsizetype i = 0;
    while (i < n) {
        const unsigned char c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        int len = 0;
        uint32_t cp = 0;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
        else return i;
        if (i + len > n)
            return i;
        for (int k = 1; k < len; ++k) {
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (p[i + k] & 0x3F);
        }
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF
            || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return -1;
}

} // namespace

ModuleAnalysis ModuleAnalyzer::analyzeFile(const QString &path)
{
    ModuleAnalysis out;
    out.file = path;
    const QFileInfo info(path);
    if (!info.exists()) {
        out.error = QStringLiteral("%1: no such file").arg(path);
        return out;
    }
    if (!info.isFile()) {
        out.error = QStringLiteral("%1: not a regular file").arg(path);
        return out;
    }
    if (info.size() > kMaxFileBytes) {
        out.error = QStringLiteral("%1: %2 bytes is larger than the %3-byte limit for a kernel file")
                        .arg(path).arg(info.size()).arg(kMaxFileBytes);
        return out;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        out.error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return out;
    }
    const QByteArray bytes = f.read(kMaxFileBytes + 1);
    if (f.error() != QFileDevice::NoError) {
        out.error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return out;
    }
    if (bytes.size() > kMaxFileBytes) {
        out.error = QStringLiteral("%1: larger than the %2-byte limit for a kernel file").arg(path).arg(kMaxFileBytes);
        return out;
    }
    return analyzeSource(bytes, path);
}

ModuleAnalysis ModuleAnalyzer::analyzeSource(const QByteArray &source, const QString &fileName)
{
    ModuleAnalysis out;
    out.file = fileName;
    QByteArray utf8 = source;
    if (utf8.startsWith("\xEF\xBB\xBF"))
        utf8.remove(0, 3); // a UTF-8 byte order mark is allowed and not part of line 1's columns
    if (utf8.size() > kMaxFileBytes) {
        out.error = QStringLiteral("%1: larger than the %2-byte limit for a kernel file").arg(fileName).arg(kMaxFileBytes);
        return out;
    }
    const auto parsed = std::make_shared<const PythonSource>(utf8, fileName);
    const PythonSource &src = *parsed;
    out.source = parsed;
    const auto at = [&](qsizetype offset) {
        SourceRange r;
        src.position(uint32_t(offset), r.line, r.col);
        r.endLine = r.line;
        r.endCol = r.col + 1;
        return r;
    };
    const qsizetype bad = invalidUtf8(utf8);
    if (bad >= 0)
        out.syntaxErrors.append({at(bad), QStringLiteral("invalid UTF-8 byte 0x%1 (Python source must be UTF-8)")
                                              .arg(uint(static_cast<unsigned char>(utf8[bad])), 2, 16, QLatin1Char('0'))});
    const qsizetype nul = utf8.indexOf('\0');
    if (nul >= 0)
        out.syntaxErrors.append({at(nul), QStringLiteral("source contains a NUL byte")});
    out.syntaxErrors += src.syntaxErrors();
    std::stable_sort(out.syntaxErrors.begin(), out.syntaxErrors.end(), [](const SyntaxError &a, const SyntaxError &b) {
        return a.range.line != b.range.line ? a.range.line < b.range.line : a.range.col < b.range.col;
    });
    // One report per place: the encoding check and the parser often see the same byte.
    for (qsizetype i = out.syntaxErrors.size() - 1; i > 0; --i)
        if (out.syntaxErrors[i].range.line == out.syntaxErrors[i - 1].range.line
            && out.syntaxErrors[i].range.col == out.syntaxErrors[i - 1].range.col)
            out.syntaxErrors.removeAt(i);
    KernelAssembler(src, out).run();
    return out;
}

} // namespace tileport::frontend
