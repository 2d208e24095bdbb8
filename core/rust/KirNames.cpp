// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "KirNames.h"

#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinTypes.h>

namespace tileport::rust {

mlir::Type kirElementType(mlir::MLIRContext *ctx, const QString &n)
{
    mlir::Builder b(ctx);
    if (n == QLatin1String("f32")) return b.getF32Type();
    if (n == QLatin1String("f64")) return b.getF64Type();
    if (n == QLatin1String("f16")) return b.getF16Type();
    if (n == QLatin1String("bf16")) return b.getBF16Type();
    if (n == QLatin1String("tf32")) return b.getTF32Type();
    if (n == QLatin1String("bool")) return b.getI1Type();
    if (n == QLatin1String("f8e4m3fn")) return b.getType<mlir::Float8E4M3FNType>();
    if (n == QLatin1String("f8e5m2")) return b.getType<mlir::Float8E5M2Type>();
    if (n == QLatin1String("f8e8m0fnu")) return b.getType<mlir::Float8E8M0FNUType>();
    if (n == QLatin1String("f4e2m1fn")) return b.getType<mlir::Float4E2M1FNType>();
    if (n.size() >= 2 && (n[0] == QLatin1Char('i') || n[0] == QLatin1Char('u'))) {
        bool ok = false;
        const int w = n.mid(1).toInt(&ok);
        if (ok && (w == 8 || w == 16 || w == 32 || w == 64))
            return mlir::IntegerType::get(ctx, unsigned(w), n[0] == QLatin1Char('u') ? mlir::IntegerType::Unsigned
                                                                                    : mlir::IntegerType::Signless);
    }
    return {};
}

QString rustElementName(mlir::Type t)
{
    if (t.isF32()) return QStringLiteral("f32");
    if (t.isF64()) return QStringLiteral("f64");
    if (t.isF16()) return QStringLiteral("f16");
    if (t.isBF16()) return QStringLiteral("bf16");
    if (t.isTF32()) return QStringLiteral("tf32");
    if (llvm::isa<mlir::Float8E4M3FNType>(t)) return QStringLiteral("f8e4m3fn");
    if (llvm::isa<mlir::Float8E5M2Type>(t)) return QStringLiteral("f8e5m2");
    if (llvm::isa<mlir::Float8E8M0FNUType>(t)) return QStringLiteral("f8e8m0fnu");
    if (llvm::isa<mlir::Float4E2M1FNType>(t)) return QStringLiteral("f4e2m1fn");
    if (auto i = llvm::dyn_cast<mlir::IntegerType>(t)) {
        if (i.getWidth() == 1)
            return QStringLiteral("bool");
        return QStringLiteral("%1%2").arg(i.isUnsigned() ? QLatin1Char('u') : QLatin1Char('i')).arg(i.getWidth());
    }
    return {};
}

} // namespace tileport::rust
