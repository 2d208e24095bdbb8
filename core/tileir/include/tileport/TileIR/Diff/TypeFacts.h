// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tileport::tileir::diff {

// What the classifier needs from a type, read from its normalised text
// (typeText()), so it works the same for the registered dialect, for
// `!cuda_tile.*` opaque types in generic IR, and for builtin tensors.
struct TypeFacts {
    enum class Kind { Tile, Pointer, TensorView, View, Token, Scalar, Other };
    Kind kind = Kind::Other;
    std::vector<int64_t> shape; // tiles; -1 for a dynamic dimension
    std::string element;        // "f32", "ptr<f16>"
    bool pointerElement = false;
    // Layout parts of view types, e.g. "strides=[128,1]", "tile=(64x64)",
    // "dim_map=[1,0]", "traversal_strides=[3]".
    std::vector<std::string> layout;

    bool isTileLike() const { return kind == Kind::Tile || kind == Kind::Scalar; }
    // A rank-0 value that is not a pointer (tile<i32>, i32, ...).
    bool isScalarNumber() const { return isTileLike() && shape.empty() && !pointerElement; }
    // "64x64", or "scalar" for rank 0.
    std::string shapeText() const;

    static TypeFacts parse(const std::string &normalizedText);
};

} // namespace tileport::tileir::diff
