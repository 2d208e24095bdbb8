// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrOpText.h"

#include "tileport/TileIR/Diff/Functions.h"

#include <mlir/IR/AsmState.h>
#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/MLIRContext.h>
#include <mlir/IR/OperationSupport.h>
#include <mlir/IR/OwningOpRef.h>

#include <llvm/ADT/DenseMap.h>
#include <llvm/Support/raw_ostream.h>

#include <mutex>
#include <vector>

namespace tileport::ui {

namespace td = tileir::diff;

struct IrOpText::Impl {
    // Declared first, destroyed last: the modules and states live in it.
    std::unique_ptr<mlir::MLIRContext> context;
    mlir::OwningOpRef<mlir::ModuleOp> modules[2];
    std::vector<mlir::Operation *> ops[2];
    mutable std::mutex mutex;
    mutable std::vector<QString> texts[2];
    // SSA names are numbered per function; a function's state is made the
    // first time one of its ops is printed.
    mutable llvm::DenseMap<mlir::Operation *, std::unique_ptr<mlir::AsmState>> states;

    mlir::AsmState &stateFor(mlir::Operation *op) const
    {
        mlir::Operation *scope = op->getParentOp();
        while (scope && !td::isFunction(scope) && scope->getParentOp())
            scope = scope->getParentOp();
        auto &slot = states[scope];
        if (!slot)
            slot = std::make_unique<mlir::AsmState>(
                scope, mlir::OpPrintingFlags().skipRegions().elideLargeElementsAttrs(16));
        return *slot;
    }
};

IrOpText::IrOpText(std::unique_ptr<mlir::MLIRContext> context, mlir::OwningOpRef<mlir::ModuleOp> ref,
                   mlir::OwningOpRef<mlir::ModuleOp> gen)
    : d(std::make_unique<Impl>())
{
    d->context = std::move(context);
    d->modules[Ref] = std::move(ref);
    d->modules[Gen] = std::move(gen);
}

IrOpText::~IrOpText()
{
    d->states.clear();
}

mlir::ModuleOp IrOpText::module(Side side) const
{
    return *d->modules[side];
}

int IrOpText::add(Side side, mlir::Operation *op)
{
    d->ops[side].push_back(op);
    d->texts[side].emplace_back();
    return int(d->ops[side].size()) - 1;
}

int IrOpText::count(Side side) const
{
    return int(d->ops[side].size());
}

QString IrOpText::text(Side side, int index) const
{
    if (index < 0 || index >= int(d->ops[side].size()))
        return {};
    const std::lock_guard<std::mutex> lock(d->mutex);
    QString &cached = d->texts[side][size_t(index)];
    if (cached.isNull()) {
        mlir::Operation *op = d->ops[side][size_t(index)];
        std::string s;
        llvm::raw_string_ostream os(s);
        op->print(os, d->stateFor(op));
        // The dialect prefix says nothing in a pane that only shows cuda_tile ops.
        cached = QString::fromStdString(s).simplified().replace(QLatin1String("cuda_tile."), QString());
    }
    return cached;
}

} // namespace tileport::ui
