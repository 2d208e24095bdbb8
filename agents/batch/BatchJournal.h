// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BatchRow.h"

#include <QFile>
#include <QHash>
#include <QMap>
#include <QString>

namespace tileport {

// The batch's rows on disk as they finish: WORKDIR/batch-rows.jsonl, one
// JSON object per line, appended and fsynced row by row, so that a kill -9
// loses no finished row and `tileport batch --resume WORKDIR` redoes none.
// Records: first the run's parameters ("batch"), then per file the number
// of rows it was planned with ("file"; a later one for the same file starts
// it over), then each finished row with its slot in that file ("row"; a
// later record of the same slot, with the GPU phase's results, replaces it). A
// torn last line (the writer killed mid-write) is ignored and cut off before
// anything is appended.
class BatchJournal
{
public:
    static constexpr const char *kSchema = "tileport-batch-journal/1";

    struct Header {
        QString directory; // absolute; a .py file for a one-file batch
        bool build = true;
        bool capture = true;
        bool sass = false;
        QString sassTarget;
        int timeoutMs = 0;
        QString gpu; // the GPU runner of stages D and E; empty: none
        QString cutile; // the cutile release the crates target; empty: before it was recorded (0.4.0)
    };
    struct Contents {
        QString error; // set when the journal is missing or not one
        Header header;
        QHash<QString, int> planned;                // file -> rows planned
        QHash<QString, QMap<int, BatchRow>> rows;   // file -> slot -> row
        qint64 validBytes = 0;                      // up to the last whole line
        int torn = 0;                               // lines ignored (cut off by a kill)

        // Every planned row of `file` is journaled.
        bool complete(const QString &file) const;
    };

    static QString pathIn(const QString &workDirectory);
    static Contents read(const QString &path);

    // A new journal (an old one is replaced) with its header.
    bool create(const QString &path, const Header &header, QString *error);
    // Appends to an existing journal after cutting it at `validBytes`.
    bool reopen(const QString &path, qint64 validBytes, QString *error);

    bool appendFile(const QString &file, int rows);
    bool appendRow(const QString &file, int slot, const BatchRow &row);
    QString error() const { return m_error; }

private:
    bool append(const QJsonObject &record);

    QFile m_file;
    QString m_error; // the first write error
};

} // namespace tileport
