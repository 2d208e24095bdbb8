// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CommandSpec.h"

namespace tileport::cli {

QString OptionSpec::longName() const
{
    for (const QString &n : names)
        if (n.size() > 1)
            return n;
    return names.value(0);
}

QString OptionSpec::spelled() const
{
    const QString n = longName();
    return (n.size() > 1 ? QStringLiteral("--") : QStringLiteral("-")) + n;
}

QStringList OptionSpec::spellings() const
{
    QStringList out;
    for (const QString &n : names)
        out << (n.size() > 1 ? QStringLiteral("--") : QStringLiteral("-")) + n;
    return out;
}

const OptionSpec *CommandSpec::option(const QString &name) const
{
    for (const OptionSpec &o : options)
        if (o.names.contains(name))
            return &o;
    return nullptr;
}

QString CommandSpec::synopsis() const
{
    QStringList parts{QStringLiteral("tileport"), name};
    for (const PositionalSpec &p : positionals) {
        QString s = p.name + (p.repeatable ? QStringLiteral("...") : QString());
        parts << (p.optional ? QStringLiteral("[%1]").arg(s) : s);
    }
    for (const OptionSpec &o : options) {
        QString s = o.spelled();
        if (o.takesValue())
            s += QLatin1Char(' ') + o.valueName;
        parts << QStringLiteral("[%1]").arg(s) + (o.repeatable ? QStringLiteral("...") : QString());
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace tileport::cli
