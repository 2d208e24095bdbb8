// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "EntryHints.h"

#include <QStringList>

namespace tileport::rust {

QList<TargetHints> entryHints(const frontend::KernelInfo &kernel)
{
    static const QList<QPair<const char *, const char *>> names{
        {"num_ctas", "num_cta_in_cga"}, {"occupancy", "occupancy"}, {"num_worker_warps", "num_worker_warps_per_cta"}};
    QList<TargetHints> out;
    for (const char *arch : {"sm_90", "sm_100"}) {
        TargetHints t{QLatin1String(arch), {}};
        for (const auto &[python, rust] : names)
            for (const frontend::KernelOption &o : kernel.options) {
                if (o.name != QLatin1String(python) || !o.constant)
                    continue;
                QString value = o.evaluated;
                if (o.byTarget) {
                    value.clear();
                    for (const auto &[target, v] : o.targets)
                        if (target == QLatin1String(arch) || (value.isEmpty() && target == QLatin1String("default")))
                            value = v;
                }
                bool ok = false;
                const int n = value.toInt(&ok);
                if (ok && n > 0)
                    t.hints.append({QLatin1String(rust), n});
            }
        if (!t.hints.isEmpty())
            out.append(t);
    }
    return out;
}

QString entryHintsText(const QList<TargetHints> &hints)
{
    QStringList archs;
    for (const TargetHints &t : hints) {
        QStringList parts;
        for (const auto &[name, n] : t.hints)
            parts << QStringLiteral("%1 = %2").arg(name).arg(n);
        archs << QStringLiteral("%1 = (%2,)").arg(t.target, parts.join(QStringLiteral(", ")));
    }
    return archs.isEmpty() ? QString() : QStringLiteral("optimization_hints = (%1,)").arg(archs.join(QStringLiteral(", ")));
}

} // namespace tileport::rust
