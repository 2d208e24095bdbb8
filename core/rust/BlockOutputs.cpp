// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BlockOutputs.h"

#include "SyntaxNode.h"

#include <QHash>

namespace tileport::rust {

using namespace tileport::frontend;

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

TSNode argument(const PythonSource &src, TSNode call, int pos, const char *keyword)
{
    for (TSNode a : node::children(node::field(call, "arguments")))
        if (node::is(a, "keyword_argument") && src.text(node::field(a, "name")) == QLatin1String(keyword))
            return node::field(a, "value");
    return node::positional(call, pos);
}

} // namespace

QSet<QString> blockOutputs(const PythonSource &src, const ImportTable &imports, const KernelInfo &kernel, TSNode body)
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
        if (imports.resolve(src, node::field(e, "function")) != QLatin1String("cuda.tile.bid"))
            return -1;
        const TSNode a = node::positional(e, 0);
        return node::is(a, "integer") ? src.text(a).toInt() : -1;
    };
    for (TSNode a : assigns) {
        const TSNode left = node::field(a, "left");
        if (!node::is(left, "identifier"))
            continue;
        const QString name = src.text(left);
        bindings[name] += 1;
        const int axis = bidOf(node::field(a, "right"));
        if (axis >= 0 && !insideLoop(a, body))
            bidAxis.insert(name, axis);
    }
    QHash<QString, bool> ok;
    for (TSNode c : calls) {
        if (imports.resolve(src, node::field(c, "function")) != QLatin1String("cuda.tile.store"))
            continue;
        const TSNode target = node::positional(c, 0);
        if (!node::is(target, "identifier"))
            continue;
        const QString name = src.text(target);
        const KernelParam *param = nullptr;
        for (const KernelParam &p : kernel.params)
            if (p.name == name && p.kind == KernelParam::Kind::Array)
                param = &p;
        if (!param)
            continue;
        bool good = !param->loaded && !param->shapeRead && !param->stridesRead && param->rank >= 1 && param->rank <= 3
                    && !insideLoop(c, body) && !ok.contains(name);
        for (TSNode a : node::children(node::field(c, "arguments")))
            if (node::is(a, "keyword_argument")) {
                const QString k = src.text(node::field(a, "name"));
                good = good && (k == QLatin1String("array") || k == QLatin1String("index") || k == QLatin1String("tile"));
            }
        const TSNode index = node::unparen(argument(src, c, 1, "index"));
        if (good && node::is(index, "tuple")) {
            const auto items = node::children(index);
            good = int(items.size()) == param->rank;
            for (int i = 0; good && i < int(items.size()); ++i) {
                const TSNode it = items[size_t(i)];
                if (node::is(it, "identifier")) {
                    const QString v = src.text(it);
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
    QSet<QString> out;
    for (auto it = ok.cbegin(); it != ok.cend(); ++it)
        if (it.value())
            out.insert(it.key());
    return out;
}

} // namespace tileport::rust
