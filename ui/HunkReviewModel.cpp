// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HunkReviewModel.h"

#include "LineDiff.h"

namespace tileport {

HunkReviewModel::HunkReviewModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void HunkReviewModel::setPatches(const patch::PatchSet &set)
{
    beginResetModel();
    m_set = set;
    m_rows.clear();
    m_set.accepted.resize(m_set.files.size());
    for (int f = 0; f < m_set.files.size(); ++f) {
        const patch::FilePatch &fp = m_set.files[f];
        const int n = fp.wholeFile ? 1 : int(fp.hunks.size());
        m_set.accepted[f].resize(n);
        for (int h = 0; h < n; ++h) {
            m_set.accepted[f][h] = true;
            m_rows << Row{f, fp.wholeFile ? -1 : h};
        }
    }
    endResetModel();
}

void HunkReviewModel::setTexts(const QString &path, const QString &current, const QString &proposed)
{
    patch::PatchSet set;
    set.files << patch::LineDiff::filePatch(path, current, proposed);
    setPatches(set);
}

patch::PatchSet HunkReviewModel::reviewed() const
{
    return m_set;
}

void HunkReviewModel::setAllAccepted(bool accepted)
{
    for (QList<bool> &file : m_set.accepted)
        file.fill(accepted);
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_rows.size()) - 1), {AcceptedRole, Qt::CheckStateRole});
}

int HunkReviewModel::acceptedCount() const
{
    int n = 0;
    for (const Row &r : m_rows)
        n += m_set.accepted[r.file][qMax(0, r.hunk)];
    return n;
}

int HunkReviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant HunkReviewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &r = m_rows[index.row()];
    const patch::FilePatch &fp = m_set.files[r.file];
    const bool accepted = m_set.accepted[r.file][qMax(0, r.hunk)];
    const patch::Hunk *h = r.hunk >= 0 ? &fp.hunks[r.hunk] : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        return h ? QStringLiteral("%1  %2  (+%3 -%4)").arg(fp.path(), h->header()).arg(h->added()).arg(h->removed())
                 : QStringLiteral("%1  (whole file)").arg(fp.path());
    case Qt::CheckStateRole: return accepted ? Qt::Checked : Qt::Unchecked;
    case PathRole: return fp.path();
    case HeaderRole: return h ? h->header() : QStringLiteral("whole file");
    case BodyRole: return h ? h->toText() : fp.newText;
    case AcceptedRole: return accepted;
    case AddedRole: return h ? h->added() : int(fp.newText.count(QLatin1Char('\n')));
    case RemovedRole: return h ? h->removed() : 0;
    case WholeFileRole: return !h;
    default: return {};
    }
}

bool HunkReviewModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.row() >= m_rows.size() || (role != Qt::CheckStateRole && role != AcceptedRole))
        return false;
    const Row &r = m_rows[index.row()];
    const bool accepted = role == AcceptedRole ? value.toBool() : value.value<Qt::CheckState>() == Qt::Checked;
    m_set.accepted[r.file][qMax(0, r.hunk)] = accepted;
    Q_EMIT dataChanged(index, index, {AcceptedRole, Qt::CheckStateRole});
    return true;
}

Qt::ItemFlags HunkReviewModel::flags(const QModelIndex &index) const
{
    return QAbstractListModel::flags(index) | Qt::ItemIsUserCheckable;
}

QHash<int, QByteArray> HunkReviewModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(PathRole, "path");
    names.insert(HeaderRole, "header");
    names.insert(BodyRole, "body");
    names.insert(AcceptedRole, "accepted");
    names.insert(AddedRole, "added");
    names.insert(RemovedRole, "removed");
    names.insert(WholeFileRole, "wholeFile");
    return names;
}

} // namespace tileport
