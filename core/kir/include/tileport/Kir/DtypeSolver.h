// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <mlir/IR/Types.h>

#include <llvm/ADT/DenseMap.h>

#include <string>

namespace tileport::kir {

// Union-find over element-type variables (!kir.var). Two values that must
// share an element type are unified: two array variables keep the earlier
// (lower id); an array variable absorbs a scalar one; a variable meeting a
// concrete type becomes it. The lowering asks it while it builds (to decide
// as cuTile Python decides), and the resolve-dtypes pass rebuilds it from
// the ops' own constraints.
class DtypeSolver
{
public:
    // The representative: a concrete type, or the root variable.
    mlir::Type resolve(mlir::Type t) const;
    // Unifies a and b; false (and *why) when two concrete types differ.
    bool unify(mlir::Type a, mlir::Type b, std::string *why = nullptr);
    // Whether the representative of t is an array's (generic-able) variable.
    bool isGeneric(mlir::Type t) const;

    // Rewrites every type in `entry` (block arguments, results, the
    // function type) to its representative.
    void apply(mlir::Operation *entry) const;

private:
    llvm::DenseMap<mlir::Type, mlir::Type> m_parent;
};

} // namespace tileport::kir
