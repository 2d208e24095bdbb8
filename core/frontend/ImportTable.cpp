// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ImportTable.h"

#include "CuTileApi.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

namespace tileport::frontend {

namespace {

QString dottedName(const PythonSource &src, TSNode n)
{
    // dotted_name or relative_import ("..pkg.mod"): drop inner whitespace.
    QString t = src.text(n);
    t.remove(QLatin1Char(' '));
    t.remove(QLatin1Char('\t'));
    return t;
}

QString joinModule(const QString &module, const QString &name)
{
    if (module.endsWith(QLatin1Char('.')))
        return module + name; // relative: "." + "x"
    return module + QLatin1Char('.') + name;
}

} // namespace

void ImportTable::bind(const QString &name, const QString &target_, bool alias, const SourceRange &range)
{
    // cuda.tile's private modules (`from cuda.tile._datatype import
    // float8_e4m3fn`, `cuda.tile._stub.pack_to_bytes`) hold what cuda.tile
    // exports: the exported name is the same object.
    QString target = target_;
    static const QStringList privateModules{QStringLiteral("cuda.tile._datatype."), QStringLiteral("cuda.tile._stub."),
                                            QStringLiteral("cuda.tile._numeric_semantics.")};
    for (const QString &m : privateModules)
        if (target.startsWith(m) && !target.mid(m.size()).contains(QLatin1Char('.')) && CuTileApi::isExport(target.mid(m.size())))
            target = QStringLiteral("cuda.tile.") + target.mid(m.size());
    const auto it = m_index.constFind(name);
    if (it != m_index.constEnd()) {
        m_bindings[*it] = {name, target, alias, range}; // the later binding wins
        return;
    }
    m_index.insert(name, m_bindings.size());
    m_bindings.append({name, target, alias, range});
}

void ImportTable::addAlias(const QString &name, const QString &target, const SourceRange &range)
{
    bind(name, target, true, range);
}

void ImportTable::addImport(const PythonSource &src, TSNode stmt)
{
    using namespace node;
    if (is(stmt, "import_statement")) {
        for (TSNode n : fieldChildren(stmt, "name")) {
            if (is(n, "aliased_import")) {
                bind(src.text(field(n, "alias")), dottedName(src, field(n, "name")), false, src.range(n));
            } else {
                // `import cuda.tile` binds the top-level package `cuda`.
                const QString full = dottedName(src, n);
                const QString top = full.section(QLatin1Char('.'), 0, 0);
                bind(top, top, false, src.range(n));
            }
        }
        return;
    }
    if (!is(stmt, "import_from_statement"))
        return;
    const QString module = dottedName(src, field(stmt, "module_name"));
    for (TSNode n : children(stmt)) {
        if (is(n, "wildcard_import"))
            m_wildcards.append(module);
    }
    for (TSNode n : fieldChildren(stmt, "name")) {
        if (is(n, "aliased_import"))
            bind(src.text(field(n, "alias")), joinModule(module, dottedName(src, field(n, "name"))), false, src.range(n));
        else
            bind(dottedName(src, n), joinModule(module, dottedName(src, n)), false, src.range(n));
    }
}

QString ImportTable::targetOf(const QString &name) const
{
    const auto it = m_index.constFind(name);
    if (it != m_index.constEnd())
        return m_bindings[*it].target;
    for (const QString &w : m_wildcards)
        if (w == QLatin1String("cuda.tile") && CuTileApi::isExport(name))
            return QStringLiteral("cuda.tile.") + name;
    return {};
}

QString ImportTable::resolve(const PythonSource &src, TSNode expr) const
{
    using namespace node;
    expr = unparen(expr);
    const std::string_view t = type(expr);
    if (t == "identifier")
        return targetOf(src.text(expr));
    if (t == "attribute") {
        const QString base = resolve(src, field(expr, "object"));
        if (base.isEmpty())
            return {};
        return base + QLatin1Char('.') + src.text(field(expr, "attribute"));
    }
    if (t == "type") {
        const auto ch = children(expr);
        return ch.size() == 1 ? resolve(src, ch.front()) : QString();
    }
    if (t == "subscript" || t == "generic_type") {
        // `ct.Constant[int]` is a subscript; a bare `Constant[int]` in an
        // annotation is a generic_type.
        const TSNode value = t == "subscript" ? field(expr, "value") : ts_node_named_child(expr, 0);
        const QString base = resolve(src, value);
        if (base.isEmpty())
            return {};
        // The bracketed part, whitespace removed: "Constant[int]".
        const std::string_view all = src.view(expr);
        const size_t valueLen = ts_node_end_byte(value) - ts_node_start_byte(expr);
        std::string_view rest = all.substr(valueLen);
        QString inner = QString::fromUtf8(rest.data(), qsizetype(rest.size()));
        inner.remove(QLatin1Char(' '));
        inner.remove(QLatin1Char('\n'));
        inner.remove(QLatin1Char('\t'));
        return base + inner;
    }
    return {};
}

} // namespace tileport::frontend
