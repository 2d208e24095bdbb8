// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QStringList>

namespace tileport::ui {

// One config's op-count deltas (gen - ref per op) from its IR diff report.
struct ConfigOpDeltas {
    QString config; // as the run names it ("kernel.config")
    QMap<QString, int> delta;

    // Reads stage C's report (evidence.configs[].report) and each config's
    // diff JSON beside it (op_counts); configs without a report are left out.
    static QList<ConfigOpDeltas> readRun(const QString &runDirectory);
};

// Op-count deltas across every config of a run, beside the IR diff: one
// row per config, one column per op whose count moved in any config (the
// largest |Δ| first). A reviewer sees at once which configs differ how.
class OpDeltaMatrixModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        DeltaRole = Qt::UserRole + 1, // int
        ConfigRole,  // the row's config
        OpRole,      // the column's op
        CurrentRole, // bool: the row is the config the diff shows
    };
    Q_ENUM(Role)

    explicit OpDeltaMatrixModel(QObject *parent = nullptr);

    void setDeltas(const QList<ConfigOpDeltas> &deltas);
    void setCurrentConfig(const QString &config);
    QStringList ops() const { return m_ops; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QList<ConfigOpDeltas> m_rows;
    QStringList m_ops;
    QString m_current;
};

} // namespace tileport::ui

Q_DECLARE_METATYPE(tileport::ui::ConfigOpDeltas)
