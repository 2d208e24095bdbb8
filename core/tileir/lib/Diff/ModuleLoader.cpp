// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/ModuleLoader.h"

#include "tileport/TileIR/Import/BytecodeImport.h"
#include "tileport/TileIR/TileIRDialect.h"

#include <mlir/IR/Builders.h>

#include <mlir/IR/Diagnostics.h>
#include <mlir/Parser/Parser.h>

#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>

#include <optional>

namespace tileport::tileir::diff {

namespace {

constexpr char kBytecodeMagicBytes[] = "\x7fTileIR";
const llvm::StringRef kBytecodeMagic(kBytecodeMagicBytes, sizeof(kBytecodeMagicBytes)); // includes the NUL

// Text inputs larger than this are refused before parsing.
constexpr uint64_t kMaxInputBytes = uint64_t(1) << 30;

mlir::OwningOpRef<mlir::ModuleOp> parseBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer, mlir::MLIRContext &ctx,
                                              llvm::raw_ostream &diag, bool handleDiagnostics)
{
    const std::string name = buffer->getBufferIdentifier().str();
    if (isTileIrBytecode(buffer->getBuffer())) {
        const llvm::StringRef bytes = buffer->getBuffer();
        ImportResult imported = importBytecode(
            std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()), ctx);
        if (!imported.ok()) {
            diag << name << ": " << imported.error << '\n';
            return {};
        }
        // Same shape as parsed text: the cuda_tile.module inside a builtin module.
        mlir::OpBuilder b(&ctx);
        mlir::OwningOpRef<mlir::ModuleOp> top = mlir::ModuleOp::create(b.getUnknownLoc());
        top->getBody()->push_back(imported.module.release());
        return top;
    }
    if (buffer->getBufferSize() > kMaxInputBytes) {
        diag << name << ": input is larger than " << (kMaxInputBytes >> 20) << " MiB\n";
        return {};
    }
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    // Prints "file:line:col: error: message" plus the source line.
    std::optional<mlir::SourceMgrDiagnosticHandler> handler;
    if (handleDiagnostics)
        handler.emplace(sourceMgr, &ctx, diag);
    mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &ctx);
    if (!module)
        diag << name << ": not a readable Tile IR module\n";
    return module;
}

} // namespace

void configureContext(mlir::MLIRContext &ctx)
{
    ctx.allowUnregisteredDialects();
    ctx.getOrLoadDialect<CudaTileDialect>();
}

bool isTileIrBytecode(llvm::StringRef bytes)
{
    return bytes.starts_with(kBytecodeMagic);
}

mlir::OwningOpRef<mlir::ModuleOp> loadModule(llvm::StringRef path, mlir::MLIRContext &ctx, llvm::raw_ostream &diag,
                                             bool handleDiagnostics)
{
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/true);
    if (!buffer) {
        diag << path << ": cannot read: " << buffer.getError().message() << '\n';
        return {};
    }
    return parseBuffer(std::move(*buffer), ctx, diag, handleDiagnostics);
}

mlir::OwningOpRef<mlir::ModuleOp> loadModuleFromText(llvm::StringRef text, llvm::StringRef name, mlir::MLIRContext &ctx,
                                                     llvm::raw_ostream &diag, bool handleDiagnostics)
{
    return parseBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name), ctx, diag, handleDiagnostics);
}

void printModuleText(mlir::ModuleOp module, llvm::raw_ostream &os, bool locations)
{
    mlir::OpPrintingFlags flags;
    if (locations)
        flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
    for (mlir::Operation &op : module.getBody()->getOperations()) {
        op.print(os, flags);
        os << '\n';
    }
}

} // namespace tileport::tileir::diff
