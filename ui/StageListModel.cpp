// SPDX-License-Identifier: MIT
#include "StageListModel.h"

#include "StageCatalog.h"

namespace tileport::ui {

StageListModel::StageListModel(QObject *parent)
    : QAbstractListModel(parent)
{
    m_verdicts.resize(StageCatalog::stages().size());
}

int StageListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(StageCatalog::stages().size());
}

QVariant StageListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const StageInfo &s = StageCatalog::stages().at(index.row());
    const QString &verdict = m_verdicts.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("%1  %2 — %3").arg(s.id).arg(s.title,
                                                      verdict.isEmpty() ? QStringLiteral("not run") : verdict);
    case Qt::ToolTipRole:
        return s.job;
    case StageIdRole:
        return QString(s.id);
    case TitleRole:
        return s.title;
    case JobRole:
        return s.job;
    case VerdictRole:
        return verdict;
    case NeedsGpuRole:
        return s.needsGpu;
    }
    return {};
}

QHash<int, QByteArray> StageListModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(StageIdRole, "stageId");
    names.insert(TitleRole, "title");
    names.insert(JobRole, "job");
    names.insert(VerdictRole, "verdict");
    names.insert(NeedsGpuRole, "needsGpu");
    return names;
}

void StageListModel::setVerdict(QChar stage, const QString &verdict)
{
    const auto &stages = StageCatalog::stages();
    for (int i = 0; i < stages.size(); ++i) {
        if (stages[i].id == stage) {
            m_verdicts[i] = verdict;
            Q_EMIT dataChanged(index(i), index(i));
            return;
        }
    }
}

} // namespace tileport::ui
