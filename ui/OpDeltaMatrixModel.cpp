// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "OpDeltaMatrixModel.h"

#include <QBrush>
#include <QColor>
#include <QDir>
#include <QFile>
#include <QFont>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdlib>

namespace tileport::ui {

namespace {

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace

QList<ConfigOpDeltas> ConfigOpDeltas::readRun(const QString &runDirectory)
{
    QList<ConfigOpDeltas> out;
    const QDir run(runDirectory);
    const QJsonObject c = readJson(run.filePath(QStringLiteral("reports/stage_C.json")));
    // Stage A names configs with their kernel; stage C's entries say the config alone.
    QMap<QString, QString> kernelOf;
    for (const QJsonValue &v : readJson(run.filePath(QStringLiteral("reports/stage_A.json"))).value(QStringLiteral("evidence")).toObject().value(QStringLiteral("configs")).toArray())
        kernelOf.insert(v[QStringLiteral("config")].toString(), v[QStringLiteral("kernel")].toString());
    for (const QJsonValue &v : c.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("configs")).toArray()) {
        QString report = v[QStringLiteral("report")].toString();
        if (report.endsWith(QLatin1String(".md")))
            report = report.chopped(3) + QStringLiteral(".json");
        const QJsonObject diff = readJson(run.filePath(report));
        if (diff.isEmpty())
            continue;
        ConfigOpDeltas d;
        const QString config = v[QStringLiteral("config")].toString();
        d.config = kernelOf.contains(config) ? QStringLiteral("%1.%2").arg(kernelOf.value(config), config) : config;
        for (const QJsonValue &o : diff.value(QStringLiteral("op_counts")).toArray())
            d.delta.insert(o[QStringLiteral("op")].toString(), o[QStringLiteral("gen")].toInt() - o[QStringLiteral("ref")].toInt());
        out << d;
    }
    return out;
}

OpDeltaMatrixModel::OpDeltaMatrixModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void OpDeltaMatrixModel::setDeltas(const QList<ConfigOpDeltas> &deltas)
{
    beginResetModel();
    m_rows = deltas;
    QMap<QString, int> largest;
    for (const ConfigOpDeltas &d : deltas)
        for (auto it = d.delta.cbegin(); it != d.delta.cend(); ++it)
            if (it.value() != 0)
                largest[it.key()] = std::max(largest.value(it.key()), std::abs(it.value()));
    m_ops = largest.keys();
    std::stable_sort(m_ops.begin(), m_ops.end(), [&](const QString &a, const QString &b) { return largest.value(a) > largest.value(b); });
    endResetModel();
}

void OpDeltaMatrixModel::setCurrentConfig(const QString &config)
{
    m_current = config;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::FontRole, CurrentRole});
}

int OpDeltaMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OpDeltaMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_ops.size());
}

QVariant OpDeltaMatrixModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        if (o == Qt::Horizontal)
            return m_ops.value(section);
        if (section >= m_rows.size())
            return {};
        const QString &full = m_rows.at(section).config;
        if (role == Qt::ToolTipRole)
            return full;
        // "kernel.kernel__f32_4096x1024" says the kernel twice: the config's own part is enough.
        QString name = full.mid(full.indexOf(QLatin1Char('.')) + 1);
        if (const qsizetype cut = name.indexOf(QLatin1String("__")); cut > 0 && cut + 2 < name.size())
            name = name.mid(cut + 2);
        return name;
    }
    if (role == Qt::FontRole && o == Qt::Vertical && section < m_rows.size() && m_rows.at(section).config == m_current) {
        QFont f;
        f.setBold(true);
        return f;
    }
    return QAbstractTableModel::headerData(section, o, role);
}

QVariant OpDeltaMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= m_ops.size())
        return {};
    const ConfigOpDeltas &d = m_rows.at(index.row());
    const QString &op = m_ops.at(index.column());
    const int delta = d.delta.value(op);
    switch (role) {
    case Qt::DisplayRole:
        return delta == 0 ? QString() : QStringLiteral("%1%2").arg(delta > 0 ? QStringLiteral("+") : QString()).arg(delta);
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole: {
        if (delta == 0)
            return {};
        // More ops generated: amber; fewer: blue; stronger with the size of the change.
        const int alpha = std::min(200, 50 + 30 * std::abs(delta));
        return QBrush(delta > 0 ? QColor(0xf0, 0xa0, 0x20, alpha) : QColor(0x40, 0x90, 0xe0, alpha));
    }
    case Qt::FontRole:
        if (d.config == m_current) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        return tr("%1: %2 %3 (gen - ref)").arg(d.config, op).arg(delta);
    case DeltaRole: return delta;
    case ConfigRole: return d.config;
    case OpRole: return op;
    case CurrentRole: return d.config == m_current;
    }
    return {};
}

QHash<int, QByteArray> OpDeltaMatrixModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(DeltaRole, "delta");
    names.insert(ConfigRole, "config");
    names.insert(OpRole, "op");
    names.insert(CurrentRole, "current");
    return names;
}

} // namespace tileport::ui
