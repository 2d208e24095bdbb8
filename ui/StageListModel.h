// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractListModel>
#include <QList>

namespace tileport::ui {

// The pipeline's stages with their latest verdict, for the pipeline panel.
class StageListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        StageIdRole = Qt::UserRole + 1,
        TitleRole,
        JobRole,
        VerdictRole, // empty until the stage has run
        NeedsGpuRole,
    };
    Q_ENUM(Role)

    explicit StageListModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setVerdict(QChar stage, const QString &verdict);

private:
    QList<QString> m_verdicts;
};

} // namespace tileport::ui
