// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "VariantBuilder.h"

#include <QSet>

#include <functional>

namespace tileport::frontend {

QStringList VariantBuilder::expand(const QStringList &signature, const QHash<QString, const FunctionFacts *> &helpers,
                                   QStringList &visiting)
{
    QStringList out;
    for (const QString &e : signature) {
        if (!e.startsWith(QLatin1String("call:"))) {
            out.append(e);
            continue;
        }
        const QString name = e.mid(5);
        const FunctionFacts *f = helpers.value(name);
        if (!f || visiting.contains(name)) {
            out.append(e); // unknown or recursive: keep the call itself as structure
            continue;
        }
        visiting.append(name);
        out += expand(f->signature, helpers, visiting);
        visiting.removeLast();
    }
    return out;
}

void VariantBuilder::build(KernelInfo &kernel, const QHash<QString, const FunctionFacts *> &helpers, int limit)
{
    QList<BranchPoint> &points = kernel.branchPoints;
    for (BranchPoint &p : points) {
        QList<QStringList> sigs;
        for (BranchPoint::Arm &arm : p.arms) {
            QStringList visiting;
            arm.signature = expand(arm.signature, helpers, visiting);
            arm.signature.sort();
            sigs.append(arm.signature);
        }
        p.variantForming = false;
        for (const QStringList &s : sigs)
            p.variantForming = p.variantForming || s != sigs.front();
        if (!p.variantForming)
            continue;
        QSet<QString> all, common;
        for (qsizetype i = 0; i < sigs.size(); ++i) {
            const QSet<QString> s(sigs[i].begin(), sigs[i].end());
            all.unite(s);
            common = i == 0 ? s : common.intersect(s);
        }
        QStringList diff;
        for (const QString &e : all)
            if (!common.contains(e))
                diff.append(e);
        if (diff.isEmpty())
            diff.append(QStringLiteral("the arms repeat the same operations a different number of times"));
        diff.sort();
        p.differences = diff;
    }

    // A point matters when it forms variants or holds one that does.
    QHash<int, bool> relevantMemo;
    std::function<bool(int)> relevant = [&](int i) -> bool {
        if (relevantMemo.contains(i))
            return relevantMemo.value(i);
        relevantMemo.insert(i, false); // guards malformed cycles
        bool r = points[i].variantForming;
        for (const BranchPoint::Arm &a : points[i].arms)
            for (int c : a.children)
                r = r || (c >= 0 && c < points.size() && relevant(c));
        relevantMemo.insert(i, r);
        return r;
    };

    using Choices = QList<KernelVariant::Choice>;
    bool truncated = false;
    std::function<QList<Choices>(const QList<int> &)> enumerate = [&](const QList<int> &list) {
        QList<Choices> result{Choices{}};
        for (int i : list) {
            if (i < 0 || i >= points.size() || !relevant(i))
                continue;
            QList<Choices> options;
            for (const BranchPoint::Arm &arm : points[i].arms) {
                const KernelVariant::Choice choice{arm.condition, arm.token, arm.constants, arm.range};
                for (const Choices &sub : enumerate(arm.children)) {
                    Choices c{choice};
                    c += sub;
                    options.append(c);
                }
            }
            QList<Choices> next;
            for (const Choices &r : result) {
                for (const Choices &o : options) {
                    if (next.size() >= limit) {
                        truncated = true;
                        break;
                    }
                    next.append(r + o);
                }
            }
            result = next;
        }
        return result;
    };

    QList<int> top;
    for (int i = 0; i < points.size(); ++i)
        if (points[i].topLevel)
            top.append(i);
    kernel.variants.clear();
    for (const Choices &c : enumerate(top)) {
        KernelVariant v;
        v.choices = c;
        QStringList tokens;
        for (const KernelVariant::Choice &ch : c)
            tokens.append(ch.token);
        v.name = tokens.isEmpty() ? QStringLiteral("default") : tokens.join(QStringLiteral("__"));
        kernel.variants.append(v);
    }
    kernel.variantsTruncated = truncated;
}

} // namespace tileport::frontend
