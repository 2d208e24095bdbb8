// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "AttributeImporter.h"

#include "tileport/TileIR/Bytecode/Enums.h"
#include "tileport/TileIR/TileIRAttrs.h"

#include <mlir/AsmParser/AsmParser.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/IR/BuiltinTypes.h>
#include <mlir/IR/Diagnostics.h>

namespace tileport::tileir {

namespace {

// Enums stored as dialect attributes, by their text mnemonic; the others are
// plain i32 integers.
const char *dialectEnumMnemonic(bc::EnumKind k)
{
    switch (k) {
    case bc::EnumKind::RoundingMode: return "rounding";
    case bc::EnumKind::IntegerOverflow: return "overflow";
    case bc::EnumKind::Signedness: return "signedness";
    case bc::EnumKind::ComparisonPredicate: return "comparison_predicate";
    case bc::EnumKind::ComparisonOrdering: return "comparison_ordering";
    case bc::EnumKind::PaddingValue: return "padding_value";
    case bc::EnumKind::SymbolVisibility: return "symbol_visibility";
    default: return nullptr;
    }
}

// A dialect attribute through its verifier: one the parser would refuse is
// refused here too, so that what the importer makes prints and reads back.
// Null, with the verifier's words in `why`, when it does not verify.
template <typename A, typename... Args>
A verified(mlir::MLIRContext &ctx, std::string &why, Args &&...args)
{
    mlir::ScopedDiagnosticHandler capture(&ctx, [&](mlir::Diagnostic &d) {
        why = d.str();
        return mlir::success();
    });
    return A::getChecked([&] { return mlir::emitError(mlir::UnknownLoc::get(&ctx)); }, &ctx,
                         std::forward<Args>(args)...);
}

} // namespace

AttributeImporter::AttributeImporter(const bc::Module &module, mlir::MLIRContext &ctx, TypeImporter &types)
    : m_module(module)
    , m_ctx(ctx)
    , m_types(types)
{
}

mlir::Attribute AttributeImporter::fail(const std::string &what)
{
    if (m_error.empty())
        m_error = what;
    return {};
}

mlir::Attribute AttributeImporter::enumAttr(const bc::EnumAttr &e)
{
    const auto key = std::make_pair(int(e.kind), e.value);
    if (auto it = m_enumCache.find(key); it != m_enumCache.end())
        return it->second;
    mlir::Attribute out;
    if (const char *mnemonic = dialectEnumMnemonic(e.kind)) {
        const std::string_view kw = bc::enumKeyword(e.kind, e.value);
        if (kw.empty())
            return fail(std::string(bc::enumKindName(e.kind)) + " value " + std::to_string(e.value) + " out of range");
        const std::string text = std::string("#cuda_tile.") + mnemonic + "<" + std::string(kw) + ">";
        out = mlir::parseAttribute(text, &m_ctx);
        if (!out)
            return fail("the dialect does not accept " + text);
    } else {
        out = mlir::IntegerAttr::get(mlir::IntegerType::get(&m_ctx, 32), e.value);
    }
    m_enumCache.emplace(key, out);
    return out;
}

mlir::Attribute AttributeImporter::dense(uint32_t constant, mlir::Type type)
{
    if (constant >= m_module.constants.size())
        return fail("constant index " + std::to_string(constant) + " out of range");
    auto shaped = mlir::dyn_cast_or_null<mlir::ShapedType>(type);
    if (!shaped)
        return fail("dense constant of a type that is not a tile");
    const auto &bytes = m_module.constants[constant].bytes;
    llvm::ArrayRef<char> raw(reinterpret_cast<const char *>(bytes.data()), bytes.size());
    const mlir::Type elem = shaped.getElementType();
    if (elem.isInteger(1)) {
        // Tile IR packs i1 bit by bit, LSB first, or one 0x00/0xFF splat byte.
        const int64_t n = shaped.getNumElements();
        std::vector<bool> bits(size_t(n), false);
        const bool splat = bytes.size() == 1 && (bytes[0] == 0x00 || bytes[0] == 0xFF);
        if (!splat && int64_t(bytes.size()) != (n + 7) / 8)
            return fail("i1 constant of " + std::to_string(bytes.size()) + " bytes for " + std::to_string(n) + " elements");
        for (int64_t k = 0; k < n; ++k)
            bits[size_t(k)] = splat ? bytes[0] != 0 : ((bytes[size_t(k / 8)] >> (k % 8)) & 1);
        llvm::SmallVector<bool> v(bits.begin(), bits.end());
        return mlir::DenseElementsAttr::get(shaped, llvm::ArrayRef<bool>(v));
    }
    bool detectedSplat = false;
    if (!mlir::DenseElementsAttr::isValidRawBuffer(shaped, raw, detectedSplat))
        return fail("constant " + std::to_string(constant) + ": " + std::to_string(bytes.size()) +
                    " bytes do not fit its type");
    return mlir::DenseElementsAttr::getFromRawBuffer(shaped, raw);
}

mlir::DictionaryAttr AttributeImporter::dictionary(const std::vector<bc::NamedAttribute> &entries)
{
    llvm::SmallVector<mlir::NamedAttribute> out;
    for (const auto &e : entries) {
        mlir::Attribute v = typed(e.value);
        if (!v)
            return {};
        out.emplace_back(mlir::StringAttr::get(&m_ctx, llvm::StringRef(e.name.data(), e.name.size())), v);
    }
    return mlir::DictionaryAttr::get(&m_ctx, out);
}

mlir::Attribute AttributeImporter::typed(const bc::Attribute &attr)
{
    return get({}, {}, attr);
}

mlir::Attribute AttributeImporter::get(std::string_view op, std::string_view name, const bc::Attribute &attr)
{
    mlir::Builder b(&m_ctx);
    if (const auto *e = attr.get<bc::EnumAttr>())
        return enumAttr(*e);
    if (const auto *i = attr.get<bc::IntegerAttr>()) {
        mlir::Type t;
        if (i->type) {
            t = m_types.get(*i->type);
            if (!t)
                return fail(m_types.error());
        } else {
            // Untyped op attributes: reduce/scan dims are I32Attr, the rest I64Attr.
            const bool i32 = name == "dim" && (op == "reduce" || op == "scan");
            t = b.getIntegerType(i32 ? 32 : 64);
        }
        const unsigned w = t.getIntOrFloatBitWidth();
        return mlir::IntegerAttr::get(t, llvm::APInt(w, i->value, /*isSigned=*/false, /*implicitTrunc=*/true));
    }
    if (const auto *f = attr.get<bc::FloatAttr>()) {
        auto ft = mlir::dyn_cast_or_null<mlir::FloatType>(m_types.get(f->type));
        if (!ft)
            return fail("float attribute of a type that is not a float");
        const unsigned w = ft.getWidth();
        return mlir::FloatAttr::get(ft, llvm::APFloat(ft.getFloatSemantics(), llvm::APInt(w, f->bits, false, true)));
    }
    if (const auto *v = attr.get<bc::BoolAttr>())
        return b.getBoolAttr(v->value);
    if (const auto *t = attr.get<bc::TypeAttr>()) {
        mlir::Type ty = m_types.get(t->type);
        return ty ? mlir::Attribute(mlir::TypeAttr::get(ty)) : fail(m_types.error());
    }
    if (const auto *s = attr.get<bc::StringAttr>()) {
        const llvm::StringRef str(s->value.data(), s->value.size());
        if (op == "get_global" && name == "name")
            return mlir::FlatSymbolRefAttr::get(&m_ctx, str);
        return b.getStringAttr(str);
    }
    if (const auto *a = attr.get<bc::ArrayAttr>()) {
        llvm::SmallVector<mlir::Attribute> out;
        for (const auto &el : a->elements) {
            mlir::Attribute x = typed(el);
            if (!x)
                return {};
            out.push_back(x);
        }
        return b.getArrayAttr(out);
    }
    if (const auto *d = attr.get<bc::DenseAttr>())
        return dense(d->constant, m_types.get(d->type));
    std::string why;
    if (const auto *d = attr.get<bc::DivByAttr>()) {
        if (auto a = verified<DivByAttr>(m_ctx, why, d->divisor, d->every, d->along))
            return a;
        return fail(why);
    }
    if (const auto *s = attr.get<bc::SameElementsAttr>())
        return SameElementsAttr::get(&m_ctx, s->values);
    if (const auto *bd = attr.get<bc::BoundedAttr>()) {
        if (auto a = verified<BoundedAttr>(m_ctx, why, bd->lower, bd->upper))
            return a;
        return fail(why);
    }
    if (const auto *d = attr.get<bc::DictionaryAttr>())
        return dictionary(d->entries);
    if (const auto *h = attr.get<bc::OptimizationHintsAttr>()) {
        mlir::DictionaryAttr dict = dictionary(h->architectures);
        if (!dict)
            return {};
        if (auto a = verified<OptimizationHintsAttr>(m_ctx, why, dict))
            return a;
        return fail(why);
    }
    if (const auto *a = attr.get<bc::I32ArrayAttr>())
        return mlir::DenseI32ArrayAttr::get(&m_ctx, a->values);
    if (const auto *a = attr.get<bc::BoolArrayAttr>()) {
        const llvm::SmallVector<bool> flags(a->values.begin(), a->values.end());
        return mlir::DenseBoolArrayAttr::get(&m_ctx, flags);
    }
    if (attr.get<bc::UnitAttr>())
        return b.getUnitAttr();
    return fail("unknown attribute kind");
}

} // namespace tileport::tileir
