// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "KernelLowering.h"

#include "RustNames.h"
#include "SyntaxNode.h"

namespace tileport::rust {

using namespace tileport::frontend;

KernelLowering::KernelLowering(const PythonSource &src, const ImportTable &imports, const ModuleAnalysis &analysis,
                               const KernelInfo &kernel, TSNode function)
    : m_src(src), m_imports(imports), m_analysis(analysis), m_kernel(kernel), m_function(function)
{
}

void KernelLowering::fail(TSNode at, const QString &construct, const QString &reason) const
{
    fail(m_src.range(at), construct, reason);
}

void KernelLowering::fail(const SourceRange &at, const QString &construct, const QString &reason) const
{
    if (m_failureSplit.condition.isEmpty())
        for (auto it = m_openIfs.crbegin(); it != m_openIfs.crend(); ++it)
            if (it->kernelConstants) {
                m_failureSplit = ConstSplit{ts_node_start_byte(it->condition), m_src.flatText(it->condition)};
                break;
            }
    throw LoweringError{at, construct, reason};
}

void KernelLowering::fixCondition(uint32_t at, bool value, const QString &condition)
{
    m_fixedConditions.insert(at, value);
    // Every other `if` on the same ct.Constant condition is decided alike:
    // the config that picks this entry fixes the constants it reads.
    m_fixedConditionTexts.insert(condition, value);
    m_constChoices.append(EntrySignature::ConstChoice{condition, value});
}

// `N != 1` decided false or `N == 4` decided true fixes N for this entry.
void KernelLowering::pinDecidedConstants()
{
    for (auto it = m_fixedConditions.cbegin(); it != m_fixedConditions.cend(); ++it) {
        TSNode cond = ts_node_descendant_for_byte_range(m_function, it.key(), it.key());
        while (!node::isNull(cond) && ts_node_start_byte(cond) == it.key() && !node::is(cond, "comparison_operator"))
            cond = node::parent(cond);
        if (node::isNull(cond) || !node::is(cond, "comparison_operator") || ts_node_start_byte(cond) != it.key())
            continue;
        const auto operands = node::children(cond);
        if (operands.size() != 2)
            continue;
        const QString op = m_src.text(ts_node_child(cond, 1));
        TSNode name = operands.front(), number = operands.back();
        if (!node::is(name, "identifier"))
            std::swap(name, number);
        bool isInt = false;
        const qint64 n = m_src.text(number).toLongLong(&isInt);
        if (!node::is(name, "identifier") || !node::is(number, "integer") || !isInt)
            continue;
        if ((op == QLatin1String("==") && it.value()) || (op == QLatin1String("!=") && !it.value()))
            m_pinnedConstants.insert(m_src.text(name), n);
    }
}

void KernelLowering::fixDtype(const QString &key, const QString &dtype, const QString &entry)
{
    if (!key.isEmpty())
        m_fixedDtype.insert(key, dtype);
    m_entryName = entry;
}

QList<RustLine> KernelLowering::lower()
{
    m_signature = EntrySignature{};
    m_signature.pythonKernel = m_kernel.name;
    m_signature.entry = m_entryName.isEmpty() ? m_kernel.name : m_entryName;
    m_signature.constChoices = m_constChoices;
    pinDecidedConstants();
    classifyParams();
    const TSNode body = node::field(m_function, "body");
    scanBlockOutputs(body);
    planProducts(body);
    block(body);
    return assemble();
}

// Decides the Rust form of every parameter: arrays become tensors with an
// element-type generic per shared dtype variable, int/bool constants const
// generics, float constants runtime f32 scalars (stable Rust has no float
// const generics).
void KernelLowering::classifyParams()
{
    const TSNode params = node::field(m_function, "parameters");
    for (const KernelParam &p : m_kernel.params) {
        TSNode at = params;
        for (TSNode c : node::children(params))
            if (m_src.range(c).line == p.range.line && m_src.range(c).col == p.range.col)
                at = c;
        Variable var;
        switch (p.kind) {
        case KernelParam::Kind::Array: {
            if (p.rank < 1 || p.rank > 6)
                fail(at, QStringLiteral("array parameter"),
                     p.rank < 1 ? QStringLiteral("'%1' has no known rank: no load, store or shape use fixes it").arg(p.name)
                                : QStringLiteral("'%1' has rank %2; cuTile Rust tensors stop at 6").arg(p.name).arg(p.rank));
            QString dtype;
            if (!p.dtype.isEmpty()) {
                dtype = RustNames::elementType(p.dtype);
                if (dtype.isEmpty())
                    fail(at, QStringLiteral("array parameter"),
                         QStringLiteral("'%1' has dtype %2, which has no cuTile Rust element type").arg(p.name, p.dtype));
            } else if (const QString key = p.dtypeVar.isEmpty() ? p.name : p.dtypeVar; m_fixedDtype.contains(key)) {
                dtype = m_fixedDtype.value(key);
                m_signature.fixedDtypes.insert(p.name, RustNames::pythonDtype(dtype));
            } else {
                if (!m_dtypeGeneric.contains(key)) {
                    const QString placeholder = QStringLiteral("TpDtype%1").arg(m_typeVars.size());
                    m_dtypeGeneric.insert(key, placeholder);
                    m_typeVars << placeholder;
                    EntrySignature::Generic g;
                    g.isType = true;
                    g.name = placeholder;
                    g.dtypeOf = p.name;
                    m_signature.generics.append(g);
                }
                dtype = m_dtypeGeneric.value(key);
            }
            var.value.kind = RustValue::Kind::Tensor;
            var.value.expr = p.name;
            var.value.param = p.name;
            var.value.rank = p.rank;
            var.value.dtype = dtype;
            break;
        }
        case KernelParam::Kind::Scalar: {
            QString dt = RustNames::elementType(p.dtype);
            if (p.dtype.isEmpty()) {
                dt = QStringLiteral("TpScalar%1").arg(p.index); // inferred from its uses
            } else if (dt != QLatin1String("i32") && dt != QLatin1String("f32") && dt != QLatin1String("i64")
                       && dt != QLatin1String("f64")) {
                fail(at, QStringLiteral("scalar parameter"),
                     QStringLiteral("'%1' has dtype %2; only int32/int64/float32/float64 scalars are lowered")
                         .arg(p.name, p.dtype));
            }
            var.value.kind = RustValue::Kind::Scalar;
            var.value.expr = p.name;
            var.value.dtype = dt;
            break;
        }
        case KernelParam::Kind::Constant:
            if ((p.constantType == QLatin1String("int") || p.constantType == QLatin1String("bool"))
                && m_pinnedConstants.contains(p.name)) {
                // fixed by this entry's decided condition: a literal, no generic
                var.value.kind = RustValue::Kind::IntLiteral;
                var.value.integer = m_pinnedConstants.value(p.name);
                var.value.number = double(var.value.integer);
            } else if (p.constantType == QLatin1String("int") || p.constantType == QLatin1String("bool")) {
                m_constParams.insert(p.name);
                EntrySignature::Generic g;
                g.name = p.name;
                g.constParam = p.name;
                m_signature.generics.append(g);
                var.value.kind = RustValue::Kind::Scalar;
                var.value.expr = p.name;
                var.value.dtype = QStringLiteral("i32");
            } else if (p.constantType == QLatin1String("float")) {
                m_signature.runtimeFloatConstants.append(p.name);
                var.value.kind = RustValue::Kind::Scalar;
                var.value.expr = p.name;
                var.value.dtype = QStringLiteral("f32");
            } else {
                fail(at, QStringLiteral("constant parameter"),
                     QStringLiteral("'%1' is a ct.Constant without int/float/bool type").arg(p.name));
            }
            break;
        case KernelParam::Kind::List:
        case KernelParam::Kind::Unknown:
            fail(at, QStringLiteral("parameter"),
                 QStringLiteral("'%1' is neither an array, a scalar nor a ct.Constant").arg(p.name));
        }
        m_vars.insert(p.name, var);
    }
    // Type generics first, then const generics in parameter order.
    std::stable_partition(m_signature.generics.begin(), m_signature.generics.end(),
                          [](const EntrySignature::Generic &g) { return g.isType; });
}

namespace {

void collect(TSNode n, std::string_view type, std::vector<TSNode> &out)
{
    if (node::is(n, type))
        out.push_back(n);
    for (TSNode c : node::children(n))
        collect(c, type, out);
}

bool insideLoop(TSNode n, TSNode stop)
{
    for (TSNode p = node::parent(n); !node::isNull(p) && !ts_node_eq(p, stop); p = node::parent(p))
        if (node::is(p, "for_statement") || node::is(p, "while_statement"))
            return true;
    return false;
}

} // namespace

// An array that is only ever stored, once per block, at exactly
// (bid(0), .., bid(rank-1)) becomes a `&mut Tensor<E, {[tile]}>` partition
// (the launcher then checks the grid against it); every other output stays a
// read-only `&Tensor<E, {[-1, ..]}>` written through partition_full_mut.
void KernelLowering::scanBlockOutputs(TSNode body)
{
    std::vector<TSNode> assigns, calls;
    collect(body, "assignment", assigns);
    collect(body, "call", calls);
    QHash<QString, int> bindings;
    QHash<QString, int> bidAxis;
    const auto bidOf = [&](TSNode e) -> int {
        e = node::unparen(e);
        if (!node::is(e, "call"))
            return -1;
        if (m_imports.resolve(m_src, node::field(e, "function")) != QLatin1String("cuda.tile.bid"))
            return -1;
        const TSNode a = node::positional(e, 0);
        return node::is(a, "integer") ? m_src.text(a).toInt() : -1;
    };
    for (TSNode a : assigns) {
        const TSNode left = node::field(a, "left");
        if (!node::is(left, "identifier"))
            continue;
        const QString name = m_src.text(left);
        bindings[name] += 1;
        const int axis = bidOf(node::field(a, "right"));
        if (axis >= 0 && !insideLoop(a, body))
            bidAxis.insert(name, axis);
    }
    QHash<QString, bool> ok;
    for (TSNode c : calls) {
        if (m_imports.resolve(m_src, node::field(c, "function")) != QLatin1String("cuda.tile.store"))
            continue;
        const TSNode target = node::positional(c, 0);
        if (!node::is(target, "identifier"))
            continue;
        const QString name = m_src.text(target);
        const KernelParam *param = nullptr;
        for (const KernelParam &p : m_kernel.params)
            if (p.name == name && p.kind == KernelParam::Kind::Array)
                param = &p;
        if (!param)
            continue;
        bool good = !param->loaded && !param->shapeRead && !param->stridesRead && param->rank >= 1
            && param->rank <= 3 && !insideLoop(c, body) && !ok.contains(name);
        for (TSNode a : node::children(node::field(c, "arguments")))
            if (node::is(a, "keyword_argument")) {
                const QString k = m_src.text(node::field(a, "name"));
                good = good && (k == QLatin1String("array") || k == QLatin1String("index") || k == QLatin1String("tile"));
            }
        const TSNode index = node::unparen(argument(c, 1, "index"));
        if (good && node::is(index, "tuple")) {
            const auto items = node::children(index);
            good = int(items.size()) == param->rank;
            for (int i = 0; good && i < int(items.size()); ++i) {
                const TSNode it = items[size_t(i)];
                if (node::is(it, "identifier")) {
                    const QString v = m_src.text(it);
                    good = bindings.value(v) == 1 && bidAxis.value(v, -1) == i;
                } else {
                    good = bidOf(it) == i;
                }
            }
        } else {
            good = false;
        }
        ok.insert(name, ok.contains(name) ? false : good);
    }
    for (auto it = ok.cbegin(); it != ok.cend(); ++it)
        if (it.value())
            m_blockOutputs.insert(it.key());
}

QString stripOuterParens(const QString &e)
{
    if (!e.startsWith(QLatin1Char('(')) || !e.endsWith(QLatin1Char(')')))
        return e;
    int depth = 0;
    for (qsizetype i = 0; i < e.size(); ++i) {
        depth += e[i] == QLatin1Char('(') ? 1 : e[i] == QLatin1Char(')') ? -1 : 0;
        if (depth == 0 && i + 1 < e.size())
            return e; // "(a) + (b)"
    }
    return e.mid(1, e.size() - 2);
}

QString KernelLowering::bind(const QString &expr, const QString &type)
{
    const QString name = QStringLiteral("t%1_").arg(m_temp++);
    const QString value = stripOuterParens(expr);
    emit(QStringLiteral("let %1: %2 = %3;").arg(name, type, value));
    m_lastTemp = name;
    m_lastTempValue = value;
    return name;
}

void KernelLowering::emit(const QString &text)
{
    m_body.append(RustLine{QString(m_indent * 4, QLatin1Char(' ')) + text, m_pyLine, m_pyEndLine});
}

QList<RustLine> KernelLowering::assemble()
{
    // Generics that data flow unified share one name; those bound to a
    // concrete type disappear. One remaining generic is E, several E0, E1...
    QStringList reps;
    for (const QString &t : m_typeVars) {
        const QString r = resolve(t);
        if (r.startsWith(QLatin1String("TpDtype")) && !reps.contains(r))
            reps << r;
    }
    for (int i = 0; i < reps.size(); ++i)
        m_finalNames.insert(reps[i], reps.size() == 1 ? QStringLiteral("E") : QStringLiteral("E%1").arg(i));
    QList<EntrySignature::Generic> kept;
    for (const EntrySignature::Generic &g : m_signature.generics) {
        if (!g.isType) {
            kept << g;
            continue;
        }
        if (resolve(g.name) != g.name)
            continue; // merged into another generic or bound to a concrete type
        EntrySignature::Generic n = g;
        n.name = finalDtype(g.name);
        kept << n;
    }
    m_signature.generics = kept;
    for (RustLine &l : m_body)
        l.text = finalDtype(l.text);

    QList<RustLine> out;
    const SourceRange def = m_src.range(m_function);
    const int headerLine = m_src.range(node::field(m_function, "name")).line;
    QStringList generics;
    for (const EntrySignature::Generic &g : m_signature.generics)
        generics << (g.isType ? g.name + QStringLiteral(": ElementType") : QStringLiteral("const %1: i32").arg(g.name));
    out.append(RustLine{QStringLiteral("    #[cutile::entry(%1)]").arg(entryHints()), headerLine, headerLine});
    out.append(RustLine{QStringLiteral("    pub fn %1<%2>(").arg(m_signature.entry, generics.join(QStringLiteral(", "))),
                        headerLine, headerLine});
    for (const KernelParam &p : m_kernel.params) {
        const Variable &v = m_vars[p.name];
        QString type;
        if (v.value.kind == RustValue::Kind::Tensor) {
            EntrySignature::TensorParam t;
            t.name = p.name;
            t.rank = v.value.rank;
            t.element = finalDtype(v.value.dtype);
            t.unitLastStride = m_unitLastStride.contains(p.name);
            for (const QString &g : std::as_const(m_promotedToF32))
                if (resolve(g) == resolve(v.value.dtype) && resolve(g).startsWith(QLatin1String("TpDtype"))
                    && !m_signature.otherThan.value(p.name).contains(QLatin1String("float64")))
                    m_signature.otherThan[p.name] << QStringLiteral("float64");
            if (m_blockOutputs.contains(p.name) && m_blockOutputShape.contains(p.name)) {
                t.blockOutput = true;
                type = QStringLiteral("&mut Tensor<%1, { [%2] }>")
                           .arg(finalDtype(v.value.dtype), m_blockOutputShape.value(p.name).join(QStringLiteral(", ")));
            } else {
                QStringList dims;
                for (int i = 0; i < v.value.rank; ++i)
                    dims << QStringLiteral("-1");
                type = QStringLiteral("&Tensor<%1, { [%2] }>").arg(finalDtype(v.value.dtype), dims.join(QStringLiteral(", ")));
            }
            // tf32 is a compute type: no array holds it, so an entry whose
            // array unified with it (mma operands) serves no config.
            if (finalDtype(v.value.dtype) == QLatin1String("tf32"))
                m_signature.storesComputeType = true;
            m_signature.tensors.append(t);
        } else if (m_constParams.contains(p.name) || m_pinnedConstants.contains(p.name)) {
            continue;
        } else {
            type = finalDtype(v.value.dtype);
            if (type.startsWith(QLatin1String("TpScalar")) || type.startsWith(QLatin1String("E")))
                fail(m_function, QStringLiteral("scalar parameter"),
                     QStringLiteral("the dtype of '%1' cannot be inferred from its uses (annotate it)").arg(p.name));
        }
        out.append(RustLine{QStringLiteral("        %1: %2,").arg(p.name, type), headerLine, headerLine});
        for (const EntrySignature::StrideParam &s : std::as_const(m_signature.strideParams))
            if (s.tensor == p.name)
                out.append(RustLine{QStringLiteral("        %1: i32,").arg(s.name), headerLine, headerLine});
    }
    out.append(RustLine{QStringLiteral("    ) {"), headerLine, headerLine});
    out.append(m_body);
    out.append(RustLine{QStringLiteral("    }"), def.line, def.line});
    return out;
}

// The @ct.kernel options cutile has entry hints for, per target this
// project compiles for (ByTarget resolved as cuTile Python resolves it:
// the target's own value, else `default`); options that are not constant
// stay with the launch.
QString KernelLowering::entryHints() const
{
    static const QList<QPair<const char *, const char *>> names{
        {"num_ctas", "num_cta_in_cga"}, {"occupancy", "occupancy"}, {"num_worker_warps", "num_worker_warps_per_cta"}};
    QStringList archs;
    for (const char *arch : {"sm_90", "sm_100"}) {
        QStringList hints;
        for (const auto &[python, rust] : names)
            for (const frontend::KernelOption &o : m_kernel.options) {
                if (o.name != QLatin1String(python) || !o.constant)
                    continue;
                QString value = o.evaluated;
                if (o.byTarget) {
                    value.clear();
                    for (const auto &[target, v] : o.targets)
                        if (target == QLatin1String(arch) || (value.isEmpty() && target == QLatin1String("default")))
                            value = v;
                }
                bool ok = false;
                const int n = value.toInt(&ok);
                if (ok && n > 0)
                    hints << QStringLiteral("%1 = %2").arg(QLatin1String(rust)).arg(n);
            }
        if (!hints.isEmpty())
            archs << QStringLiteral("%1 = (%2,)").arg(QLatin1String(arch), hints.join(QStringLiteral(", ")));
    }
    return archs.isEmpty() ? QString() : QStringLiteral("optimization_hints = (%1,)").arg(archs.join(QStringLiteral(", ")));
}

} // namespace tileport::rust
