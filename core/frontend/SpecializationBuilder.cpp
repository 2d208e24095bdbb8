// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SpecializationBuilder.h"

#include <QMap>

namespace tileport::frontend {

void SpecializationBuilder::build(KernelInfo &kernel)
{
    using Kind = KernelParam::Kind;
    QList<SpecializationPoint> &out = kernel.specialization;
    out.clear();

    QMap<QString, QStringList> vars; // dtype variable -> arrays
    for (const KernelParam &p : kernel.params)
        if (p.kind == Kind::Array && !p.dtypeVar.isEmpty())
            vars[p.dtypeVar].append(p.name);
    for (auto it = vars.cbegin(); it != vars.cend(); ++it) {
        SpecializationPoint s;
        s.kind = QStringLiteral("dtype");
        s.name = it.key();
        s.detail = QStringLiteral("element type of %1 (one generic E per variable in Rust)").arg(it.value().join(QStringLiteral(", ")));
        s.params = it.value();
        out.append(s);
    }
    for (const KernelParam &p : kernel.params) {
        SpecializationPoint s;
        s.name = p.name;
        s.params = {p.name};
        s.range = p.range;
        if (p.kind == Kind::Constant) {
            s.kind = QStringLiteral("constant");
            if (p.constantType == QLatin1String("float"))
                s.detail = QStringLiteral("float constant: folded by cuTile; Rust has no float const generics, so a literal per specialized entry or a runtime f32");
            else if (p.constantType == QLatin1String("bool"))
                s.detail = QStringLiteral("bool constant: untaken branches are removed; in Rust a const i32 used as 0/1");
            else if (p.constantType == QLatin1String("int"))
                s.detail = QStringLiteral("int constant: a const i32 generic in Rust");
            else
                s.detail = QStringLiteral("constant of type '%1'").arg(p.constantType.isEmpty() ? QStringLiteral("unspecified") : p.constantType);
            out.append(s);
        } else if (p.kind == Kind::Array) {
            const QString rank = p.rank >= 0 ? QString::number(p.rank) : QStringLiteral("?");
            s.kind = QStringLiteral("stride");
            s.detail = QStringLiteral("rank %1; innermost stride assumed 1 (contiguous), outer strides divisible by 16 bytes%2")
                           .arg(rank, p.stridesRead ? QStringLiteral("; the kernel reads .strides") : QString());
            out.append(s);
            s.kind = QStringLiteral("shape");
            s.detail = QStringLiteral("shape divisibility (shape_divisible_by) and size-1 dims are specialized%1")
                           .arg(p.shapeRead ? QStringLiteral("; the kernel reads .shape") : QString());
            out.append(s);
            s.kind = QStringLiteral("alignment");
            s.detail = QStringLiteral("base address assumed 16-byte aligned (assume div_by<16> on the pointer)");
            out.append(s);
        } else if (p.kind == Kind::Scalar && (p.dtype.startsWith(QLatin1String("int")) || p.dtype.isEmpty())) {
            s.kind = QStringLiteral("scalar_divisibility");
            s.detail = QStringLiteral("integer scalars get a power-of-two divisibility hint from their launch value");
            out.append(s);
        }
    }
    for (const ControlFlowItem &c : kernel.controlFlow) {
        if ((c.kind != QLatin1String("if") && c.kind != QLatin1String("elif")) || !c.constantOnly)
            continue;
        bool readsDtype = false;
        for (const QString &d : c.dependsOn)
            readsDtype = readsDtype || d.endsWith(QLatin1String(".dtype")) || d.endsWith(QLatin1String(".ndim"));
        if (!readsDtype)
            continue;
        SpecializationPoint s;
        s.kind = QStringLiteral("dtype_branch");
        s.name = c.header;
        s.detail = QStringLiteral("a branch on a dtype in %1; the untaken arm disappears per dtype").arg(c.function);
        s.range = c.range;
        out.append(s);
    }
    for (const KernelOption &o : kernel.options) {
        if (!o.byTarget)
            continue;
        SpecializationPoint s;
        s.kind = QStringLiteral("target");
        s.name = o.name;
        QStringList parts;
        for (const auto &t : o.targets)
            parts.append(t.first + QLatin1Char('=') + t.second);
        s.detail = QStringLiteral("per-target value (%1); Rust lists one optimization_hints block per sm_XXX").arg(parts.join(QStringLiteral(", ")));
        s.range = o.range;
        out.append(s);
    }
}

} // namespace tileport::frontend
