// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TritonIssue.h"
#include "TritonKernel.h"
#include "TritonLaunch.h"

#include <QList>
#include <QString>

namespace tileport::triton {

// A Triton file as the front-end sees it: kernels, launches, and the
// equivalent cuTile Python module of its portable kernels with a map from
// each of its lines back to a Triton line and column.
struct TritonModule {
    QString file;
    QString error;               // unreadable file
    QList<TritonIssue> syntaxErrors;
    QList<TritonKernel> kernels;
    QList<TritonLaunch> launches;
    QString cutileText;          // the desugared module (portable kernels only)
    QList<QPair<int, int>> lineMap; // cuTile line (index + 1) -> Triton (line, col); (0, 0) when none
    bool ok() const { return error.isEmpty() && syntaxErrors.isEmpty(); }
    QPair<int, int> tritonPosition(int cutileLine) const
    {
        return cutileLine >= 1 && cutileLine <= lineMap.size() ? lineMap[cutileLine - 1] : QPair<int, int>(0, 0);
    }
};

} // namespace tileport::triton
