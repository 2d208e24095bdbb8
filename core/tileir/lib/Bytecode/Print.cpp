// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Short Tile IR spellings of types and attributes (tileir-format.md §1.2, §2).
#include "ValueFormat.h"
#include "tileport/TileIR/Bytecode/Dump.h"

#include <type_traits>

namespace tileport::tileir::bc {

using detail::formatDense;
using detail::formatScalarBits;

namespace {

constexpr unsigned kMaxPrintDepth = 32;

template<class T> std::string join(const std::vector<T> &v, const char *sep, bool dynamic = false)
{
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) {
        if (i)
            s += sep;
        s += dynamic && int64_t(v[i]) == kDynamic ? std::string("?") : std::to_string(v[i]);
    }
    return s;
}

std::string typeString(const Module &m, uint32_t index, unsigned depth);

std::string dims(const Module &m, const std::vector<int64_t> &shape, uint32_t element, unsigned depth)
{
    std::string s;
    for (int64_t d : shape)
        s += (d == kDynamic ? std::string("?") : std::to_string(d)) + "x";
    return s + typeString(m, element, depth + 1);
}

std::string padding(const Type &t)
{
    return t.padding ? "padding_value = " + std::string(enumKeyword(EnumKind::PaddingValue, *t.padding)) + ", "
                     : std::string();
}

// 13.4 defines one pointer attribute value, 0.
std::string ptrAttr(const Type &t)
{
    if (!t.ptrAttr)
        return std::string();
    return ", ptr_attr = " + (*t.ptrAttr == 0 ? std::string("none") : std::to_string(*t.ptrAttr));
}

std::string dimMap(const Type &t)
{
    bool identity = true;
    for (size_t i = 0; i < t.dimMap.size(); ++i)
        identity = identity && t.dimMap[i] == int32_t(i);
    return identity ? std::string() : ", dim_map=[" + join(t.dimMap, ", ") + "]";
}

std::string typeString(const Module &m, uint32_t index, unsigned depth)
{
    if (index >= m.types.size())
        return "<bad type " + std::to_string(index) + ">";
    if (depth > kMaxPrintDepth)
        return "<...>";
    const Type &t = m.types[index];
    switch (t.kind) {
    case TypeKind::Scalar: return std::string(scalarName(t.scalar));
    case TypeKind::Token: return "token";
    case TypeKind::Pointer: return "ptr<" + typeString(m, t.element, depth + 1) + ptrAttr(t) + ">";
    case TypeKind::Tile: return "tile<" + dims(m, t.shape, t.element, depth) + ">";
    case TypeKind::TensorView:
        return "tensor_view<" + dims(m, t.shape, t.element, depth) +
               (t.shape.empty() ? std::string() : ", strides=[" + join(t.strides, ",", true) + "]") + ptrAttr(t) + ">";
    case TypeKind::PartitionView:
        return "partition_view<tile=(" + join(t.tileShape, "x") + "), " + padding(t) +
               typeString(m, t.element, depth + 1) + dimMap(t) + ">";
    case TypeKind::StridedView:
        return "strided_view<tile=(" + join(t.tileShape, "x") + "), traversal_strides=[" +
               join(t.traversalStrides, ",") + "], " + padding(t) + typeString(m, t.element, depth + 1) + dimMap(t) +
               ">";
    case TypeKind::GatherScatterView:
        return "gather_scatter_view<tile=(" + join(t.tileShape, "x") + "), " + padding(t) +
               typeString(m, t.element, depth + 1) + ", sparse_dim=" + std::to_string(t.sparseDim) + ">";
    case TypeKind::Function: {
        std::string s = "(";
        for (size_t i = 0; i < t.inputs.size(); ++i)
            s += (i ? ", " : "") + typeString(m, t.inputs[i], depth + 1);
        s += ") -> (";
        for (size_t i = 0; i < t.results.size(); ++i)
            s += (i ? ", " : "") + typeString(m, t.results[i], depth + 1);
        return s + ")";
    }
    }
    return "?";
}

std::string attrString(const Module &m, const Attribute &a, unsigned depth);

std::string entries(const Module &m, const std::vector<NamedAttribute> &es, unsigned depth)
{
    std::string s;
    for (size_t i = 0; i < es.size(); ++i)
        s += (i ? ", " : "") + std::string(es[i].name) + " = " + attrString(m, es[i].value, depth + 1);
    return s;
}

std::string scalarOf(const Module &m, uint32_t type, uint64_t bits)
{
    if (type >= m.types.size() || m.types[type].kind != TypeKind::Scalar)
        return std::to_string(bits);
    return formatScalarBits(m.types[type].scalar, bits) + " : " + std::string(scalarName(m.types[type].scalar));
}

std::string optionalInt(const std::optional<int64_t> &v)
{
    return v ? std::to_string(*v) : std::string("?");
}

std::string attrString(const Module &m, const Attribute &a, unsigned depth)
{
    if (depth > kMaxPrintDepth)
        return "<...>";
    return std::visit(
        [&](const auto &v) -> std::string {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, EnumAttr>) {
                const auto kw = enumKeyword(v.kind, v.value);
                return kw.empty() ? std::to_string(v.value) : std::string(kw);
            } else if constexpr (std::is_same_v<T, IntegerAttr>) {
                return v.type ? scalarOf(m, *v.type, v.value) : std::to_string(v.value);
            } else if constexpr (std::is_same_v<T, FloatAttr>) {
                return scalarOf(m, v.type, v.bits);
            } else if constexpr (std::is_same_v<T, BoolAttr>) {
                return v.value ? "true" : "false";
            } else if constexpr (std::is_same_v<T, TypeAttr>) {
                return typeString(m, v.type, depth + 1);
            } else if constexpr (std::is_same_v<T, StringAttr>) {
                std::string s = "\"";
                for (unsigned char ch : v.value) {
                    if (ch == '"' || ch == '\\') {
                        s += '\\';
                        s += char(ch);
                    } else if (ch < 0x20 || ch >= 0x7F) {
                        static const char hexDigits[] = "0123456789ABCDEF";
                        s += '\\';
                        s += hexDigits[ch >> 4];
                        s += hexDigits[ch & 15];
                    } else {
                        s += char(ch);
                    }
                }
                return s + "\"";
            } else if constexpr (std::is_same_v<T, ArrayAttr>) {
                std::string s = "[";
                for (size_t i = 0; i < v.elements.size(); ++i)
                    s += (i ? ", " : "") + attrString(m, v.elements[i], depth + 1);
                return s + "]";
            } else if constexpr (std::is_same_v<T, DenseAttr>) {
                return formatDense(m, v.constant, v.type) + " : " + typeString(m, v.type, depth + 1);
            } else if constexpr (std::is_same_v<T, DivByAttr>) {
                std::string s = "div_by<" + std::to_string(v.divisor);
                if (v.every)
                    s += ", every " + std::to_string(*v.every);
                if (v.along)
                    s += " along " + std::to_string(*v.along);
                return s + ">";
            } else if constexpr (std::is_same_v<T, SameElementsAttr>) {
                return "same_elements<[" + join(v.values, ", ") + "]>";
            } else if constexpr (std::is_same_v<T, BoundedAttr>) {
                return "bounded<" + optionalInt(v.lower) + ", " + optionalInt(v.upper) + ">";
            } else if constexpr (std::is_same_v<T, DictionaryAttr>) {
                return "{" + entries(m, v.entries, depth) + "}";
            } else if constexpr (std::is_same_v<T, OptimizationHintsAttr>) {
                return "<" + entries(m, v.architectures, depth) + ">";
            } else if constexpr (std::is_same_v<T, I32ArrayAttr>) {
                return "[" + join(v.values, ", ") + "]";
            } else if constexpr (std::is_same_v<T, BoolArrayAttr>) {
                std::string s = "[";
                for (size_t i = 0; i < v.values.size(); ++i)
                    s += std::string(i ? ", " : "") + (v.values[i] ? "true" : "false");
                return s + "]";
            } else {
                static_assert(std::is_same_v<T, UnitAttr>);
                return "unit";
            }
        },
        a.value);
}

} // namespace

std::string typeToString(const Module &module, uint32_t type)
{
    return typeString(module, type, 0);
}

std::string attributeToString(const Module &module, const Attribute &attribute)
{
    return attrString(module, attribute, 0);
}

} // namespace tileport::tileir::bc
