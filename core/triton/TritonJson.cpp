// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonJson.h"

#include <QJsonArray>

namespace tileport::triton {

namespace {

QJsonObject issue(const TritonIssue &i)
{
    return QJsonObject{{QStringLiteral("line"), i.line}, {QStringLiteral("col"), i.col},
                       {QStringLiteral("construct"), i.construct}, {QStringLiteral("reason"), i.reason}};
}

QJsonObject pairs(const QList<QPair<QString, QString>> &kv)
{
    QJsonObject o;
    for (const auto &p : kv)
        o.insert(p.first, p.second);
    return o;
}

} // namespace

QJsonObject TritonJson::toJson(const TritonModule &m)
{
    QJsonArray kernels, launches, syntax;
    int portable = 0;
    for (const TritonKernel &k : m.kernels) {
        QJsonArray params, configs, unsupported;
        for (const TritonParam &p : k.params)
            params << QJsonObject{{QStringLiteral("name"), p.name},
                                  {QStringLiteral("kind"), TritonParam::kindName(p.kind)},
                                  {QStringLiteral("annotation"), p.annotation.isEmpty() ? QJsonValue() : QJsonValue(p.annotation)},
                                  {QStringLiteral("default"), p.defaultValue.isEmpty() ? QJsonValue() : QJsonValue(p.defaultValue)},
                                  {QStringLiteral("type"), p.scalarType.isEmpty() ? QJsonValue() : QJsonValue(p.scalarType)},
                                  {QStringLiteral("consumed"), p.consumed},
                                  {QStringLiteral("flat"), p.flat},
                                  {QStringLiteral("line"), p.line},
                                  {QStringLiteral("col"), p.col}};
        for (const TritonAutotuneConfig &c : k.autotuneConfigs)
            configs << QJsonObject{{QStringLiteral("values"), pairs(c.values)},
                                   {QStringLiteral("options"), pairs(c.options)},
                                   {QStringLiteral("line"), c.line},
                                   {QStringLiteral("col"), c.col}};
        for (const TritonIssue &i : k.unsupported)
            unsupported << issue(i);
        portable += k.portable() ? 1 : 0;
        QJsonObject o{{QStringLiteral("name"), k.name},
                      {QStringLiteral("line"), k.line},
                      {QStringLiteral("col"), k.col},
                      {QStringLiteral("end_line"), k.endLine},
                      {QStringLiteral("decorators"), QJsonArray::fromStringList(k.decorators)},
                      {QStringLiteral("helper"), k.helper},
                      {QStringLiteral("params"), params},
                      {QStringLiteral("constexprs"), [&] {
                           QJsonArray a;
                           for (const TritonParam &p : k.params)
                               if (p.kind == TritonParam::Kind::Constexpr)
                                   a << p.name;
                           return a;
                       }()},
                      {QStringLiteral("ops"), QJsonArray::fromStringList(k.ops)},
                      {QStringLiteral("portable"), k.portable()},
                      {QStringLiteral("unsupported"), unsupported},
                      {QStringLiteral("notes"), QJsonArray::fromStringList(k.notes)}};
        if (k.decorators.contains(QLatin1String("autotune")))
            o.insert(QStringLiteral("autotune"), QJsonObject{{QStringLiteral("configs"), configs},
                                                              {QStringLiteral("generated"), k.autotuneGenerated},
                                                              {QStringLiteral("key"), QJsonArray::fromStringList(k.autotuneKeys)}});
        if (k.decorators.contains(QLatin1String("heuristics")))
            o.insert(QStringLiteral("heuristics"), QJsonArray::fromStringList(k.heuristics));
        kernels << o;
    }
    for (const TritonLaunch &l : m.launches)
        launches << QJsonObject{{QStringLiteral("kernel"), l.kernel},
                                {QStringLiteral("grid"), l.grid},
                                {QStringLiteral("args"), QJsonArray::fromStringList(l.args)},
                                {QStringLiteral("function"), l.function.isEmpty() ? QJsonValue() : QJsonValue(l.function)},
                                {QStringLiteral("line"), l.line},
                                {QStringLiteral("col"), l.col}};
    for (const TritonIssue &i : m.syntaxErrors)
        syntax << issue(i);
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("tileport.triton-analysis/1")},
                       {QStringLiteral("language"), QStringLiteral("triton")},
                       {QStringLiteral("file"), m.file},
                       {QStringLiteral("ok"), m.ok()},
                       {QStringLiteral("error"), m.error.isEmpty() ? QJsonValue() : QJsonValue(m.error)},
                       {QStringLiteral("syntax_errors"), syntax},
                       {QStringLiteral("kernels"), kernels},
                       {QStringLiteral("launches"), launches},
                       {QStringLiteral("cutile"), m.cutileText},
                       {QStringLiteral("summary"), QJsonObject{{QStringLiteral("kernels"), int(m.kernels.size())},
                                                               {QStringLiteral("portable"), portable},
                                                               {QStringLiteral("launches"), int(m.launches.size())}}}};
}

QString TritonJson::summary(const TritonModule &m)
{
    QString out;
    out += QStringLiteral("%1: Triton, %2 kernel(s), %3 launch(es)\n").arg(m.file).arg(m.kernels.size()).arg(m.launches.size());
    for (const TritonKernel &k : m.kernels) {
        QStringList params;
        for (const TritonParam &p : k.params)
            params << QStringLiteral("%1:%2%3").arg(p.name, TritonParam::kindName(p.kind), p.consumed ? QStringLiteral("(view)") : QString());
        out += QStringLiteral("\n%1 (line %2) @%3%4\n  params: %5\n")
                   .arg(k.name).arg(k.line).arg(k.decorators.join(QStringLiteral(" @")),
                                                k.helper ? QStringLiteral(" [helper]") : QString(), params.join(QStringLiteral(", ")));
        if (!k.autotuneConfigs.isEmpty() || k.autotuneGenerated)
            out += QStringLiteral("  autotune: %1 config(s)%2, key [%3]\n")
                       .arg(k.autotuneConfigs.size())
                       .arg(k.autotuneGenerated ? QStringLiteral(" (generated)") : QString(), k.autotuneKeys.join(QStringLiteral(", ")));
        out += QStringLiteral("  ops: %1\n  %2\n").arg(k.ops.join(QStringLiteral(", ")),
                                                      k.portable() ? QStringLiteral("maps to cuTile")
                                                                   : QStringLiteral("%1 unsupported construct(s)").arg(k.unsupported.size()));
        for (const TritonIssue &i : k.unsupported)
            out += QStringLiteral("    %1:%2:%3: %4: %5\n").arg(m.file).arg(i.line).arg(i.col).arg(i.construct, i.reason);
    }
    for (const TritonLaunch &l : m.launches)
        out += QStringLiteral("\nlaunch %1[%2] at line %3\n").arg(l.kernel, l.grid).arg(l.line);
    return out;
}

} // namespace tileport::triton
