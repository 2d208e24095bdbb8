// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelInfo.h"

#include <QList>
#include <QPair>

namespace tileport::rust {

// The @ct.kernel options cutile has entry hints for, per target this
// project compiles for (ByTarget resolved as cuTile Python resolves it: the
// target's own value, else `default`); options that are not constant stay
// with the launch. Each target with hints: its name and (cutile hint, value).
struct TargetHints {
    QString target; // "sm_90"
    QList<QPair<QString, int>> hints;
};
QList<TargetHints> entryHints(const frontend::KernelInfo &kernel);
// The #[cutile::entry(...)] argument text for them ("" when none).
QString entryHintsText(const QList<TargetHints> &hints);

} // namespace tileport::rust
