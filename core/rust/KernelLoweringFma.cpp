// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// fma contraction across names. cuTile Python rewrites its SSA IR: a float
// `mul` whose only use is an `add`/`sub` becomes one `fma` (the lhs product
// first, so in `p + q` of two products only p contracts). In the source
// that is `t = x * y` followed, before t or x or y is bound again and in
// the same block or one nested in it, by the one read of t as an operand of
// `+` or `-`. The plan below finds those pairs on the syntax tree; lowering
// then keeps the product's operands in its Variable instead of emitting the
// mul, and the `+`/`-` emits the fma. Products inside one expression
// (`x * y + c`) contract in fusedMultiplyAdd.
#include "KernelLowering.h"

#include "SyntaxNode.h"

#include <functional>

namespace tileport::rust {

using namespace tileport::frontend;

namespace {

bool isProduct(TSNode n)
{
    n = node::unparen(n);
    return node::is(n, "binary_operator") && node::operatorOf(n) == "*";
}

bool isSum(TSNode n)
{
    return node::is(n, "binary_operator") && (node::operatorOf(n) == "+" || node::operatorOf(n) == "-");
}

void walk(TSNode n, const std::function<void(TSNode)> &f)
{
    f(n);
    const uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i)
        walk(ts_node_named_child(n, i), f);
}

// An identifier that names a value here, not an attribute or keyword.
bool isRead(TSNode id)
{
    const TSNode p = node::parent(id);
    if (node::is(p, "attribute") && ts_node_eq(node::field(p, "attribute"), id))
        return false;
    if (node::is(p, "keyword_argument") && ts_node_eq(node::field(p, "name"), id))
        return false;
    return true;
}

// The names a statement or target binds.
void boundNames(TSNode target, const frontend::PythonSource &src, QStringList &out)
{
    walk(target, [&](TSNode n) {
        if (node::is(n, "identifier"))
            out << src.text(n);
    });
}

} // namespace

void KernelLowering::planProducts(TSNode body)
{
    const uint32_t key = ts_node_start_byte(body);
    if (m_plannedBodies.contains(key))
        return;
    m_plannedBodies.insert(key);

    struct Binding {
        QString name;
        uint32_t at;   // end of the binding statement
        TSNode node;
    };
    QList<Binding> bindings; // every binding of a name, in source order
    QHash<QString, QList<TSNode>> reads;
    QList<TSNode> candidates; // `name = x * y`
    walk(body, [&](TSNode n) {
        if (node::is(n, "assignment") || node::is(n, "augmented_assignment")) {
            QStringList names;
            boundNames(node::field(n, "left"), m_src, names);
            for (const QString &name : names)
                bindings << Binding{name, ts_node_end_byte(n), n};
            if (node::is(n, "assignment") && node::is(node::field(n, "left"), "identifier")
                && node::isNull(node::field(n, "type")) && isProduct(node::field(n, "right")))
                candidates << n;
        } else if (node::is(n, "for_statement")) {
            QStringList names;
            boundNames(node::field(n, "left"), m_src, names);
            for (const QString &name : names)
                bindings << Binding{name, ts_node_start_byte(n), n};
        } else if (node::is(n, "identifier") && isRead(n)) {
            const TSNode p = node::parent(n);
            const bool target = (node::is(p, "assignment") || node::is(p, "augmented_assignment") || node::is(p, "for_statement"))
                                && ts_node_eq(node::field(p, "left"), n);
            if (!target)
                reads[m_src.text(n)] << n;
        }
    });

    for (TSNode def : candidates) {
        const QString name = m_src.text(node::field(def, "left"));
        int bound = 0;
        for (const Binding &b : bindings)
            bound += b.name == name;
        const QList<TSNode> uses = reads.value(name);
        if (bound != 1 || uses.size() != 1)
            continue;
        const TSNode use = uses.front();
        const TSNode sum = node::parent(use);
        if (!isSum(sum) || ts_node_start_byte(use) < ts_node_end_byte(def))
            continue;
        // The use lies in the block that holds the definition.
        TSNode block = node::parent(def);
        while (!node::isNull(block) && !node::is(block, "block"))
            block = node::parent(block);
        if (node::isNull(block) || ts_node_start_byte(use) >= ts_node_end_byte(block))
            continue;
        // Python contracts the lhs product first.
        const bool onLeft = ts_node_eq(node::field(sum, "left"), use);
        if (!onLeft) {
            const TSNode lhs = node::unparen(node::field(sum, "left"));
            if (isProduct(lhs) || m_productUses.contains(ts_node_start_byte(lhs)))
                continue;
        }
        // Neither operand of the product is bound again before the use.
        QStringList operands;
        walk(node::field(def, "right"), [&](TSNode n) {
            if (node::is(n, "identifier") && isRead(n))
                operands << m_src.text(n);
        });
        bool stable = true;
        for (const Binding &b : bindings)
            if (operands.contains(b.name) && b.at > ts_node_end_byte(def) && b.at <= ts_node_start_byte(use))
                stable = false;
        if (!stable)
            continue;
        // A product read on the right of a sum whose left is another
        // planned product: only the left one contracts.
        if (onLeft) {
            const TSNode rhs = node::unparen(node::field(sum, "right"));
            m_productUses.remove(ts_node_start_byte(rhs));
        }
        m_productDefs.insert(ts_node_start_byte(def));
        m_productUses.insert(ts_node_start_byte(use));
    }
    // Definitions whose use was dropped again stay plain.
    QSet<uint32_t> defs;
    for (TSNode def : candidates) {
        const QString name = m_src.text(node::field(def, "left"));
        const QList<TSNode> uses = reads.value(name);
        if (m_productDefs.contains(ts_node_start_byte(def)) && uses.size() == 1
            && m_productUses.contains(ts_node_start_byte(uses.front())))
            defs.insert(ts_node_start_byte(def));
    }
    for (TSNode def : candidates)
        if (!defs.contains(ts_node_start_byte(def)))
            m_productDefs.remove(ts_node_start_byte(def));
}

void KernelLowering::noteMulBound(const QString &name, bool product, const RustValue &value)
{
    if (product && (value.isTile() || value.kind == RustValue::Kind::Scalar) && isFloatLike(value.dtype))
        m_mulBound.insert(name);
    else
        m_mulBound.remove(name);
}

void KernelLowering::forgetMulBound(TSNode body)
{
    walk(body, [&](TSNode n) {
        if (node::is(n, "assignment") || node::is(n, "augmented_assignment") || node::is(n, "for_statement")) {
            QStringList names;
            boundNames(node::field(n, "left"), m_src, names);
            for (const QString &name : std::as_const(names))
                m_mulBound.remove(name);
        }
    });
}

// `name = x * y` planned for contraction: the operands are lowered now (in
// order, as Python evaluates them) and kept; a float tile product is not
// emitted. Returns false when the product is no float tile product after
// all, with the lowered product in *plain.
bool KernelLowering::deferProduct(TSNode assignment, RustValue *plain)
{
    const TSNode mul = node::unparen(node::field(assignment, "right"));
    const RustValue a = expr(node::field(mul, "left"));
    const RustValue b = expr(node::field(mul, "right"));
    const auto lowerPlain = [&]() {
        if (a.isTile() || b.isTile())
            return tileBinary(QStringLiteral("*"), a, b, mul);
        if (a.isLiteral() && b.isLiteral())
            fail(mul, QStringLiteral("literal arithmetic"), QStringLiteral("not constant-foldable"));
        return scalarBinary(QStringLiteral("*"), a, b, mul);
    };
    if (!a.isTile() && !b.isTile()) {
        *plain = lowerPlain();
        return false;
    }
    QStringList shape;
    QString dtype;
    operandsType({&a, &b}, mul, &shape, &dtype);
    if (!isFloatLike(dtype) || resolve(dtype) == QLatin1String("tf32") || resolve(dtype).startsWith(QLatin1String("f8"))) {
        *plain = lowerPlain();
        return false;
    }
    Variable var;
    var.loopDepth = m_loopDepth;
    var.value.kind = RustValue::Kind::Tile;
    var.value.dtype = dtype;
    var.value.shape = shape;
    var.product = std::make_shared<Variable::Product>(Variable::Product{a, b, mul});
    m_vars.insert(m_src.text(node::field(assignment, "left")), var);
    m_lastTemp.clear();
    return true;
}

// A planned product read anywhere but its contracting sum (a plan that
// lowering outran): the mul is emitted where it is read.
RustValue KernelLowering::materializeProduct(const QString &name)
{
    Variable &var = m_vars[name];
    const std::shared_ptr<Variable::Product> p = var.product;
    var.product.reset();
    var.value = tileBinary(QStringLiteral("*"), p->a, p->b, p->at);
    return var.value;
}

// `t + c`, `c + t`, `t - c`, `c - t` with t a planned product.
RustValue KernelLowering::fusePlanned(TSNode sum, TSNode productSide)
{
    const bool onLeft = ts_node_eq(node::field(sum, "left"), productSide);
    const QString name = m_src.text(productSide);
    const std::shared_ptr<const Variable::Product> p = m_vars[name].product;
    m_vars[name].product.reset();
    const RustValue c = expr(node::field(sum, onLeft ? "right" : "left"));
    QStringList shape;
    QString dtype;
    operandsType({&p->a, &p->b, &c}, sum, &shape, &dtype);
    return contract(p->a, p->b, c, onLeft, node::operatorOf(sum) == "-", dtype, shape, sum);
}

} // namespace tileport::rust
