// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "OpCountModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QFontDatabase>

#include <algorithm>
#include <cstdlib>

namespace tileport::ui {

OpCountModel::OpCountModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void OpCountModel::setCounts(const QList<OpCount> &counts)
{
    beginResetModel();
    m_counts = counts;
    std::stable_sort(m_counts.begin(), m_counts.end(), [](const OpCount &a, const OpCount &b) {
        const int da = std::abs(a.gen - a.ref), db = std::abs(b.gen - b.ref);
        return da != db ? da > db : a.op < b.op;
    });
    endResetModel();
}

int OpCountModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_counts.size());
}

int OpCountModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpCountModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case OpColumn: return m_keyTitle.isEmpty() ? tr("op") : m_keyTitle;
    case RefColumn: return tr("ref");
    case GenColumn: return tr("gen");
    case DeltaColumn: return tr("Δ");
    }
    return {};
}

QVariant OpCountModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_counts.size())
        return {};
    const OpCount &c = m_counts.at(index.row());
    const int delta = c.gen - c.ref;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OpColumn: return c.op;
        case RefColumn: return c.ref;
        case GenColumn: return c.gen;
        case DeltaColumn: return delta == 0 ? QString() : QStringLiteral("%1%2").arg(delta > 0 ? QStringLiteral("+") : QString()).arg(delta);
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == OpColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (index.column() == OpColumn) {
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        }
        return {};
    case Qt::BackgroundRole:
        return delta != 0 ? QBrush(QColor(0xf0, 0xa0, 0x20, 60)) : QVariant();
    case Qt::ToolTipRole:
        return tr("%1: %2 in the reference, %3 generated").arg(c.op).arg(c.ref).arg(c.gen);
    case OpRole: return c.op;
    case RefRole: return c.ref;
    case GenRole: return c.gen;
    case DeltaRole: return delta;
    case AbsDeltaRole: return std::abs(delta);
    }
    return {};
}

QHash<int, QByteArray> OpCountModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(OpRole, "op");
    names.insert(RefRole, "ref");
    names.insert(GenRole, "gen");
    names.insert(DeltaRole, "delta");
    names.insert(AbsDeltaRole, "absDelta");
    return names;
}

} // namespace tileport::ui
