// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

#include <memory>

namespace mlir {
class MLIRContext;
class Operation;
class ModuleOp;
template <typename OpTy>
class OwningOpRef;
} // namespace mlir

namespace tileport::ui {

// The one-line texts of an aligned diff's ops, printed when a view first
// asks for them: only the rows on screen are ever printed. Owns the MLIR
// context and both modules the diff was made from, so it is built by the
// background job and handed whole to the UI thread; after that only text()
// touches the IR (serialized by a mutex, so any thread may call it).
class IrOpText
{
public:
    enum Side { Ref = 0, Gen = 1 };

    IrOpText(std::unique_ptr<mlir::MLIRContext> context, mlir::OwningOpRef<mlir::ModuleOp> ref,
             mlir::OwningOpRef<mlir::ModuleOp> gen);
    ~IrOpText();
    IrOpText(const IrOpText &) = delete;
    IrOpText &operator=(const IrOpText &) = delete;

    mlir::ModuleOp module(Side side) const;
    // Registers an op of `side` and returns its index for text().
    int add(Side side, mlir::Operation *op);
    int count(Side side) const;
    // The op printed on one line, regions elided, without the dialect
    // prefix; empty for index -1.
    QString text(Side side, int index) const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace tileport::ui
