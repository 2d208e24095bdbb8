// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point for Tile IR text as `tileport ir diff` reads it: any
// bytes are parsed (cuda_tile registered, other dialects allowed); a failure
// is reported at name:line:col. A module that loads is canonicalized and
// diffed against an identical copy (it must PASS) and against a mutated copy
// (one op erased, chosen by the input), which must give a report or a
// reason, never a crash.
#include "FuzzCheck.h"

#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/raw_ostream.h>
#include <mlir/IR/BuiltinOps.h>

#include <cstdint>
#include <vector>

using namespace tileport::tileir;
using tileport::fuzz::check;

namespace {

// The ops of a module that can go without leaving a dangling use: no
// results in use, no regions, not a terminator.
std::vector<mlir::Operation *> erasable(mlir::ModuleOp module)
{
    std::vector<mlir::Operation *> out;
    module.walk([&](mlir::Operation *op) {
        if (op != module.getOperation() && op->use_empty() && op->getNumRegions() == 0 &&
            !op->hasTrait<mlir::OpTrait::IsTerminator>())
            out.push_back(op);
    });
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const llvm::StringRef text(reinterpret_cast<const char *>(data), size);
    mlir::MLIRContext ctx;
    diff::configureContext(ctx);
    std::string diag;
    llvm::raw_string_ostream ds(diag);
    auto module = diff::loadModuleFromText(text, "fuzz.mlir", ctx, ds);
    if (!module) {
        check(llvm::StringRef(diag).contains("fuzz.mlir"), "a parse failure that names no place");
        return 0;
    }
    ctx.getDiagEngine().registerHandler([](mlir::Diagnostic &) { return mlir::success(); });

    mlir::OwningOpRef<mlir::ModuleOp> same(module->clone());
    mlir::OwningOpRef<mlir::ModuleOp> mutated(module->clone());
    const auto self = diff::diffModules(*module, *same, {}, ds);
    if (self)
        check(self->verdict == diff::Verdict::Pass, "a module differs from itself");

    const std::vector<mlir::Operation *> ops = erasable(*mutated);
    if (!ops.empty()) {
        ops[size % ops.size()]->erase();
        mlir::OwningOpRef<mlir::ModuleOp> original(same->clone());
        (void)diff::diffModules(*original, *mutated, {}, ds);
    }
    return 0;
}
