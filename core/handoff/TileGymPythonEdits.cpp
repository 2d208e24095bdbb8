// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TileGymPythonEdits.h"

#include "SyntaxTree.h"

#include <set>

namespace tileport::handoff {

namespace {

using ST = SyntaxTree;

bool parsed(const SyntaxTree &t, QString *error)
{
    if (const QString e = t.firstSyntaxError(); !e.isEmpty()) {
        *error = e;
        return false;
    }
    return true;
}

// Every node of `type` in the tree, in source order.
std::vector<TSNode> nodesOf(TSNode root, std::string_view type)
{
    std::vector<TSNode> out;
    ST::walk(root, [&](TSNode n) {
        if (ST::is(n, type))
            out.push_back(n);
        return true;
    });
    return out;
}

// The names an import_from_statement brings (aliases: the imported name).
QStringList importedNames(const SyntaxTree &t, TSNode imp)
{
    QStringList out;
    for (TSNode n : ST::fieldChildren(imp, "name"))
        out << t.text(ST::is(n, "aliased_import") ? ST::field(n, "name") : n);
    return out;
}

bool containsString(const SyntaxTree &t, TSNode n, const QString &value)
{
    bool found = false;
    ST::walk(n, [&](TSNode c) {
        QString v;
        if (!found && t.plainString(c, &v) && v == value)
            found = true;
        return !found && !ST::is(c, "string");
    });
    return found;
}

// The statement directly under the module that holds `n`.
TSNode topLevel(TSNode n)
{
    while (!ts_node_is_null(ts_node_parent(n)) && !ST::is(ts_node_parent(n), "module"))
        n = ts_node_parent(n);
    return n;
}

QByteArray quoted(const SyntaxTree &t, TSNode sample, const char *value)
{
    // The quote style of the strings already there.
    const QByteArray q = ST::is(sample, "string") && t.view(ts_node_child(sample, 0)) == "'" ? "'" : "\"";
    return q + value + q;
}

bool isRelativeDot(const SyntaxTree &t, TSNode imp)
{
    return t.view(ST::field(imp, "module_name")) == ".";
}

} // namespace

bool addWrapperImport(const QByteArray &text, const QString &fileName, const QString &op, QString *out, bool *present,
                      QString *error)
{
    const SyntaxTree t(SyntaxTree::Language::Python, text, fileName);
    if (!parsed(t, error))
        return false;
    TSNode last{};
    bool haveLast = false;
    for (TSNode imp : nodesOf(t.root(), "import_from_statement")) {
        if (!isRelativeDot(t, imp))
            continue;
        if (importedNames(t, imp).contains(op)) {
            *present = true;
            *out = QString::fromUtf8(text);
            return true;
        }
        last = imp;
        haveLast = true;
    }
    *present = false;
    const QByteArray line = QStringLiteral("from . import %1  # noqa: F401  (registers its cutile-rs impl)\n").arg(op).toUtf8();
    TextEdits edits;
    if (haveLast) {
        edits.insert(pastLine(text, ts_node_end_byte(last) - 1), t.indentOfLine(ts_node_start_byte(last)) + line);
    } else {
        bool placed = false;
        for (TSNode s : nodesOf(t.root(), "if_statement")) {
            if (!containsString(t, ST::field(s, "condition"), QStringLiteral("cutile-rs")))
                continue;
            const std::vector<TSNode> body = ST::namedChildren(ST::field(s, "consequence"));
            if (body.empty())
                continue;
            edits.insert(pastLine(text, ts_node_end_byte(body.back()) - 1), t.indentOfLine(ts_node_start_byte(body.front())) + line);
            placed = true;
            break;
        }
        if (!placed) {
            QByteArray tail = text.isEmpty() || text.endsWith('\n') ? QByteArray() : QByteArray("\n");
            edits.insert(uint32_t(text.size()), tail + line);
        }
    }
    *out = QString::fromUtf8(edits.apply(text));
    return true;
}

bool addCutileRsPackage(const QByteArray &text, const QString &fileName, QString *out, bool *present, QString *error)
{
    const SyntaxTree t(SyntaxTree::Language::Python, text, fileName);
    if (!parsed(t, error))
        return false;
    TSNode anchor{};
    bool haveAnchor = false;
    bool checkerImported = false;
    const QStringList backends{QStringLiteral("cutile"), QStringLiteral("triton"), QStringLiteral("tilecpp")};
    for (TSNode imp : nodesOf(t.root(), "import_from_statement")) {
        const QStringList names = importedNames(t, imp);
        const QString module = t.text(ST::field(imp, "module_name"));
        if (names.contains(QStringLiteral("cutile_rs")) && (module == QLatin1String(".") || module.endsWith(QLatin1String("ops")))) {
            *present = true;
            *out = QString::fromUtf8(text);
            return true;
        }
        if (isRelativeDot(t, imp)) {
            for (const QString &b : backends)
                if (names.contains(b)) {
                    anchor = topLevel(imp);
                    haveAnchor = true;
                }
        }
        if (names.contains(QStringLiteral("is_backend_available")) && ST::is(ts_node_parent(imp), "module"))
            checkerImported = true;
    }
    for (TSNode imp : nodesOf(t.root(), "import_statement"))
        if (t.text(imp).contains(QLatin1String("ops.cutile_rs"))) {
            *present = true;
            *out = QString::fromUtf8(text);
            return true;
        }
    *present = false;
    if (!haveAnchor) {
        // after the last top-level import
        for (TSNode s : ST::namedChildren(t.root()))
            if (ST::is(s, "import_from_statement") || ST::is(s, "import_statement")) {
                anchor = s;
                haveAnchor = true;
            }
    }
    QByteArray block = "\n# cutile-rs (Rust kernels through a C ABI; added by tileport export --tilegym): its wrappers register on import.\n";
    if (!checkerImported)
        block += "from ..backend import is_backend_available\n";
    block += "if is_backend_available(\"cutile-rs\"):\n    from . import cutile_rs\n";
    TextEdits edits;
    if (haveAnchor)
        edits.insert(pastLine(text, ts_node_end_byte(anchor) - 1), block);
    else
        edits.insert(uint32_t(text.size()), (text.isEmpty() || text.endsWith('\n') ? QByteArray() : QByteArray("\n")) + block);
    *out = QString::fromUtf8(edits.apply(text));
    return true;
}

bool addCutileRsSelector(const QByteArray &text, const QString &fileName, QString *out, bool *present, QString *error)
{
    const SyntaxTree t(SyntaxTree::Language::Python, text, fileName);
    if (!parsed(t, error))
        return false;
    TSNode dict{};
    bool haveDict = false;
    for (TSNode d : nodesOf(t.root(), "dictionary")) {
        for (TSNode p : ST::namedChildren(d)) {
            QString key;
            if (ST::is(p, "pair") && t.plainString(ST::field(p, "key"), &key) && key == QLatin1String("cutile")) {
                dict = d;
                haveDict = true;
            }
        }
        if (haveDict)
            break;
    }
    if (!haveDict) {
        *error = QStringLiteral("%1: no backend availability dict (one with the key \"cutile\") to add \"cutile-rs\" to")
                     .arg(fileName);
        return false;
    }
    TSNode lastPair{};
    for (TSNode p : ST::namedChildren(dict)) {
        QString key;
        if (!ST::is(p, "pair"))
            continue;
        lastPair = p;
        if (t.plainString(ST::field(p, "key"), &key) && key == QLatin1String("cutile-rs")) {
            *present = true;
            *out = QString::fromUtf8(text);
            return true;
        }
    }
    *present = false;
    TextEdits edits;
    const QByteArray entry = quoted(t, ST::field(lastPair, "key"), "cutile-rs") + ": is_cutile_rs_available()";
    const TSNode next = ts_node_next_sibling(lastPair);
    const bool comma = ST::is(next, ",");
    if (t.view(dict).find('\n') != std::string_view::npos) {
        const QByteArray indent = t.indentOfLine(ts_node_start_byte(lastPair));
        if (comma)
            edits.insert(ts_node_end_byte(next), "\n" + indent + entry + ",");
        else
            edits.insert(ts_node_end_byte(lastPair), ",\n" + indent + entry);
    } else {
        if (comma)
            edits.insert(ts_node_end_byte(next), " " + entry + ",");
        else
            edits.insert(ts_node_end_byte(lastPair), ", " + entry);
    }
    bool haveFunction = false;
    for (TSNode s : ST::namedChildren(t.root())) {
        const TSNode def = ST::is(s, "decorated_definition") ? ST::field(s, "definition") : s;
        if (ST::is(def, "function_definition") && t.text(ST::field(def, "name")) == QLatin1String("is_cutile_rs_available"))
            haveFunction = true;
    }
    if (!haveFunction) {
        const QByteArray fn =
            "def is_cutile_rs_available() -> bool:\n"
            "    \"\"\"cutile-rs (added by tileport export --tilegym): the kernels crate is in the tree\n"
            "    and cargo can build it, or its library is built.\"\"\"\n"
            "    import os\n"
            "    import shutil\n"
            "\n"
            "    ops = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), \"ops\")\n"
            "    crate = os.path.join(ops, \"cutile_rs\", \"cutile_kernels\")\n"
            "    if not os.path.isfile(os.path.join(crate, \"Cargo.toml\")):\n"
            "        return False\n"
            "    library = os.path.join(crate, \"target\", \"release\", \"libcutile_kernels.so\")\n"
            "    return shutil.which(\"cargo\") is not None or os.path.isfile(library)\n"
            "\n\n";
        edits.insert(t.lineStart(ts_node_start_byte(topLevel(dict))), fn);
    }
    *out = QString::fromUtf8(edits.apply(text));
    return true;
}

bool addBackendParam(const QByteArray &text, const QString &fileName, QString *out, bool *present, QString *error)
{
    const SyntaxTree t(SyntaxTree::Language::Python, text, fileName);
    if (!parsed(t, error))
        return false;
    std::vector<TSNode> lists;
    std::set<uint32_t> seen;
    bool anyDecorator = false;
    bool allPresent = true;
    for (TSNode d : nodesOf(t.root(), "decorator")) {
        const std::vector<TSNode> inner = ST::namedChildren(d);
        if (inner.empty() || !ST::is(inner[0], "call"))
            continue;
        const QString fn = t.text(ST::field(inner[0], "function"));
        if (!fn.endsWith(QLatin1String("parametrize")))
            continue;
        std::vector<TSNode> positional;
        for (TSNode a : ST::namedChildren(ST::field(inner[0], "arguments"))) {
            if (ST::is(a, "keyword_argument")) {
                const QString k = t.text(ST::field(a, "name"));
                if (k == QLatin1String("argnames") && positional.empty())
                    positional.push_back(ST::field(a, "value"));
                else if (k == QLatin1String("argvalues") && positional.size() == 1)
                    positional.push_back(ST::field(a, "value"));
            } else {
                positional.push_back(a);
            }
        }
        QString names;
        if (positional.size() < 2 || !t.plainString(positional[0], &names) || names.trimmed() != QLatin1String("backend"))
            continue;
        anyDecorator = true;
        TSNode values = positional[1];
        if (ST::is(values, "identifier")) {
            const QString name = t.text(values);
            // Already there anywhere the name is bound (`_backends += ["cutile-rs"]` counts).
            bool has = false;
            for (const char *kind : {"assignment", "augmented_assignment"})
                for (TSNode a : nodesOf(t.root(), kind))
                    if (t.text(ST::field(a, "left")) == name && containsString(t, ST::field(a, "right"), QStringLiteral("cutile-rs")))
                        has = true;
            if (has)
                continue;
            // The list literal it is bound to: in the enclosing class body, then the module.
            TSNode found{};
            bool ok = false;
            for (TSNode scope = ts_node_parent(d); !ts_node_is_null(scope) && !ok; scope = ts_node_parent(scope)) {
                if (!ST::is(scope, "block") && !ST::is(scope, "module"))
                    continue;
                if (ST::is(scope, "block") && !ST::is(ts_node_parent(scope), "class_definition"))
                    continue;
                for (TSNode s : ST::namedChildren(scope)) {
                    const std::vector<TSNode> e = ST::is(s, "expression_statement") ? ST::namedChildren(s) : std::vector<TSNode>{};
                    if (e.size() == 1 && ST::is(e[0], "assignment") && t.text(ST::field(e[0], "left")) == name
                        && ST::is(ST::field(e[0], "right"), "list")) {
                        found = ST::field(e[0], "right");
                        ok = true;
                        break;
                    }
                }
            }
            if (!ok) {
                *error = QStringLiteral("%1: the backends of this parametrize come from '%2', which is bound to no list "
                                        "literal in its class or module")
                             .arg(t.where(ts_node_start_byte(values)), name);
                return false;
            }
            values = found;
        } else if (!ST::is(values, "list")) {
            *error = QStringLiteral("%1: the backends of this parametrize are not a list literal or a name bound to one")
                         .arg(t.where(ts_node_start_byte(values)));
            return false;
        }
        if (containsString(t, values, QStringLiteral("cutile-rs")))
            continue;
        allPresent = false;
        if (seen.insert(ts_node_start_byte(values)).second)
            lists.push_back(values);
    }
    if (!anyDecorator) {
        *error = QStringLiteral("%1: no @pytest.mark.parametrize(\"backend\", ...) to add \"cutile-rs\" to").arg(fileName);
        return false;
    }
    *present = allPresent;
    TextEdits edits;
    for (TSNode list : lists) {
        const std::vector<TSNode> items = ST::namedChildren(list);
        if (items.empty()) {
            edits.insert(ts_node_start_byte(list) + 1, "\"cutile-rs\"");
            continue;
        }
        const QByteArray element = quoted(t, items.front(), "cutile-rs");
        const TSNode last = items.back();
        const TSNode next = ts_node_next_sibling(last);
        const bool comma = ST::is(next, ",");
        if (t.view(list).find('\n') != std::string_view::npos) {
            const QByteArray indent = t.indentOfLine(ts_node_start_byte(last));
            if (comma)
                edits.insert(ts_node_end_byte(next), "\n" + indent + element + ",");
            else
                edits.insert(ts_node_end_byte(last), ",\n" + indent + element);
        } else if (comma) {
            edits.insert(ts_node_end_byte(next), " " + element + ",");
        } else {
            edits.insert(ts_node_end_byte(last), ", " + element);
        }
    }
    *out = QString::fromUtf8(edits.apply(text));
    return true;
}

} // namespace tileport::handoff
