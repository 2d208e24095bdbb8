// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "BranchPoint.h"
#include "ControlFlowItem.h"
#include "KernelOption.h"
#include "KernelParam.h"
#include "KernelVariant.h"
#include "OpUse.h"
#include "SpecializationPoint.h"
#include "TileShape.h"
#include "UnsupportedConstruct.h"

#include <QList>
#include <QStringList>

namespace tileport::frontend {

// The typed model of one `@ct.kernel` function. Ops, tile shapes, control
// flow and unsupported constructs include those of the helpers it calls
// (their `function` field names the helper).
struct KernelInfo {
    QString name;
    QString qualifiedName; // "Outer.name" when defined inside a class or function
    QStringList decorators; // every decorator as written
    QList<KernelOption> options;
    QList<KernelParam> params;
    QList<TileShape> tileShapes;
    QList<OpUse> ops;
    QList<ControlFlowItem> controlFlow;
    QStringList helpers; // transitively called module functions, in first-call order
    QList<BranchPoint> branchPoints;
    QList<KernelVariant> variants;
    bool variantsTruncated = false;
    QList<SpecializationPoint> specialization;
    QList<UnsupportedConstruct> unsupported;
    QStringList notes;
    SourceRange range;     // the whole definition
    SourceRange nameRange;

    bool portable() const { return unsupported.isEmpty(); }
};

} // namespace tileport::frontend
