// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "KernelLowering.h"

#include "BlockOutputs.h"
#include "EntryHints.h"
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

// An array that is only ever stored, once per block, at exactly
// (bid(0), .., bid(rank-1)) becomes a `&mut Tensor<E, {[tile]}>` partition
// (BlockOutputs.h).
void KernelLowering::scanBlockOutputs(TSNode body)
{
    m_blockOutputs = blockOutputs(m_src, m_imports, m_kernel, body);
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
            EntrySignature::Param param;
            param.name = p.name;
            param.tensor = true;
            param.element = t.element;
            param.rank = t.rank;
            if (m_blockOutputs.contains(p.name) && m_blockOutputShape.contains(p.name)) {
                param.blockOutput = true;
                param.partition = m_blockOutputShape.value(p.name);
            }
            m_signature.params << param;
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
            EntrySignature::Param param;
            param.name = p.name;
            param.scalarType = type;
            m_signature.params << param;
        }
        out.append(RustLine{QStringLiteral("        %1: %2,").arg(p.name, type), headerLine, headerLine});
        for (const EntrySignature::StrideParam &s : std::as_const(m_signature.strideParams))
            if (s.tensor == p.name) {
                out.append(RustLine{QStringLiteral("        %1: i32,").arg(s.name), headerLine, headerLine});
                EntrySignature::Param param;
                param.name = s.name;
                param.scalarType = QStringLiteral("i32");
                param.strideOf = s.tensor;
                param.strideAxis = s.axis;
                m_signature.params << param;
            }
    }
    out.append(RustLine{QStringLiteral("    ) {"), headerLine, headerLine});
    out.append(m_body);
    out.append(RustLine{QStringLiteral("    }"), def.line, def.line});
    return out;
}

// The #[cutile::entry(...)] arguments (EntryHints.h).
QString KernelLowering::entryHints() const
{
    return entryHintsText(rust::entryHints(m_kernel));
}

} // namespace tileport::rust
