// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "DiffRowsModel.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <QFont>
#include <QFontDatabase>
#include <QPoint>

#include <algorithm>

namespace tileport::ui {

DiffRowsModel::DiffRowsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

QString DiffRowsModel::kindName(AlignedRow::Kind k)
{
    switch (k) {
    case AlignedRow::Kind::Matched: return QStringLiteral("matched");
    case AlignedRow::Kind::Changed: return QStringLiteral("changed");
    case AlignedRow::Kind::Inserted: return QStringLiteral("inserted");
    case AlignedRow::Kind::Deleted: return QStringLiteral("deleted");
    case AlignedRow::Kind::Function: return QStringLiteral("function");
    }
    return {};
}

void DiffRowsModel::setDiff(const AlignedDiff &diff)
{
    beginResetModel();
    m_diff = diff;
    m_linked.clear();
    endResetModel();
}

void DiffRowsModel::setLinkedRows(const QList<int> &rows)
{
    const QSet<int> old = m_linked;
    m_linked = QSet<int>(rows.begin(), rows.end());
    for (int r : old + m_linked)
        if (r >= 0 && r < m_diff.rows.size())
            Q_EMIT dataChanged(index(r, 0), index(r, 1), {LinkedRole, Qt::BackgroundRole});
}

QString DiffRowsModel::summary() const
{
    if (!m_diff.error.isEmpty())
        return m_diff.error;
    int critical = 0;
    for (const IrFinding &f : m_diff.findings)
        critical += f.severity == QLatin1String("critical");
    return QStringLiteral("%1 · ops ref %2 / gen %3 · %4 matched, %5 changed, %6 inserted, %7 deleted · %8 critical, %9 findings")
        .arg(m_diff.verdict)
        .arg(m_diff.refOps)
        .arg(m_diff.genOps)
        .arg(m_diff.matched)
        .arg(m_diff.changed)
        .arg(m_diff.inserted)
        .arg(m_diff.deleted)
        .arg(critical)
        .arg(m_diff.findings.size());
}

int DiffRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.rows.size());
}

int DiffRowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 2;
}

QVariant DiffRowsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o == Qt::Horizontal && role == Qt::DisplayRole)
        return section == 0 ? tr("Reference (cuTile Python)") : tr("Generated (cuTile Rust)");
    return QAbstractTableModel::headerData(section, o, role);
}

QVariant DiffRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_diff.rows.size())
        return {};
    const AlignedRow &row = m_diff.rows.at(index.row());
    const bool ref = index.column() == 0;
    // Printed on first use, and only for the roles that show it: a view
    // prints just the rows on screen, and filtering on KindRole prints none.
    auto text = [&] { return ref ? m_diff.refText(row) : m_diff.genText(row); };
    const bool hasOp = ref ? (row.refOp >= 0 || !row.refFunction.isEmpty()) : (row.genOp >= 0 || !row.genFunction.isEmpty());
    const IrLoc &loc = ref ? row.refLoc : row.genLoc;
    switch (role) {
    case Qt::DisplayRole:
        return hasOp ? QString(row.depth * 2, QLatin1Char(' ')) + text() : QString();
    case Qt::ToolTipRole:
        return row.changes.isEmpty() ? (loc.known() ? QStringLiteral("%1:%2:%3").arg(loc.file).arg(loc.line).arg(loc.col) : QString())
                                     : row.changes.join(QLatin1Char('\n'));
    case Qt::FontRole: {
        QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        f.setBold(row.kind == AlignedRow::Kind::Function);
        return f;
    }
    case Qt::BackgroundRole:
        // A linked row without a kind of its own gets the link tint; the others keep
        // theirs and the delegate marks the link with a bar.
        if (m_linked.contains(index.row()) && row.kind == AlignedRow::Kind::Matched && !row.critical)
            return QBrush(QColor(0x4a, 0x90, 0xe2, 45));
        if (row.critical)
            return QBrush(QColor(0xd0, 0x36, 0x36, 70));
        switch (row.kind) {
        case AlignedRow::Kind::Changed: return QBrush(QColor(0xf0, 0xa0, 0x20, 50));
        case AlignedRow::Kind::Inserted: return ref ? QVariant() : QBrush(QColor(0x2e, 0xa0, 0x43, 50));
        case AlignedRow::Kind::Deleted: return ref ? QBrush(QColor(0xd0, 0x36, 0x36, 40)) : QVariant();
        default: return {};
        }
    case Qt::DecorationRole:
        return row.critical && hasOp ? QColor(0xd0, 0x36, 0x36) : QVariant();
    case KindRole:
        return kindName(row.kind);
    case ChangesRole:
        return row.changes;
    case CriticalRole:
        return row.critical;
    case MarkedTextRole: {
        // The changed attribute, type or operand is marked where it appears in the op's text.
        const QString t = text();
        QString html;
        int at = 0;
        for (const IrChangeMarks::Span &m : IrChangeMarks::find(t, row.edits, ref ? IrChangeMarks::Side::Ref : IrChangeMarks::Side::Gen)) {
            html += t.mid(at, m.start - at).toHtmlEscaped();
            html += QStringLiteral("<span style=\"background:#f0c040;color:#000\">%1</span>").arg(t.mid(m.start, m.length).toHtmlEscaped());
            at = m.start + m.length;
        }
        html += t.mid(at).toHtmlEscaped();
        if (!row.changes.isEmpty())
            html += QStringLiteral(" <i style=\"color:#c06000\">[%1]</i>").arg(row.changes.join(QStringLiteral("; ")).toHtmlEscaped());
        return html;
    }
    case LocRole:
        return loc.known() ? QStringLiteral("%1:%2:%3").arg(loc.file).arg(loc.line).arg(loc.col) : QString();
    case LineRole:
        return loc.line;
    case LinkedRole:
        return m_linked.contains(index.row());
    case MarksRole: {
        QVariantList out;
        for (const IrChangeMarks::Span &m : marks(index.row(), ref))
            out << QPoint(m.start, m.length);
        return out;
    }
    case FindingsRole: {
        QVariantList out;
        for (int f : row.findings)
            out << f;
        return out;
    }
    case PathRole:
        return ref ? row.refPath : row.genPath;
    }
    return {};
}

QList<IrChangeMarks::Span> DiffRowsModel::marks(int row, bool ref) const
{
    if (row < 0 || row >= m_diff.rows.size() || m_diff.rows.at(row).edits.isEmpty())
        return {};
    const AlignedRow &r = m_diff.rows.at(row);
    // Marks index the op's text; DisplayRole indents it by the nesting depth.
    QList<IrChangeMarks::Span> out = IrChangeMarks::find(ref ? m_diff.refText(r) : m_diff.genText(r), r.edits,
                                                         ref ? IrChangeMarks::Side::Ref : IrChangeMarks::Side::Gen);
    for (IrChangeMarks::Span &m : out)
        m.start += r.depth * 2;
    return out;
}

bool DiffRowsModel::isDifference(int row) const
{
    if (row < 0 || row >= m_diff.rows.size())
        return false;
    const AlignedRow &r = m_diff.rows.at(row);
    return r.kind == AlignedRow::Kind::Changed || r.kind == AlignedRow::Kind::Inserted || r.kind == AlignedRow::Kind::Deleted
           || !r.findings.isEmpty();
}

int DiffRowsModel::walk(int row, Walk step) const
{
    const int n = int(m_diff.rows.size());
    if (n == 0)
        return -1;
    const int dir = step == Walk::PreviousDifference ? -1 : 1;
    int at = row < 0 || row >= n ? (dir > 0 ? -1 : n) : row;
    for (int i = 0; i < n; ++i) {
        at = (at + dir + n) % n;
        const bool hit = step == Walk::NextCritical ? m_diff.rows.at(at).critical : isDifference(at);
        if (hit && at != row)
            return at;
    }
    return row >= 0 && row < n && (step == Walk::NextCritical ? m_diff.rows.at(row).critical : isDifference(row)) ? row : -1;
}

DiffRowsModel::Details DiffRowsModel::details(int row) const
{
    Details d;
    if (row < 0 || row >= m_diff.rows.size())
        return d;
    const AlignedRow &r = m_diff.rows.at(row);
    auto loc = [](const IrLoc &l) { return l.known() ? QStringLiteral("%1:%2:%3").arg(l.file).arg(l.line).arg(l.col) : QString(); };
    d.kind = kindName(r.kind);
    d.refText = m_diff.refText(r);
    d.genText = m_diff.genText(r);
    d.refLoc = loc(r.refLoc);
    d.genLoc = loc(r.genLoc);
    d.refMarks = IrChangeMarks::find(d.refText, r.edits, IrChangeMarks::Side::Ref);
    d.genMarks = IrChangeMarks::find(d.genText, r.edits, IrChangeMarks::Side::Gen);
    d.changes = r.changes;
    d.findings = r.findings;
    return d;
}

QList<int> DiffRowsModel::selectionFor(int row) const
{
    if (row < 0 || row >= m_diff.rows.size())
        return {};
    QList<int> out{row};
    for (int f : m_diff.rows.at(row).findings)
        if (f >= 0 && f < m_diff.findings.size())
            for (int r : m_diff.findings.at(f).rows)
                if (!out.contains(r))
                    out << r;
    std::sort(out.begin(), out.end());
    return out;
}

QList<int> DiffRowsModel::rowsAtSource(const QString &fileName, int line, bool ref) const
{
    QList<int> out;
    if (line <= 0)
        return out;
    QString lastFile, lastName; // most ops of a module name the same file
    for (int i = 0; i < m_diff.rows.size(); ++i) {
        const AlignedRow &r = m_diff.rows.at(i);
        const IrLoc &loc = ref ? r.refLoc : r.genLoc;
        if (loc.line != line || r.kind == AlignedRow::Kind::Function || (ref ? r.refOp : r.genOp) < 0)
            continue;
        if (loc.file != lastFile) {
            lastFile = loc.file;
            lastName = QFileInfo(loc.file).fileName();
        }
        if (lastName == fileName)
            out << i;
    }
    return out;
}

QHash<int, QByteArray> DiffRowsModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(ChangesRole, "changes");
    names.insert(CriticalRole, "critical");
    names.insert(MarkedTextRole, "markedText");
    names.insert(LocRole, "loc");
    names.insert(LineRole, "line");
    names.insert(LinkedRole, "linked");
    names.insert(MarksRole, "marks");
    names.insert(FindingsRole, "findings");
    names.insert(PathRole, "path");
    return names;
}

} // namespace tileport::ui
