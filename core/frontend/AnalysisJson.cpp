// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "AnalysisJson.h"

#include <QJsonArray>

#include <cmath>

namespace tileport::frontend {

namespace {

void at(QJsonObject &o, const SourceRange &r)
{
    o.insert(QStringLiteral("line"), r.line);
    o.insert(QStringLiteral("col"), r.col);
    o.insert(QStringLiteral("end_line"), r.endLine);
    o.insert(QStringLiteral("end_col"), r.endCol);
}

QJsonArray strings(const QStringList &l) { return QJsonArray::fromStringList(l); }
QJsonValue orNull(const QString &s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); }
QJsonValue orNull(int v) { return v < 0 ? QJsonValue() : QJsonValue(v); }

QJsonObject option(const KernelOption &o)
{
    QJsonObject j{{QStringLiteral("name"), o.name},
                  {QStringLiteral("value"), o.value},
                  {QStringLiteral("constant"), o.constant},
                  {QStringLiteral("evaluated"), orNull(o.evaluated)}};
    if (o.byTarget) {
        QJsonObject t;
        for (const auto &p : o.targets)
            t.insert(p.first, p.second);
        j.insert(QStringLiteral("by_target"), t);
    } else {
        j.insert(QStringLiteral("by_target"), QJsonValue());
    }
    at(j, o.range);
    return j;
}

QJsonArray options(const QList<KernelOption> &l)
{
    QJsonArray a;
    for (const KernelOption &o : l)
        a.append(option(o));
    return a;
}

QJsonObject unsupported(const UnsupportedConstruct &u)
{
    QJsonObject j{{QStringLiteral("construct"), u.construct},
                  {QStringLiteral("reason"), u.reason},
                  {QStringLiteral("function"), u.function}};
    at(j, u.range);
    return j;
}

QJsonObject param(const KernelParam &p)
{
    QJsonObject j{{QStringLiteral("name"), p.name},
                  {QStringLiteral("index"), p.index},
                  {QStringLiteral("kind"), KernelParam::kindName(p.kind)},
                  {QStringLiteral("annotation"), orNull(p.annotation)},
                  {QStringLiteral("default"), orNull(p.defaultValue)},
                  {QStringLiteral("rank"), orNull(p.rank)},
                  {QStringLiteral("min_rank"), p.minRank},
                  {QStringLiteral("dtype"), orNull(p.dtype)},
                  {QStringLiteral("dtype_var"), orNull(p.dtypeVar)},
                  {QStringLiteral("constant_type"), orNull(p.constantType)},
                  {QStringLiteral("loaded"), p.loaded},
                  {QStringLiteral("stored"), p.stored},
                  {QStringLiteral("shape_read"), p.shapeRead},
                  {QStringLiteral("strides_read"), p.stridesRead},
                  {QStringLiteral("evidence"), strings(p.evidence)}};
    at(j, p.range);
    return j;
}

QJsonObject op(const OpUse &o)
{
    QJsonArray args;
    for (const OpUse::Argument &a : o.arguments) {
        QJsonObject j{{QStringLiteral("keyword"), orNull(a.keyword)}, {QStringLiteral("text"), a.text}};
        at(j, a.range);
        args.append(j);
    }
    QJsonObject j{{QStringLiteral("name"), o.name},
                  {QStringLiteral("qualified"), o.qualified},
                  {QStringLiteral("callee"), o.callee},
                  {QStringLiteral("category"), o.category},
                  {QStringLiteral("method"), o.method},
                  {QStringLiteral("receiver"), o.method ? QJsonValue(o.receiver) : QJsonValue()},
                  {QStringLiteral("function"), o.function},
                  {QStringLiteral("arguments"), args}};
    at(j, o.range);
    return j;
}

QJsonObject kernel(const KernelInfo &k)
{
    QJsonArray params, shapes, ops, flow, branches, variants, spec, unsup;
    for (const KernelParam &p : k.params)
        params.append(param(p));
    for (const TileShape &s : k.tileShapes) {
        QJsonObject j{{QStringLiteral("op"), s.op},
                      {QStringLiteral("dims"), strings(s.dims)},
                      {QStringLiteral("rank"), orNull(s.rank)},
                      {QStringLiteral("constant"), s.constant},
                      {QStringLiteral("runtime_names"), strings(s.runtimeNames)},
                      {QStringLiteral("function"), s.function}};
        at(j, s.range);
        shapes.append(j);
    }
    for (const OpUse &o : k.ops)
        ops.append(op(o));
    for (const ControlFlowItem &c : k.controlFlow) {
        QJsonObject j{{QStringLiteral("kind"), c.kind},
                      {QStringLiteral("header"), c.header},
                      {QStringLiteral("constant_only"), c.constantOnly},
                      {QStringLiteral("depends_on"), strings(c.dependsOn)},
                      {QStringLiteral("static_iter"), c.staticIter},
                      {QStringLiteral("depth"), c.depth},
                      {QStringLiteral("function"), c.function}};
        at(j, c.range);
        flow.append(j);
    }
    for (const BranchPoint &b : k.branchPoints) {
        QJsonArray arms;
        for (const BranchPoint::Arm &a : b.arms) {
            QJsonArray children;
            for (int c : a.children)
                children.append(c);
            QJsonObject j{{QStringLiteral("condition"), a.condition},
                          {QStringLiteral("token"), a.token},
                          {QStringLiteral("constants"), strings(a.constants)},
                          {QStringLiteral("signature"), strings(a.signature)},
                          {QStringLiteral("children"), children}};
            at(j, a.range);
            arms.append(j);
        }
        QJsonObject j{{QStringLiteral("function"), b.function},
                      {QStringLiteral("variant_forming"), b.variantForming},
                      {QStringLiteral("differences"), strings(b.differences)},
                      {QStringLiteral("top_level"), b.topLevel},
                      {QStringLiteral("arms"), arms}};
        at(j, b.range);
        branches.append(j);
    }
    for (const KernelVariant &v : k.variants) {
        QJsonArray choices;
        for (const KernelVariant::Choice &c : v.choices) {
            QJsonObject j{{QStringLiteral("condition"), c.condition},
                          {QStringLiteral("token"), c.token},
                          {QStringLiteral("constants"), strings(c.constants)}};
            at(j, c.range);
            choices.append(j);
        }
        variants.append(QJsonObject{{QStringLiteral("name"), v.name}, {QStringLiteral("choices"), choices}});
    }
    for (const SpecializationPoint &s : k.specialization) {
        QJsonObject j{{QStringLiteral("kind"), s.kind},
                      {QStringLiteral("name"), s.name},
                      {QStringLiteral("detail"), s.detail},
                      {QStringLiteral("params"), strings(s.params)}};
        at(j, s.range);
        spec.append(j);
    }
    for (const UnsupportedConstruct &u : k.unsupported)
        unsup.append(unsupported(u));
    QJsonObject j{{QStringLiteral("name"), k.name},
                  {QStringLiteral("qualified_name"), k.qualifiedName},
                  {QStringLiteral("decorators"), strings(k.decorators)},
                  {QStringLiteral("options"), options(k.options)},
                  {QStringLiteral("params"), params},
                  {QStringLiteral("tile_shapes"), shapes},
                  {QStringLiteral("ops"), ops},
                  {QStringLiteral("control_flow"), flow},
                  {QStringLiteral("helpers"), strings(k.helpers)},
                  {QStringLiteral("constant_branches"), branches},
                  {QStringLiteral("variants"), variants},
                  {QStringLiteral("variants_truncated"), k.variantsTruncated},
                  {QStringLiteral("specialization"), spec},
                  {QStringLiteral("unsupported"), unsup},
                  {QStringLiteral("notes"), strings(k.notes)},
                  {QStringLiteral("portable"), k.portable()}};
    at(j, k.range);
    return j;
}

} // namespace

QJsonObject AnalysisJson::toJson(const ModuleAnalysis &m)
{
    QJsonArray errors, imports, constants, kernels, helpers, launches, autotune, unsup;
    for (const SyntaxError &e : m.syntaxErrors) {
        QJsonObject j{{QStringLiteral("message"), e.message}};
        at(j, e.range);
        errors.append(j);
    }
    for (const ImportBinding &b : m.imports) {
        QJsonObject j{{QStringLiteral("name"), b.name}, {QStringLiteral("target"), b.target}, {QStringLiteral("alias"), b.alias}};
        at(j, b.range);
        imports.append(j);
    }
    for (const ModuleConstant &c : m.constants) {
        QJsonValue value;
        switch (c.value.type) {
        case ConstantValue::Type::Int: value = qint64(c.value.i); break;
        case ConstantValue::Type::Float: value = std::isfinite(c.value.f) ? QJsonValue(c.value.f) : QJsonValue(c.value.toString()); break;
        case ConstantValue::Type::Bool: value = c.value.b; break;
        }
        QJsonObject j{{QStringLiteral("name"), c.name},
                      {QStringLiteral("type"), c.value.typeName()},
                      {QStringLiteral("value"), value},
                      {QStringLiteral("repr"), c.value.toString()},
                      {QStringLiteral("expression"), c.expression},
                      {QStringLiteral("reassigned"), c.reassigned}};
        at(j, c.range);
        constants.append(j);
    }
    int portable = 0;
    for (const KernelInfo &k : m.kernels) {
        kernels.append(kernel(k));
        portable += k.portable() ? 1 : 0;
    }
    for (const HelperFunction &h : m.helpers) {
        QStringList calls;
        for (const HelperCall &c : h.facts.calls)
            if (!calls.contains(c.callee))
                calls.append(c.callee);
        QJsonObject j{{QStringLiteral("name"), h.name},
                      {QStringLiteral("params"), strings(h.params)},
                      {QStringLiteral("tile_function"), h.tileFunction},
                      {QStringLiteral("called_by"), strings(h.calledBy)},
                      {QStringLiteral("calls"), strings(calls)}};
        at(j, h.range);
        helpers.append(j);
    }
    for (const LaunchSite &l : m.launches) {
        QJsonObject j{{QStringLiteral("function"), orNull(l.function)},
                      {QStringLiteral("kernel"), orNull(l.kernel)},
                      {QStringLiteral("kernel_expression"), l.kernelExpression},
                      {QStringLiteral("hints"), options(l.hints)},
                      {QStringLiteral("stream"), l.stream},
                      {QStringLiteral("grid"), l.grid},
                      {QStringLiteral("grid_dims"), l.gridDims.isEmpty() ? QJsonValue() : QJsonValue(strings(l.gridDims))},
                      {QStringLiteral("args"), l.args},
                      {QStringLiteral("arg_list"), l.argList.isEmpty() ? QJsonValue() : QJsonValue(strings(l.argList))},
                      {QStringLiteral("expected_args"), orNull(l.expectedArgs)},
                      {QStringLiteral("args_match"), l.argsMatch}};
        at(j, l.range);
        launches.append(j);
    }
    for (const AutotuneSite &a : m.autotune) {
        QJsonArray configs;
        for (const AutotuneSite::Config &c : a.configs) {
            QJsonObject values;
            for (const auto &kv : c.values)
                values.insert(kv.first, kv.second);
            configs.append(QJsonObject{{QStringLiteral("text"), c.text}, {QStringLiteral("values"), values}});
        }
        QJsonObject j{{QStringLiteral("kind"), a.kind},
                      {QStringLiteral("function"), orNull(a.function)},
                      {QStringLiteral("name"), orNull(a.name)},
                      {QStringLiteral("kernel"), orNull(a.kernel)},
                      {QStringLiteral("search_space"), orNull(a.searchSpace)},
                      {QStringLiteral("grid_fn"), orNull(a.gridFn)},
                      {QStringLiteral("args_fn"), orNull(a.argsFn)},
                      {QStringLiteral("hints_fn"), orNull(a.hintsFn)},
                      {QStringLiteral("configs"), configs},
                      {QStringLiteral("generated"), a.generated},
                      {QStringLiteral("hints"), options(a.hints)}};
        at(j, a.range);
        autotune.append(j);
    }
    for (const UnsupportedConstruct &u : m.unsupported)
        unsup.append(unsupported(u));
    QJsonObject summary{{QStringLiteral("kernels"), int(m.kernels.size())},
                        {QStringLiteral("portable_kernels"), portable},
                        {QStringLiteral("helpers"), int(m.helpers.size())},
                        {QStringLiteral("launches"), int(m.launches.size())},
                        {QStringLiteral("unsupported"), int(m.unsupported.size())},
                        {QStringLiteral("syntax_errors"), int(m.syntaxErrors.size())}};
    return QJsonObject{{QStringLiteral("schema"), QString::fromLatin1(kSchema)},
                       {QStringLiteral("file"), m.file},
                       {QStringLiteral("ok"), m.ok()},
                       {QStringLiteral("error"), orNull(m.error)},
                       {QStringLiteral("syntax_errors"), errors},
                       {QStringLiteral("imports"), imports},
                       {QStringLiteral("constants"), constants},
                       {QStringLiteral("kernels"), kernels},
                       {QStringLiteral("helpers"), helpers},
                       {QStringLiteral("launches"), launches},
                       {QStringLiteral("autotune"), autotune},
                       {QStringLiteral("unsupported"), unsup},
                       {QStringLiteral("summary"), summary}};
}

} // namespace tileport::frontend
