// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchJournal.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

namespace tileport {

namespace {

const QString kRecord = QStringLiteral("record");

} // namespace

bool BatchJournal::Contents::complete(const QString &file) const
{
    const auto planIt = planned.constFind(file);
    if (planIt == planned.cend())
        return false;
    const auto rowsIt = rows.constFind(file);
    const int have = rowsIt == rows.cend() ? 0 : int(rowsIt->size());
    return have == *planIt;
}

QString BatchJournal::pathIn(const QString &workDirectory)
{
    return QDir(workDirectory).filePath(QStringLiteral("batch-rows.jsonl"));
}

BatchJournal::Contents BatchJournal::read(const QString &path)
{
    Contents c;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        c.error = QStringLiteral("%1: no batch journal (%2)").arg(path, f.errorString());
        return c;
    }
    const QByteArray all = f.readAll();
    qint64 pos = 0;
    int lineNo = 0;
    while (pos < all.size()) {
        const qint64 nl = all.indexOf('\n', pos);
        if (nl < 0) { // no newline: the last write was cut off
            ++c.torn;
            break;
        }
        ++lineNo;
        const QByteArray line = all.mid(pos, nl - pos);
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            if (lineNo == 1) {
                c.error = QStringLiteral("%1:1:%2: not a batch journal: %3").arg(path).arg(pe.offset + 1).arg(pe.errorString());
                return c;
            }
            // Whole lines are written with one write and fsynced; a bad one
            // in the middle is not ours. Stop trusting the file there.
            ++c.torn;
            break;
        }
        const QJsonObject o = doc.object();
        const QString record = o.value(kRecord).toString();
        if (lineNo == 1) {
            if (record != QLatin1String("batch") || o.value(QLatin1String("schema")).toString() != QLatin1String(kSchema)) {
                c.error = QStringLiteral("%1:1:1: not a %2 journal").arg(path, QLatin1String(kSchema));
                return c;
            }
            c.header.directory = o.value(QLatin1String("directory")).toString();
            c.header.build = o.value(QLatin1String("build")).toBool(true);
            c.header.capture = o.value(QLatin1String("capture")).toBool(true);
            c.header.sass = o.value(QLatin1String("sass")).toBool(false);
            c.header.sassTarget = o.value(QLatin1String("sass_target")).toString();
            c.header.timeoutMs = o.value(QLatin1String("timeout_ms")).toInt();
            c.header.gpu = o.value(QLatin1String("gpu")).toString();
            c.header.cutile = o.value(QLatin1String("cutile")).toString(QStringLiteral("0.4.0"));
        } else if (record == QLatin1String("file")) {
            const QString file = o.value(QLatin1String("file")).toString();
            c.planned.insert(file, o.value(QLatin1String("rows")).toInt());
            c.rows.remove(file); // planned again: its earlier rows are void
        } else if (record == QLatin1String("row")) {
            const QString file = o.value(QLatin1String("file")).toString();
            if (c.planned.contains(file))
                c.rows[file].insert(o.value(QLatin1String("slot")).toInt(),
                                    BatchRow::fromJson(o.value(QLatin1String("row")).toObject()));
        }
        pos = nl + 1;
        c.validBytes = pos;
    }
    if (lineNo == 0)
        c.error = QStringLiteral("%1: empty batch journal").arg(path);
    return c;
}

bool BatchJournal::create(const QString &path, const Header &h, QString *error)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = QStringLiteral("%1: cannot write the batch journal: %2").arg(path, m_file.errorString());
        return false;
    }
    QJsonObject header{{kRecord, QStringLiteral("batch")},
                             {QStringLiteral("schema"), QLatin1String(kSchema)},
                             {QStringLiteral("directory"), h.directory},
                             {QStringLiteral("build"), h.build},
                             {QStringLiteral("capture"), h.capture},
                             {QStringLiteral("sass"), h.sass},
                             {QStringLiteral("sass_target"), h.sassTarget},
                             {QStringLiteral("timeout_ms"), h.timeoutMs},
                             {QStringLiteral("cutile"), h.cutile}};
    if (!h.gpu.isEmpty())
        header.insert(QStringLiteral("gpu"), h.gpu);
    if (!append(header)) {
        *error = m_error;
        return false;
    }
    return true;
}

bool BatchJournal::reopen(const QString &path, qint64 validBytes, QString *error)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadWrite) || !m_file.resize(validBytes) || !m_file.seek(validBytes)) {
        *error = QStringLiteral("%1: cannot append to the batch journal: %2").arg(path, m_file.errorString());
        return false;
    }
    return true;
}

bool BatchJournal::appendFile(const QString &file, int rows)
{
    return append(QJsonObject{{kRecord, QStringLiteral("file")}, {QStringLiteral("file"), file}, {QStringLiteral("rows"), rows}});
}

bool BatchJournal::appendRow(const QString &file, int slot, const BatchRow &row)
{
    return append(QJsonObject{{kRecord, QStringLiteral("row")},
                              {QStringLiteral("file"), file},
                              {QStringLiteral("slot"), slot},
                              {QStringLiteral("row"), row.toJson()}});
}

bool BatchJournal::append(const QJsonObject &record)
{
    if (!m_file.isOpen())
        return false;
    const QByteArray line = QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
    // One write per line and an fsync per record: a kill leaves at most a
    // torn last line, and a power cut keeps every row reported as finished.
    const bool ok = m_file.write(line) == line.size() && m_file.flush() && ::fsync(m_file.handle()) == 0;
    if (!ok && m_error.isEmpty())
        m_error = QStringLiteral("%1: cannot append to the batch journal: %2").arg(m_file.fileName(), m_file.errorString());
    return ok;
}

} // namespace tileport
