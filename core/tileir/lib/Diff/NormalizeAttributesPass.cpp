// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/CanonicalPasses.h"
#include "tileport/TileIR/Diff/IrText.h"
#include "tileport/TileIR/Diff/OpAttributes.h"
#include "tileport/TileIR/Diff/OpTable.h"

namespace tileport::tileir::diff {

namespace {

class NormalizeAttributesPass : public mlir::PassWrapper<NormalizeAttributesPass, mlir::OperationPass<>>
{
public:
    MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(NormalizeAttributesPass)

    explicit NormalizeAttributesPass(bool stripProducer) : stripProducer_(stripProducer) {}

    llvm::StringRef getArgument() const override { return "tileport-normalize-attributes"; }
    llvm::StringRef getDescription() const override { return "Drop attributes equal to their printer defaults"; }

    void runOnOperation() override
    {
        TextCache texts;
        getOperation()->walk([&](mlir::Operation *op) {
            dropDefaultAttributes(op, texts);
            // The producer string names the tool that wrote the bytecode; two
            // dumps of one computation may differ in nothing else.
            if (stripProducer_ && mnemonicOf(op) == "module")
                removeAttribute(op, "producer");
        });
    }

private:
    bool stripProducer_;
};

} // namespace

std::unique_ptr<mlir::Pass> createNormalizeAttributesPass(bool stripProducer)
{
    return std::make_unique<NormalizeAttributesPass>(stripProducer);
}

} // namespace tileport::tileir::diff
