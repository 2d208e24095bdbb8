// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace tileport {

// The bounded porting pipeline, A to F, and the verdicts each stage can end in.
struct StageInfo {
    QChar id;
    QString title;
    QString job;
    QStringList verdicts;
    bool needsGpu = false;
};

class StageCatalog
{
public:
    static const QList<StageInfo> &stages();
    static const StageInfo *find(QChar id);
};

} // namespace tileport
