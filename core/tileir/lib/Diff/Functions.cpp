// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/Functions.h"

#include "tileport/TileIR/Diff/OpAttributes.h"
#include "tileport/TileIR/Diff/OpTable.h"

#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/Interfaces/FunctionInterfaces.h>

namespace tileport::tileir::diff {

bool isFunction(mlir::Operation *op)
{
    if (const OpInfo *info = lookupOp(op))
        return info->has(Function);
    return llvm::isa<mlir::FunctionOpInterface>(op);
}

std::string symbolName(mlir::Operation *op)
{
    if (auto name = llvm::dyn_cast_or_null<mlir::StringAttr>(findAttribute(op, "sym_name")))
        return name.str();
    return {};
}

std::vector<FunctionUnit> collectFunctions(mlir::Operation *root)
{
    std::vector<FunctionUnit> out;
    root->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
        if (op != root && isFunction(op)) {
            out.push_back({symbolName(op), op});
            return mlir::WalkResult::skip();
        }
        return mlir::WalkResult::advance();
    });
    return out;
}

} // namespace tileport::tileir::diff
