// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassRowsModel.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <QFont>
#include <QFontDatabase>
#include <QPoint>
#include <QRegularExpression>

namespace tileport::ui {

namespace {

// An instruction's tokens: the predicate, the opcode with its modifiers, each operand.
QList<IrChangeMarks::Span> tokens(const QString &text)
{
    static const QRegularExpression token(QStringLiteral("[^\\s,]+"));
    QList<IrChangeMarks::Span> out;
    for (auto it = token.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out << IrChangeMarks::Span{int(m.capturedStart()), int(m.capturedLength())};
    }
    return out;
}

QString location(const QString &file, int line)
{
    return line > 0 ? QStringLiteral("%1:%2").arg(file).arg(line) : QString();
}

} // namespace

QString SassRowsModel::kindName(SassRow::Kind k)
{
    switch (k) {
    case SassRow::Kind::Matched: return QStringLiteral("matched");
    case SassRow::Kind::Changed: return QStringLiteral("changed");
    case SassRow::Kind::Inserted: return QStringLiteral("inserted");
    case SassRow::Kind::Deleted: return QStringLiteral("deleted");
    case SassRow::Kind::Function: return QStringLiteral("function");
    }
    return {};
}

SassRowsModel::SassRowsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SassRowsModel::setAlignment(const SassSideBySide &a)
{
    beginResetModel();
    m_a = a;
    m_linked.clear();
    endResetModel();
}

bool SassRowsModel::isDifference(int row) const
{
    if (row < 0 || row >= m_a.rows.size())
        return false;
    const SassRow::Kind k = m_a.rows.at(row).kind;
    return k == SassRow::Kind::Changed || k == SassRow::Kind::Inserted || k == SassRow::Kind::Deleted;
}

int SassRowsModel::walk(int row, Walk step) const
{
    const int n = int(m_a.rows.size());
    const int dir = step == Walk::PreviousDifference ? -1 : 1;
    int at = row < 0 || row >= n ? (dir > 0 ? -1 : n) : row;
    for (int i = 0; i < n; ++i) {
        at = (at + dir + n) % n;
        if (isDifference(at) && at != row)
            return at;
    }
    return isDifference(row) ? row : -1;
}

QList<IrChangeMarks::Span> SassRowsModel::marks(int row, bool ref) const
{
    if (row < 0 || row >= m_a.rows.size() || m_a.rows.at(row).kind != SassRow::Kind::Changed)
        return {};
    const SassRow &r = m_a.rows.at(row);
    const QList<IrChangeMarks::Span> a = tokens(r.ref), b = tokens(r.gen);
    const QList<IrChangeMarks::Span> &mine = ref ? a : b;
    auto text = [&](bool refSide, const IrChangeMarks::Span &s) { return (refSide ? r.ref : r.gen).mid(s.start, s.length); };
    QList<IrChangeMarks::Span> out;
    if (a.size() == b.size()) {
        for (int k = 0; k < a.size(); ++k)
            if (text(true, a[k]) != text(false, b[k]))
                out << mine[k];
        return out;
    }
    qsizetype head = 0, tail = 0;
    while (head < a.size() && head < b.size() && text(true, a[head]) == text(false, b[head]))
        ++head;
    while (tail < a.size() - head && tail < b.size() - head
           && text(true, a[a.size() - 1 - tail]) == text(false, b[b.size() - 1 - tail]))
        ++tail;
    const qsizetype last = mine.size() - 1 - tail;
    if (head <= last)
        out << IrChangeMarks::Span{mine[head].start, mine[last].start + mine[last].length - mine[head].start};
    return out;
}

SassRowsModel::Details SassRowsModel::details(int row) const
{
    Details d;
    if (row < 0 || row >= m_a.rows.size())
        return d;
    const SassRow &r = m_a.rows.at(row);
    d.kind = kindName(r.kind);
    d.ref = r.ref;
    d.gen = r.gen;
    d.refMarks = marks(row, true);
    d.genMarks = marks(row, false);
    d.refFile = r.refFile;
    d.genFile = r.genFile;
    d.refLine = r.refLine;
    d.genLine = r.genLine;
    d.registersOnly = r.registersOnly;
    return d;
}

QList<int> SassRowsModel::rowsAtSource(const QString &fileName, int line, bool ref) const
{
    QList<int> out;
    if (line <= 0)
        return out;
    QString lastFile, lastName; // a listing names one or two files: the last one's name is kept
    for (int i = 0; i < m_a.rows.size(); ++i) {
        const SassRow &r = m_a.rows.at(i);
        const QString &file = ref ? r.refFile : r.genFile;
        if ((ref ? r.refLine : r.genLine) != line)
            continue;
        if (file != lastFile) {
            lastFile = file;
            lastName = QFileInfo(file).fileName();
        }
        if (lastName == fileName)
            out << i;
    }
    return out;
}

void SassRowsModel::setLinkedRows(const QList<int> &rows)
{
    const QSet<int> old = m_linked;
    m_linked = QSet<int>(rows.begin(), rows.end());
    for (int r : old + m_linked)
        if (r >= 0 && r < m_a.rows.size())
            Q_EMIT dataChanged(index(r, 0), index(r, 1), {LinkedRole});
}

bool SassRowsModel::hasSourceLines() const
{
    for (const SassRow &r : m_a.rows)
        if (r.refLine > 0 || r.genLine > 0)
            return true;
    return false;
}

int SassRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_a.rows.size());
}

int SassRowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 2;
}

QVariant SassRowsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o == Qt::Horizontal && role == Qt::DisplayRole)
        return section == 0 ? tr("Reference SASS (%1 instructions)").arg(m_a.refInstructions)
                            : tr("Generated SASS (%1 instructions)").arg(m_a.genInstructions);
    return QAbstractTableModel::headerData(section, o, role);
}

QVariant SassRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_a.rows.size())
        return {};
    const SassRow &r = m_a.rows.at(index.row());
    const bool ref = index.column() == 0;
    switch (role) {
    case Qt::DisplayRole:
        return ref ? r.ref : r.gen;
    case Qt::ToolTipRole: {
        const QString loc = location(ref ? r.refFile : r.genFile, ref ? r.refLine : r.genLine);
        return loc.isEmpty() ? (ref ? r.ref : r.gen) : QStringLiteral("%1\n%2").arg(ref ? r.ref : r.gen, loc);
    }
    case Qt::FontRole: {
        QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        f.setBold(r.kind == SassRow::Kind::Function);
        return f;
    }
    case Qt::BackgroundRole:
        switch (r.kind) {
        case SassRow::Kind::Changed: return QBrush(QColor(0xf0, 0xa0, 0x20, 50));
        case SassRow::Kind::Inserted: return ref ? QVariant() : QBrush(QColor(0x2e, 0xa0, 0x43, 50));
        case SassRow::Kind::Deleted: return ref ? QBrush(QColor(0xd0, 0x36, 0x36, 40)) : QVariant();
        default: return m_linked.contains(index.row()) ? QBrush(QColor(0x4a, 0x90, 0xe2, 45)) : QVariant();
        }
    case KindRole: return kindName(r.kind);
    case RegistersOnlyRole: return r.registersOnly;
    case MarksRole: {
        QVariantList out;
        for (const IrChangeMarks::Span &m : marks(index.row(), ref))
            out << QPoint(m.start, m.length);
        return out;
    }
    case LocRole: return location(ref ? r.refFile : r.genFile, ref ? r.refLine : r.genLine);
    case LinkedRole: return m_linked.contains(index.row());
    }
    return {};
}

QHash<int, QByteArray> SassRowsModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(KindRole, "kind");
    names.insert(RegistersOnlyRole, "registersOnly");
    names.insert(MarksRole, "marks");
    names.insert(LocRole, "loc");
    names.insert(LinkedRole, "linked");
    return names;
}

} // namespace tileport::ui
