// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "KernelSelectorModel.h"

#include <QFont>

namespace tileport::ui {

KernelSelectorModel::KernelSelectorModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

int KernelSelectorModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant KernelSelectorModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &r = m_rows[index.row()];
    const bool kernelRow = r.config.isEmpty();
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return kernelRow ? r.kernel : QStringLiteral("%1.%2").arg(r.kernel, r.config);
    case Qt::ToolTipRole:
        if (kernelRow)
            return tr("kernel %1: %n config(s)", nullptr, configCount(r.kernel)).arg(r.kernel);
        return r.captured ? tr("captured from the code: seen in %n test case(s) or call(s)", nullptr, r.sources) : QVariant();
    case Qt::FontRole: {
        if (!kernelRow)
            return {};
        QFont f;
        f.setBold(true);
        return f;
    }
    case KindRole: return kernelRow ? QStringLiteral("kernel") : QStringLiteral("config");
    case KernelRole: return r.kernel;
    case ConfigRole: return kernelRow ? QString() : QStringLiteral("%1.%2").arg(r.kernel, r.config);
    case SourcesRole: return r.sources;
    case CapturedRole: return r.captured;
    case OriginRole: return m_origin;
    default: return {};
    }
}

QHash<int, QByteArray> KernelSelectorModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(KernelRole, "kernel");
    names.insert(ConfigRole, "config");
    names.insert(SourcesRole, "sources");
    names.insert(CapturedRole, "captured");
    names.insert(OriginRole, "origin");
    return names;
}

void KernelSelectorModel::setKernels(const QStringList &kernels, bool keepConfigs)
{
    m_kernels = kernels;
    if (!keepConfigs) {
        m_configs.clear();
        m_origin.clear();
    }
    rebuild();
}

void KernelSelectorModel::setConfigs(const QList<Config> &configs, const QString &origin)
{
    m_configs = configs;
    m_origin = origin;
    rebuild();
}

void KernelSelectorModel::setRunConfigs(const QStringList &names)
{
    QList<Config> configs;
    for (const QString &n : names) {
        // Kernel names hold no '.', config names may ("f32_p0.1").
        const qsizetype dot = n.indexOf(QLatin1Char('.'));
        configs.append(Config{dot < 0 ? QString() : n.left(dot), dot < 0 ? n : n.mid(dot + 1), 0, false});
    }
    // A run keeps what a capture knew of the same configs.
    for (Config &c : configs)
        for (const Config &old : std::as_const(m_configs))
            if (old.kernel == c.kernel && old.name == c.name) {
                c.sources = old.sources;
                c.captured = old.captured;
            }
    setConfigs(configs, QStringLiteral("run"));
}

void KernelSelectorModel::clear()
{
    m_kernels.clear();
    m_configs.clear();
    m_origin.clear();
    rebuild();
}

void KernelSelectorModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    QStringList order = m_kernels;
    for (const Config &c : std::as_const(m_configs))
        if (!order.contains(c.kernel))
            order.append(c.kernel);
    for (const QString &k : std::as_const(order)) {
        m_rows.append(Row{k, {}, 0, false});
        for (const Config &c : std::as_const(m_configs))
            if (c.kernel == k)
                m_rows.append(Row{k, c.name, c.sources, c.captured});
    }
    endResetModel();
}

QStringList KernelSelectorModel::kernels() const
{
    QStringList out;
    for (const Row &r : m_rows)
        if (r.config.isEmpty())
            out.append(r.kernel);
    return out;
}

int KernelSelectorModel::rowOfConfig(const QString &kernelDotConfig) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        if (!m_rows[i].config.isEmpty() && QStringLiteral("%1.%2").arg(m_rows[i].kernel, m_rows[i].config) == kernelDotConfig)
            return int(i);
    return -1;
}

int KernelSelectorModel::rowOfKernel(const QString &kernel) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].config.isEmpty() && m_rows[i].kernel == kernel)
            return int(i);
    return -1;
}

int KernelSelectorModel::configCount(const QString &kernel) const
{
    int n = 0;
    for (const Config &c : m_configs)
        n += kernel.isEmpty() || c.kernel == kernel ? 1 : 0;
    return n;
}

} // namespace tileport::ui
