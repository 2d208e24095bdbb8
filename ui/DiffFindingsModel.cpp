// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "DiffFindingsModel.h"

#include <QColor>

namespace tileport::ui {

DiffFindingsModel::DiffFindingsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void DiffFindingsModel::setFindings(const QList<IrFinding> &all, const QList<int> &indices)
{
    beginResetModel();
    m_findings.clear();
    m_indices.clear();
    for (int i : indices)
        if (i >= 0 && i < all.size()) {
            m_findings.append(all.at(i));
            m_indices.append(i);
        }
    endResetModel();
}

void DiffFindingsModel::clear()
{
    setFindings({}, {});
}

int DiffFindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int DiffFindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffFindingsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case SeverityColumn: return tr("severity");
    case RuleColumn: return tr("rule");
    case OwnerColumn: return tr("owner");
    case MessageColumn: return tr("finding");
    }
    return {};
}

QVariant DiffFindingsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_findings.size())
        return {};
    const IrFinding &f = m_findings.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case SeverityColumn: return f.severity;
        case RuleColumn: return f.rule;
        case OwnerColumn: return f.owner;
        case MessageColumn: return f.message;
        }
        return {};
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignLeft | Qt::AlignTop); // a wrapped message's row reads from its first line
    case Qt::ForegroundRole:
        if (index.column() == SeverityColumn && f.severity == QLatin1String("critical"))
            return QColor(0xd0, 0x36, 0x36);
        if (index.column() == SeverityColumn && f.severity == QLatin1String("workaround"))
            return QColor(0xc0, 0x70, 0x00);
        return {};
    case SeverityRole: return f.severity;
    case RuleRole: return f.rule;
    case OwnerRole: return f.owner;
    case MessageRole: return f.message;
    case FindingRole: return m_indices.at(index.row());
    }
    return {};
}

QHash<int, QByteArray> DiffFindingsModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(SeverityRole, "severity");
    names.insert(RuleRole, "rule");
    names.insert(OwnerRole, "owner");
    names.insert(MessageRole, "message");
    names.insert(FindingRole, "finding");
    return names;
}

} // namespace tileport::ui
