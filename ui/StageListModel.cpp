// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageListModel.h"

#include "Verdict.h"
#include "StageFixHints.h"

#include "PipelineEvent.h"
#include "Router.h"
#include "StageCatalog.h"

#include <QColor>
#include <QJsonArray>
#include <QJsonObject>

namespace tileport::ui {

StageListModel::StageListModel(QObject *parent)
    : QAbstractListModel(parent)
{
    m_rows.resize(StageCatalog::stages().size());
}

int StageListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(StageCatalog::stages().size());
}

QColor StageListModel::badgeColor(QChar stage, const QString &verdict)
{
    if (verdict.isEmpty())
        return QColor(0x9e, 0x9e, 0x9e);
    const std::optional<Verdict> v = verdictFromName(verdict);
    switch (v ? verdictClass(*v) : VerdictClass::Failed) {
    case VerdictClass::Good: return QColor(0x2e, 0xa0, 0x43);
    case VerdictClass::Notes: return QColor(0xf0, 0xa0, 0x20);
    case VerdictClass::Blocked: return QColor(0x78, 0x78, 0x90);
    case VerdictClass::Failed: break;
    }
    return QColor(0xd0, 0x36, 0x36);
}

QVariant StageListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const StageInfo &s = StageCatalog::stages().at(index.row());
    const Row &row = m_rows.at(index.row());
    const qint64 elapsed = row.state == QLatin1String("running") ? row.clock.elapsed() : row.elapsedMs;
    switch (role) {
    case Qt::DisplayRole: {
        QString status = row.state == QLatin1String("running") ? QStringLiteral("running") : row.verdict;
        if (status.isEmpty())
            status = QStringLiteral("not run");
        if (!row.owner.isEmpty() && !row.verdict.isEmpty() && row.state != QLatin1String("running"))
            status += QStringLiteral(" (%1)").arg(row.owner);
        if (row.state == QLatin1String("stale"))
            status += QStringLiteral(", stale");
        QString text = QStringLiteral("%1  %2 — %3").arg(s.id).arg(s.title, status);
        if (elapsed >= 0)
            text += QStringLiteral("  %1 s").arg(elapsed / 1000.0, 0, 'f', 1);
        if (row.state == QLatin1String("running") && !row.step.isEmpty())
            text += QStringLiteral("  · ") + row.step;
        // A failed stage says why on a second line, and what fixes it.
        if (row.state != QLatin1String("running") && StageFixHints::isFailure(row.verdict) && !row.reason.isEmpty()) {
            const QString fix = StageFixHints::fixFor(s.id, row.verdict, row.owner, row.reason);
            text += QStringLiteral("\n      ") + StageFixHints::oneLine(row.reason);
            if (!fix.isEmpty())
                text += QStringLiteral("  →  ") + fix;
        }
        return text;
    }
    case Qt::ToolTipRole:
        return row.reason.isEmpty() ? s.job : row.reason;
    case Qt::DecorationRole:
    case BadgeColorRole:
        return row.state == QLatin1String("running") ? QColor(0x30, 0x80, 0xe0) : badgeColor(s.id, row.verdict);
    case StageIdRole:
        return QString(s.id);
    case TitleRole:
        return s.title;
    case JobRole:
        return s.job;
    case VerdictRole:
        return row.verdict;
    case NeedsGpuRole:
        return s.needsGpu;
    case StateRole:
        return row.state;
    case ElapsedMsRole:
        return elapsed;
    case StepRole:
        return row.step;
    case LogRole:
        return row.log;
    case OwnerRole:
        return row.owner;
    case FixRole:
        return StageFixHints::fixFor(s.id, row.verdict, row.owner, row.reason);
    case ReasonRole:
        return row.reason;
    case RepairableRole:
        return row.repairable;
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
    names.insert(StateRole, "state");
    names.insert(ElapsedMsRole, "elapsedMs");
    names.insert(StepRole, "step");
    names.insert(LogRole, "log");
    names.insert(OwnerRole, "owner");
    names.insert(RepairableRole, "repairable");
    names.insert(BadgeColorRole, "badgeColor");
    names.insert(ReasonRole, "reason");
    names.insert(FixRole, "fix");
    return names;
}

int StageListModel::rowOf(QChar stage) const
{
    const auto &stages = StageCatalog::stages();
    for (int i = 0; i < stages.size(); ++i)
        if (stages[i].id == stage)
            return i;
    return -1;
}

void StageListModel::setVerdict(QChar stage, const QString &verdict)
{
    const int i = rowOf(stage);
    if (i < 0)
        return;
    m_rows[i].verdict = verdict;
    m_rows[i].state = verdict.isEmpty() ? QStringLiteral("idle") : QStringLiteral("done");
    Q_EMIT dataChanged(index(i), index(i));
}

void StageListModel::clear()
{
    beginResetModel();
    m_rows = QList<Row>(StageCatalog::stages().size());
    endResetModel();
}

bool StageListModel::anyRunning() const
{
    for (const Row &r : m_rows)
        if (r.state == QLatin1String("running"))
            return true;
    return false;
}

void StageListModel::tick()
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].state == QLatin1String("running"))
            Q_EMIT dataChanged(index(i), index(i), {Qt::DisplayRole, ElapsedMsRole});
}

void StageListModel::applyEvent(const PipelineEvent &e)
{
    using K = PipelineEvent::Kind;
    if (e.kind == K::RunFinished) {
        // A run that ends while a stage is marked running (a cancel) leaves it idle.
        for (int r = 0; r < m_rows.size(); ++r)
            if (m_rows[r].state == QLatin1String("running")) {
                m_rows[r].state = m_rows[r].verdict.isEmpty() ? QStringLiteral("idle") : QStringLiteral("done");
                m_rows[r].log << QStringLiteral("run ended: %1").arg(e.verdict);
                Q_EMIT dataChanged(index(r), index(r));
            }
        return;
    }
    const int i = e.stage.isNull() ? -1 : rowOf(e.stage);
    if (i < 0)
        return;
    Row &row = m_rows[i];
    switch (e.kind) {
    case K::StageStarted:
        // A re-run of this stage makes the later ones stale until they run again.
        for (int r = i + 1; r < m_rows.size(); ++r)
            if (!m_rows[r].verdict.isEmpty() && m_rows[r].state == QLatin1String("done")) {
                m_rows[r].state = QStringLiteral("stale");
                Q_EMIT dataChanged(index(r), index(r));
            }
        row.state = QStringLiteral("running");
        row.verdict.clear();
        row.repairable.clear();
        row.owner.clear();
        row.reason.clear();
        row.step.clear();
        row.log.clear();
        row.clock.start();
        row.log << QStringLiteral("started");
        break;
    case K::Progress:
        row.step = e.text;
        row.log << e.text;
        break;
    case K::Log:
        row.log << e.text;
        break;
    case K::Verdict:
        row.verdict = e.verdict;
        row.owner = e.owner;
        row.reason = e.text;
        row.log << QStringLiteral("%1: %2").arg(e.verdict, e.text);
        break;
    case K::StageFinished:
        row.state = QStringLiteral("done");
        if (!e.verdict.isEmpty())
            row.verdict = e.verdict;
        // Without a model every stage still says what an agent could take on.
        for (const QJsonValue f : e.data.value(QStringLiteral("repairable")).toArray())
            row.repairable << QStringLiteral("%1: %2").arg(f.toObject().value(QStringLiteral("agent")).toString(),
                                                          f.toObject().value(QStringLiteral("finding")).toString());
        if (!row.repairable.isEmpty())
            row.log << tr("A repair agent could take on (Pipeline ▸ Ask the repair agent):") << row.repairable;
        row.elapsedMs = e.elapsedMs >= 0 ? e.elapsedMs : row.clock.elapsed();
        break;
    default:
        return;
    }
    Q_EMIT dataChanged(index(i), index(i));
}

} // namespace tileport::ui
