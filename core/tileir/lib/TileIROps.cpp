// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Generated op definitions, op registration and the folders. Kept small:
// this file compiles the whole generated .cpp.inc.

#include "tileport/TileIR/TileIROps.h"

#include "CustomDirectives.h"

#include <mlir/IR/Builders.h>
#include <mlir/IR/OpImplementation.h>

using namespace mlir;

#define GET_OP_CLASSES
#include "tileport/TileIR/TileIROps.cpp.inc"

namespace tileport::tileir {

void CudaTileDialect::registerOps()
{
    addOperations<
#define GET_OP_LIST
#include "tileport/TileIR/TileIROps.cpp.inc"
        >();
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

// assume(p, assume(p, x)) -> assume(p, x)
OpFoldResult AssumeOp::fold(FoldAdaptor)
{
    if (auto inner = getValue().getDefiningOp<AssumeOp>())
        if (inner.getPredicate() == getPredicate())
            return inner.getResult();
    return {};
}

} // namespace tileport::tileir
