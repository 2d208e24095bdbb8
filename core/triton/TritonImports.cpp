// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonImports.h"

#include "SyntaxNode.h"

namespace tileport::triton {

using namespace tileport::frontend;

TSNode firstNamed(TSNode n)
{
    const auto kids = node::children(n);
    return kids.empty() ? TSNode{} : kids.front();
}

void TritonImports::addImport(const PythonSource &src, TSNode stmt)
{
    if (node::is(stmt, "import_statement")) {
        for (TSNode n : node::fieldChildren(stmt, "name")) {
            if (node::is(n, "aliased_import")) {
                const QString mod = src.text(node::field(n, "name"));
                if (mod == QLatin1String("triton") || mod.startsWith(QLatin1String("triton.")))
                    m_alias.insert(src.text(node::field(n, "alias")), mod);
            } else {
                const QString mod = src.text(n);
                if (mod == QLatin1String("triton") || mod.startsWith(QLatin1String("triton.")))
                    m_alias.insert(QStringLiteral("triton"), QStringLiteral("triton"));
            }
        }
        return;
    }
    if (!node::is(stmt, "import_from_statement"))
        return;
    const QString mod = src.text(node::field(stmt, "module_name"));
    if (mod != QLatin1String("triton") && !mod.startsWith(QLatin1String("triton.")))
        return;
    for (TSNode n : node::fieldChildren(stmt, "name")) {
        QString name, alias;
        if (node::is(n, "aliased_import")) {
            name = src.text(node::field(n, "name"));
            alias = src.text(node::field(n, "alias"));
        } else {
            name = alias = src.text(n);
        }
        m_alias.insert(alias, mod + QLatin1Char('.') + name);
    }
}

QString TritonImports::resolve(const PythonSource &src, TSNode expr) const
{
    QStringList parts;
    TSNode n = expr;
    while (node::is(n, "attribute")) {
        parts.prepend(src.text(node::field(n, "attribute")));
        n = node::field(n, "object");
    }
    if (!node::is(n, "identifier"))
        return {};
    QString dotted;
    // The longest leading part of the chain that names a re-export.
    for (qsizetype k = parts.size(); k >= 0 && dotted.isEmpty() && !m_reexport.isEmpty(); --k) {
        const QString key = QStringList(QStringList{src.text(n)} + parts.mid(0, k)).join(QLatin1Char('.'));
        if (const auto r = m_reexport.constFind(key); r != m_reexport.constEnd()) {
            dotted = r.value();
            parts = parts.mid(k);
        }
    }
    if (dotted.isEmpty()) {
        const auto it = m_alias.constFind(src.text(n));
        if (it == m_alias.constEnd())
            return {};
        dotted = it.value();
    }
    for (const QString &p : parts)
        dotted += QLatin1Char('.') + p;
    if (!dotted.startsWith(QLatin1String("triton.")))
        return {};
    return dotted.mid(7);
}

QString TritonImports::languageFunction(const PythonSource &src, TSNode callee) const
{
    QString r = resolve(src, callee);
    if (!r.startsWith(QLatin1String("language.")))
        return {};
    r = r.mid(9);
    for (const char *prefix : {"math.libdevice.", "math.", "extra.cuda.libdevice.", "extra.libdevice.", "libdevice."})
        if (r.startsWith(QLatin1String(prefix)))
            return r.mid(int(qstrlen(prefix)));
    return r;
}

} // namespace tileport::triton
