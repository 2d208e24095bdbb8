// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BoundNames.h"

#include "SyntaxNode.h"

#include <algorithm>

namespace tileport::rust {

using namespace tileport::frontend;

void assignedNames(const PythonSource &src, TSNode n, QStringList &out)
{
    if (node::is(n, "function_definition") || node::is(n, "lambda"))
        return;
    if (node::is(n, "assignment") || node::is(n, "augmented_assignment")) {
        const TSNode left = node::field(n, "left");
        if (node::is(left, "identifier")) {
            if (!out.contains(src.text(left)))
                out << src.text(left);
        } else {
            for (TSNode t : node::children(left))
                if (node::is(t, "identifier") && !out.contains(src.text(t)))
                    out << src.text(t);
        }
    }
    for (TSNode c : node::children(n))
        assignedNames(src, c, out);
}

QStringList definitelyAssigned(const PythonSource &src, TSNode block)
{
    QStringList out;
    const auto add = [&](const QString &n) {
        if (!out.contains(n))
            out << n;
    };
    for (TSNode stmt : node::children(block)) {
        if (node::is(stmt, "expression_statement")) {
            QStringList names;
            assignedNames(src, stmt, names);
            for (const QString &n : names)
                add(n);
        } else if (node::is(stmt, "if_statement")) {
            QList<TSNode> arms{node::field(stmt, "consequence")};
            bool hasElse = false;
            for (TSNode alt : node::fieldChildren(stmt, "alternative")) {
                if (node::is(alt, "elif_clause")) {
                    arms << node::field(alt, "consequence");
                } else {
                    arms << node::field(alt, "body");
                    hasElse = true;
                }
            }
            if (!hasElse)
                continue;
            arms.erase(std::remove_if(arms.begin(), arms.end(), [](TSNode arm) { return !fallsThrough(arm); }), arms.end());
            if (arms.isEmpty())
                continue;
            QStringList common = definitelyAssigned(src, arms.first());
            for (int i = 1; i < int(arms.size()); ++i) {
                const QStringList other = definitelyAssigned(src, arms[i]);
                common.erase(std::remove_if(common.begin(), common.end(), [&](const QString &n) { return !other.contains(n); }),
                             common.end());
            }
            for (const QString &n : common)
                add(n);
        }
    }
    return out;
}

bool fallsThrough(TSNode block)
{
    for (TSNode stmt : node::children(block))
        if (node::is(stmt, "raise_statement"))
            return false;
    return true;
}

} // namespace tileport::rust
