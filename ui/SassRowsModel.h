// SPDX-License-Identifier: MIT
#pragma once

#include "SassAlignment.h"

#include <QAbstractTableModel>

namespace tileport::ui {

// The machine-code tab's side-by-side SASS (reference | generated), coloured
// as the IR diff's rows are, with the same keyboard walk through the differences.
class SassRowsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        KindRole = Qt::UserRole + 1, // "matched", "changed", "inserted", "deleted", "function"
        RegistersOnlyRole,           // bool: equal up to register numbers
    };
    Q_ENUM(Role)
    enum class Walk { NextDifference, PreviousDifference };

    explicit SassRowsModel(QObject *parent = nullptr);

    void setAlignment(const SassSideBySide &a);
    const SassSideBySide &alignment() const { return m_a; }
    bool isDifference(int row) const;
    // As DiffRowsModel::walk: the next (or previous) difference from `row`, wrapping; -1 when none.
    int walk(int row, Walk step) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    SassSideBySide m_a;
};

} // namespace tileport::ui
