// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// ct.load and the memory options of loads and stores: padding_mode=,
// latency=, allow_tma= and order= (docs/translator.md, Mapping).
#include "KernelLowering.h"

#include "RustNames.h"
#include "SyntaxNode.h"

#include <algorithm>

namespace tileport::rust {

using namespace tileport::frontend;

RustValue KernelLowering::load(TSNode c)
{
    const RustValue t = tensorArgument(argument(c, 0, "array"));
    const MemoryOptions o = memoryOptions(c, QStringLiteral("ct.load"), t.rank,
                                          {QStringLiteral("index"), QStringLiteral("shape"), QStringLiteral("array")});
    if (m_blockOutputs.contains(t.param))
        fail(c, QStringLiteral("ct.load"), QStringLiteral("'%1' is a block output").arg(t.param));
    const QStringList index = indexArgument(argument(c, 1, "index"));
    const QStringList shape = shapeArgument(argument(c, 2, "shape"));
    if (int(index.size()) != t.rank || int(shape.size()) != t.rank)
        fail(c, QStringLiteral("ct.load"), QStringLiteral("index and shape must have the array's rank %1").arg(t.rank));
    RustValue out;
    out.kind = RustValue::Kind::Tile;
    out.dtype = t.dtype;
    out.shape = shape;
    const QString idx = QStringLiteral("[%1]").arg(index.join(QStringLiteral(", ")));
    if (o.padding == QLatin1String("Zero") && o.plain()) {
        // load_tile builds the zero-padded partition view and loads from it.
        out.expr = bind(QStringLiteral("%1.load_tile(%2, %3)").arg(t.param, RustValue::shapeMacro(shape), idx), out.typeText());
        return out;
    }
    const QString view = bind(QStringLiteral("unsafe { make_partition_view(%1, %2, padding::%3, %4, "
                                             "get_tensor_token(%1)) }")
                                  .arg(t.param, RustValue::shapeMacro(shape), o.padding, o.dimMap),
                              QStringLiteral("Partition<%1, { [%2] }>").arg(t.dtype, shape.join(QStringLiteral(", "))));
    const auto loadText = [&](const QString &tma) {
        return QStringLiteral("load_view_tko(&%1, %2, ordering::Weak, scope::TileBlock, %3, tma::%4)").arg(view, idx, o.latency, tma);
    };
    if (!o.tmaParam.isEmpty()) {
        // Each arm binds its load to a typed let: cutile decides the `if` on
        // the const generic and compiles the taken arm with no expected type
        // (compile_expression.rs), and load_view_tko cannot infer its own
        // ("unable to infer call; add a return type annotation").
        const auto arm = [&](const QString &tma) {
            const QString t = QStringLiteral("t%1_").arg(m_temp++);
            return QStringLiteral("let %1: %2 = %3; %1").arg(t, out.typeText(), loadText(tma));
        };
        const QString enabled = arm(QStringLiteral("Enabled")), disabled = arm(QStringLiteral("Disabled"));
        out.expr = bind(QStringLiteral("if %1 != 0i32 { %2 } else { %3 }").arg(o.tmaParam, enabled, disabled), out.typeText());
    }
    else
        out.expr = bind(loadText(o.tma), out.typeText());
    return out;
}

// padding_mode=, latency=, allow_tma= and order= of ct.load / ct.store.
KernelLowering::MemoryOptions KernelLowering::memoryOptions(TSNode c, const QString &what, int rank,
                                                            const QStringList &positional)
{
    MemoryOptions o;
    const TSNode args = node::field(c, "arguments");
    for (TSNode a : node::children(args)) {
        if (!node::is(a, "keyword_argument"))
            continue;
        const QString k = m_src.text(node::field(a, "name"));
        const TSNode value = node::field(a, "value");
        if (positional.contains(k))
            continue;
        if (k == QLatin1String("padding_mode") && what == QLatin1String("ct.load")) {
            const RustValue mv = expr(value);
            const QString mode = RustNames::paddingMode(mv.kind == RustValue::Kind::Enum ? mv.expr : QString());
            if (mode.isEmpty())
                fail(a, QStringLiteral("%1 padding_mode").arg(what), QStringLiteral("'%1' is not a known mode").arg(m_src.text(value)));
            o.padding = mode;
        } else if (k == QLatin1String("latency")) {
            const RustValue v = expr(value);
            if (v.kind == RustValue::Kind::IntLiteral)
                o.latency = QStringLiteral("Some(%1i32)").arg(v.integer);
            else if (v.kind == RustValue::Kind::Scalar && m_constParams.contains(v.expr))
                o.latency = QStringLiteral("Some(%1)").arg(v.expr);
            else if (!(m_src.text(value) == QLatin1String("None")))
                fail(a, QStringLiteral("%1 latency").arg(what), QStringLiteral("must be a literal int or an int ct.Constant"));
        } else if (k == QLatin1String("allow_tma")) {
            const RustValue v = expr(value);
            if (v.kind == RustValue::Kind::Scalar && m_constParams.contains(v.expr))
                o.tmaParam = v.expr; // both forms, chosen by the const generic
            else if (v.kind != RustValue::Kind::BoolLiteral)
                fail(a, QStringLiteral("%1 allow_tma").arg(what), QStringLiteral("must be a literal bool or a ct.Constant[bool]"));
            else
                o.tma = v.integer ? QStringLiteral("Enabled") : QStringLiteral("Disabled");
        } else if (k == QLatin1String("order")) {
            o.dimMap = dimMapArgument(value, rank);
            // Mutable partitions take no dim_map in cuTile Rust, so only the
            // identity order (which cuTile Python drops) can be stored.
            if (what == QLatin1String("ct.store") && o.dimMap != QLatin1String("dim_map::Identity"))
                fail(a, QStringLiteral("ct.store order"),
                     QStringLiteral("only the identity order can be stored: cuTile Rust's mutable partitions take no dim_map"));
        } else {
            fail(a, what, QStringLiteral("option '%1' is not lowered yet").arg(k));
        }
    }
    return o;
}

// order="C" is the identity, "F" reverses the axes, a tuple names them.
QString KernelLowering::dimMapArgument(TSNode value, int rank)
{
    QList<int> axes;
    value = node::unparen(value);
    const QString text = m_src.text(value);
    if (text == QLatin1String("\"C\"") || text == QLatin1String("'C'"))
        return QStringLiteral("dim_map::Identity");
    if (text == QLatin1String("\"F\"") || text == QLatin1String("'F'")) {
        for (int i = rank - 1; i >= 0; --i)
            axes << i;
    } else if (node::is(value, "tuple")) {
        for (TSNode c : node::children(value)) {
            const RustValue v = expr(c);
            if (v.kind != RustValue::Kind::IntLiteral)
                fail(c, QStringLiteral("order="), QStringLiteral("axes must be literal ints"));
            axes << int(v.integer);
        }
    } else {
        fail(value, QStringLiteral("order="), QStringLiteral("must be \"C\", \"F\" or a tuple of axes"));
    }
    QList<int> sorted = axes;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < int(sorted.size()); ++i)
        if (sorted[i] != i || int(sorted.size()) != rank)
            fail(value, QStringLiteral("order="), QStringLiteral("must be a permutation of the %1 axes").arg(rank));
    bool identity = true;
    QStringList parts;
    for (int i = 0; i < int(axes.size()); ++i) {
        identity = identity && axes[i] == i;
        parts << QString::number(axes[i]);
    }
    return identity ? QStringLiteral("dim_map::Identity") : QStringLiteral("const_array![%1]").arg(parts.join(QStringLiteral(", ")));
}

} // namespace tileport::rust
