// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HostScanner.h"

#include "ConstantEvaluator.h"
#include "ImportTable.h"
#include "OptionReader.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

#include <algorithm>

namespace tileport::frontend {

namespace {

constexpr int kMaxFollow = 4;

QString unquote(QString s)
{
    while (!s.isEmpty() && s.front().isLetter())
        s.remove(0, 1); // string prefixes: r, b, u, f
    if (s.size() >= 2 && (s.front() == QLatin1Char('"') || s.front() == QLatin1Char('\'')))
        s = s.mid(1, s.size() - 2);
    return s;
}

} // namespace

HostScanner::HostScanner(const PythonSource &src, const ImportTable &imports, const ConstantEvaluator &eval,
                         QList<Kernel> kernels, std::vector<TSNode> deviceFunctions)
    : m_src(src)
    , m_imports(imports)
    , m_eval(eval)
    , m_kernels(std::move(kernels))
    , m_device(std::move(deviceFunctions))
{
}

const HostScanner::Kernel *HostScanner::kernel(const QString &name) const
{
    for (const Kernel &k : m_kernels)
        if (k.name == name)
            return &k;
    return nullptr;
}

void HostScanner::scan(TSNode root)
{
    using namespace node;
    m_root = root;
    std::vector<TSNode> stack{root};
    while (!stack.empty()) {
        const TSNode n = stack.back();
        stack.pop_back();
        if (std::any_of(m_device.begin(), m_device.end(), [&](TSNode d) { return ts_node_eq(d, n); }))
            continue;
        if (is(n, "call")) {
            const TSNode fn = field(n, "function");
            const QString q = m_imports.resolve(m_src, fn);
            if (q == QLatin1String("cuda.tile.launch"))
                launch(n);
            else if (q == QLatin1String("cuda.tile.tune.exhaustive_search"))
                exhaustiveSearch(n);
            else if (is(fn, "attribute") && m_src.text(field(fn, "attribute")) == QLatin1String("replace_hints"))
                replaceHints(n);
        } else if (is(n, "assignment")) {
            configList(n);
        }
        const auto ch = children(n);
        for (auto it = ch.rbegin(); it != ch.rend(); ++it)
            stack.push_back(*it);
    }
    const auto byPos = [](const auto &a, const auto &b) {
        return a.range.line != b.range.line ? a.range.line < b.range.line : a.range.col < b.range.col;
    };
    std::stable_sort(m_launches.begin(), m_launches.end(), byPos);
    std::stable_sort(m_autotune.begin(), m_autotune.end(), byPos);
}

QString HostScanner::enclosingFunction(TSNode n) const
{
    for (TSNode p = node::parent(n); !node::isNull(p); p = node::parent(p))
        if (node::is(p, "function_definition"))
            return m_src.text(node::field(p, "name"));
    return {};
}

TSNode HostScanner::enclosingScope(TSNode n) const
{
    for (TSNode p = node::parent(n); !node::isNull(p); p = node::parent(p))
        if (node::is(p, "function_definition"))
            return p;
    return m_root;
}

// The last `name = value` before `at` in the enclosing function, else at
// module level; nested functions are other scopes and are not searched.
TSNode HostScanner::binding(const QString &name, TSNode at) const
{
    using namespace node;
    const uint32_t before = ts_node_start_byte(at);
    const auto search = [&](TSNode scope) -> TSNode {
        TSNode best{};
        std::vector<TSNode> stack;
        for (TSNode c : children(is(scope, "function_definition") ? field(scope, "body") : scope))
            stack.push_back(c);
        while (!stack.empty()) {
            const TSNode n = stack.back();
            stack.pop_back();
            const std::string_view t = type(n);
            if (t == "function_definition" || t == "class_definition" || t == "lambda" || t == "decorated_definition")
                continue;
            if (t == "assignment" && ts_node_start_byte(n) < before) {
                const TSNode left = unparen(field(n, "left"));
                if (is(left, "identifier") && m_src.text(left) == name
                    && (isNull(best) || ts_node_start_byte(n) > ts_node_start_byte(best)))
                    best = n;
            }
            for (TSNode c : children(n))
                stack.push_back(c);
        }
        if (isNull(best))
            return {};
        TSNode v = field(best, "right");
        while (is(v, "assignment"))
            v = field(v, "right");
        return v;
    };
    const TSNode scope = enclosingScope(at);
    TSNode v = search(scope);
    if (isNull(v) && !ts_node_eq(scope, m_root))
        v = search(m_root);
    return v;
}

QString HostScanner::resolveKernel(TSNode expr, TSNode at, QList<KernelOption> *hints, int depth) const
{
    using namespace node;
    expr = unparen(expr);
    if (isNull(expr) || depth > kMaxFollow)
        return {};
    if (is(expr, "identifier")) {
        const QString name = m_src.text(expr);
        if (kernel(name))
            return name;
        return resolveKernel(binding(name, at), at, hints, depth + 1);
    }
    if (is(expr, "attribute")) {
        const QString last = m_src.text(field(expr, "attribute"));
        return kernel(last) ? last : QString();
    }
    if (is(expr, "call")) {
        const TSNode fn = field(expr, "function");
        if (is(fn, "attribute") && m_src.text(field(fn, "attribute")) == QLatin1String("replace_hints")) {
            if (hints)
                for (TSNode a : children(field(expr, "arguments")))
                    if (is(a, "keyword_argument"))
                        hints->append(OptionReader::read(m_src, m_imports, m_eval, a));
            return resolveKernel(field(fn, "object"), at, hints, depth + 1);
        }
    }
    return {};
}

QStringList HostScanner::elements(TSNode expr, TSNode at, bool *known, int depth) const
{
    using namespace node;
    expr = unparen(expr);
    *known = false;
    if (isNull(expr) || depth > kMaxFollow)
        return {};
    if (is(expr, "tuple") || is(expr, "list") || is(expr, "expression_list")) {
        QStringList out;
        *known = true;
        for (TSNode e : children(expr)) {
            if (is(e, "list_splat"))
                *known = false;
            out.append(m_src.flatText(e));
        }
        return out;
    }
    if (is(expr, "identifier"))
        return elements(binding(m_src.text(expr), at), at, known, depth + 1);
    return {};
}

void HostScanner::launch(TSNode call)
{
    using namespace node;
    LaunchSite l;
    l.function = enclosingFunction(call);
    l.range = m_src.range(call);
    const TSNode stream = positional(call, 0), grid = positional(call, 1), k = positional(call, 2),
                 args = positional(call, 3);
    l.stream = m_src.flatText(stream);
    l.grid = m_src.flatText(grid);
    l.kernelExpression = m_src.flatText(k);
    l.args = m_src.flatText(args);
    l.kernel = resolveKernel(k, call, &l.hints, 0);
    bool known = false;
    l.gridDims = elements(grid, call, &known, 0);
    if (!known)
        l.gridDims.clear();
    l.argList = elements(args, call, &known, 0);
    if (const Kernel *kn = kernel(l.kernel)) {
        l.expectedArgs = int(kn->params.size());
        l.argsMatch = !known || l.argList.size() == kn->params.size();
    }
    if (!known)
        l.argList.clear();
    m_launches.append(l);
}

TSNode HostScanner::listValue(TSNode expr, TSNode at, int depth) const
{
    using namespace node;
    expr = unparen(expr);
    if (isNull(expr) || depth > kMaxFollow)
        return {};
    if (is(expr, "list") || is(expr, "tuple") || is(expr, "list_comprehension"))
        return expr;
    if (is(expr, "identifier"))
        return listValue(binding(m_src.text(expr), at), at, depth + 1);
    if (is(expr, "call") && is(field(expr, "function"), "identifier")) {
        // A module function that returns the list: `def configs(): return [...]`.
        const QString name = m_src.text(field(expr, "function"));
        for (TSNode s : children(m_root)) {
            TSNode def = is(s, "decorated_definition") ? field(s, "definition") : s;
            if (!is(def, "function_definition") || m_src.text(field(def, "name")) != name)
                continue;
            for (TSNode st : children(field(def, "body")))
                if (is(st, "return_statement") && !children(st).empty())
                    return listValue(children(st).front(), st, depth + 1);
        }
    }
    return {};
}

bool HostScanner::isConfigKey(const QString &key) const
{
    if (OptionReader::isKnownOption(key))
        return true;
    for (const Kernel &k : m_kernels)
        for (const QString &p : k.params)
            if (p.compare(key, Qt::CaseInsensitive) == 0)
                return true;
    return false;
}

bool HostScanner::configItem(TSNode item, AutotuneSite::Config &config) const
{
    using namespace node;
    item = unparen(item);
    config.text = m_src.flatText(item);
    if (is(item, "dictionary")) {
        for (TSNode p : children(item)) {
            if (!is(p, "pair") || !is(field(p, "key"), "string"))
                return false;
            config.values.append({unquote(m_src.text(field(p, "key"))), m_src.flatText(field(p, "value"))});
        }
        return !config.values.isEmpty();
    }
    if (is(item, "call")) {
        for (TSNode a : children(field(item, "arguments"))) {
            if (!is(a, "keyword_argument"))
                return false;
            config.values.append({m_src.text(field(a, "name")), m_src.flatText(field(a, "value"))});
        }
        return !config.values.isEmpty();
    }
    if (is(item, "tuple")) {
        int i = 0;
        for (TSNode e : children(item))
            config.values.append({QString::number(i++), m_src.flatText(e)});
        return !config.values.isEmpty();
    }
    return false;
}

void HostScanner::exhaustiveSearch(TSNode call)
{
    using namespace node;
    AutotuneSite a;
    a.kind = QStringLiteral("exhaustive_search");
    a.function = enclosingFunction(call);
    a.range = m_src.range(call);
    const char *names[] = {"search_space", "stream", "grid_fn", "kernel", "args_fn", "hints_fn"};
    TSNode byName[6] = {};
    for (int i = 0; i < 6; ++i)
        byName[i] = positional(call, i);
    for (TSNode arg : children(field(call, "arguments")))
        if (is(arg, "keyword_argument"))
            for (int i = 0; i < 6; ++i)
                if (m_src.text(field(arg, "name")) == QLatin1String(names[i]))
                    byName[i] = field(arg, "value");
    a.searchSpace = m_src.flatText(byName[0]);
    a.gridFn = m_src.flatText(byName[2]);
    a.kernel = resolveKernel(byName[3], call, nullptr, 0);
    a.argsFn = m_src.flatText(byName[4]);
    a.hintsFn = m_src.flatText(byName[5]);
    const TSNode list = listValue(byName[0], call, 0);
    if (is(list, "list_comprehension")) {
        a.generated = true;
        a.configs.append({m_src.flatText(list), {}});
    } else {
        for (TSNode item : children(list)) {
            AutotuneSite::Config c;
            configItem(item, c);
            a.configs.append(c);
        }
    }
    m_autotune.append(a);
}

void HostScanner::replaceHints(TSNode call)
{
    using namespace node;
    const TSNode fn = field(call, "function");
    AutotuneSite a;
    a.kind = QStringLiteral("replace_hints");
    a.function = enclosingFunction(call);
    a.range = m_src.range(call);
    a.kernel = resolveKernel(field(fn, "object"), call, nullptr, 0);
    if (a.kernel.isEmpty())
        return; // some other object's replace_hints
    for (TSNode arg : children(field(call, "arguments")))
        if (is(arg, "keyword_argument"))
            a.hints.append(OptionReader::read(m_src, m_imports, m_eval, arg));
    m_autotune.append(a);
}

void HostScanner::configList(TSNode assignment)
{
    using namespace node;
    const TSNode left = unparen(field(assignment, "left"));
    const TSNode right = unparen(field(assignment, "right"));
    if (!is(left, "identifier"))
        return;
    AutotuneSite a;
    a.kind = QStringLiteral("config_list");
    a.name = m_src.text(left);
    a.function = enclosingFunction(assignment);
    a.range = m_src.range(assignment);
    bool matches = false;
    if (is(right, "list") || is(right, "tuple")) {
        const auto items = children(right);
        if (items.empty())
            return;
        for (TSNode item : items) {
            AutotuneSite::Config c;
            const TSNode it = unparen(item);
            if ((!is(it, "dictionary") && !is(it, "call")) || !configItem(it, c))
                return;
            for (const auto &kv : c.values)
                matches = matches || isConfigKey(kv.first);
            a.configs.append(c);
        }
    } else if (is(right, "list_comprehension")) {
        AutotuneSite::Config c;
        const TSNode body = field(right, "body");
        if ((!is(unparen(body), "dictionary") && !is(unparen(body), "call")) || !configItem(body, c))
            return;
        for (const auto &kv : c.values)
            matches = matches || isConfigKey(kv.first);
        a.generated = true;
        c.text = m_src.flatText(right);
        a.configs.append(c);
    }
    if (matches)
        m_autotune.append(a);
}

} // namespace tileport::frontend
