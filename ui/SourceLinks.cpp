// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SourceLinks.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace tileport::ui {

namespace {

void addUnique(QList<int> &list, int v)
{
    if (v > 0 && !list.contains(v))
        list << v;
}

void sortList(QList<int> &l)
{
    std::sort(l.begin(), l.end());
}

} // namespace

bool SourceLinks::loadSourcemap(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || doc.object().value(QStringLiteral("schema")).toString() != QLatin1String("tileport-sourcemap/1")) {
        *error = pe.error != QJsonParseError::NoError ? QStringLiteral("%1: offset %2: %3").arg(path).arg(pe.offset).arg(pe.errorString())
                                                      : QStringLiteral("%1: not a tileport-sourcemap/1 file").arg(path);
        return false;
    }
    QMap<int, QList<int>> map;
    for (const QJsonValue &v : doc.object().value(QStringLiteral("lines")).toArray()) {
        const QJsonObject o = v.toObject();
        QList<int> py;
        for (const QJsonValue &p : o.value(QStringLiteral("python")).toArray())
            py << p.toInt();
        map.insert(o.value(QStringLiteral("rust")).toInt(), py);
    }
    setSourcemap(map);
    return true;
}

void SourceLinks::setSourcemap(const QMap<int, QList<int>> &rustToPython)
{
    m_rustToPython = rustToPython;
    m_pythonToRust.clear();
    for (auto it = rustToPython.cbegin(); it != rustToPython.cend(); ++it)
        for (int py : it.value())
            addUnique(m_pythonToRust[py], it.key());
}

void SourceLinks::setDiff(const AlignedDiff &diff, const QString &pythonFile)
{
    m_pythonToRows.clear();
    m_rustToRows.clear();
    m_rowPython = QList<int>(diff.rows.size(), 0);
    m_rowRust = QList<int>(diff.rows.size(), 0);
    const QString pyName = QFileInfo(pythonFile).fileName();
    // Rows of a module mostly name one or two files: the last file's name is kept.
    QString lastFile, lastName;
    for (int r = 0; r < diff.rows.size(); ++r) {
        const AlignedRow &row = diff.rows[r];
        // Locations name the file as the compiler saw it; the file name is what both sides share.
        for (const IrLoc *loc : {&row.refLoc, &row.genLoc}) {
            if (!loc->known())
                continue;
            if (loc->file != lastFile) {
                lastFile = loc->file;
                lastName = QFileInfo(lastFile).fileName();
            }
            const QString &name = lastName;
            if (name == pyName && !m_rowPython[r]) {
                m_rowPython[r] = loc->line;
                addUnique(m_pythonToRows[loc->line], r);
            } else if (name.endsWith(QLatin1String(".rs")) && !m_rowRust[r]) {
                m_rowRust[r] = loc->line;
                addUnique(m_rustToRows[loc->line], r);
            }
        }
    }
}

void SourceLinks::clear()
{
    *this = SourceLinks();
}

SourceLinks::Links SourceLinks::expandPython(const QList<int> &python) const
{
    Links out;
    for (int py : python) {
        addUnique(out.python, py);
        for (int rs : m_pythonToRust.value(py))
            addUnique(out.rust, rs);
        for (int row : m_pythonToRows.value(py))
            addUnique(out.irRows, row);
    }
    for (int rs : QList<int>(out.rust))
        for (int row : m_rustToRows.value(rs))
            addUnique(out.irRows, row);
    sortList(out.python);
    sortList(out.rust);
    sortList(out.irRows);
    return out;
}

SourceLinks::Links SourceLinks::fromPython(int line) const
{
    return expandPython({line});
}

SourceLinks::Links SourceLinks::fromRust(int line) const
{
    Links out = expandPython(m_rustToPython.value(line));
    // The clicked Rust line stays the focus, not every Rust line of the same Python line.
    out.rust = {line};
    for (int row : m_rustToRows.value(line))
        addUnique(out.irRows, row);
    sortList(out.irRows);
    return out;
}

SourceLinks::Links SourceLinks::fromIrRow(int row) const
{
    if (row < 0 || row >= m_rowPython.size())
        return {};
    QList<int> python;
    addUnique(python, m_rowPython[row]);
    for (int py : m_rustToPython.value(m_rowRust[row]))
        addUnique(python, py);
    Links out = expandPython(python);
    addUnique(out.rust, m_rowRust[row]);
    addUnique(out.irRows, row);
    sortList(out.rust);
    sortList(out.irRows);
    return out;
}

SourceLinks::Links SourceLinks::fromIrRows(const QList<int> &rows) const
{
    Links out;
    for (int row : rows) {
        const Links one = fromIrRow(row);
        for (int py : one.python)
            addUnique(out.python, py);
        for (int rs : one.rust)
            addUnique(out.rust, rs);
        for (int r : one.irRows)
            if (!out.irRows.contains(r))
                out.irRows << r;
    }
    sortList(out.python);
    sortList(out.rust);
    sortList(out.irRows);
    return out;
}

QList<int> SourceLinks::linkedPythonLines() const
{
    QList<int> lines = m_pythonToRust.keys();
    for (int py : m_pythonToRows.keys())
        addUnique(lines, py);
    lines.removeAll(0);
    sortList(lines);
    return lines;
}

int SourceLinks::nextLinkedPythonLine(int line) const
{
    const QList<int> lines = linkedPythonLines();
    for (int l : lines)
        if (l > line)
            return l;
    return lines.isEmpty() ? 0 : lines.first();
}

} // namespace tileport::ui
