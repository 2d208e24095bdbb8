// SPDX-License-Identifier: MIT
#include "DiffRowsModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

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
        QFont f(QStringLiteral("monospace"));
        f.setStyleHint(QFont::Monospace);
        f.setBold(row.kind == AlignedRow::Kind::Function);
        return f;
    }
    case Qt::BackgroundRole:
        if (m_linked.contains(index.row()))
            return QBrush(QColor(0x4a, 0x90, 0xe2, 90));
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
        // Each changed attribute's name is marked where it appears in the op's text.
        QString html = text().toHtmlEscaped();
        for (const QString &name : row.changedNames)
            if (!name.startsWith(QLatin1Char('#')))
                html.replace(name.toHtmlEscaped(), QStringLiteral("<span style=\"background:#f0c040;color:#000\">%1</span>")
                                                       .arg(name.toHtmlEscaped()));
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
    }
    return {};
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
    return names;
}

} // namespace tileport::ui
