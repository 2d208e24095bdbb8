// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SourceRange.h"
#include "SyntaxError.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <tree_sitter/api.h>

#include <string_view>
#include <vector>

namespace tileport::frontend {

// A Python file parsed with tree-sitter-python: the UTF-8 bytes, the tree,
// and conversions from byte offsets to 1-based line:column (columns count
// characters, as editors and Python tracebacks do).
class PythonSource
{
public:
    PythonSource(QByteArray utf8, QString fileName);
    ~PythonSource();
    PythonSource(const PythonSource &) = delete;
    PythonSource &operator=(const PythonSource &) = delete;

    TSNode root() const;
    const QString &fileName() const { return m_fileName; }
    const QByteArray &bytes() const { return m_bytes; }

    std::string_view view(TSNode n) const;
    QString text(TSNode n) const;
    // The text with runs of whitespace (newlines, continuation indents) folded
    // to one space, for one-line reports.
    QString flatText(TSNode n) const;
    SourceRange range(TSNode n) const;
    // 1-based line and column of a byte offset.
    void position(uint32_t offset, int &line, int &col) const;

    // ERROR and MISSING nodes, and Python 2 statements, in source order (at
    // most `limit`).
    QList<SyntaxError> syntaxErrors(int limit = 50) const;

private:
    SyntaxError describeError(TSNode error) const;

    QByteArray m_bytes;
    QString m_fileName;
    TSParser *m_parser = nullptr;
    TSTree *m_tree = nullptr;
    std::vector<uint32_t> m_lineStarts;
};

} // namespace tileport::frontend
