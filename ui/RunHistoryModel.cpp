// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RunHistoryModel.h"

#include "BenchmarkReport.h"
#include "Session.h"
#include "StageCatalog.h"
#include "StageListModel.h"

#include <QColor>
#include <QDir>
#include <QFile>

namespace tileport::ui {

RunHistoryModel::RunHistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

bool RunHistoryModel::load(const QString &sessionDir, QString *error)
{
    const auto session = Session::open(sessionDir, error, Session::Access::ReadOnly);
    beginResetModel();
    m_runs.clear();
    if (session) {
        for (const Session::Run &r : session->runs()) {
            Run run;
            run.number = r.number;
            for (const StageInfo &s : StageCatalog::stages()) {
                const StageRecord *rec = session->latest(r.number, s.id);
                run.verdicts << (rec ? rec->verdict : QString());
            }
            const QString e = QDir(session->runDirectory(r.number)).filePath(QStringLiteral("reports/stage_E.json"));
            if (QFile::exists(e)) {
                const BenchmarkReport b = BenchmarkReport::load(e);
                if (b.error.isEmpty()) {
                    run.geomean = b.geomean;
                    run.benchReport = e;
                }
            }
            m_runs << run;
        }
    }
    endResetModel();
    return bool(session);
}

QList<QPair<int, QString>> RunHistoryModel::benchmarkReports() const
{
    QList<QPair<int, QString>> out;
    for (auto it = m_runs.crbegin(); it != m_runs.crend(); ++it)
        if (!it->benchReport.isEmpty())
            out.append({it->number, it->benchReport});
    return out;
}

QString RunHistoryModel::latestBenchmarkReport() const
{
    for (auto it = m_runs.crbegin(); it != m_runs.crend(); ++it)
        if (!it->benchReport.isEmpty())
            return it->benchReport;
    return {};
}

int RunHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(StageCatalog::stages().size()) + 2;
}

QVariant RunHistoryModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    if (section == 0)
        return tr("run");
    if (section == columnCount() - 1)
        return tr("geomean");
    return QString(StageCatalog::stages().at(section - 1).id);
}

QVariant RunHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_runs.size())
        return {};
    const Run &r = m_runs.at(index.row());
    const int col = index.column();
    const bool stageCol = col >= 1 && col <= r.verdicts.size();
    switch (role) {
    case Qt::DisplayRole:
        if (col == 0)
            return r.number;
        if (stageCol)
            return r.verdicts.at(col - 1);
        return r.geomean > 0 ? QString::number(r.geomean, 'f', 3) : QString();
    case Qt::BackgroundRole:
        if (stageCol && !r.verdicts.at(col - 1).isEmpty()) {
            QColor c = StageListModel::badgeColor(StageCatalog::stages().at(col - 1).id, r.verdicts.at(col - 1));
            c.setAlpha(70);
            return c;
        }
        return {};
    case RunRole:
        return r.number;
    case VerdictRole:
        return stageCol ? r.verdicts.at(col - 1) : QString();
    case GeomeanRole:
        return r.geomean;
    }
    return {};
}

QHash<int, QByteArray> RunHistoryModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(RunRole, "run");
    names.insert(VerdictRole, "verdict");
    names.insert(GeomeanRole, "geomean");
    return names;
}

} // namespace tileport::ui
