// SPDX-License-Identifier: MIT
#pragma once

#include "BatchRow.h"

#include <QJsonObject>
#include <QList>

namespace tileport {

// The stable outputs of a batch run: the text table with its summary line,
// the JSON document (schema tileport-batch/1, docs/batch.md) and the
// progress line printed as each kernel finishes.
class BatchReport
{
public:
    struct Counts {
        int files = 0;
        int kernels = 0; // rows with a kernel
        int analyzed = 0;
        int translated = 0;
        int built = 0;
        int buildFailed = 0;
        int pass = 0;
        int passWithNotes = 0;
        int failFixable = 0;
    };
    static Counts count(const QList<BatchRow> &rows, int files);

    static QString table(const QList<BatchRow> &rows);
    static QString summary(const Counts &c, qint64 elapsedMs);
    static QJsonObject toJson(const QList<BatchRow> &rows, int files, const QString &directory, int jobs, bool build,
                              qint64 elapsedMs);
    static QString progressLine(const BatchRow &row, int done, int total);
};

} // namespace tileport
