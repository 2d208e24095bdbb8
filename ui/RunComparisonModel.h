// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "RunComparison.h"

#include <QAbstractTableModel>

namespace tileport::ui {

// A RunComparison as one table: a row per stage (its verdict in run A and
// in run B), then stage E's geomean and a row per benchmarked config
// (rust/ref in A and B, and B/A). Columns: item, run A, run B, change.
class RunComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        KindRole = Qt::UserRole + 1, // "stage", "geomean", "benchmark"
        KeyRole,                     // the stage id or the config
        ValueARole,                  // verdict (QString) or ratio (double, 0: none)
        ValueBRole,
        ChangedRole,                 // bool: run B differs from run A
        FactorRole,                  // double: ratio B / ratio A (0 when either is missing)
    };
    Q_ENUM(Role)

    explicit RunComparisonModel(QObject *parent = nullptr);

    void setComparison(const RunComparison &c);
    const RunComparison &comparison() const { return m_c; }
    // The row of a stage or benchmark key, -1 when absent.
    int rowOf(const QString &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    RunComparison m_c;
};

} // namespace tileport::ui
