// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Helpers (scanned per calling context), recursion, parameter facts across
// helper calls, variants, and the host code around the kernels.
#include "FunctionScanner.h"
#include "HostScanner.h"
#include "KernelAssembler.h"
#include "ParamClassifier.h"
#include "PythonSource.h"
#include "SpecializationBuilder.h"
#include "SyntaxNode.h"
#include "VariantBuilder.h"

#include <algorithm>
#include <functional>

namespace tileport::frontend {

namespace {

constexpr int kMaxCallDepth = 64;
constexpr int kMaxRounds = 20;

void appendUnique(QStringList &into, const QStringList &from)
{
    for (const QString &s : from)
        if (!into.contains(s))
            into.append(s);
}

} // namespace

const FunctionFacts *KernelAssembler::helperFacts(const QString &name, const QSet<QString> &constants)
{
    QStringList sorted(constants.begin(), constants.end());
    sorted.sort();
    const QString key = name + QLatin1Char('\n') + sorted.join(QLatin1Char(','));
    const auto it = m_helperScans.find(key);
    if (it != m_helperScans.end())
        return it->second.get();
    FunctionScanner::Module module;
    module.source = &m_src;
    module.imports = &m_imports;
    module.constants = &m_constants;
    module.functions = &m_functionNames;
    module.importedHelpers = &m_importedHelperNames;
    module.staticGlobals = &m_staticGlobals;
    module.kernels = &m_kernelNames;
    FunctionScanner scanner(module, FunctionScanner::Role::Helper, name);
    const HelperDef &def = m_helperDefs[name];
    auto facts = std::make_unique<FunctionFacts>(scanner.scan(def.definition, def.params, constants));
    const FunctionFacts *out = facts.get();
    m_helperScans.emplace(key, std::move(facts));
    return out;
}

// The callee parameter each argument of a call binds (empty when unknown).
QStringList KernelAssembler::argumentTargets(const HelperCall &c, bool &splat) const
{
    const QStringList params = m_helperDefs.value(c.callee).params;
    QStringList out;
    int positional = 0;
    splat = false;
    for (qsizetype i = 0; i < c.arguments.size(); ++i) {
        if (c.keywords[i].isEmpty() && c.arguments[i].startsWith(QLatin1Char('*')))
            splat = true;
        if (!c.keywords[i].isEmpty())
            out.append(c.keywords[i]);
        else
            out.append(params.value(positional++));
    }
    return out;
}

// Greatest fixed point of "parameter is constant": start from every helper
// parameter constant, rescan, and drop the parameters some call passes a
// runtime value (or omits without a constant default) until nothing changes.
KernelAssembler::FactsMap KernelAssembler::solveContext(const QList<const FunctionFacts *> &roots)
{
    QHash<QString, QSet<QString>> current;
    FactsMap facts;
    for (int round = 0; round < kMaxRounds; ++round) {
        facts.clear();
        QList<const FunctionFacts *> queue = roots;
        while (!queue.isEmpty()) {
            const FunctionFacts *f = queue.takeFirst();
            for (const HelperCall &c : f->calls) {
                if (!m_helperDefs.contains(c.callee) || facts.contains(c.callee))
                    continue;
                if (!current.contains(c.callee)) {
                    const QStringList &p = m_helperDefs[c.callee].params;
                    current.insert(c.callee, QSet<QString>(p.begin(), p.end()));
                }
                const FunctionFacts *hf = helperFacts(c.callee, current.value(c.callee));
                facts.insert(c.callee, hf);
                queue.append(hf);
            }
        }
        QHash<QString, QSet<QString>> next;
        for (auto it = facts.cbegin(); it != facts.cend(); ++it) {
            const QStringList &p = m_helperDefs[it.key()].params;
            next.insert(it.key(), QSet<QString>(p.begin(), p.end()));
        }
        QList<const FunctionFacts *> callers = roots;
        for (const FunctionFacts *f : std::as_const(facts))
            callers.append(f);
        for (const FunctionFacts *f : std::as_const(callers)) {
            for (const HelperCall &c : f->calls) {
                if (!next.contains(c.callee))
                    continue;
                QSet<QString> &set = next[c.callee];
                bool splat = false;
                const QStringList targets = argumentTargets(c, splat);
                if (splat) {
                    set.clear();
                    continue;
                }
                QSet<QString> passed;
                for (qsizetype i = 0; i < targets.size(); ++i) {
                    passed.insert(targets[i]);
                    if (!c.argumentConstant.value(i))
                        set.remove(targets[i]);
                }
                const HelperDef &def = m_helperDefs[c.callee];
                for (const QString &p : def.params)
                    if (!passed.contains(p) && !def.constantDefaults.contains(p))
                        set.remove(p);
            }
        }
        bool same = true;
        for (auto it = next.cbegin(); it != next.cend() && same; ++it)
            same = current.value(it.key()) == it.value();
        if (same)
            return facts;
        for (auto it = next.cbegin(); it != next.cend(); ++it)
            current.insert(it.key(), it.value());
    }
    return facts;
}

void KernelAssembler::scanHelpers()
{
    using namespace node;
    // Discover every helper reachable from a kernel.
    QStringList work;
    for (const FunctionFacts &f : std::as_const(m_kernelFacts))
        for (const HelperCall &c : f.calls)
            work.append(c.callee);
    while (!work.isEmpty()) {
        const QString name = work.takeFirst();
        if (m_helperDefs.contains(name) || !m_functions.contains(name))
            continue;
        HelperDef def;
        def.definition = m_functions.value(name);
        for (TSNode p : children(field(def.definition, "parameters"))) {
            const std::string_view t = type(p);
            if (t == "identifier") {
                def.params.append(m_src.text(p));
            } else if (t == "typed_parameter" && !children(p).empty() && is(children(p).front(), "identifier")) {
                def.params.append(m_src.text(children(p).front()));
            } else if (t == "default_parameter" || t == "typed_default_parameter") {
                def.params.append(m_src.text(field(p, "name")));
                if (m_eval->evaluate(field(p, "value")))
                    def.constantDefaults.insert(def.params.back());
            }
        }
        m_helperDefs.insert(name, def);
        m_helperOrder.append(name);
        for (const HelperCall &c : helperFacts(name, {})->calls)
            work.append(c.callee);
    }

    // The module-wide view: each helper in the context of all its callers.
    QList<const FunctionFacts *> roots;
    for (const FunctionFacts &f : std::as_const(m_kernelFacts))
        roots.append(&f);
    const FactsMap all = solveContext(roots);
    QHash<QString, qsizetype> index;
    for (const QString &name : std::as_const(m_helperOrder)) {
        if (!all.contains(name))
            continue;
        const TSNode def = m_helperDefs[name].definition;
        HelperFunction h;
        h.name = name;
        h.params = m_helperDefs[name].params;
        h.tileFunction = m_tileFunctions.contains(name);
        h.range = m_src.range(is(parent(def), "decorated_definition") ? parent(def) : def);
        h.facts = *all.value(name);
        index.insert(name, m_out.helpers.size());
        m_out.helpers.append(h);
    }
    const auto calledBy = [&](const QString &caller, const FunctionFacts &f) {
        for (const HelperCall &c : f.calls)
            if (index.contains(c.callee)) {
                QStringList &l = m_out.helpers[index.value(c.callee)].calledBy;
                if (!l.contains(caller))
                    l.append(caller);
            }
    };
    for (qsizetype i = 0; i < m_out.kernels.size(); ++i)
        calledBy(m_out.kernels[i].name, m_kernelFacts[i]);
    for (qsizetype i = 0; i < m_out.helpers.size(); ++i)
        calledBy(m_out.helpers[i].name, m_out.helpers[i].facts);

    // Each kernel sees its helpers specialized for its own calls.
    for (const FunctionFacts &f : std::as_const(m_kernelFacts))
        m_kernelHelpers.append(solveContext({&f}));
}

void KernelAssembler::findRecursion(qsizetype kernelIndex)
{
    KernelInfo &k = m_out.kernels[kernelIndex];
    const FactsMap &helpers = m_kernelHelpers[kernelIndex];
    QStringList stack{k.name};
    QSet<QString> done;
    QList<UnsupportedConstruct> found;
    std::function<void(const FunctionFacts &)> walk = [&](const FunctionFacts &facts) {
        if (stack.size() > kMaxCallDepth)
            return;
        for (const HelperCall &c : facts.calls) {
            if (stack.contains(c.callee)) {
                const QStringList cycle = stack.mid(stack.indexOf(c.callee)) + QStringList{c.callee};
                bool dup = false;
                for (const UnsupportedConstruct &u : found)
                    dup = dup || (u.range.line == c.range.line && u.range.col == c.range.col);
                if (!dup)
                    found.append({QStringLiteral("recursion"),
                                  QStringLiteral("%1: recursive device functions cannot be inlined (every device call "
                                                 "is inlined, in cuTile Python and in the Rust port)")
                                      .arg(cycle.join(QStringLiteral(" -> "))),
                                  c.function, c.range});
                continue;
            }
            if (done.contains(c.callee) || !helpers.contains(c.callee))
                continue;
            stack.append(c.callee);
            walk(*helpers.value(c.callee));
            stack.removeLast();
            done.insert(c.callee);
        }
    };
    walk(m_kernelFacts[kernelIndex]);
    k.unsupported += found;
}

// Folds what a helper does with its parameter into the caller's parameter
// that was passed for it, following the helper's own calls.
void KernelAssembler::mergeHelperUsage(ParamUsage &into, const QString &helper, const QString &param,
                                       const FactsMap &facts, QSet<QString> &visited, int depth) const
{
    const QString key = helper + QLatin1Char('\n') + param;
    if (depth > kMaxCallDepth || visited.contains(key) || !facts.contains(helper))
        return;
    visited.insert(key);
    const FunctionFacts &h = *facts.value(helper);
    const ParamUsage u = h.params.value(param);
    const QString in = QStringLiteral(" (in %1)").arg(helper);
    for (const QString &e : u.arrayEvidence) into.arrayEvidence.append(e + in);
    for (const QString &e : u.scalarEvidence) into.scalarEvidence.append(e + in);
    for (const QString &e : u.listEvidence) into.listEvidence.append(e + in);
    for (const QString &e : u.rankEvidence) into.rankEvidence.append(e + in);
    for (const QString &e : u.dtypeEvidence) into.dtypeEvidence.append(e + in);
    into.ranks += u.ranks;
    into.minRank = std::max(into.minRank, u.minRank);
    appendUnique(into.fixedDtypes, u.fixedDtypes);
    into.intUse = into.intUse || u.intUse;
    into.floatUse = into.floatUse || u.floatUse;
    into.loaded = into.loaded || u.loaded;
    into.stored = into.stored || u.stored;
    into.shapeRead = into.shapeRead || u.shapeRead;
    into.stridesRead = into.stridesRead || u.stridesRead;
    into.dtypeRead = into.dtypeRead || u.dtypeRead;
    into.rawMemory = into.rawMemory || u.rawMemory;
    for (const HelperCall &c : h.calls) {
        bool splat = false;
        const QStringList targets = argumentTargets(c, splat);
        for (qsizetype i = 0; i < targets.size(); ++i)
            if (c.argumentParams.value(i).contains(param) && !targets[i].isEmpty())
                mergeHelperUsage(into, c.callee, targets[i], facts, visited, depth + 1);
    }
}

QStringList KernelAssembler::helperOrder(const FunctionFacts &facts, const FactsMap &helpers) const
{
    QStringList order;
    QList<const FunctionFacts *> queue{&facts};
    while (!queue.isEmpty()) {
        const FunctionFacts *f = queue.takeFirst();
        for (const HelperCall &c : f->calls) {
            if (order.contains(c.callee) || !helpers.contains(c.callee))
                continue;
            order.append(c.callee);
            queue.append(helpers.value(c.callee));
        }
    }
    return order;
}

namespace {

// The type a use of a bare ct.Constant `name` needs: an int where Python
// needs one (a range() bound, a ct.cdiv operand, `//`, `%`, a shift, a
// tile index), a bool where it is a condition (`x if name else y`, `if
// name:`, `not name`, allow_tma=). The first such use decides; none: empty.
std::pair<QString, QString> bareConstantUse(const PythonSource &src, TSNode n, const QString &name, int depth = 0)
{
    using namespace node;
    if (isNull(n) || depth > 200)
        return {};
    const auto names = [&](TSNode x) { x = unparen(x); return is(x, "identifier") && src.text(x) == name; };
    const std::string_view t = type(n);
    if (t == "call") {
        const QString fn = src.text(field(n, "function"));
        if (fn == QLatin1String("range") || fn.endsWith(QLatin1String(".cdiv")))
            for (TSNode a : children(field(n, "arguments")))
                if (names(a))
                    return {QStringLiteral("int"), QStringLiteral("a %1 operand").arg(fn)};
        for (TSNode a : children(field(n, "arguments")))
            if (is(a, "keyword_argument") && src.text(field(a, "name")) == QLatin1String("allow_tma") && names(field(a, "value")))
                return {QStringLiteral("bool"), QStringLiteral("allow_tma=")};
    } else if (t == "binary_operator") {
        const std::string_view op = operatorOf(n);
        if ((op == "//" || op == "%" || op == "<<" || op == ">>") && (names(field(n, "left")) || names(field(n, "right"))))
            return {QStringLiteral("int"), QStringLiteral("an operand of %1").arg(QString::fromLatin1(op.data(), qsizetype(op.size())))};
    } else if (t == "conditional_expression") {
        const auto ch = children(n);
        if (ch.size() == 3 && names(ch[1]))
            return {QStringLiteral("bool"), QStringLiteral("a condition")};
    } else if (t == "if_statement" || t == "elif_clause") {
        if (names(field(n, "condition")))
            return {QStringLiteral("bool"), QStringLiteral("a condition")};
    } else if (t == "not_operator") {
        if (names(field(n, "argument")))
            return {QStringLiteral("bool"), QStringLiteral("a condition")};
    }
    for (TSNode c : children(n))
        if (auto found = bareConstantUse(src, c, name, depth + 1); !found.first.isEmpty())
            return found;
    return {};
}

} // namespace

void KernelAssembler::finishKernel(qsizetype kernelIndex)
{
    KernelInfo &k = m_out.kernels[kernelIndex];
    const FunctionFacts &own = m_kernelFacts[kernelIndex];
    const FactsMap &helpers = m_kernelHelpers[kernelIndex];
    k.helpers = helperOrder(own, helpers);

    QList<const FunctionFacts *> parts{&own};
    for (const QString &h : std::as_const(k.helpers))
        parts.append(helpers.value(h));
    for (const FunctionFacts *f : parts) {
        k.ops += f->ops;
        k.tileShapes += f->tileShapes;
        k.controlFlow += f->controlFlow;
        k.unsupported += f->unsupported;
        const int offset = int(k.branchPoints.size());
        for (BranchPoint bp : f->branchPoints) {
            for (BranchPoint::Arm &a : bp.arms)
                for (int &c : a.children)
                    c += offset;
            k.branchPoints.append(bp);
        }
    }

    QHash<QString, ParamUsage> usage = own.params;
    for (const HelperCall &c : own.calls) {
        bool splat = false;
        const QStringList targets = argumentTargets(c, splat);
        for (qsizetype i = 0; i < targets.size(); ++i) {
            if (targets[i].isEmpty())
                continue;
            for (const QString &p : c.argumentParams.value(i)) {
                QSet<QString> visited;
                mergeHelperUsage(usage[p], c.callee, targets[i], helpers, visited, 0);
            }
        }
    }
    ParamClassifier::applyUsage(k.params, usage, k.notes);
    // A bare ct.Constant takes its type from the launch's value. A use that
    // needs an int (a tile shape dimension, an index, range()) or a float
    // decides it here, as every launch that compiles must agree.
    for (KernelParam &p : k.params) {
        if (p.kind != KernelParam::Kind::Constant || !p.constantType.isEmpty())
            continue;
        const bool shapeDim = std::any_of(own.tileShapes.cbegin(), own.tileShapes.cend(), [&](const TileShape &s) {
            return std::any_of(s.dims.cbegin(), s.dims.cend(), [&](const QString &d) { return d.trimmed() == p.name; });
        });
        const ParamUsage u = usage.value(p.name);
        QString why = shapeDim ? QStringLiteral("a tile shape dimension") : QStringLiteral("arithmetic");
        if (shapeDim || (u.intUse && !u.floatUse))
            p.constantType = QStringLiteral("int");
        else if (u.floatUse && !u.intUse)
            p.constantType = QStringLiteral("float");
        else if (const auto [type, use] = bareConstantUse(m_src, m_kernelDefs[kernelIndex].definition, p.name); !type.isEmpty()) {
            p.constantType = type;
            why = use;
        }
        if (!p.constantType.isEmpty())
            k.notes.append(QStringLiteral("parameter '%1': a bare ct.Constant, read as %2 from its uses (%3)").arg(p.name, p.constantType, why));
    }
    VariantBuilder::build(k, helpers);
    SpecializationBuilder::build(k);
    std::stable_sort(k.unsupported.begin(), k.unsupported.end(), [](const auto &a, const auto &b) {
        return a.range.line != b.range.line ? a.range.line < b.range.line : a.range.col < b.range.col;
    });
}

void KernelAssembler::scanHost()
{
    QList<HostScanner::Kernel> kernels;
    std::vector<TSNode> device;
    for (qsizetype i = 0; i < m_out.kernels.size(); ++i) {
        HostScanner::Kernel hk{m_out.kernels[i].name, {}};
        for (const KernelParam &p : std::as_const(m_out.kernels[i].params))
            hk.params.append(p.name);
        kernels.append(hk);
        device.push_back(m_kernelDefs[i].definition);
    }
    for (auto it = m_helperDefs.cbegin(); it != m_helperDefs.cend(); ++it)
        device.push_back(it->definition);
    HostScanner host(m_src, m_imports, *m_eval, kernels, device);
    host.scan(m_src.root());
    m_out.launches = host.launches();
    m_out.autotune = host.autotune();
}

} // namespace tileport::frontend
