// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The kernel IR lowering: the entry, its parameters and the source ranges.
#include "KirLowering.h"

#include "BlockOutputs.h"
#include "EntryHints.h"
#include "KirNames.h"
#include "RustNames.h"
#include "SyntaxNode.h"

#include <mlir/Interfaces/SideEffectInterfaces.h>

namespace tileport::rust {

using namespace tileport::frontend;

KirLowering::KirLowering(const PythonSource &src, const ImportTable &imports, const ModuleAnalysis &analysis,
                         const KernelInfo &kernel, TSNode function, mlir::MLIRContext *ctx)
    : m_src(&src), m_imports(&imports), m_analysis(&analysis), m_kernelSrc(&src), m_kernel(kernel), m_function(function), m_ctx(ctx), m_b(ctx)
{
}

void KirLowering::fail(TSNode at, const QString &construct, const QString &reason) const
{
    if (m_src == m_kernelSrc)
        throw LoweringError{m_src->range(at), construct, reason};
    // In a helper imported from another module: reported at the kernel
    // file's call, naming where in that module.
    const frontend::SourceRange r = m_src->range(at);
    throw LoweringError{m_importSite, construct,
                        QStringLiteral("%1 (at %2:%3:%4, in a helper inlined from there)").arg(reason, m_src->fileName()).arg(r.line).arg(r.col)};
}

// The statement being lowered, its last line not counting a trailing
// newline: every op it makes maps back to it.
mlir::Location KirLowering::loc() const
{
    const int end = m_stmt.endCol == 1 && m_stmt.endLine > m_stmt.line ? m_stmt.endLine - 1 : m_stmt.endLine;
    return mlir::FileLineColRange::get(mlir::StringAttr::get(m_ctx, m_src->fileName().toStdString()), unsigned(m_stmt.line),
                                       unsigned(m_stmt.col), unsigned(end), unsigned(m_stmt.endCol));
}

mlir::Type KirLowering::elem(const QString &rustName) const { return kirElementType(m_ctx, rustName); }

mlir::Type KirLowering::unify(mlir::Type a, mlir::Type b, TSNode at, const QString &what)
{
    std::string why;
    if (!m_solver.unify(a, b, &why))
        fail(at, what, QString::fromStdString(why) + QStringLiteral(" (add ct.astype)"));
    return m_solver.resolve(a);
}

kir::EntryOp KirLowering::lower(mlir::ModuleOp module)
{
    m_b.setInsertionPointToEnd(module.getBody());
    m_stmt = m_src->range(node::field(m_function, "name"));
    parameters(m_b, module);
    auto entry = llvm::cast<kir::EntryOp>(module.getBody()->back());
    m_blockOutputs = blockOutputs(*m_src, *m_imports, m_kernel, node::field(m_function, "body"));
    // Block outputs: their partition is the tile stored into them, known
    // once the store is lowered (store()).
    m_b.setInsertionPointToEnd(&entry.getBody().front());
    block(node::field(m_function, "body"));
    kir::ReturnOp::create(m_b, loc());
    // Values nobody reads (the scalar `TILE // 2` whose only use was a tile
    // dim) go, as cuTile Python's dead code elimination drops them.
    llvm::SmallVector<mlir::Operation *> dead;
    do {
        dead.clear();
        entry.walk([&](mlir::Operation *op) {
            if (op != entry.getOperation() && mlir::isOpTriviallyDead(op))
                dead.push_back(op);
        });
        for (mlir::Operation *op : dead)
            op->erase();
    } while (!dead.empty());
    if (!m_derived.isEmpty()) {
        // Tile dims computed from ct.Constant parameters: more const
        // generics, after the parameters', each with its expression.
        llvm::SmallVector<mlir::Attribute> names(entry.getConstGenerics().begin(), entry.getConstGenerics().end());
        llvm::SmallVector<mlir::Attribute> derived;
        for (const auto &[name, expr] : std::as_const(m_derived)) {
            names.push_back(m_b.getStringAttr(name.toStdString()));
            derived.push_back(m_b.getArrayAttr({m_b.getStringAttr(name.toStdString()), expr}));
        }
        entry.setConstGenericsAttr(m_b.getArrayAttr(names));
        entry->setAttr("kir.derived_generics", m_b.getArrayAttr(derived));
    }
    // What the lowering decided without an op to say it (an integer
    // operator makes an array's dtype i32, an index makes a scalar i32)
    // becomes the types; resolve-dtypes then unifies what the ops tie.
    // An array whose generic dtype was promoted to f32 serves no float64
    // array: Python would promote that one to f64.
    for (mlir::BlockArgument a : entry.getBody().front().getArguments())
        if (auto t = llvm::dyn_cast<kir::TensorType>(a.getType()))
            for (mlir::Type promoted : m_promotedToF32)
                if (m_solver.isGeneric(t.getElementType()) && m_solver.resolve(t.getElementType()) == m_solver.resolve(promoted))
                    entry.setArgAttr(a.getArgNumber(), "kir.not_float64", m_b.getUnitAttr());
    // The ct.Constant conditions this entry was lowered with, in order:
    // the splits' and the static assertions' the body met.
    llvm::SmallVector<mlir::Attribute> choices;
    for (const auto &[condition, value] : m_constChoices)
        choices.push_back(m_b.getArrayAttr({m_b.getStringAttr(condition.toStdString()), m_b.getBoolAttr(value)}));
    if (!choices.empty())
        entry->setAttr("kir.const_choices", m_b.getArrayAttr(choices));
    m_solver.apply(entry);
    return entry;
}

// Whether an identifier `name` occurs anywhere under `n`.
bool KirLowering::namesIdentifier(TSNode n, const QString &name) const
{
    if (node::is(n, "identifier"))
        return m_src->text(n) == name;
    for (TSNode c : node::children(n))
        if (namesIdentifier(c, name))
            return true;
    return false;
}

// Arrays become tensors with an element-type variable per shared dtype
// variable, int/bool constants const generics, float constants f32
// scalars (stable Rust has no float const generics), scalars their dtype or
// a scalar variable that their uses decide.
void KirLowering::parameters(mlir::OpBuilder &top, mlir::ModuleOp)
{
    const TSNode params = node::field(m_function, "parameters");
    llvm::SmallVector<mlir::Type> types;
    llvm::SmallVector<mlir::Attribute> argAttrs;
    llvm::SmallVector<mlir::Attribute> constGenerics;
    QHash<QString, mlir::Type> dtypeVars;
    unsigned nextVar = 0;
    QList<QPair<QString, Value>> bound; // filled once the block exists
    llvm::SmallVector<mlir::Attribute> unused;
    for (const KernelParam &p : m_kernel.params) {
        TSNode at = params;
        for (TSNode c : node::children(params))
            if (m_src->range(c).line == p.range.line && m_src->range(c).col == p.range.col)
                at = c;
        llvm::SmallVector<mlir::NamedAttribute> attrs{
            top.getNamedAttr("kir.name", top.getStringAttr(p.name.toStdString()))};
        switch (p.kind) {
        case KernelParam::Kind::List:
        case KernelParam::Kind::Array: {
            const bool list = p.kind == KernelParam::Kind::List;
            if (p.rank < 1 || p.rank > 6)
                fail(at, list ? QStringLiteral("list parameter") : QStringLiteral("array parameter"),
                     p.rank < 1 ? QStringLiteral("'%1' has no known rank: no load, store or shape use %2 fixes it")
                                      .arg(p.name, list ? QStringLiteral("of its items") : QString())
                                : QStringLiteral("'%1' has rank %2; cuTile Rust tensors stop at 6").arg(p.name).arg(p.rank));
            mlir::Type e;
            const QString key = p.dtypeVar.isEmpty() ? p.name : p.dtypeVar;
            if (!p.dtype.isEmpty()) {
                e = elem(RustNames::elementType(p.dtype));
                if (!e)
                    fail(at, QStringLiteral("array parameter"),
                         QStringLiteral("'%1' has dtype %2, which has no cuTile Rust element type").arg(p.name, p.dtype));
            } else if (m_fixedDtype.contains(key)) {
                e = elem(m_fixedDtype.value(key)); // this entry's dtype for the variable
                attrs.push_back(top.getNamedAttr("kir.fixed_dtype", top.getStringAttr(m_fixedDtype.value(key).toStdString())));
            } else {
                if (!dtypeVars.contains(key))
                    dtypeVars.insert(key, kir::VarType::get(m_ctx, nextVar++, false));
                e = dtypeVars.value(key);
            }
            m_dtypeKeys.insert(key, e);
            types.push_back(list ? mlir::Type(kir::ListType::get(m_ctx, e, unsigned(p.rank)))
                                 : mlir::Type(kir::TensorType::get(m_ctx, e, unsigned(p.rank), top.getArrayAttr({}))));
            Value v;
            v.kind = list ? Value::Kind::List : Value::Kind::Tensor;
            v.name = p.name;
            bound.append({p.name, v});
            break;
        }
        case KernelParam::Kind::Scalar: {
            mlir::Type e;
            if (p.dtype.isEmpty()) {
                e = kir::VarType::get(m_ctx, 1000u + unsigned(p.index), true); // decided by its uses
            } else {
                const QString r = RustNames::elementType(p.dtype);
                if (r != QLatin1String("i32") && r != QLatin1String("f32") && r != QLatin1String("i64") && r != QLatin1String("f64")
                    && r != QLatin1String("bool"))
                    fail(at, QStringLiteral("scalar parameter"),
                         QStringLiteral("'%1' has dtype %2; only bool/int32/int64/float32/float64 scalars are lowered").arg(p.name, p.dtype));
                e = elem(r);
            }
            types.push_back(e);
            bound.append({p.name, Value{}});
            break;
        }
        case KernelParam::Kind::Constant:
            if ((p.constantType == QLatin1String("int") || p.constantType == QLatin1String("bool")) && m_pinned.contains(p.name))
                continue; // fixed by this entry's decided condition: a literal, no generic
            if (p.constantType == QLatin1String("int") || p.constantType == QLatin1String("bool")) {
                m_constParams.insert(p.name);
                constGenerics.push_back(top.getStringAttr(p.name.toStdString()));
                continue;
            }
            if (p.constantType != QLatin1String("float"))
                fail(at, QStringLiteral("constant parameter"),
                     QStringLiteral("'%1' is a ct.Constant without int/float/bool type, and no use decides one (annotate it ct.Constant[int], [float] or [bool])").arg(p.name));
            types.push_back(top.getF32Type());
            attrs.push_back(top.getNamedAttr("kir.float_constant", top.getUnitAttr()));
            bound.append({p.name, Value{}});
            break;
        case KernelParam::Kind::Unknown:
            // A parameter the body never names (an optional tensor the
            // caller passes as None) is left out of the port; the entry's
            // header says so.
            if (!namesIdentifier(node::field(m_function, "body"), p.name)) {
                unused.push_back(top.getStringAttr(p.name.toStdString()));
                continue;
            }
            fail(at, QStringLiteral("parameter"), QStringLiteral("'%1' is neither an array, a scalar nor a ct.Constant").arg(p.name));
        }
        argAttrs.push_back(top.getDictionaryAttr(attrs));
    }
    // Block outputs are typed with their partition, which their store fixes;
    // the tensor type is rewritten then (store()).
    auto entry = kir::EntryOp::create(top, loc(), top.getStringAttr((m_entryName.isEmpty() ? m_kernel.name : m_entryName).toStdString()),
                                          mlir::TypeAttr::get(top.getFunctionType(types, {})),
                                          top.getStringAttr(m_kernel.name.toStdString()), top.getArrayAttr(constGenerics),
                                          top.getArrayAttr(argAttrs), mlir::ArrayAttr());
    // [[target, [[hint, value], ...]], ...], in the order cutile reads them
    // (a dictionary would sort them).
    llvm::SmallVector<mlir::Attribute> targets;
    for (const TargetHints &t : entryHints(m_kernel)) {
        llvm::SmallVector<mlir::Attribute> hs;
        for (const auto &[name, n] : t.hints)
            hs.push_back(top.getArrayAttr({top.getStringAttr(name.toStdString()), top.getI32IntegerAttr(n)}));
        targets.push_back(top.getArrayAttr({top.getStringAttr(t.target.toStdString()), top.getArrayAttr(hs)}));
    }
    if (!targets.empty())
        entry->setAttr("kir.optimization_hints", top.getArrayAttr(targets));
    if (!unused.empty())
        entry->setAttr("kir.unused_params", top.getArrayAttr(unused));
    mlir::Block *body = new mlir::Block();
    entry.getBody().push_back(body);
    for (qsizetype i = 0; i < bound.size(); ++i) {
        Value v = bound[i].second;
        v.ssa = body->addArgument(types[size_t(i)], loc());
        m_vars.insert(bound[i].first, v);
    }
}

} // namespace tileport::rust
