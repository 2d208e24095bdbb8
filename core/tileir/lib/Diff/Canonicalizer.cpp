// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/Canonicalizer.h"

#include "tileport/TileIR/Diff/CanonicalPasses.h"
#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/ValueNumbering.h"

#include <mlir/IR/Builders.h>
#include <mlir/IR/Verifier.h>
#include <mlir/Transforms/Passes.h>

namespace tileport::tileir::diff {

void addCanonicalPasses(mlir::OpPassManager &pm, const CanonicalizeOptions &options)
{
    pm.addPass(createNormalizeAttributesPass(options.stripProducer));
    if (options.mlirPasses) {
        pm.addPass(mlir::createCanonicalizerPass());
        if (options.mlirCse)
            pm.addPass(mlir::createCSEPass());
    }
    pm.addPass(createHoistConstantsPass());
    pm.addPass(createEliminateRedundancyPass());
}

namespace {

bool hasRegisteredDialectOps(mlir::ModuleOp module)
{
    return module
        ->walk([](mlir::Operation *op) {
            return op->isRegistered() && !llvm::isa<mlir::ModuleOp>(op) ? mlir::WalkResult::interrupt()
                                                                        : mlir::WalkResult::advance();
        })
        .wasInterrupted();
}

} // namespace

mlir::LogicalResult canonicalize(mlir::ModuleOp module, const CanonicalizeOptions &options)
{
    mlir::PassManager pm(module.getContext(), mlir::ModuleOp::getOperationName());
    // The passes only erase, merge and move ops; verification is optional.
    pm.enableVerifier(false);
    CanonicalizeOptions effective = options;
    effective.mlirPasses = options.mlirPasses && hasRegisteredDialectOps(module);
    addCanonicalPasses(pm, effective);
    if (mlir::failed(pm.run(module)))
        return mlir::failure();
    return options.verify ? mlir::verify(module) : mlir::success();
}

void printCanonical(mlir::ModuleOp module, llvm::raw_ostream &os)
{
    // Names come from NameLocs on a copy (OpPrintingFlags::printNameLocAsPrefix),
    // which overrides both the default numbering and dialect-chosen names.
    mlir::OwningOpRef<mlir::ModuleOp> copy(module.clone());
    mlir::MLIRContext *ctx = module.getContext();
    auto named = [&](llvm::StringRef prefix) {
        return mlir::NameLoc::get(mlir::StringAttr::get(ctx, prefix));
    };
    for (const FunctionUnit &fn : collectFunctions(*copy)) {
        ValueNumbering numbering;
        numbering.numberFunction(fn.op);
        fn.op->walk([&](mlir::Operation *op) {
            if (op != fn.op && op->getNumResults() > 0)
                op->setLoc(named(numbering.prefix(op->getResult(0))));
            for (mlir::Region &region : op->getRegions())
                for (mlir::Block &block : region)
                    for (mlir::BlockArgument arg : block.getArguments())
                        arg.setLoc(named(numbering.prefix(arg)));
        });
    }
    mlir::OpPrintingFlags flags;
    flags.printNameLocAsPrefix();
    mlir::Operation *top = copy->getOperation();
    mlir::Block *body = copy->getBody();
    if (!copy->getSymName() && copy->getOperation()->getAttrs().empty() && !body->empty() &&
        std::next(body->begin()) == body->end())
        top = &body->front();
    top->print(os, flags);
    os << '\n';
}

} // namespace tileport::tileir::diff
