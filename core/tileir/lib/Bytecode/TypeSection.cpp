// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The type table. Records may refer to each other in any order; they are
// resolved on demand, with cycles and over-deep nesting rejected, and each
// type's invariants (tileir-format.md §1.2) re-checked.
#include "ReaderContext.h"

#include <optional>

namespace tileport::tileir::bc::detail {

namespace {

constexpr unsigned kMaxTypeDepth = 16;
constexpr uint64_t kMaxTileElements = 1u << 24;

bool isPowerOfTwo(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

std::optional<ScalarKind> scalarForTag(uint64_t tag)
{
    switch (tag) {
    case 0: return ScalarKind::I1;
    case 1: return ScalarKind::I8;
    case 2: return ScalarKind::I16;
    case 3: return ScalarKind::I32;
    case 4: return ScalarKind::I64;
    case 5: return ScalarKind::F16;
    case 6: return ScalarKind::BF16;
    case 7: return ScalarKind::F32;
    case 8: return ScalarKind::TF32;
    case 9: return ScalarKind::F64;
    case 10: return ScalarKind::F8E4M3FN;
    case 11: return ScalarKind::F8E5M2;
    case 18: return ScalarKind::F8E8M0FNU;
    case 19: return ScalarKind::F4E2M1FN;
    case 22: return ScalarKind::I4;
    case 130: return ScalarKind::F8E5M3FNU;
    default: return std::nullopt;
    }
}

Version tagSince(uint64_t tag)
{
    if (tag == 18)
        return kVersion13_2;
    if (tag == 19 || tag == 20 || tag == 21 || tag == 22)
        return kVersion13_3;
    if (tag == 130)
        return kVersion13_4;
    return kVersion13_1;
}

const char *tagName(uint64_t tag)
{
    switch (tag) {
    case 12: return "ptr";
    case 13: return "tile";
    case 14: return "tensor_view";
    case 15: return "partition_view";
    case 16: return "function";
    case 17: return "token";
    case 18: return "f8E8M0FNU";
    case 19: return "f4E2M1FN";
    case 20: return "gather_scatter_view";
    case 21: return "strided_view";
    case 22: return "i4";
    case 130: return "f8E5M3FNU";
    default: return "scalar";
    }
}

class TypeTableReader
{
public:
    TypeTableReader(ReaderContext &ctx, std::vector<Cursor> records)
        : m_ctx(ctx)
        , m_records(std::move(records))
        , m_state(m_records.size(), State::Unread)
    {
        m_ctx.module.types.resize(m_records.size());
    }

    void readAll()
    {
        for (uint32_t i = 0; i < m_records.size(); ++i)
            resolve(i, 0, m_records[i].offset());
    }

private:
    enum class State : uint8_t { Unread, InProgress, Done };

    Type &type(uint32_t i) { return m_ctx.module.types[i]; }

    void resolve(uint32_t i, unsigned depth, uint64_t at)
    {
        if (m_state[i] == State::Done)
            return;
        if (m_state[i] == State::InProgress)
            failAt(at, "type " + std::to_string(i) + " refers to itself (reference cycle)");
        if (depth > kMaxTypeDepth)
            failAt(at, "types nested deeper than " + std::to_string(kMaxTypeDepth));
        m_state[i] = State::InProgress;
        parse(i, depth);
        m_state[i] = State::Done;
    }

    uint32_t ref(Cursor &c, unsigned depth, const char *what)
    {
        const uint64_t at = c.offset();
        const uint64_t j = c.varint(what);
        if (j >= m_records.size())
            failAt(at, std::string(what) + ": type index " + std::to_string(j) + " out of range (" +
                           std::to_string(m_records.size()) + " types)");
        resolve(uint32_t(j), depth + 1, at);
        return uint32_t(j);
    }

    std::vector<int64_t> i64List(Cursor &c, const char *what)
    {
        const uint64_t n = c.count(8, what);
        std::vector<int64_t> v;
        v.reserve(n);
        for (uint64_t k = 0; k < n; ++k)
            v.push_back(int64_t(c.fixed(8, what)));
        return v;
    }

    std::vector<int32_t> i32List(Cursor &c, const char *what)
    {
        const uint64_t n = c.count(4, what);
        std::vector<int32_t> v;
        v.reserve(n);
        for (uint64_t k = 0; k < n; ++k)
            v.push_back(int32_t(uint32_t(c.fixed(4, what))));
        return v;
    }

    uint32_t padding(Cursor &c)
    {
        const uint64_t at = c.offset();
        const uint64_t v = c.varint("padding value");
        if (v >= enumCaseCount(EnumKind::PaddingValue, m_ctx.version()))
            failAt(at, "padding value " + std::to_string(v) + " is not a PaddingValue");
        return uint32_t(v);
    }

    uint64_t flags(Cursor &c)
    {
        const uint64_t at = c.offset();
        const uint64_t f = c.varint("view flags");
        if (f > 1)
            failAt(at, "view flags " + std::to_string(f) + " has unknown bits");
        return f;
    }

    // 13.4 prefixes ptr and tensor_view records with flags; bit 0 says a
    // pointer attribute byte ends the record. 13.4 defines only 0 (none).
    uint64_t pointerFlags(Cursor &c)
    {
        if (m_ctx.version() < kVersion13_4)
            return 0;
        const uint64_t at = c.offset();
        const uint64_t f = c.varint("pointer flags");
        if (f > 1)
            failAt(at, "pointer flags " + std::to_string(f) + " has unknown bits");
        return f;
    }

    std::optional<uint8_t> pointerAttribute(Cursor &c, uint64_t flags)
    {
        if (!(flags & 1))
            return std::nullopt;
        const uint64_t at = c.offset();
        const uint8_t v = c.u8("ptr_attr");
        if (v != 0)
            failAt(at, "ptr_attr " + std::to_string(v) + " is not defined in bytecode " + m_ctx.version().str() +
                           " (only 0, none)");
        return v;
    }

    uint32_t tensorViewRef(Cursor &c, unsigned depth)
    {
        const uint64_t at = c.offset();
        const uint32_t tv = ref(c, depth, "view tensor_view");
        if (type(tv).kind != TypeKind::TensorView)
            failAt(at, "a view must refer to a tensor_view type");
        return tv;
    }

    void parse(uint32_t i, unsigned depth)
    {
        Cursor c = m_records[i];
        Type t;
        t.offset = c.offset();
        const uint64_t tag = c.varint("type tag");
        if (tagSince(tag) > m_ctx.version())
            failAt(t.offset, std::string("type '") + tagName(tag) + "' requires bytecode " + tagSince(tag).str() +
                                 ", the file is " + m_ctx.version().str());
        if (auto s = scalarForTag(tag)) {
            t.kind = TypeKind::Scalar;
            t.scalar = *s;
        } else {
            switch (tag) {
            case 17: t.kind = TypeKind::Token; break;
            case 12: {
                t.kind = TypeKind::Pointer;
                const uint64_t f = pointerFlags(c);
                const uint64_t at = c.offset();
                t.element = ref(c, depth, "pointee type");
                if (type(t.element).kind != TypeKind::Scalar)
                    failAt(at, "a ptr must point to a scalar type");
                t.ptrAttr = pointerAttribute(c, f);
                break;
            }
            case 13: {
                t.kind = TypeKind::Tile;
                const uint64_t at = c.offset();
                t.element = ref(c, depth, "tile element type");
                const TypeKind ek = type(t.element).kind;
                if (ek != TypeKind::Scalar && ek != TypeKind::Pointer)
                    failAt(at, "a tile element must be a scalar or a ptr");
                t.shape = i64List(c, "tile shape");
                checkTile(t);
                break;
            }
            case 14: {
                t.kind = TypeKind::TensorView;
                const uint64_t f = pointerFlags(c);
                const uint64_t at = c.offset();
                t.element = ref(c, depth, "tensor_view element type");
                if (type(t.element).kind != TypeKind::Scalar)
                    failAt(at, "a tensor_view element must be a scalar");
                t.shape = i64List(c, "tensor_view shape");
                t.strides = i64List(c, "tensor_view strides");
                t.ptrAttr = pointerAttribute(c, f);
                checkTensorView(t);
                break;
            }
            case 15: {
                t.kind = TypeKind::PartitionView;
                if (m_ctx.version() >= kVersion13_3) {
                    const uint64_t f = flags(c);
                    t.tileShape = i32List(c, "partition_view tile shape");
                    t.element = tensorViewRef(c, depth);
                    t.dimMap = i32List(c, "partition_view dim_map");
                    if (f & 1)
                        t.padding = padding(c);
                } else {
                    t.tileShape = i32List(c, "partition_view tile shape");
                    t.element = tensorViewRef(c, depth);
                    t.dimMap = i32List(c, "partition_view dim_map");
                    const uint64_t at = c.offset();
                    const uint8_t present = c.u8("padding presence");
                    if (present > 1)
                        failAt(at, "padding presence byte must be 0 or 1");
                    if (present)
                        t.padding = padding(c);
                }
                checkView(t);
                break;
            }
            case 21: {
                t.kind = TypeKind::StridedView;
                const uint64_t f = flags(c);
                t.tileShape = i32List(c, "strided_view tile shape");
                t.traversalStrides = i32List(c, "strided_view traversal strides");
                t.element = tensorViewRef(c, depth);
                t.dimMap = i32List(c, "strided_view dim_map");
                if (f & 1)
                    t.padding = padding(c);
                checkView(t);
                break;
            }
            case 20: {
                t.kind = TypeKind::GatherScatterView;
                const uint64_t f = flags(c);
                t.tileShape = i32List(c, "gather_scatter_view tile shape");
                t.element = tensorViewRef(c, depth);
                const uint64_t at = c.offset();
                const uint64_t sparse = c.varint("sparse_dim");
                if (sparse >= t.tileShape.size())
                    failAt(at, "sparse_dim " + std::to_string(sparse) + " is not below the view rank");
                t.sparseDim = uint32_t(sparse);
                if (f & 1)
                    t.padding = padding(c);
                checkView(t);
                break;
            }
            case 16: {
                t.kind = TypeKind::Function;
                for (auto *list : {&t.inputs, &t.results}) {
                    const uint64_t n = c.count(1, "function type arity");
                    list->reserve(n);
                    for (uint64_t k = 0; k < n; ++k) {
                        const uint64_t at = c.offset();
                        const uint32_t r = ref(c, depth, "function type operand");
                        if (type(r).kind == TypeKind::Function)
                            failAt(at, "a function type cannot take or return a function type");
                        list->push_back(r);
                    }
                }
                break;
            }
            default: failAt(t.offset, "unknown type tag " + std::to_string(tag));
            }
        }
        if (!c.atEnd())
            c.fail("type " + std::to_string(i) + ": " + std::to_string(c.remaining()) + " unexpected trailing byte(s)");
        type(i) = std::move(t);
    }

    void checkTile(const Type &t)
    {
        uint64_t total = 1;
        bool someEven = false;
        for (int64_t d : t.shape) {
            if (!isPowerOfTwo(d))
                failAt(t.offset, "tile dimension " + std::to_string(d) + " is not a positive power of two");
            total *= uint64_t(d);
            if (total > kMaxTileElements)
                failAt(t.offset, "tile has more than 2^24 elements");
            someEven = someEven || d % 2 == 0;
        }
        const Type &e = type(t.element);
        if (e.kind == TypeKind::Scalar && e.scalar == ScalarKind::F4E2M1FN && (t.shape.empty() || !someEven))
            failAt(t.offset, "a tile of f4E2M1FN needs rank >= 1 and an even dimension");
    }

    void checkTensorView(const Type &t)
    {
        if (t.shape.size() != t.strides.size())
            failAt(t.offset, "tensor_view has " + std::to_string(t.shape.size()) + " dimensions but " +
                                 std::to_string(t.strides.size()) + " strides");
        for (const auto *list : {&t.shape, &t.strides})
            for (int64_t v : *list)
                if (v != kDynamic && v <= 0)
                    failAt(t.offset, "tensor_view dimension or stride " + std::to_string(v) + " is not positive");
    }

    void checkView(const Type &t)
    {
        const Type &tv = type(t.element);
        const size_t rank = tv.shape.size();
        if (rank == 0 || t.tileShape.size() != rank)
            failAt(t.offset, "view tile rank " + std::to_string(t.tileShape.size()) +
                                 " must equal the tensor_view rank " + std::to_string(rank) + " and be at least 1");
        for (int32_t d : t.tileShape)
            if (!isPowerOfTwo(d))
                failAt(t.offset, "view tile dimension " + std::to_string(d) + " is not a positive power of two");
        if (t.kind != TypeKind::GatherScatterView) {
            if (t.dimMap.size() != rank)
                failAt(t.offset, "view dim_map has " + std::to_string(t.dimMap.size()) + " entries, rank is " +
                                     std::to_string(rank));
            std::vector<bool> seen(rank, false);
            for (int32_t d : t.dimMap) {
                if (d < 0 || size_t(d) >= rank || seen[size_t(d)])
                    failAt(t.offset, "view dim_map is not a permutation");
                seen[size_t(d)] = true;
            }
        }
        if (t.kind == TypeKind::StridedView) {
            if (t.traversalStrides.size() != rank)
                failAt(t.offset, "strided_view needs one traversal stride per dimension");
            for (int32_t s : t.traversalStrides)
                if (s <= 0)
                    failAt(t.offset, "strided_view traversal stride " + std::to_string(s) + " is not positive");
        }
        if (t.padding && *t.padding != 0 && m_ctx.isScalar(tv.element, true))
            failAt(t.offset, "a non-zero padding value needs a float element type");
    }

    ReaderContext &m_ctx;
    std::vector<Cursor> m_records;
    std::vector<State> m_state;
};

} // namespace

void readTypeSection(ReaderContext &ctx, Cursor c)
{
    TypeTableReader(ctx, readOffsetTable(c, 4, "type table")).readAll();
}

} // namespace tileport::tileir::bc::detail
