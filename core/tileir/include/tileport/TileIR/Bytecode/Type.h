// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace tileport::tileir::bc {

enum class ScalarKind : uint8_t {
    I1, I4, I8, I16, I32, I64,
    F16, BF16, F32, TF32, F64, F8E4M3FN, F8E5M2, F8E8M0FNU, F4E2M1FN, F8E5M3FNU,
};

std::string_view scalarName(ScalarKind kind); // "i32", "f8E4M3FN", ...
unsigned scalarBitWidth(ScalarKind kind);     // 1, 4, 8, ..., tf32 = 19
bool isIntegerScalar(ScalarKind kind);

enum class TypeKind : uint8_t {
    Scalar, Pointer, Tile, TensorView, PartitionView, StridedView, GatherScatterView, Token, Function,
};

// A static dimension or stride of a tensor_view that is only known at run time.
inline constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

// One entry of the type table. Fields that do not apply to `kind` stay empty;
// references to other types are indices into Module::types.
struct Type {
    TypeKind kind = TypeKind::Token;
    ScalarKind scalar = ScalarKind::I1; // Scalar
    uint32_t element = 0;               // Pointer: pointee; Tile, TensorView: element; views: the tensor_view
    std::vector<int64_t> shape;         // Tile, TensorView (kDynamic marks '?')
    std::vector<int64_t> strides;       // TensorView (kDynamic marks '?')
    std::vector<int32_t> tileShape;     // views
    std::vector<int32_t> traversalStrides; // StridedView
    std::vector<int32_t> dimMap;        // PartitionView, StridedView
    std::optional<uint32_t> padding;    // views: PaddingValue when present
    std::optional<uint8_t> ptrAttr;     // Pointer, TensorView (13.4+): the pointer attribute when present
    uint32_t sparseDim = 0;             // GatherScatterView
    std::vector<uint32_t> inputs;       // Function
    std::vector<uint32_t> results;      // Function
    uint64_t offset = 0;                // file offset of the record
};

} // namespace tileport::tileir::bc
