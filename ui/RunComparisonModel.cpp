// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RunComparisonModel.h"

#include "StageListModel.h"

#include <QColor>

namespace tileport::ui {

namespace {

QString ratioText(double r)
{
    return r > 0 ? QString::number(r, 'f', 3) : QStringLiteral("–");
}

} // namespace

RunComparisonModel::RunComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void RunComparisonModel::setComparison(const RunComparison &c)
{
    beginResetModel();
    m_c = c;
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

int RunComparisonModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_c.error.isEmpty())
        return 0;
    return int(m_c.stages.size()) + 1 + int(m_c.benchmarks.size());
}

int RunComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 4;
}

int RunComparisonModel::rowOf(const QString &key) const
{
    for (int r = 0; r < rowCount(); ++r)
        if (index(r, 0).data(KeyRole).toString() == key)
            return r;
    return -1;
}

QVariant RunComparisonModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case 0: return tr("stage / config");
    case 1: return tr("run %1").arg(m_c.runA);
    case 2: return tr("run %1").arg(m_c.runB);
    default: return tr("change");
    }
}

QVariant RunComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const int row = index.row(), col = index.column();
    const int stages = int(m_c.stages.size());
    QString kind, key, label;
    QVariant a, b;
    double factor = 0;
    if (row < stages) {
        const RunComparison::Stage &s = m_c.stages.at(row);
        kind = QStringLiteral("stage");
        key = QString(s.id);
        label = QStringLiteral("%1 %2").arg(s.id).arg(s.title);
        a = s.verdictA;
        b = s.verdictB;
    } else {
        double ra, rb;
        if (row == stages) {
            kind = QStringLiteral("geomean");
            key = label = tr("geomean rust/ref");
            ra = m_c.geomeanA;
            rb = m_c.geomeanB;
        } else {
            const RunComparison::Benchmark &bm = m_c.benchmarks.at(row - stages - 1);
            kind = QStringLiteral("benchmark");
            key = label = bm.config;
            ra = bm.ratioA;
            rb = bm.ratioB;
        }
        a = ra;
        b = rb;
        factor = ra > 0 && rb > 0 ? rb / ra : 0;
    }
    const bool changed = a != b;
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case 0: return label;
        case 1: return kind == QLatin1String("stage") ? a : QVariant(ratioText(a.toDouble()));
        case 2: return kind == QLatin1String("stage") ? b : QVariant(ratioText(b.toDouble()));
        default:
            if (kind == QLatin1String("stage"))
                return changed ? QStringLiteral("%1 → %2").arg(a.toString().isEmpty() ? QStringLiteral("–") : a.toString(),
                                                                b.toString().isEmpty() ? QStringLiteral("–") : b.toString())
                               : QString();
            return factor > 0 ? QStringLiteral("×%1").arg(factor, 0, 'f', 3) : QString();
        }
    case Qt::BackgroundRole:
        if (kind == QLatin1String("stage") && (col == 1 || col == 2)) {
            const QString v = (col == 1 ? a : b).toString();
            if (v.isEmpty())
                return {};
            QColor c = StageListModel::badgeColor(key.at(0), v);
            c.setAlpha(70);
            return c;
        }
        if (col == 3 && factor > 0 && factor != 1.0)
            return factor < 1 ? QColor(0x2e, 0xa0, 0x43, 60) : QColor(0xd0, 0x36, 0x36, 60); // lower rust/ref is faster
        return {};
    case KindRole: return kind;
    case KeyRole: return key;
    case ValueARole: return a;
    case ValueBRole: return b;
    case ChangedRole: return changed;
    case FactorRole: return factor;
    }
    return {};
}

QHash<int, QByteArray> RunComparisonModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(KeyRole, "key");
    names.insert(ValueARole, "valueA");
    names.insert(ValueBRole, "valueB");
    names.insert(ChangedRole, "changed");
    names.insert(FactorRole, "factor");
    return names;
}

} // namespace tileport::ui
