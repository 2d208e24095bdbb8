// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "AnalysisSummary.h"

#include <QMap>

namespace tileport::frontend {

namespace {

QString optionText(const KernelOption &o)
{
    if (!o.byTarget)
        return o.name + QLatin1Char('=') + (o.evaluated.isEmpty() ? o.value : o.evaluated);
    QStringList t;
    for (const auto &p : o.targets)
        t.append(p.first + QLatin1Char('=') + p.second);
    return QStringLiteral("%1=ByTarget(%2)").arg(o.name, t.join(QStringLiteral(", ")));
}

QString paramText(const KernelParam &p)
{
    QString s = p.name + QStringLiteral(": ") + KernelParam::kindName(p.kind);
    switch (p.kind) {
    case KernelParam::Kind::Array:
        s += QStringLiteral(" rank %1, dtype %2").arg(p.rank >= 0 ? QString::number(p.rank) : QStringLiteral("?"),
                                                      p.dtype.isEmpty() ? p.dtypeVar : p.dtype);
        if (p.loaded && p.stored)
            s += QStringLiteral(", in-place");
        else if (p.stored)
            s += QStringLiteral(", written");
        break;
    case KernelParam::Kind::Constant:
        s += QLatin1Char(' ') + (p.constantType.isEmpty() ? QStringLiteral("(untyped)") : p.constantType);
        break;
    case KernelParam::Kind::Scalar:
        if (!p.dtype.isEmpty())
            s += QLatin1Char(' ') + p.dtype;
        break;
    default:
        break;
    }
    return s;
}

} // namespace

QString AnalysisSummary::render(const ModuleAnalysis &m)
{
    QString out;
    const auto line = [&](const QString &s) { out += s + QLatin1Char('\n'); };
    if (!m.error.isEmpty()) {
        line(m.error);
        return out;
    }
    for (const SyntaxError &e : m.syntaxErrors)
        line(QStringLiteral("%1:%2: %3").arg(m.file, e.range.start(), e.message));
    line(QStringLiteral("%1: %2 kernel(s), %3 helper(s), %4 constant(s), %5 launch site(s), %6 tuning site(s)")
             .arg(m.file).arg(m.kernels.size()).arg(m.helpers.size()).arg(m.constants.size())
             .arg(m.launches.size()).arg(m.autotune.size()));
    for (const ModuleConstant &c : m.constants)
        line(QStringLiteral("  constant %1 = %2 (%3)").arg(c.name, c.value.toString(), c.value.typeName()));
    for (const KernelInfo &k : m.kernels) {
        line(QString());
        line(QStringLiteral("kernel %1 at %2  [%3]")
                 .arg(k.qualifiedName, k.nameRange.start(),
                      k.portable() ? QStringLiteral("portable")
                                   : QStringLiteral("%1 unsupported construct(s)").arg(k.unsupported.size())));
        if (!k.options.isEmpty()) {
            QStringList o;
            for (const KernelOption &opt : k.options)
                o.append(optionText(opt));
            line(QStringLiteral("  options     ") + o.join(QStringLiteral(", ")));
        }
        for (const KernelParam &p : k.params)
            line(QStringLiteral("  param       ") + paramText(p));
        QStringList shapes;
        for (const TileShape &s : k.tileShapes)
            shapes.append(QStringLiteral("%1(%2)%3").arg(s.op, s.dims.join(QStringLiteral(", ")),
                                                         s.constant ? QString() : QStringLiteral(" NOT CONSTANT")));
        shapes.removeDuplicates();
        if (!shapes.isEmpty())
            line(QStringLiteral("  tile shapes ") + shapes.join(QStringLiteral("; ")));
        QMap<QString, int> counts;
        for (const OpUse &o : k.ops)
            ++counts[o.method ? QLatin1Char('.') + o.name : o.name];
        QStringList ops;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            ops.append(it.value() > 1 ? QStringLiteral("%1 x%2").arg(it.key()).arg(it.value()) : it.key());
        if (!ops.isEmpty())
            line(QStringLiteral("  ops         ") + ops.join(QStringLiteral(", ")));
        for (const ControlFlowItem &c : k.controlFlow)
            line(QStringLiteral("  %1%2 %3%4  (%5%6)")
                     .arg(QString(c.depth * 2, QLatin1Char(' ')), c.kind, c.header,
                          c.constantOnly && c.kind != QLatin1String("for") ? QStringLiteral("  [constant]") : QString(),
                          c.range.start(),
                          c.function == k.name ? QString() : QStringLiteral(" in ") + c.function));
        if (!k.helpers.isEmpty())
            line(QStringLiteral("  helpers     ") + k.helpers.join(QStringLiteral(", ")));
        for (const BranchPoint &b : k.branchPoints) {
            if (!b.variantForming)
                continue;
            line(QStringLiteral("  variant-forming branch at %1: %2").arg(b.range.start(), b.differences.join(QStringLiteral("; "))));
        }
        QStringList variants;
        for (const KernelVariant &v : k.variants)
            variants.append(v.name);
        line(QStringLiteral("  variants    ") + variants.join(QStringLiteral(", "))
             + (k.variantsTruncated ? QStringLiteral(" (truncated)") : QString()));
        QStringList spec;
        for (const SpecializationPoint &s : k.specialization)
            if (s.kind == QLatin1String("dtype") || s.kind == QLatin1String("constant")
                || s.kind == QLatin1String("dtype_branch") || s.kind == QLatin1String("target"))
                spec.append(QStringLiteral("%1 %2").arg(s.kind, s.name));
        if (!spec.isEmpty())
            line(QStringLiteral("  specialized ") + spec.join(QStringLiteral(", ")));
        for (const QString &n : k.notes)
            line(QStringLiteral("  note        ") + n);
        for (const UnsupportedConstruct &u : k.unsupported)
            line(QStringLiteral("  unsupported %1:%2: %3: %4%5")
                     .arg(m.file, u.range.start(), u.construct, u.reason,
                          u.function == k.name ? QString() : QStringLiteral(" (in %1)").arg(u.function)));
    }
    if (!m.launches.isEmpty()) {
        line(QString());
        for (const LaunchSite &l : m.launches)
            line(QStringLiteral("launch at %1%2: %3 grid %4, %5 argument(s)%6")
                     .arg(l.range.start(), l.function.isEmpty() ? QString() : QStringLiteral(" in ") + l.function,
                          l.kernel.isEmpty() ? l.kernelExpression + QStringLiteral(" (unresolved)") : l.kernel, l.grid)
                     .arg(l.argList.isEmpty() ? QStringLiteral("?") : QString::number(l.argList.size()))
                     .arg(l.argsMatch ? QString()
                                      : QStringLiteral(" -- the kernel takes %1").arg(l.expectedArgs)));
    }
    for (const AutotuneSite &a : m.autotune) {
        QString what = a.kind;
        if (!a.name.isEmpty())
            what += QLatin1Char(' ') + a.name;
        if (!a.kernel.isEmpty())
            what += QStringLiteral(" for ") + a.kernel;
        QStringList hints;
        for (const KernelOption &o : a.hints)
            hints.append(optionText(o));
        line(QStringLiteral("tuning at %1: %2, %3 config(s)%4%5")
                 .arg(a.range.start(), what)
                 .arg(a.generated ? QStringLiteral("generated") : QString::number(a.configs.size()))
                 .arg(a.searchSpace.isEmpty() ? QString() : QStringLiteral(" from ") + a.searchSpace)
                 .arg(hints.isEmpty() ? QString() : QStringLiteral(", hints ") + hints.join(QStringLiteral(", "))));
    }
    return out;
}

} // namespace tileport::frontend
