// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CommandLine.h"

#include "HelpText.h"

#include <QTextStream>

namespace tileport::cli {

CommandLine::CommandLine(const CommandSpec &spec)
    : m_spec(spec)
{
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    m_parser.addOption(QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("show this help")));
    for (const OptionSpec &o : spec.options)
        m_parser.addOption(QCommandLineOption(o.names, o.description, o.valueName));
}

std::optional<int> CommandLine::parse(const QStringList &args)
{
    const bool parsed = m_parser.parse(QStringList{QStringLiteral("tileport")} + args);
    // --help wins over any other mistake on the line.
    if (m_parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << helpText(m_spec);
        return 0;
    }
    if (!parsed) {
        const QStringList unknown = m_parser.unknownOptionNames();
        if (!unknown.isEmpty()) {
            const QString n = unknown.first();
            return usageError(QStringLiteral("unknown option '%1%2'").arg(n.size() > 1 ? QStringLiteral("--") : QStringLiteral("-"), n));
        }
        QString e = m_parser.errorText();
        if (e.endsWith(QLatin1Char('.')))
            e.chop(1);
        if (!e.isEmpty())
            e[0] = e[0].toLower();
        return usageError(e);
    }
    if (const QString e = checkValues(); !e.isEmpty())
        return usageError(e);
    return std::nullopt;
}

QString CommandLine::checkValues() const
{
    for (const OptionSpec &o : m_spec.options) {
        if (!o.takesValue() || !m_parser.isSet(o.names.first()))
            continue;
        const QStringList vs = m_parser.values(o.names.first());
        if (!o.repeatable && vs.size() > 1)
            return QStringLiteral("%1 given more than once").arg(o.spelled());
        for (const QString &v : vs) {
            if (o.kind == ValueKind::Int) {
                bool ok = false;
                const int n = v.toInt(&ok);
                if (!ok || n < o.minimum)
                    return o.minimum == 1 ? QStringLiteral("%1 needs a positive number, not '%2'").arg(o.spelled(), v)
                                          : QStringLiteral("%1 needs a number of at least %2, not '%3'").arg(o.spelled()).arg(o.minimum).arg(v);
            } else if (o.kind == ValueKind::Choice && !o.choices.contains(v, Qt::CaseInsensitive)) {
                return QStringLiteral("%1 must be %2, not '%3'").arg(o.spelled(), o.choices.join(QLatin1Char('|')), v);
            }
        }
    }
    const QStringList pos = m_parser.positionalArguments();
    int required = 0;
    bool unbounded = false;
    for (const PositionalSpec &p : m_spec.positionals) {
        required += p.optional ? 0 : 1;
        unbounded = unbounded || p.repeatable;
    }
    if (pos.size() < required) {
        for (int i = pos.size(); i < m_spec.positionals.size(); ++i)
            if (!m_spec.positionals[i].optional)
                return QStringLiteral("no %1 given").arg(m_spec.positionals[i].name);
    }
    if (!unbounded && pos.size() > m_spec.positionals.size())
        return QStringLiteral("unexpected argument '%1'").arg(pos[m_spec.positionals.size()]);
    return QString();
}

bool CommandLine::isSet(const QString &name) const
{
    return m_parser.isSet(name);
}

QString CommandLine::value(const QString &name, const QString &fallback) const
{
    return m_parser.isSet(name) ? m_parser.value(name) : fallback;
}

QStringList CommandLine::values(const QString &name) const
{
    return m_parser.values(name);
}

int CommandLine::intValue(const QString &name, int fallback) const
{
    return m_parser.isSet(name) ? m_parser.value(name).toInt() : fallback;
}

int CommandLine::usageError(const QString &message) const
{
    QTextStream(stderr) << "tileport " << m_spec.name << ": " << message << '\n' << usageLines(m_spec);
    return m_spec.usageExit;
}

} // namespace tileport::cli
