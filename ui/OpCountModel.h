// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrAlignment.h"

#include <QAbstractTableModel>

namespace tileport::ui {

// The op census of an IR diff (op, ref, gen, Δ), largest |Δ| first, then
// by name: the ops whose counts moved are what a reviewer reads first.
class OpCountModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { OpColumn, RefColumn, GenColumn, DeltaColumn, ColumnCount };
    enum Role {
        OpRole = Qt::UserRole + 1, // QString
        RefRole,      // int
        GenRole,      // int
        DeltaRole,    // int: gen - ref
        AbsDeltaRole, // int: |gen - ref|, the sort key
    };
    Q_ENUM(Role)

    explicit OpCountModel(QObject *parent = nullptr);

    void setCounts(const QList<OpCount> &counts);
    // The first column's title: "op", or "resource" where it lists SASS resources.
    void setKeyTitle(const QString &title) { m_keyTitle = title; }
    const QList<OpCount> &counts() const { return m_counts; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QList<OpCount> m_counts;
    QString m_keyTitle;
};

} // namespace tileport::ui
