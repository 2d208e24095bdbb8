// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/Kir/DtypeSolver.h"

#include "tileport/Kir/KirOps.h"

#include <llvm/Support/raw_ostream.h>

namespace tileport::kir {

mlir::Type DtypeSolver::resolve(mlir::Type t) const
{
    for (int guard = 0; guard < 4096; ++guard) {
        auto it = m_parent.find(t);
        if (it == m_parent.end())
            return t;
        t = it->second;
    }
    return t;
}

bool DtypeSolver::isGeneric(mlir::Type t) const
{
    auto v = llvm::dyn_cast<VarType>(resolve(t));
    return v && !v.getScalar();
}

bool DtypeSolver::unify(mlir::Type a, mlir::Type b, std::string *why)
{
    const mlir::Type ra = resolve(a), rb = resolve(b);
    if (ra == rb)
        return true;
    auto va = llvm::dyn_cast<VarType>(ra), vb = llvm::dyn_cast<VarType>(rb);
    if (va && vb) {
        // Keep the array variable, and of two, the earlier one.
        const bool aKept = !va.getScalar() && (vb.getScalar() || va.getId() < vb.getId());
        if (aKept)
            m_parent[rb] = ra;
        else
            m_parent[ra] = rb;
        return true;
    }
    if (va) {
        m_parent[ra] = rb;
        return true;
    }
    if (vb) {
        m_parent[rb] = ra;
        return true;
    }
    if (why) {
        llvm::raw_string_ostream os(*why);
        os << "a " << ra << " value meets a " << rb << " value";
    }
    return false;
}

void DtypeSolver::apply(mlir::Operation *op) const
{
    auto entry = llvm::cast<EntryOp>(op);
    const auto resolved = [&](mlir::Type t) { return withElementType(t, resolve(elementTypeOf(t))); };
    entry.walk([&](mlir::Block *b) {
        for (mlir::BlockArgument a : b->getArguments())
            a.setType(resolved(a.getType()));
    });
    entry.walk([&](mlir::Operation *o) {
        for (mlir::OpResult v : o->getResults())
            v.setType(resolved(v.getType()));
    });
    llvm::SmallVector<mlir::Type> inputs;
    for (mlir::BlockArgument a : entry.getBody().front().getArguments())
        inputs.push_back(a.getType());
    entry.setFunctionTypeAttr(mlir::TypeAttr::get(mlir::FunctionType::get(entry.getContext(), inputs, {})));
}

} // namespace tileport::kir
