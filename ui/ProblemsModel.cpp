// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ProblemsModel.h"

#include "PipelineEvent.h"
#include "Router.h"
#include "Verdict.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>

namespace tileport::ui {

ProblemsModel::ProblemsModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

int ProblemsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_problems.size());
}

QVariant ProblemsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_problems.size())
        return {};
    const Problem &p = m_problems.at(index.row());
    switch (role) {
    case Qt::DisplayRole: {
        QString where;
        if (!p.file.isEmpty())
            where = p.line > 0 ? QStringLiteral("%1:%2:%3: ").arg(QDir(p.file).dirName()).arg(p.line).arg(qMax(1, p.column))
                               : QDir(p.file).dirName() + QStringLiteral(": ");
        return QStringLiteral("[%1] %2 %3%4").arg(p.stage).arg(p.severity, where, p.message);
    }
    case Qt::ToolTipRole:
        return p.file.isEmpty() ? p.message : QStringLiteral("%1:%2:%3").arg(p.file).arg(p.line).arg(p.column);
    case FileRole:
        return p.file;
    case LineRole:
        return p.line;
    case ColumnRole:
        return p.column;
    case MessageRole:
        return p.message;
    case StageRole:
        return QString(p.stage);
    case SeverityRole:
        return p.severity;
    }
    return {};
}

QHash<int, QByteArray> ProblemsModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(FileRole, "file");
    names.insert(LineRole, "line");
    names.insert(ColumnRole, "column");
    names.insert(MessageRole, "message");
    names.insert(StageRole, "stage");
    names.insert(SeverityRole, "severity");
    return names;
}

void ProblemsModel::add(const Problem &p)
{
    beginInsertRows({}, int(m_problems.size()), int(m_problems.size()));
    m_problems << p;
    endInsertRows();
}

void ProblemsModel::clear()
{
    beginResetModel();
    m_problems.clear();
    endResetModel();
}

void ProblemsModel::clearStage(QChar stage)
{
    for (int i = int(m_problems.size()) - 1; i >= 0; --i)
        if (m_problems[i].stage == stage) {
            beginRemoveRows({}, i, i);
            m_problems.removeAt(i);
            endRemoveRows();
        }
}

bool ProblemsModel::parseLocation(const QString &text, Problem &out)
{
    // A path ending in a source suffix, then :line(:col)?, then the message.
    static const QRegularExpression re(
        QStringLiteral(R"(((?:[A-Za-z]:)?[^\s:'"]+\.(?:py|rs|mlir|json|toml)):(\d+)(?::(\d+))?:?\s*(.*))"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return false;
    out.file = m.captured(1);
    out.line = m.captured(2).toInt();
    out.column = m.captured(3).isEmpty() ? 0 : m.captured(3).toInt();
    const QString before = text.left(m.capturedStart(0)).trimmed();
    out.message = m.captured(4).trimmed();
    if (!before.isEmpty())
        out.message = before + QLatin1Char(' ') + out.message;
    return true;
}

void ProblemsModel::applyEvent(const PipelineEvent &e)
{
    using K = PipelineEvent::Kind;
    if (e.kind == K::StageStarted) {
        clearStage(e.stage);
        return;
    }
    Problem p;
    p.stage = e.stage;
    if (e.kind == K::Verdict && !Router::isSuccess(e.stage, e.verdict)) {
        p.severity = e.verdict == verdictName(Verdict::Blocked) ? QStringLiteral("warning") : QStringLiteral("error");
        if (!parseLocation(e.text, p))
            p.message = e.text;
        p.message = QStringLiteral("%1%2: %3").arg(e.verdict, e.owner.isEmpty() ? QString() : QStringLiteral("(%1)").arg(e.owner),
                                                   p.message);
        add(p);
    } else if (e.kind == K::Log && parseLocation(e.text, p)) {
        p.severity = QStringLiteral("warning");
        add(p);
    }
}

void ProblemsModel::addDiffFindings(const QJsonObject &report, const QString &config, const QString &runDirectory)
{
    const QDir run(runDirectory);
    for (const QJsonValue &fv : report.value(QStringLiteral("findings")).toArray()) {
        const QJsonObject f = fv.toObject();
        Problem p;
        p.stage = QLatin1Char('C');
        const QString sev = f.value(QStringLiteral("severity")).toString();
        p.severity = sev == QLatin1String("critical") ? QStringLiteral("error")
                     : sev == QLatin1String("workaround") ? QStringLiteral("warning")
                                                          : QStringLiteral("note");
        p.message = QStringLiteral("%1 [%2, %3]: %4")
                        .arg(config, f.value(QStringLiteral("rule")).toString(), f.value(QStringLiteral("owner")).toString(),
                             f.value(QStringLiteral("message")).toString());
        // The first located op, reference side first: it points into the Python source.
        for (const char *side : {"ref_ops", "gen_ops"}) {
            for (const QJsonValue &ov : f.value(QLatin1String(side)).toArray()) {
                const QJsonObject loc = ov.toObject().value(QStringLiteral("loc")).toObject();
                if (loc.isEmpty())
                    continue;
                const QString file = loc.value(QStringLiteral("file")).toString();
                p.file = QDir::isAbsolutePath(file) ? file : run.absoluteFilePath(file);
                p.line = loc.value(QStringLiteral("line")).toInt();
                p.column = loc.value(QStringLiteral("col")).toInt();
                break;
            }
            if (!p.file.isEmpty())
                break;
        }
        add(p);
    }
}

} // namespace tileport::ui
