// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The module level: imports, aliases, constants, functions and kernels.
#include "KernelAssembler.h"

#include "SiblingConstants.h"
#include "SiblingHelpers.h"

#include "FunctionScanner.h"
#include "OptionReader.h"
#include "ParamClassifier.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

#include <QSet>

#include <functional>

namespace tileport::frontend {

namespace {

// Statement-level nodes that can hold imports or definitions.
bool holdsStatements(std::string_view t)
{
    return t == "module" || t == "block" || t == "if_statement" || t == "elif_clause" || t == "else_clause"
        || t == "try_statement" || t == "except_clause" || t == "except_group_clause" || t == "finally_clause"
        || t == "with_statement" || t == "for_statement" || t == "while_statement" || t == "function_definition"
        || t == "class_definition" || t == "decorated_definition" || t == "match_statement" || t == "case_clause";
}

} // namespace

KernelAssembler::KernelAssembler(const PythonSource &src, ModuleAnalysis &out)
    : m_src(src)
    , m_out(out)
{
    m_eval = std::make_unique<ConstantEvaluator>(m_src, m_imports, [this](const QString &name) -> std::optional<ConstantValue> {
        const auto it = m_constants.constFind(name);
        if (it == m_constants.constEnd())
            return std::nullopt;
        return it->value;
    });
}

KernelAssembler::~KernelAssembler() = default;

void KernelAssembler::run()
{
    collectImports();
    moduleStatements();
    findKernels();
    for (const KernelDef &d : std::as_const(m_kernelDefs))
        scanKernel(d);
    scanHelpers();
    for (qsizetype i = 0; i < m_out.kernels.size(); ++i) {
        findRecursion(i);
        finishKernel(i);
    }
    scanHost();

    m_out.imports = m_imports.bindings();
    QList<UnsupportedConstruct> all;
    for (const KernelInfo &k : std::as_const(m_out.kernels))
        for (const UnsupportedConstruct &u : k.unsupported) {
            bool dup = false;
            for (const UnsupportedConstruct &e : all)
                dup = dup || (e.range.line == u.range.line && e.range.col == u.range.col && e.construct == u.construct);
            if (!dup)
                all.append(u);
        }
    std::stable_sort(all.begin(), all.end(), [](const auto &a, const auto &b) {
        return a.range.line != b.range.line ? a.range.line < b.range.line : a.range.col < b.range.col;
    });
    m_out.unsupported = all;
}

void KernelAssembler::collectImports()
{
    using namespace node;
    std::vector<TSNode> stack{m_src.root()};
    while (!stack.empty()) {
        const TSNode n = stack.back();
        stack.pop_back();
        const std::string_view t = type(n);
        if (t == "import_statement" || t == "import_from_statement") {
            m_imports.addImport(m_src, n);
            continue;
        }
        if (!holdsStatements(t))
            continue;
        const auto ch = children(n);
        for (auto it = ch.rbegin(); it != ch.rend(); ++it)
            stack.push_back(*it);
    }
}

void KernelAssembler::moduleStatements()
{
    using namespace node;
    QList<QString> order;
    QSet<QString> ordered; // order's names: a list lookup per assignment is quadratic in a long module
    // The module's statements, with the bodies of module-level `try:` (and
    // its `else:`) and `with` in place: they run at import when cuda.tile
    // imports (`try: import cuda.tile as ct` around constants and kernels).
    std::vector<TSNode> statements;
    const std::function<void(TSNode)> flatten = [&](TSNode n) {
        for (TSNode c : children(n)) {
            if (is(c, "try_statement") || is(c, "with_statement")) {
                flatten(field(c, "body"));
                for (TSNode e : children(c))
                    if (is(e, "else_clause"))
                        flatten(field(e, "body"));
            } else {
                statements.push_back(c);
            }
        }
    };
    flatten(m_src.root());
    for (TSNode s : statements) {
        if (is(s, "function_definition")) {
            m_functions.insert(m_src.text(field(s, "name")), s);
            continue;
        }
        if (is(s, "decorated_definition")) {
            const TSNode def = field(s, "definition");
            if (is(def, "function_definition"))
                m_functions.insert(m_src.text(field(def, "name")), def);
            continue;
        }
        if (is(s, "import_from_statement")) {
            // Constants of the project's own modules (`from .config import
            // TM`, `from pkg.kernels.loss import GTM`) are constants here too.
            // Their device helpers are inlined from there (siblingHelpers).
            for (const ImportedHelper &h : siblingHelpers(m_src, s)) {
                m_out.importedHelpers.append(h);
                m_importedHelperNames.insert(h.local);
            }
            const QHash<QString, ModuleConstant> theirs = siblingConstants(m_src, s);
            for (auto it = theirs.cbegin(); it != theirs.cend(); ++it) {
                m_constants.insert(it.key(), it.value());
                m_staticGlobals.remove(it.key());
                if (!ordered.contains(it.key())) {
                    ordered.insert(it.key());
                    order.append(it.key());
                }
            }
            continue;
        }
        if (!is(s, "expression_statement"))
            continue;
        for (TSNode a : children(s)) {
            if (is(a, "augmented_assignment")) {
                const TSNode left = unparen(field(a, "left"));
                if (is(left, "identifier")) {
                    m_constants.remove(m_src.text(left)); // rebound at import time: no longer a plain constant
                    m_staticGlobals.remove(m_src.text(left));
                }
                continue;
            }
            if (!is(a, "assignment"))
                continue;
            QList<TSNode> targets;
            TSNode value = a;
            while (is(value, "assignment")) {
                targets.append(unparen(field(value, "left")));
                value = field(value, "right");
            }
            if (isNull(value))
                continue; // a bare annotation
            // `TM, TN = 64, 128` binds each name to its own element; a tuple
            // target whose value does not pair up binds them at run time.
            QList<std::pair<TSNode, TSNode>> pairs;
            for (TSNode target : targets) {
                if (is(target, "identifier")) {
                    pairs.append({target, value});
                    continue;
                }
                if (!is(target, "pattern_list") && !is(target, "tuple_pattern"))
                    continue;
                const auto names = children(target);
                const TSNode v = unparen(value);
                const auto values = is(v, "expression_list") || is(v, "tuple") ? children(v) : std::vector<TSNode>{};
                for (size_t i = 0; i < names.size(); ++i) {
                    if (!is(names[i], "identifier"))
                        continue;
                    if (values.size() == names.size()) {
                        pairs.append({names[i], values[i]});
                    } else {
                        m_constants.remove(m_src.text(names[i]));
                        m_staticGlobals.remove(m_src.text(names[i]));
                    }
                }
            }
            for (const auto &[target, value] : pairs) {
                const QString resolved = m_imports.resolve(m_src, value);
                const bool tileName = resolved.startsWith(QLatin1String("cuda.tile"));
                // A name imported from a sibling module is a constant when
                // that module binds it to one (siblingConstants).
                const auto constant = !tileName ? m_eval->evaluate(value) : std::nullopt;
                const QString name = m_src.text(target);
                if (tileName) {
                    m_imports.addAlias(name, resolved, m_src.range(a));
                    m_constants.remove(name);
                } else if (constant) {
                    const bool again = m_constants.contains(name) || m_staticGlobals.contains(name);
                    ModuleConstant c{name, *constant, m_src.flatText(value), again, m_src.range(a)};
                    m_constants.insert(name, c);
                    m_staticGlobals.remove(name);
                    if (!ordered.contains(name)) {
                        ordered.insert(name);
                        order.append(name);
                    }
                } else if (staticValue(value, 0) && !m_constants.contains(name) && !m_staticGlobals.contains(name)) {
                    m_staticGlobals.insert(name);
                } else {
                    m_constants.remove(name);
                    m_staticGlobals.remove(name);
                }
            }
        }
    }
    for (const QString &name : order)
        if (m_constants.contains(name))
            m_out.constants.append(m_constants.value(name));
    for (auto it = m_functions.cbegin(); it != m_functions.cend(); ++it)
        m_functionNames.insert(it.key());
}

// A literal-like value cuTile can read as a frozen global: a constant, a
// string, None, or a tuple/list of those.
bool KernelAssembler::staticValue(TSNode n, int depth) const
{
    using namespace node;
    n = unparen(n);
    if (depth > 16 || isNull(n))
        return false;
    if (is(n, "string") || is(n, "none") || is(n, "concatenated_string"))
        return true;
    if (is(n, "tuple") || is(n, "list")) {
        for (TSNode e : children(n))
            if (!staticValue(e, depth + 1))
                return false;
        return true;
    }
    return m_eval->evaluate(n).has_value();
}

void KernelAssembler::findKernels()
{
    using namespace node;
    std::vector<TSNode> stack{m_src.root()};
    while (!stack.empty()) {
        const TSNode n = stack.back();
        stack.pop_back();
        const std::string_view t = type(n);
        if (t == "decorated_definition" && is(field(n, "definition"), "function_definition")) {
            const TSNode def = field(n, "definition");
            KernelDef kd;
            bool isKernel = false;
            for (TSNode d : children(n)) {
                if (!is(d, "decorator"))
                    continue;
                kd.decorators.append(m_src.flatText(d));
                const auto ch = children(d);
                if (ch.empty())
                    continue;
                const TSNode e = ch.front();
                const TSNode target = is(e, "call") ? field(e, "function") : e;
                const QString q = m_imports.resolve(m_src, target);
                if (q == QLatin1String("cuda.tile.kernel")) {
                    isKernel = true;
                    if (is(e, "call"))
                        kd.options = e;
                } else if (q == QLatin1String("cuda.tile.function")) {
                    m_tileFunctions.insert(m_src.text(field(def, "name")));
                }
            }
            if (isKernel) {
                kd.name = m_src.text(field(def, "name"));
                kd.definition = def;
                kd.nameRange = m_src.range(field(def, "name"));
                QStringList outer;
                for (TSNode p = parent(n); !isNull(p); p = parent(p))
                    if (is(p, "function_definition") || is(p, "class_definition"))
                        outer.prepend(m_src.text(field(p, "name")));
                kd.qualifiedName = (outer + QStringList{kd.name}).join(QLatin1Char('.'));
                m_kernelDefs.append(kd);
                m_kernelNames.insert(kd.name);
            }
        } else if (t == "expression_statement" && is(parent(n), "module")) {
            for (TSNode a : children(n))
                if (is(a, "assignment"))
                    kernelFromAssignment(a);
        }
        if (!holdsStatements(t))
            continue;
        const auto ch = children(n);
        for (auto it = ch.rbegin(); it != ch.rend(); ++it)
            stack.push_back(*it);
    }
    std::stable_sort(m_kernelDefs.begin(), m_kernelDefs.end(), [](const KernelDef &a, const KernelDef &b) {
        return ts_node_start_byte(a.definition) < ts_node_start_byte(b.definition);
    });
}

// `name = ct.kernel(fn)` or `name = ct.kernel(occupancy=2)(fn)` at module level.
void KernelAssembler::kernelFromAssignment(TSNode assignment)
{
    using namespace node;
    const TSNode left = unparen(field(assignment, "left"));
    const TSNode right = unparen(field(assignment, "right"));
    if (!is(left, "identifier") || !is(right, "call"))
        return;
    const TSNode fn = field(right, "function");
    TSNode options{};
    if (m_imports.resolve(m_src, fn) == QLatin1String("cuda.tile.kernel"))
        options = right;
    else if (is(fn, "call") && m_imports.resolve(m_src, field(fn, "function")) == QLatin1String("cuda.tile.kernel"))
        options = fn;
    else
        return;
    const TSNode target = unparen(positional(right, 0));
    if (!is(target, "identifier") || !m_functions.contains(m_src.text(target)))
        return;
    KernelDef kd;
    kd.name = m_src.text(left);
    kd.qualifiedName = kd.name;
    kd.definition = m_functions.value(m_src.text(target));
    kd.options = options;
    kd.decorators.append(m_src.flatText(right));
    kd.nameRange = m_src.range(left);
    m_kernelDefs.append(kd);
    m_kernelNames.insert(kd.name);
}

KernelAssembler::ParsedParams KernelAssembler::parseParams(TSNode definition, const QString &function) const
{
    using namespace node;
    ParsedParams out;
    int index = 0;
    for (TSNode p : children(field(definition, "parameters"))) {
        const std::string_view t = type(p);
        KernelParam kp;
        kp.range = m_src.range(p);
        TSNode annotation{};
        TSNode defaultValue{};
        if (t == "identifier") {
            kp.name = m_src.text(p);
        } else if (t == "typed_parameter") {
            const auto ch = children(p);
            if (!ch.empty() && !is(ch.front(), "identifier")) {
                out.unsupported.append({QStringLiteral("variadic parameter"),
                                        QStringLiteral("cuTile Python rejects variadic kernel parameters"), function,
                                        kp.range});
                continue;
            }
            kp.name = ch.empty() ? QString() : m_src.text(ch.front());
            annotation = field(p, "type");
        } else if (t == "default_parameter" || t == "typed_default_parameter") {
            kp.name = m_src.text(field(p, "name"));
            annotation = field(p, "type");
            defaultValue = field(p, "value");
        } else if (t == "list_splat_pattern" || t == "dictionary_splat_pattern") {
            out.unsupported.append({QStringLiteral("variadic parameter"),
                                    QStringLiteral("cuTile Python rejects variadic kernel parameters"), function,
                                    kp.range});
            continue;
        } else {
            continue; // `*` and `/` separators
        }
        kp.index = index++;
        if (!isNull(annotation)) {
            kp.annotation = m_src.flatText(annotation);
            const ParamClassifier::Annotation a = ParamClassifier::fromAnnotation(m_src, m_imports, annotation);
            kp.kind = a.kind;
            kp.constantType = a.constantType;
            kp.dtype = a.dtype;
            if (!a.note.isEmpty())
                out.notes.append(QStringLiteral("parameter '%1': %2").arg(kp.name, a.note));
        }
        if (!isNull(defaultValue)) {
            kp.defaultValue = m_src.flatText(defaultValue);
            if (kp.kind == KernelParam::Kind::Constant && kp.constantType.isEmpty())
                if (const auto v = m_eval->evaluate(defaultValue))
                    kp.constantType = v->typeName();
        }
        out.params.append(kp);
    }
    return out;
}

void KernelAssembler::scanKernel(const KernelDef &def)
{
    using namespace node;
    KernelInfo k;
    k.name = def.name;
    k.qualifiedName = def.qualifiedName;
    k.decorators = def.decorators;
    k.range = m_src.range(is(parent(def.definition), "decorated_definition") ? parent(def.definition) : def.definition);
    k.nameRange = def.nameRange;
    ParsedParams parsed = parseParams(def.definition, def.name);
    k.params = parsed.params;
    k.unsupported = parsed.unsupported;
    k.notes = parsed.notes;
    if (!isNull(def.options)) {
        for (TSNode a : children(field(def.options, "arguments"))) {
            if (!is(a, "keyword_argument")) {
                k.unsupported.append({QStringLiteral("positional kernel option"),
                                      QStringLiteral("ct.kernel takes its options as keywords"), def.name,
                                      m_src.range(a)});
                continue;
            }
            const KernelOption o = OptionReader::read(m_src, m_imports, *m_eval, a);
            if (!OptionReader::isKnownOption(o.name))
                k.unsupported.append({QStringLiteral("unknown kernel option"),
                                      QStringLiteral("@ct.kernel accepts num_ctas, occupancy, opt_level and "
                                                     "num_worker_warps, not '%1'").arg(o.name),
                                      def.name, o.range});
            else if (!o.constant)
                k.notes.append(QStringLiteral("option %1=%2 is not a compile-time constant here").arg(o.name, o.value));
            k.options.append(o);
        }
    }
    QStringList names;
    QSet<QString> constants;
    for (const KernelParam &p : std::as_const(k.params)) {
        names.append(p.name);
        if (p.kind == KernelParam::Kind::Constant)
            constants.insert(p.name);
    }
    FunctionScanner::Module module;
    module.source = &m_src;
    module.imports = &m_imports;
    module.constants = &m_constants;
    module.functions = &m_functionNames;
    module.importedHelpers = &m_importedHelperNames;
    module.staticGlobals = &m_staticGlobals;
    module.kernels = &m_kernelNames;
    FunctionScanner scanner(module, FunctionScanner::Role::Kernel, def.name);
    m_kernelFacts.append(scanner.scan(def.definition, names, constants));
    m_out.kernels.append(k);
}

} // namespace tileport::frontend
