// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QAbstractListModel>
#include <QColor>
#include <QElapsedTimer>
#include <QList>
#include <QStringList>

namespace tileport {
struct PipelineEvent;
}

namespace tileport::ui {

// The pipeline's stages A-F with their live state, for the pipeline panel:
// the latest verdict (the badge), whether the stage runs now, its elapsed
// time, the step it is on and its log. Fed by the orchestrator's events.
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
        StateRole,   // "idle", "running", "done", "stale"
        ElapsedMsRole, // -1 before the stage started; live while it runs
        StepRole,    // the current progress step
        LogRole,     // QStringList: the stage's log lines in this run
        OwnerRole,   // host | kernel | env, when the verdict names one
        BadgeColorRole, // QColor of the verdict badge
        ReasonRole,  // the verdict's one-line reason
        RepairableRole, // QStringList: findings a repair agent could take on ("C: finding")
        FixRole,     // the IDE action that fixes a failed stage, or empty (StageFixHints)
    };
    Q_ENUM(Role)

    explicit StageListModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setVerdict(QChar stage, const QString &verdict);
    // Applies one orchestrator event (run_started clears the rows it re-runs).
    void applyEvent(const PipelineEvent &e);
    // Forgets every stage's state (a new session).
    void clear();
    int rowOf(QChar stage) const;
    bool anyRunning() const;
    // Refreshes the elapsed time of running stages (called by a timer).
    void tick();

    // The badge colour for a verdict: green success, amber notes, red failure, grey blocked.
    static QColor badgeColor(QChar stage, const QString &verdict);

private:
    struct Row {
        QString verdict, owner, reason, step, state = QStringLiteral("idle");
        QStringList log;
        QStringList repairable;
        qint64 elapsedMs = -1;
        QElapsedTimer clock;
    };
    QList<Row> m_rows;
};

} // namespace tileport::ui
