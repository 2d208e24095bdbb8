// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PatchSet.h"

#include <QAbstractListModel>

namespace tileport {

// The hunks of a patch set, one row each, for review: each can be accepted
// (checked) or rejected. Used for a repair agent's proposal and for a
// regenerated file over the user's edited copy; the chosen subset comes
// back as PatchSet::accepted, and rejected hunks keep the current text.
class HunkReviewModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        PathRole = Qt::UserRole + 1, // the file the hunk changes
        HeaderRole,                  // "@@ -a,b +c,d @@"
        BodyRole,                    // the hunk as unified-diff text
        AcceptedRole,                // bool
        AddedRole,                   // lines added
        RemovedRole,                 // lines removed
        WholeFileRole                // the row replaces a whole file
    };
    Q_ENUM(Role)

    explicit HunkReviewModel(QObject *parent = nullptr);

    void setPatches(const patch::PatchSet &set);
    // A file's current and proposed text as hunks.
    void setTexts(const QString &path, const QString &current, const QString &proposed);
    // The reviewed set: the patches with the user's choices.
    patch::PatchSet reviewed() const;
    void setAllAccepted(bool accepted);
    int acceptedCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    struct Row {
        int file;
        int hunk; // -1 for a whole-file replacement
    };
    patch::PatchSet m_set;
    QList<Row> m_rows;
};

} // namespace tileport
