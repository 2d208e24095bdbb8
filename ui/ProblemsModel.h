// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QAbstractListModel>
#include <QJsonObject>
#include <QList>

namespace tileport {
struct PipelineEvent;
}

namespace tileport::ui {

// The Problems list: diagnostics from the pipeline's verdicts and logs and
// from the IR diff's findings, each with a location when one is known.
// Activating one in the view jumps to FileRole:LineRole:ColumnRole.
class ProblemsModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        FileRole = Qt::UserRole + 1, // absolute path, or empty when no location is known
        LineRole,     // 1-based, 0 when unknown
        ColumnRole,   // 1-based, 0 when unknown
        MessageRole,
        StageRole,    // "A".."F"
        SeverityRole, // "error", "warning", "note"
    };
    Q_ENUM(Role)

    struct Problem {
        QString file;
        int line = 0;
        int column = 0;
        QString message;
        QChar stage;
        QString severity;
    };

    explicit ProblemsModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    const QList<Problem> &problems() const { return m_problems; }
    void add(const Problem &p);
    void clear();
    void clearStage(QChar stage);
    // A failed verdict becomes an error, a log line that names a location a
    // warning; a stage that starts again drops its earlier problems.
    void applyEvent(const PipelineEvent &e);
    // The findings of one tileport-ir-diff/1 report (critical: error,
    // workaround: warning, note: note), located at their first reference op.
    void addDiffFindings(const QJsonObject &report, const QString &config, const QString &runDirectory);

    // Splits "path:line:col: message" (also "path:line: message"); false when the text names no location.
    static bool parseLocation(const QString &text, Problem &out);

private:
    QList<Problem> m_problems;
};

} // namespace tileport::ui
