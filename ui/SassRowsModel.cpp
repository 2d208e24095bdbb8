// SPDX-License-Identifier: MIT
#include "SassRowsModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QFontDatabase>

namespace tileport::ui {

namespace {

QString kindName(SassRow::Kind k)
{
    switch (k) {
    case SassRow::Kind::Matched: return QStringLiteral("matched");
    case SassRow::Kind::Changed: return QStringLiteral("changed");
    case SassRow::Kind::Inserted: return QStringLiteral("inserted");
    case SassRow::Kind::Deleted: return QStringLiteral("deleted");
    case SassRow::Kind::Function: return QStringLiteral("function");
    }
    return {};
}

} // namespace

SassRowsModel::SassRowsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SassRowsModel::setAlignment(const SassSideBySide &a)
{
    beginResetModel();
    m_a = a;
    endResetModel();
}

bool SassRowsModel::isDifference(int row) const
{
    if (row < 0 || row >= m_a.rows.size())
        return false;
    const SassRow::Kind k = m_a.rows.at(row).kind;
    return k == SassRow::Kind::Changed || k == SassRow::Kind::Inserted || k == SassRow::Kind::Deleted;
}

int SassRowsModel::walk(int row, Walk step) const
{
    const int n = int(m_a.rows.size());
    const int dir = step == Walk::PreviousDifference ? -1 : 1;
    int at = row < 0 || row >= n ? (dir > 0 ? -1 : n) : row;
    for (int i = 0; i < n; ++i) {
        at = (at + dir + n) % n;
        if (isDifference(at) && at != row)
            return at;
    }
    return isDifference(row) ? row : -1;
}

int SassRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_a.rows.size());
}

int SassRowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 2;
}

QVariant SassRowsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o == Qt::Horizontal && role == Qt::DisplayRole)
        return section == 0 ? tr("Reference SASS (%1 instructions)").arg(m_a.refInstructions)
                            : tr("Generated SASS (%1 instructions)").arg(m_a.genInstructions);
    return QAbstractTableModel::headerData(section, o, role);
}

QVariant SassRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_a.rows.size())
        return {};
    const SassRow &r = m_a.rows.at(index.row());
    const bool ref = index.column() == 0;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return ref ? r.ref : r.gen;
    case Qt::FontRole: {
        QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        f.setBold(r.kind == SassRow::Kind::Function);
        return f;
    }
    case Qt::BackgroundRole:
        switch (r.kind) {
        case SassRow::Kind::Changed: return QBrush(QColor(0xf0, 0xa0, 0x20, 50));
        case SassRow::Kind::Inserted: return ref ? QVariant() : QBrush(QColor(0x2e, 0xa0, 0x43, 50));
        case SassRow::Kind::Deleted: return ref ? QBrush(QColor(0xd0, 0x36, 0x36, 40)) : QVariant();
        default: return {};
        }
    case KindRole: return kindName(r.kind);
    case RegistersOnlyRole: return r.registersOnly;
    }
    return {};
}

QHash<int, QByteArray> SassRowsModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(RegistersOnlyRole, "registersOnly");
    return names;
}

} // namespace tileport::ui
