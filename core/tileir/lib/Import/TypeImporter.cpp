// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TypeImporter.h"

#include "tileport/TileIR/TileIRAttrs.h"
#include "tileport/TileIR/TileIRTypes.h"

#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinTypes.h>
#include <mlir/IR/Diagnostics.h>


namespace tileport::tileir {

namespace {

mlir::Type scalar(mlir::MLIRContext &ctx, bc::ScalarKind k)
{
    using K = bc::ScalarKind;
    mlir::Builder b(&ctx);
    switch (k) {
    case K::I1: return b.getI1Type();
    case K::I4: return b.getIntegerType(4);
    case K::I8: return b.getI8Type();
    case K::I16: return b.getI16Type();
    case K::I32: return b.getI32Type();
    case K::I64: return b.getI64Type();
    case K::F16: return b.getF16Type();
    case K::BF16: return b.getBF16Type();
    case K::F32: return b.getF32Type();
    case K::TF32: return b.getTF32Type();
    case K::F64: return b.getF64Type();
    case K::F8E4M3FN: return mlir::Float8E4M3FNType::get(&ctx);
    case K::F8E5M2: return mlir::Float8E5M2Type::get(&ctx);
    case K::F8E8M0FNU: return mlir::Float8E8M0FNUType::get(&ctx);
    case K::F4E2M1FN: return mlir::Float4E2M1FNType::get(&ctx);
    case K::F8E5M3FNU: return {}; // MLIR has no builtin type for it
    }
    return {};
}

} // namespace

TypeImporter::TypeImporter(const bc::Module &module, mlir::MLIRContext &ctx)
    : m_module(module)
    , m_ctx(ctx)
    , m_cache(module.types.size())
{
}

mlir::Type TypeImporter::get(uint32_t index)
{
    if (index >= m_module.types.size()) {
        m_error = "type index " + std::to_string(index) + " out of range";
        return {};
    }
    if (!m_cache[index])
        m_cache[index] = build(m_module.types[index]);
    return m_cache[index];
}

mlir::Type TypeImporter::fail(const bc::Type &t, const std::string &what)
{
    if (m_error.empty())
        m_error = "offset " + std::to_string(t.offset) + ": " + what;
    return {};
}

mlir::Type TypeImporter::build(const bc::Type &t)
{
    // The reader rejects reference cycles, so this recursion terminates.
    std::string diag;
    auto emitError = [&]() {
        return mlir::emitError(mlir::UnknownLoc::get(&m_ctx));
    };
    mlir::ScopedDiagnosticHandler capture(&m_ctx, [&](mlir::Diagnostic &d) {
        diag = d.str();
        return mlir::success();
    });
    auto padding = [&](const std::optional<uint32_t> &p) -> PaddingValueAttr {
        if (!p)
            return {};
        return PaddingValueAttr::get(&m_ctx, static_cast<PaddingValue>(*p));
    };
    mlir::Type out;
    switch (t.kind) {
    case bc::TypeKind::Scalar:
        if (mlir::Type s = scalar(m_ctx, t.scalar))
            return s;
        return fail(t, "the dialect cannot represent " + std::string(bc::scalarName(t.scalar)) +
                           " (Tile IR 13.4; MLIR has no such builtin float type)");
    case bc::TypeKind::Token:
        return TokenType::get(&m_ctx);
    case bc::TypeKind::Pointer: {
        if (t.ptrAttr)
            return fail(t, "the dialect cannot represent a ptr_attr (Tile IR 13.4)");
        mlir::Type pointee = get(t.element);
        if (!pointee)
            return {};
        out = PointerType::getChecked(emitError, &m_ctx, pointee);
        break;
    }
    case bc::TypeKind::Tile: {
        mlir::Type elem = get(t.element);
        if (!elem)
            return {};
        out = TileType::getChecked(emitError, &m_ctx, llvm::ArrayRef<int64_t>(t.shape), elem);
        break;
    }
    case bc::TypeKind::TensorView: {
        if (t.ptrAttr)
            return fail(t, "the dialect cannot represent a ptr_attr (Tile IR 13.4)");
        mlir::Type elem = get(t.element);
        if (!elem)
            return {};
        auto conv = [](const std::vector<int64_t> &v) {
            llvm::SmallVector<int64_t> r(v.begin(), v.end());
            for (int64_t &x : r)
                if (x == bc::kDynamic)
                    x = mlir::ShapedType::kDynamic;
            return r;
        };
        const auto shape = conv(t.shape);
        const auto strides = conv(t.strides);
        out = TensorViewType::getChecked(emitError, &m_ctx, elem, llvm::ArrayRef<int64_t>(shape),
                                         llvm::ArrayRef<int64_t>(strides));
        break;
    }
    case bc::TypeKind::PartitionView:
    case bc::TypeKind::StridedView:
    case bc::TypeKind::GatherScatterView: {
        auto tv = mlir::dyn_cast_or_null<TensorViewType>(get(t.element));
        if (!tv)
            return fail(t, "view over something that is not a tensor_view");
        using A32 = llvm::ArrayRef<int32_t>;
        if (t.kind == bc::TypeKind::PartitionView)
            out = PartitionViewType::getChecked(emitError, &m_ctx, A32(t.tileShape), tv, A32(t.dimMap), padding(t.padding));
        else if (t.kind == bc::TypeKind::StridedView)
            out = StridedViewType::getChecked(emitError, &m_ctx, A32(t.tileShape), A32(t.traversalStrides), tv,
                                              A32(t.dimMap), padding(t.padding));
        else
            out = GatherScatterViewType::getChecked(emitError, &m_ctx, A32(t.tileShape), tv, t.sparseDim,
                                                    padding(t.padding));
        break;
    }
    case bc::TypeKind::Function: {
        std::vector<mlir::Type> ins, outs;
        for (uint32_t i : t.inputs)
            if (mlir::Type x = get(i); x)
                ins.push_back(x);
            else
                return {};
        for (uint32_t i : t.results)
            if (mlir::Type x = get(i); x)
                outs.push_back(x);
            else
                return {};
        return mlir::FunctionType::get(&m_ctx, ins, outs);
    }
    }
    if (!out)
        return fail(t, "invalid type: " + diag);
    return out;
}

} // namespace tileport::tileir
