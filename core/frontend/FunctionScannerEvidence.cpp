// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// What memory operations say about parameters (array, rank, dtype), and the
// tile shapes of shape-taking operations.
#include "CuTileApi.h"
#include "FunctionScanner.h"
#include "ImportTable.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

namespace tileport::frontend {

namespace {

int tupleLength(TSNode n)
{
    n = node::unparen(n);
    if (!node::is(n, "tuple"))
        return -1;
    const auto ch = node::children(n);
    for (TSNode c : ch)
        if (node::is(c, "list_splat"))
            return -1;
    return int(ch.size());
}

} // namespace

void FunctionScanner::tileShape(TSNode call, const QString &op, TSNode shape, bool sizeOnly)
{
    using namespace node;
    if (isNull(shape))
        return;
    const PythonSource &src = *m_module.source;
    TileShape ts;
    ts.op = op;
    ts.function = m_name;
    ts.range = src.range(call);
    const TSNode s = unparen(shape);
    if (is(s, "tuple")) {
        for (TSNode d : children(s))
            ts.dims.append(src.flatText(d));
        ts.rank = int(ts.dims.size());
    } else {
        ts.dims.append(src.flatText(s));
        ts.rank = (sizeOnly || is(s, "integer")) ? 1 : -1;
    }
    const Dependencies d = m_scope->dependencies(shape);
    ts.constant = d.constantOnly();
    ts.runtimeNames = d.runtime;
    if (!ts.constant)
        unsupported(shape, QStringLiteral("non-constant tile shape"),
                    QStringLiteral("the tile shape of %1 reads runtime values (%2); tile shapes must be compile-time "
                                   "constants").arg(op, d.runtime.join(QStringLiteral(", "))));
    m_facts.tileShapes.append(ts);
    addSignature(QStringLiteral("shape:%1(%2)").arg(op, ts.dims.join(QStringLiteral(", "))));
}

void FunctionScanner::memoryEvidence(TSNode call, const QString &name)
{
    using namespace node;
    const PythonSource &src = *m_module.source;
    TSNode arr = positional(call, 0);
    const auto kwArg = [&](const char *kw) -> TSNode {
        for (TSNode a : children(field(call, "arguments")))
            if (is(a, "keyword_argument") && src.text(field(a, "name")) == QLatin1String(kw))
                return field(a, "value");
        return {};
    };
    const auto arg = [&](int pos, const char *kw) {
        const TSNode k = kwArg(kw);
        return isNull(k) ? positional(call, pos) : k;
    };
    if (isNull(arr))
        arr = kwArg("array");
    const QStringList params = m_scope->paramsOf(arr);
    if (params.isEmpty())
        return;
    const QString at = where(call);
    const bool loads = name == QLatin1String("load") || name == QLatin1String("gather")
        || name == QLatin1String("load_advanced_indexing") || name.startsWith(QLatin1String("atomic_"));
    const bool stores = name == QLatin1String("store") || name == QLatin1String("scatter")
        || name == QLatin1String("store_advanced_indexing") || name.startsWith(QLatin1String("atomic_"));
    const auto rank = [&](int r, const QString &why) {
        if (r < 0)
            return;
        for (const QString &p : params) {
            usage(p).ranks.append(r);
            usage(p).rankEvidence.append(QStringLiteral("%1: %2").arg(at, why));
        }
    };
    const auto indexScalars = [&](TSNode idx) {
        const TSNode t = unparen(idx);
        for (TSNode e : is(t, "tuple") ? children(t) : std::vector<TSNode>{t})
            scalarOperand(e, QStringLiteral("tile index of ct.%1").arg(name), true, false);
    };
    for (const QString &p : params) {
        ParamUsage &u = usage(p);
        u.arrayEvidence.append(QStringLiteral("%1: first argument of ct.%2").arg(at, name));
        u.loaded = u.loaded || loads;
        u.stored = u.stored || stores;
    }
    // An index tuple written in place or bound to a local (`idx = (i, j)`);
    // a single integer index is the 1-D form.
    const auto indexRank = [&](TSNode idx) {
        TSNode t = unparen(idx);
        if (is(t, "identifier") && m_scope->isRangeIndex(src.text(t)))
            return 1; // a range() loop's index: an int, the 1-D form
        for (int hops = 0; hops < 4 && is(t, "identifier"); ++hops) {
            const TSNode b = m_scope->singleBinding(src.text(t));
            if (isNull(b))
                break;
            t = unparen(b);
        }
        if (is(t, "tuple"))
            return tupleLength(t);
        if (is(t, "integer") || is(t, "binary_operator"))
            return 1;
        if (is(t, "call") && m_module.imports->resolve(src, field(t, "function")).startsWith(QLatin1String("cuda.tile.")))
            return 1;
        return -1;
    };
    if (name == QLatin1String("load")) {
        const TSNode idx = arg(1, "index");
        rank(indexRank(idx), QStringLiteral("index of ct.load"));
        const TSNode shape = arg(2, "shape");
        // `shape=()` loads one element at a full index: the index gives the rank.
        if (tupleLength(shape) != 0)
            rank(tupleLength(shape), QStringLiteral("shape tuple of ct.load"));
        if (is(unparen(shape), "integer"))
            rank(1, QStringLiteral("integer shape of ct.load"));
        indexScalars(idx);
    } else if (name == QLatin1String("store")) {
        const TSNode idx = arg(1, "index");
        rank(indexRank(idx), QStringLiteral("index of ct.store"));
        indexScalars(idx);
        dtypeEvidence(params, arg(2, "tile"), 0);
    } else if (name == QLatin1String("gather") || name == QLatin1String("scatter") || name.startsWith(QLatin1String("atomic_"))) {
        const TSNode idx = arg(1, "indices");
        if (!isNull(idx)) {
            const int len = tupleLength(idx);
            rank(len < 0 ? 1 : len, len < 0 ? QStringLiteral("single index tile of ct.%1 (1-D form)").arg(name)
                                            : QStringLiteral("index tuple of ct.%1").arg(name));
        }
        if (name == QLatin1String("scatter"))
            dtypeEvidence(params, arg(2, "value"), 0);
    } else if (name == QLatin1String("num_tiles")) {
        rank(tupleLength(arg(2, "shape")), QStringLiteral("shape tuple of ct.num_tiles"));
    }
}

void FunctionScanner::dtypeEvidence(const QStringList &params, TSNode tile, int depth)
{
    using namespace node;
    if (isNull(tile) || depth > 4)
        return;
    const PythonSource &src = *m_module.source;
    const ImportTable &imports = *m_module.imports;
    const TSNode t = unparen(tile);
    if (is(t, "identifier")) {
        dtypeEvidence(params, m_scope->singleBinding(src.text(t)), depth + 1);
        return;
    }
    if (!is(t, "call"))
        return;
    const TSNode fn = field(t, "function");
    const QString q = imports.resolve(src, fn);
    const bool methodCall = q.isEmpty() && is(fn, "attribute");
    const QString method = methodCall ? src.text(field(fn, "attribute")) : QString();
    TSNode dtype{};
    if (q == QLatin1String("cuda.tile.astype"))
        dtype = positional(t, 1);
    else if (method == QLatin1String("astype"))
        dtype = positional(t, 0);
    else if (q.startsWith(QLatin1String("cuda.tile.")) && CuTileApi::isDtype(q.mid(10)))
        dtype = fn;
    else if (q == QLatin1String("cuda.tile.reshape") || q == QLatin1String("cuda.tile.broadcast_to")
             || q == QLatin1String("cuda.tile.transpose") || q == QLatin1String("cuda.tile.permute")
             || q == QLatin1String("cuda.tile.expand_dims")) {
        dtypeEvidence(params, positional(t, 0), depth + 1);
        return;
    } else if (method == QLatin1String("reshape") || method == QLatin1String("transpose")
               || method == QLatin1String("permute")) {
        dtypeEvidence(params, field(fn, "object"), depth + 1);
        return;
    }
    if (isNull(dtype))
        return;
    const QString dq = imports.resolve(src, dtype);
    const QString at = where(tile);
    if (dq.startsWith(QLatin1String("cuda.tile.")) && CuTileApi::isDtype(dq.mid(10))) {
        const QString dt = dq.mid(10);
        for (const QString &p : params) {
            if (!usage(p).fixedDtypes.contains(dt))
                usage(p).fixedDtypes.append(dt);
            usage(p).dtypeEvidence.append(QStringLiteral("%1: stored as %2").arg(at, dt));
        }
        return;
    }
    const TSNode d = unparen(dtype);
    if (is(d, "attribute") && src.text(field(d, "attribute")) == QLatin1String("dtype")) {
        for (const QString &other : m_scope->paramsOf(field(d, "object")))
            for (const QString &p : params)
                if (other != p && !usage(p).sameDtypeAs.contains(other)) {
                    usage(p).sameDtypeAs.append(other);
                    usage(p).dtypeEvidence.append(QStringLiteral("%1: stored as %2.dtype").arg(at, other));
                }
    }
}

} // namespace tileport::frontend
