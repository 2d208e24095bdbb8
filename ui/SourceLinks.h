// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrAlignment.h"

#include <QList>
#include <QMap>
#include <QString>

namespace tileport::ui {

// Which lines of the three panes belong together: Python lines to Rust lines
// through the generator's sourcemap.json, Python lines to IR diff rows
// through the reference ops' debug locations, and generated ops located in
// the Rust file to Rust lines. Pure logic; the panes only display it.
class SourceLinks
{
public:
    struct Links {
        QList<int> python; // 1-based lines of the kernel file
        QList<int> rust;   // 1-based lines of src/lib.rs
        QList<int> irRows; // rows of the aligned IR diff
        bool isEmpty() const { return python.isEmpty() && rust.isEmpty() && irRows.isEmpty(); }
    };

    // Reads {"schema": "tileport-sourcemap/1", "lines": [{"rust": N, "python": [L, ...]}]}.
    bool loadSourcemap(const QString &path, QString *error);
    void setSourcemap(const QMap<int, QList<int>> &rustToPython);
    void setDiff(const AlignedDiff &diff, const QString &pythonFile);
    void clear();

    Links fromPython(int line) const;
    Links fromRust(int line) const;
    Links fromIrRow(int row) const;
    // The union of several rows' links: a finding that names several ops selects them all.
    Links fromIrRows(const QList<int> &rows) const;

    // Python lines that link to anything, in order: what the walk shortcut steps through.
    QList<int> linkedPythonLines() const;
    // The next linked Python line after `line` (wrapping), or 0 when there is none.
    int nextLinkedPythonLine(int line) const;

private:
    Links expandPython(const QList<int> &python) const;

    QMap<int, QList<int>> m_rustToPython;
    QMap<int, QList<int>> m_pythonToRust;
    QMap<int, QList<int>> m_pythonToRows; // reference ops located in the Python file
    QMap<int, QList<int>> m_rustToRows;   // generated ops located in the Rust file
    QList<int> m_rowPython;               // per row: its Python line (0 when none)
    QList<int> m_rowRust;                 // per row: its Rust line (0 when none)
};

} // namespace tileport::ui
