// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ParamClassifier.h"

#include "CuTileApi.h"
#include "ImportTable.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

#include <QSet>

#include <numeric>

namespace tileport::frontend {

using Kind = KernelParam::Kind;

ParamClassifier::Annotation ParamClassifier::fromAnnotation(const PythonSource &src, const ImportTable &imports,
                                                            TSNode annotation)
{
    using namespace node;
    Annotation a;
    TSNode n = unparen(annotation);
    if (is(n, "type")) {
        const auto ch = children(n);
        if (ch.size() == 1)
            n = ch.front();
    }
    if (isNull(n))
        return a;
    const TSNode base = is(n, "subscript") ? field(n, "value") : is(n, "generic_type") ? children(n).front() : n;
    const QString baseName = imports.resolve(src, base);
    const QString baseText = src.text(base);
    // Annotated[X, ...] is X.
    if (baseName == QLatin1String("typing.Annotated") || baseName == QLatin1String("typing_extensions.Annotated")
        || (baseName.isEmpty() && baseText == QLatin1String("Annotated"))) {
        std::vector<TSNode> inner = is(n, "subscript") ? fieldChildren(n, "subscript") : std::vector<TSNode>{};
        if (is(n, "generic_type")) {
            const auto ch = children(n);
            if (ch.size() > 1)
                inner = children(ch[1]);
        }
        if (!inner.empty())
            return fromAnnotation(src, imports, inner.front());
        return a;
    }
    const QString q = imports.resolve(src, n);
    const QString text = src.flatText(n);
    if (q.startsWith(QLatin1String("cuda.tile.Constant"))) {
        a.kind = Kind::Constant;
        QString inner = q.mid(18);
        if (inner.startsWith(QLatin1Char('[')) && inner.endsWith(QLatin1Char(']')))
            inner = inner.mid(1, inner.size() - 2);
        if (inner == QLatin1String("int") || inner == QLatin1String("float") || inner == QLatin1String("bool"))
            a.constantType = inner;
        else if (!inner.isEmpty())
            a.constantType = inner;
        return a;
    }
    if (q.startsWith(QLatin1String("cuda.tile.Array")) || q == QLatin1String("cuda.tile.IndexedWithInt64")) {
        a.kind = Kind::Array;
        return a;
    }
    if (q == QLatin1String("cuda.tile.ScalarInt64")) {
        a.kind = Kind::Scalar;
        a.dtype = QStringLiteral("int64");
        return a;
    }
    if (q == QLatin1String("cuda.tile.Scalar")) {
        a.kind = Kind::Scalar;
        return a;
    }
    if (q.startsWith(QLatin1String("cuda.tile.")) && CuTileApi::isDtype(q.mid(10))) {
        a.kind = Kind::Scalar;
        a.dtype = q.mid(10);
        return a;
    }
    if (q.isEmpty() || !q.startsWith(QLatin1String("cuda.tile"))) {
        const QString name = q.isEmpty() ? text : q.section(QLatin1Char('.'), -1);
        if (text == QLatin1String("int") || text == QLatin1String("float") || text == QLatin1String("bool")) {
            a.kind = Kind::Scalar;
            a.dtype = text == QLatin1String("int") ? QStringLiteral("int32")
                : text == QLatin1String("float")   ? QStringLiteral("float32")
                                                   : QStringLiteral("bool_");
            return a;
        }
        if (name == QLatin1String("ConstInt") || name == QLatin1String("ConstFloat") || name == QLatin1String("ConstBool")) {
            a.kind = Kind::Constant;
            a.constantType = name.mid(5).toLower();
            a.note = QStringLiteral("'%1' is defined outside this file; taken as ct.Constant[%2] by its name")
                         .arg(text, a.constantType);
            return a;
        }
        const QString head = text.section(QLatin1Char('['), 0, 0);
        if (head == QLatin1String("list") || head == QLatin1String("List") || head.endsWith(QLatin1String(".List"))
            || head == QLatin1String("Sequence") || head.endsWith(QLatin1String(".Sequence"))) {
            a.kind = Kind::List;
            return a;
        }
    }
    a.note = QStringLiteral("annotation '%1' is not a cuTile parameter type; classified by use").arg(text);
    return a;
}

void ParamClassifier::applyUsage(QList<KernelParam> &params, const QHash<QString, ParamUsage> &usage,
                                 QStringList &notes)
{
    QHash<QString, qsizetype> index;
    for (qsizetype i = 0; i < params.size(); ++i)
        index.insert(params[i].name, i);

    for (KernelParam &p : params) {
        if (p.kind == Kind::Constant)
            continue;
        const ParamUsage u = usage.value(p.name);
        if (p.kind == Kind::Unknown) {
            if (!u.listEvidence.isEmpty())
                p.kind = Kind::List;
            else if (!u.arrayEvidence.isEmpty())
                p.kind = Kind::Array;
            else if (!u.scalarEvidence.isEmpty())
                p.kind = Kind::Scalar;
            else
                notes.append(QStringLiteral("parameter '%1': no use tells whether it is an array or a scalar").arg(p.name));
            if (p.kind == Kind::Array && !u.scalarEvidence.isEmpty())
                notes.append(QStringLiteral("parameter '%1': used both as an array and as a scalar").arg(p.name));
        }
        for (const QStringList *l : {&u.listEvidence, &u.arrayEvidence, &u.scalarEvidence, &u.rankEvidence, &u.dtypeEvidence})
            for (const QString &e : *l)
                if (!p.evidence.contains(e))
                    p.evidence.append(e);
        if (p.kind == Kind::List)
            notes.append(QStringLiteral("parameter '%1' is a list of arrays: the Rust DSL has no list parameters, so "
                                        "the port passes pointer and shape tables").arg(p.name));
        p.loaded = u.loaded;
        p.stored = u.stored;
        p.shapeRead = u.shapeRead;
        p.stridesRead = u.stridesRead;
        if (p.kind == Kind::Array || p.kind == Kind::List) {
            // A list's ranks are its items' (an item read as xs[i] counts as
            // a use of the list).
            QList<int> ranks = u.ranks;
            std::sort(ranks.begin(), ranks.end());
            ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
            if (ranks.size() == 1)
                p.rank = ranks.front();
            else if (ranks.size() > 1)
                notes.append(QStringLiteral("parameter '%1': conflicting ranks from its uses").arg(p.name));
            // Read only by element offset (get_raw_memory()): the port takes
            // it flat, a rank-1 tensor of the same elements.
            if (p.kind == Kind::Array && ranks.isEmpty() && u.rawMemory && u.minRank == 0) {
                p.rank = 1;
                p.evidence.append(QStringLiteral("rank 1: only its raw memory (element offsets) is read; pass it flattened"));
            }
            p.minRank = u.minRank;
            if (p.rank >= 0 && p.minRank > p.rank)
                notes.append(QStringLiteral("parameter '%1': .shape[%2] read on a rank-%3 array").arg(p.name).arg(p.minRank - 1).arg(p.rank));
            if (u.fixedDtypes.size() == 1)
                p.dtype = u.fixedDtypes.front();
            else if (u.fixedDtypes.size() > 1)
                notes.append(QStringLiteral("parameter '%1': stored as several dtypes (%2)").arg(p.name, u.fixedDtypes.join(QStringLiteral(", "))));
        } else if (p.kind == Kind::Scalar && p.dtype.isEmpty()) {
            if (u.floatUse && !u.intUse)
                p.dtype = QStringLiteral("float32");
            else if (u.intUse && !u.floatUse)
                p.dtype = QStringLiteral("int32");
        }
    }

    // Arrays (and lists of them) stored as each other's dtype share one dtype variable.
    const auto holdsArrays = [](const KernelParam &q) { return q.kind == Kind::Array || q.kind == Kind::List; };
    std::vector<qsizetype> parent(size_t(params.size()));
    std::iota(parent.begin(), parent.end(), 0);
    const auto find = [&](qsizetype x) {
        while (parent[size_t(x)] != x)
            x = parent[size_t(x)] = parent[size_t(parent[size_t(x)])];
        return x;
    };
    for (const KernelParam &p : params) {
        if (!holdsArrays(p))
            continue;
        for (const QString &other : usage.value(p.name).sameDtypeAs) {
            const auto it = index.constFind(other);
            if (it == index.constEnd() || !holdsArrays(params[*it]))
                continue;
            parent[size_t(find(index.value(p.name)))] = find(*it);
        }
    }
    QHash<qsizetype, QString> groupDtype;
    for (qsizetype i = 0; i < params.size(); ++i)
        if (holdsArrays(params[i]) && !params[i].dtype.isEmpty())
            groupDtype.insert(find(i), params[i].dtype);
    QHash<qsizetype, QString> groupVar;
    int next = 0;
    for (qsizetype i = 0; i < params.size(); ++i) {
        KernelParam &p = params[i];
        if (!holdsArrays(p))
            continue;
        const qsizetype g = find(i);
        if (p.dtype.isEmpty() && groupDtype.contains(g)) {
            p.dtype = groupDtype.value(g);
            p.evidence.append(QStringLiteral("dtype shared with a parameter stored as %1").arg(p.dtype));
        }
        if (!p.dtype.isEmpty())
            continue;
        if (!groupVar.contains(g))
            groupVar.insert(g, QStringLiteral("T%1").arg(next++));
        p.dtypeVar = groupVar.value(g);
    }
}

} // namespace tileport::frontend
