// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IrAlignment.h"

#include <QAbstractTableModel>

namespace tileport::ui {

// The findings of the IR diff row a reviewer selected: severity, rule,
// owner and message, one finding a row (the IR diff pane's details).
class DiffFindingsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeverityColumn, RuleColumn, OwnerColumn, MessageColumn, ColumnCount };
    enum Role {
        SeverityRole = Qt::UserRole + 1, // "critical", "workaround", "note"
        RuleRole,
        OwnerRole,
        MessageRole,
        FindingRole, // int: the index in AlignedDiff::findings
    };
    Q_ENUM(Role)

    explicit DiffFindingsModel(QObject *parent = nullptr);

    // The findings `indices` of `all`.
    void setFindings(const QList<IrFinding> &all, const QList<int> &indices);
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QList<IrFinding> m_findings;
    QList<int> m_indices;
};

} // namespace tileport::ui
