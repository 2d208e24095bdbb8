// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BranchPoint.h"
#include "ControlFlowItem.h"
#include "HelperCall.h"
#include "OpUse.h"
#include "ParamUsage.h"
#include "TileShape.h"
#include "UnsupportedConstruct.h"

#include <QHash>
#include <QList>

namespace tileport::frontend {

// Everything a scan of one device function (kernel or helper) body finds.
struct FunctionFacts {
    QList<OpUse> ops;
    QList<ControlFlowItem> controlFlow;
    QList<TileShape> tileShapes;
    QList<UnsupportedConstruct> unsupported;
    QList<HelperCall> calls;
    QList<BranchPoint> branchPoints;
    QHash<QString, ParamUsage> params;
    QStringList constantLocals; // locals bound only to compile-time values
    QStringList signature;      // structural entries of the whole body (see BranchPoint::Arm::signature)
};

} // namespace tileport::frontend
