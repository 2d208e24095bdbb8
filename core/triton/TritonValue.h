// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace tileport::triton {

// One axis of a tile view: the tile index along an array dimension (cuTile
// text) and the tile size along it ("1" for a scalar row index). `stride`
// names the Triton parameter the offset was multiplied by ("" for unit).
struct ViewDim {
    QString index;
    QString size;
    QString stride;
    int tileAxis = -1; // the axis of the loaded tile it feeds, -1 for a scalar row index
    int tileRank = 0;  // rank of the offsets tile it came from
    // A scalar term not yet resolved (a row index, or an element offset
    // that a later `+ tl.arange` turns into a tile index).
    QString scalarText, quotient, multipleOf;
    int line = 0, col = 0; // where the term was written
};

// What a Triton expression stands for while a kernel is desugared. Pointer
// arithmetic, offsets and masks are kept symbolic until a load or store
// turns them into a cuTile view access; scalars and tiles carry their
// cuTile text.
struct TritonValue {
    enum class Kind { Invalid, Scalar, Tile, Offsets, Mask, Pointer, Dtype, Descriptor };
    Kind kind = Kind::Invalid;
    QString text;       // cuTile text (Scalar, Tile, Dtype)
    QString dtype;      // element type: "ct.float32", "@x" (array x's), "" unknown
    QStringList shape;  // physical tile shape (Tile)
    int rank = 0;       // logical Triton rank (Tile, Offsets)
    bool isInt = false; // Scalar known to be an integer

    // Scalar that is a multiple of a block: quotient * multipleOf.
    QString quotient, multipleOf;
    // Offsets: `index * size + arange(0, size)`, broadcast to `axis` of a
    // rank-`rank` tile ([:, None] gives axis 0 of 2).
    QString offIndex, offSize;
    int offAxis = 0;
    // Mask: the offsets compared and the bounds (for the report).
    QString maskText; // materialized cuTile form
    QStringList bounds;
    // Pointer / block pointer: the array and its dims.
    QString array;
    QList<ViewDim> dims;
    bool blockPointer = false;
    QString poisoned; // why this pointer cannot be used here
    // Pointer into an array no view fits (TritonDesugarerGather.cpp): the
    // array is addressed flat, `flat` is the element offset as cuTile text
    // ("" for the base itself) and `shape` its physical shape.
    bool gather = false;
    QString flat;

    bool isTileLike() const { return kind == Kind::Tile; }
};

} // namespace tileport::triton
