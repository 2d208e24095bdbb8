// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Parameter classification of the Triton -> cuTile rewrite: pointers,
// descriptors, constexprs and scalars, from how the body uses them.
#include "TritonDesugarer.h"

#include "SyntaxNode.h"

#include <algorithm>

namespace tileport::triton {

using namespace tileport::frontend;

QSet<QString> TritonDesugarer::pointerNames(TSNode fn, int depth)
{
    // Pointers are the roots of tl.load/tl.store/make_block_ptr/
    // make_tensor_descriptor addresses, followed through local assignments
    // and into the @triton.jit helpers they are passed to; descriptors
    // receive .load/.store.
    QHash<QString, QList<TSNode>> assigned;
    QList<TSNode> addresses;
    QList<TSNode> stack{node::field(fn, "body")};
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeLast();
        // `p += d` moves p; its root is still the one p was assigned from.
        if (node::is(n, "assignment")) {
            const TSNode left = node::field(n, "left");
            if (node::is(left, "identifier"))
                assigned[m_src.text(left)] << node::field(n, "right");
        }
        if (node::is(n, "call")) {
            const TSNode callee = node::field(n, "function");
            const QString fname = m_imports.languageFunction(m_src, callee);
            if (fname == QLatin1String("load") || fname == QLatin1String("store") || fname == QLatin1String("advance")
                || fname.startsWith(QLatin1String("atomic_")))
                addresses << argument(n, 0, "pointer");
            else if (fname == QLatin1String("make_block_ptr") || fname == QLatin1String("make_tensor_descriptor"))
                addresses << argument(n, 0, "base");
            else if (node::is(callee, "identifier") && m_jitFunctions.contains(m_src.text(callee)) && depth < 8) {
                // A helper's pointer parameters make their arguments pointers.
                const TSNode def = m_jitFunctions.value(m_src.text(callee));
                const QSet<QString> inner = pointerNames(def, depth + 1);
                int i = 0;
                for (TSNode p : node::children(node::field(def, "parameters"))) {
                    const TSNode nameNode = node::is(p, "identifier") ? p
                        : node::is(p, "typed_parameter")               ? firstNamed(p)
                                                                       : node::field(p, "name");
                    const QString pname = m_src.text(nameNode);
                    TSNode a = argument(n, 1000, pname.toUtf8().constData());
                    if (node::isNull(a))
                        a = node::positional(n, i);
                    ++i;
                    if (inner.contains(pname) && !node::isNull(a))
                        addresses << a;
                }
            } else if (node::is(callee, "attribute")) {
                const QString method = m_src.text(node::field(callee, "attribute"));
                const TSNode obj = node::field(callee, "object");
                if ((method == QLatin1String("load") || method == QLatin1String("store")) && node::is(obj, "identifier"))
                    m_descriptorParams.insert(m_src.text(obj));
            }
        }
        for (TSNode c : node::children(n))
            stack << c;
    }
    // `d = desc_param` then `d.load(..)`: the parameter is the descriptor.
    for (QList<QString> todo(m_descriptorParams.cbegin(), m_descriptorParams.cend()); !todo.isEmpty();) {
        const QString name = todo.takeLast();
        for (TSNode rhs : assigned.value(name)) {
            rhs = node::unparen(rhs);
            if (node::is(rhs, "identifier") && !m_descriptorParams.contains(m_src.text(rhs))) {
                m_descriptorParams.insert(m_src.text(rhs));
                todo << m_src.text(rhs);
            }
        }
    }
    QSet<QString> seen;
    while (!addresses.isEmpty()) {
        TSNode a = node::unparen(addresses.takeLast());
        while (node::is(a, "binary_operator") || node::is(a, "call") || node::is(a, "parenthesized_expression")) {
            if (node::is(a, "call"))
                a = node::positional(a, 0);
            else if (node::is(a, "binary_operator"))
                a = node::field(a, "left");
            else
                a = node::unparen(a);
        }
        if (!node::is(a, "identifier"))
            continue;
        const QString name = m_src.text(a);
        if (seen.contains(name))
            continue;
        seen.insert(name);
        for (TSNode rhs : assigned.value(name))
            addresses << rhs;
    }
    return seen;
}

void TritonDesugarer::prescanParams()
{
    m_pointerParams = pointerNames(m_fn, 0);
    m_valueConstexprs.clear();
    m_tileOperands.clear();
    m_optionalPointers.clear();

    m_kernel.params.clear();
    for (TSNode p : node::children(node::field(m_fn, "parameters"))) {
        TritonParam param;
        TSNode nameNode = p;
        if (node::is(p, "typed_parameter")) {
            nameNode = firstNamed(p);
            param.annotation = m_src.text(node::field(p, "type"));
        } else if (node::is(p, "default_parameter") || node::is(p, "typed_default_parameter")) {
            nameNode = node::field(p, "name");
            param.annotation = m_src.text(node::field(p, "type"));
            param.defaultValue = m_src.text(node::field(p, "value"));
        } else if (!node::is(p, "identifier")) {
            m_kernel.unsupported << TritonIssue{m_src.range(p).line, m_src.range(p).col, QStringLiteral("parameter"),
                                                QStringLiteral("variadic or keyword-only kernel parameters are not mapped")};
            continue;
        }
        param.name = m_src.text(nameNode);
        param.line = m_src.range(nameNode).line;
        param.col = m_src.range(nameNode).col;
        TritonValue v;
        const ConstexprUse use = param.annotation.endsWith(QLatin1String("constexpr")) && param.defaultValue.isEmpty()
            ? constexprUse(param.name) : ConstexprUse::Other;
        if (use == ConstexprUse::Value)
            for (const TSNode n : uses(param.name))
                m_valueConstexprs[param.name].insert(ts_node_start_byte(n));
        if (m_runtimeConstexprs.contains(param.name)) {
            // Only an operand of arithmetic (an epsilon, a scale): its value
            // is all that matters, and its launches give its type.
            param.kind = TritonParam::Kind::Scalar;
            v.kind = TritonValue::Kind::Scalar;
            v.text = param.name;
            m_kernel.notes << QStringLiteral("tl.constexpr '%1' (no default) is only an operand of arithmetic on tiles: a run-time "
                                             "scalar, typed by what its launches pass").arg(param.name);
        } else if (param.annotation.endsWith(QLatin1String("constexpr"))) {
            param.kind = TritonParam::Kind::Constexpr;
            const QString d = param.defaultValue;
            param.scalarType = d == QLatin1String("True") || d == QLatin1String("False") || use == ConstexprUse::Condition
                ? QStringLiteral("bool")
                : d.contains(QLatin1Char('.')) || d.contains(QLatin1Char('e')) ? QStringLiteral("float")
                                                                                 : QStringLiteral("int");
            m_constexprs.insert(param.name);
            v.kind = TritonValue::Kind::Scalar;
            v.text = param.name;
            v.isInt = param.scalarType == QLatin1String("int");
        } else if (m_descriptorParams.contains(param.name)) {
            param.kind = TritonParam::Kind::Descriptor;
            v.kind = TritonValue::Kind::Descriptor;
            // A block shape known from the launches makes it a view of the
            // array the host wrapped (desc.load/store map like an in-kernel one).
            const QStringList block = m_kernel.descriptorBlocks.value(param.name);
            v.array = block.isEmpty() ? QString() : param.name;
            v.blockPointer = !block.isEmpty();
            for (qsizetype i = 0; i < block.size(); ++i) {
                ViewDim d;
                d.size = block[i];
                d.index = QStringLiteral("0");
                d.tileAxis = int(i);
                d.tileRank = int(block.size());
                v.dims << d;
            }
            if (!block.isEmpty()) {
                m_arrayRank.insert(param.name, int(block.size()));
                m_kernel.notes << QStringLiteral("TensorDescriptor '%1': block shape [%2] from the launch; it is taken to span its whole tensor")
                                      .arg(param.name, block.join(QStringLiteral(", ")));
            }
        } else if (m_pointerParams.contains(param.name)) {
            param.kind = TritonParam::Kind::Pointer;
            v.kind = TritonValue::Kind::Pointer;
            v.array = param.name;
            v.gather = m_gatherArrays.contains(param.name);
            if (v.gather)
                m_arrayRank.insert(param.name, 1);
        } else {
            param.kind = TritonParam::Kind::Scalar;
            v.kind = TritonValue::Kind::Scalar;
            v.text = param.name;
            if (param.annotation == QLatin1String("int") || param.annotation == QLatin1String("float"))
                param.scalarType = param.annotation;
        }
        v.dtype = v.kind == TritonValue::Kind::Pointer || v.blockPointer ? QStringLiteral("@") + param.name : QString();
        m_env.insert(param.name, v);
        m_kernel.params << param;
    }
}

// A tl.constexpr without a default has no type in the source; how the body
// uses it is the evidence: only as a condition is a flag (bool), only as an
// operand of + - * / is a value, anything else (a shape, a bound, a
// comparison, a call argument) keeps it an int. A parameter the body rebinds
// keeps the default reading.
TritonDesugarer::ConstexprUse TritonDesugarer::constexprUse(const QString &name) const
{
    bool condition = false, value = false;
    for (const TSNode n : uses(name)) {
        TSNode at = n, p = node::parent(n);
        while (node::is(p, "parenthesized_expression"))
            at = p, p = node::parent(p);
        if ((node::is(p, "if_statement") || node::is(p, "elif_clause") || node::is(p, "while_statement"))
            && ts_node_eq(node::field(p, "condition"), at)) {
            condition = true;
        } else if (node::is(p, "not_operator") || node::is(p, "boolean_operator")) {
            condition = true;
        } else if (node::is(p, "conditional_expression") && node::children(p).size() == 3
                   && ts_node_eq(node::children(p)[1], at)) {
            condition = true;
        } else if (node::is(p, "binary_operator")) {
            static const QSet<QString> arithmetic{QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"), QStringLiteral("/")};
            if (!arithmetic.contains(m_src.text(node::field(p, "operator"))))
                return ConstexprUse::Other;
            value = true;
        } else {
            return ConstexprUse::Other;
        }
    }
    if (condition == value)
        return ConstexprUse::Other;
    return condition ? ConstexprUse::Condition : ConstexprUse::Value;
}

// The ct.Constant[bool] saying whether the launch gives optional pointer
// `array` (added to the signature after the kernel's own parameters).
QString TritonDesugarer::presenceFlag(const QString &array)
{
    const QString flag = array + QStringLiteral("__given");
    if (!m_optionalPointers.contains(array)) {
        m_optionalPointers << array;
        m_constexprs.insert(flag);
    }
    return flag;
}

// Where the body names `name` (keywords and members that share it left out).
QList<TSNode> TritonDesugarer::uses(const QString &name) const
{
    QList<TSNode> out;
    QList<TSNode> stack{node::field(m_fn, "body")};
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeLast();
        for (TSNode c : node::children(n))
            stack << c;
        if (!node::is(n, "identifier") || m_src.text(n) != name)
            continue;
        const TSNode p = node::parent(n);
        if ((node::is(p, "keyword_argument") && ts_node_eq(node::field(p, "name"), n))
            || (node::is(p, "attribute") && ts_node_eq(node::field(p, "attribute"), n)))
            continue;
        out << n;
    }
    return out;
}

// An operand of arithmetic with a tile: the use that lets a tl.constexpr
// without a default be a run-time value (an epsilon added to a row). Once
// every use of it has been seen so, the kernel is desugared again with it
// a run-time scalar.
void TritonDesugarer::noteTileOperand(TSNode operand, const TritonValue &other)
{
    operand = node::unparen(operand);
    if (other.kind != TritonValue::Kind::Tile || !node::is(operand, "identifier"))
        return;
    const QString name = m_src.text(operand);
    const auto it = m_valueConstexprs.constFind(name);
    if (it == m_valueConstexprs.constEnd() || m_env.value(name).text != name || m_runtimeConstexprs.contains(name))
        return;
    QSet<uint32_t> &seen = m_tileOperands[name];
    seen.insert(ts_node_start_byte(operand));
    if (seen == *it) {
        m_runtimeConstexprs.insert(name);
        throw Restart{};
    }
}

// Literals, tl.constexpr parameters and locals, module constants, and
// operators on them: what Triton folds while compiling. A conditional on
// such values is folded there too, so its cuTile form goes through
// ct.static_eval, and a tile shape may use it.
bool TritonDesugarer::compileTime(TSNode root)
{
    // (An explicit stack: hostile nesting must not exhaust the call stack.)
    QList<TSNode> stack{root};
    while (!stack.isEmpty()) {
        const TSNode n = node::unparen(stack.takeLast());
        if (node::isNull(n))
            return false;
        if (node::is(n, "integer") || node::is(n, "float") || node::is(n, "true") || node::is(n, "false") || node::is(n, "string"))
            continue;
        if (node::is(n, "identifier")) {
            const QString name = m_src.text(n);
            const auto it = m_env.constFind(name);
            if (it == m_env.constEnd()) {
                TritonValue c;
                if (!moduleConstant(name, &c) || c.kind != TritonValue::Kind::Scalar)
                    return false;
            } else if (it->kind != TritonValue::Kind::Scalar || !m_constexprs.contains(it->text)) {
                return false;
            }
            continue;
        }
        if (!node::is(n, "binary_operator") && !node::is(n, "comparison_operator") && !node::is(n, "boolean_operator")
            && !node::is(n, "unary_operator") && !node::is(n, "not_operator") && !node::is(n, "conditional_expression"))
            return false;
        const auto kids = node::children(n);
        if (kids.empty())
            return false;
        for (TSNode k : kids)
            stack << k;
    }
    return true;
}

} // namespace tileport::triton
