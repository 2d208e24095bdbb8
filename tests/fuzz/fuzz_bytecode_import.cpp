// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point for bytecode as the pipeline loads it: any bytes are
// decoded, and a decoded module is imported as ops of our cuda_tile dialect
// and verified. A failure names what failed; an imported module prints in
// the official syntax, that text parses back, and the module canonicalizes
// and diffs against itself as PASS (what stage C does to every reference).
#include "FuzzCheck.h"

#include "tileport/TileIR/Bytecode/Reader.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Import/BytecodeImport.h"

#include <llvm/Support/raw_ostream.h>

#include <cstdint>
#include <span>

using namespace tileport::tileir;
using tileport::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const bc::ReadResult read = bc::readModule(std::span<const uint8_t>(data, size));
    if (!read.ok()) {
        check(read.error.offset <= size && !read.error.message.empty(), "decode error without offset or message");
        return 0;
    }
    mlir::MLIRContext ctx;
    diff::configureContext(ctx);
    // The verifier's diagnostics are part of the import's error; nothing to print.
    ctx.getDiagEngine().registerHandler([](mlir::Diagnostic &) { return mlir::success(); });
    ImportResult imported = importBytecode(*read.module, ctx);
    if (!imported.ok()) {
        check(!imported.error.empty(), "import failed without a reason");
        return 0;
    }
    auto module = mlir::dyn_cast<mlir::ModuleOp>(imported.module.get());
    mlir::OwningOpRef<mlir::ModuleOp> wrapper;
    if (!module) {
        // The importer hands back the cuda_tile.module; the differ takes a
        // builtin module around it, as the loader makes.
        wrapper = mlir::ModuleOp::create(mlir::UnknownLoc::get(&ctx));
        wrapper->getBody()->push_back(imported.module.release());
        module = *wrapper;
    }
    std::string text, diag;
    llvm::raw_string_ostream os(text), ds(diag);
    diff::printModuleText(module, os, /*locations=*/true);
    mlir::MLIRContext again;
    diff::configureContext(again);
    auto reparsed = diff::loadModuleFromText(text, "imported.mlir", again, ds);
    if (!reparsed)
        std::fprintf(stderr, "%s\n--- printed ---\n%s\n", diag.c_str(), text.c_str());
    check(bool(reparsed), "the imported module's text does not parse back");

    mlir::OwningOpRef<mlir::ModuleOp> copy(module.clone());
    const auto report = diff::diffModules(module, *copy, {}, ds);
    if (report)
        check(report->verdict == diff::Verdict::Pass, "a module differs from itself");
    else
        check(!diag.empty(), "canonicalization failed without a reason");
    return 0;
}
