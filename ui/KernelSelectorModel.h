// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QAbstractListModel>
#include <QList>
#include <QStringList>

namespace tileport::ui {

// What the kernel selector lists: the open file's kernels (from the
// analysis), each followed by its configs once they are known (from the
// sidecar, a capture, or the run stage A exported). A config row is named
// "kernel.config", as the run's artifacts name it.
class KernelSelectorModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        KindRole = Qt::UserRole + 1, // "kernel" or "config"
        KernelRole,   // the kernel a row belongs to
        ConfigRole,   // "kernel.config" for a config row, empty for a kernel row
        SourcesRole,  // int: test cases and calls a captured config was seen in
        CapturedRole, // bool: the config came from a capture
        OriginRole,   // where the configs came from: "sidecar", "capture" or "run"
    };
    Q_ENUM(Role)

    struct Config {
        QString kernel;
        QString name;    // without the kernel
        int sources = 0;
        bool captured = false;
    };

    explicit KernelSelectorModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // A new file: its kernels, no configs yet (or the configs kept, when
    // the same file's list is read again).
    void setKernels(const QStringList &kernels, bool keepConfigs = false);
    // Replaces the configs (a kernel they name that the analysis did not
    // list gets a row of its own).
    void setConfigs(const QList<Config> &configs, const QString &origin);
    // The run's "kernel.config" names.
    void setRunConfigs(const QStringList &names);
    void clear();

    QStringList kernels() const;
    QString origin() const { return m_origin; }
    int rowOfConfig(const QString &kernelDotConfig) const;
    int rowOfKernel(const QString &kernel) const;
    int configCount(const QString &kernel = {}) const;

private:
    struct Row {
        QString kernel;
        QString config; // empty: the kernel's row
        int sources = 0;
        bool captured = false;
    };
    void rebuild();

    QStringList m_kernels;
    QList<Config> m_configs;
    QString m_origin;
    QList<Row> m_rows;
};

} // namespace tileport::ui
