// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Statements into the kernel IR: assignments and stores.
#include "KirLowering.h"

#include "SyntaxNode.h"

#include <functional>

namespace tileport::rust {

using namespace tileport::frontend;

void KirLowering::block(TSNode blk)
{
    for (TSNode stmt : node::children(blk))
        statement(stmt);
}

void KirLowering::statement(TSNode stmt)
{
    const SourceRange saved = m_stmt;
    m_stmt = m_src.range(stmt);
    const auto type = node::type(stmt);
    for (const UnsupportedConstruct &u : m_kernel.unsupported)
        if (m_stmt.contains(u.range))
            throw LoweringError{u.range, u.construct, u.reason};
    if (type == "expression_statement") {
        const auto ch = node::children(stmt);
        if (ch.size() != 1)
            fail(stmt, QStringLiteral("expression statement"), QStringLiteral("several expressions in one statement"));
        const TSNode e = ch.front();
        if (node::is(e, "assignment"))
            assignment(e);
        else if (node::is(e, "string"))
            ; // a docstring
        else if (node::is(e, "call") && m_imports.resolve(m_src, node::field(e, "function")) == QLatin1String("cuda.tile.store"))
            store(e);
        else
            fail(e, QStringLiteral("expression statement"), QStringLiteral("not lowered to the kernel IR yet"));
    } else if (type != "pass_statement") {
        fail(stmt, QString::fromUtf8(type.data(), qsizetype(type.size())).replace(QLatin1Char('_'), QLatin1Char(' ')),
             QStringLiteral("not lowered to the kernel IR yet"));
    }
    m_stmt = saved;
}

// `x = e`: the op that made e's value takes the name x (Rust shadowing
// gives a re-bound name a fresh `let`); literals, dtypes and enum members
// are aliases, used where they are named.
void KirLowering::assignment(TSNode n)
{
    const TSNode left = node::field(n, "left");
    const TSNode right = node::field(n, "right");
    if (!node::isNull(node::field(n, "type")))
        fail(n, QStringLiteral("annotated assignment"), QStringLiteral("annotations in kernel bodies are not lowered"));
    if (node::isNull(right) || !node::is(left, "identifier"))
        fail(n, QStringLiteral("assignment"), QStringLiteral("only `name = expression` is lowered to the kernel IR yet"));
    const QString name = m_src.text(left);
    if (m_constParams.contains(name) || (m_vars.contains(name) && m_vars.value(name).kind == Value::Kind::Tensor))
        fail(n, QStringLiteral("assignment"), QStringLiteral("'%1' is a parameter").arg(name));
    const Value v = expr(right);
    if (v.kind == Value::Kind::Tensor)
        fail(n, QStringLiteral("assignment"), QStringLiteral("aliasing arrays is not lowered"));
    if (v.isLiteral() && reassigned(name))
        fail(n, QStringLiteral("assignment"), QStringLiteral("a literal re-bound later is not lowered to the kernel IR yet"));
    Value bound = v;
    if (v.kind == Value::Kind::Ssa) {
        mlir::Operation *def = v.ssa.getDefiningOp();
        // The op just built takes the name; a value that already has one
        // (a parameter, an earlier name) is re-bound.
        if (!def || def->hasAttr("kir.name") || def != &m_b.getInsertionBlock()->back() || llvm::isa<mlir::BlockArgument>(v.ssa)) {
            bound.ssa = kir::RebindOp::create(m_b, loc(), v.ssa.getType(), v.ssa);
            def = bound.ssa.getDefiningOp();
        }
        def->setAttr("kir.name", m_b.getStringAttr(name.toStdString()));
    }
    m_vars.insert(name, bound);
}

// Whether the kernel binds `name` more than once.
bool KirLowering::reassigned(const QString &name) const
{
    int count = 0;
    std::function<void(TSNode)> walk = [&](TSNode n) {
        if (node::is(n, "assignment") || node::is(n, "augmented_assignment"))
            if (m_src.text(node::field(n, "left")) == name)
                ++count;
        for (TSNode c : node::children(n))
            walk(c);
    };
    walk(m_function);
    return count > 1;
}

void KirLowering::store(TSNode c)
{
    const TSNode arrayNode = argument(c, 0, "array");
    const TSNode indexNode = argument(c, 1, "index");
    const TSNode tileNode = argument(c, 2, "tile");
    if (node::isNull(arrayNode) || node::isNull(indexNode) || node::isNull(tileNode))
        fail(c, QStringLiteral("ct.store"), QStringLiteral("needs array, index= and tile="));
    for (TSNode a : node::children(node::field(c, "arguments")))
        if (node::is(a, "keyword_argument")) {
            const QString k = m_src.text(node::field(a, "name"));
            if (k != QLatin1String("array") && k != QLatin1String("index") && k != QLatin1String("tile"))
                fail(a, QStringLiteral("ct.store"), QStringLiteral("option '%1' is not lowered to the kernel IR yet").arg(k));
        }
    const Value array = expr(arrayNode);
    if (array.kind != Value::Kind::Tensor)
        fail(arrayNode, QStringLiteral("array argument"), QStringLiteral("expected an array parameter"));
    auto tensor = llvm::cast<kir::TensorType>(array.ssa.getType());
    const auto index = indexArgument(indexNode);
    const Value tile = expr(tileNode);
    if (!tile.isTile())
        fail(tileNode, QStringLiteral("tile argument"), QStringLiteral("expected a tile"));
    auto tileType = llvm::cast<kir::TileType>(tile.ssa.getType());
    unify(tileType.getElementType(), tensor.getElementType(), tileNode, QStringLiteral("ct.store"));
    if (tileType.getRank() != tensor.getRank() || index.size() != tensor.getRank())
        fail(c, QStringLiteral("ct.store"), QStringLiteral("tile rank %1 and index rank %2 must equal the array rank %3")
                                                .arg(tileType.getRank()).arg(index.size()).arg(tensor.getRank()));
    if (m_blockOutputs.contains(array.name)) {
        // The one store of a block output fixes its partition.
        auto arg = llvm::cast<mlir::BlockArgument>(array.ssa);
        arg.setType(kir::TensorType::get(m_ctx, tensor.getElementType(), tensor.getRank(), tileType.getDims()));
        auto entry = llvm::cast<kir::EntryOp>(arg.getOwner()->getParentOp());
        llvm::SmallVector<mlir::Type> inputs(entry.getFunctionType().getInputs());
        inputs[arg.getArgNumber()] = arg.getType();
        entry.setFunctionTypeAttr(mlir::TypeAttr::get(m_b.getFunctionType(inputs, {})));
    }
    kir::StoreOp::create(m_b, loc(), tile.ssa, array.ssa, index);
}

} // namespace tileport::rust
