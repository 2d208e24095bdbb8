// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HelpText.h"

#include "CommandCatalog.h"

namespace tileport::cli {

namespace {

constexpr int kColumn = 26;

// "  LABEL      TEXT", the text on the next line when the label is too wide.
QString row(const QString &label, const QString &text)
{
    const QString head = QStringLiteral("  ") + label;
    if (head.size() + 2 > kColumn)
        return head + QLatin1Char('\n') + QString(kColumn, QLatin1Char(' ')) + text + QLatin1Char('\n');
    return head.leftJustified(kColumn) + text + QLatin1Char('\n');
}

// Wraps a paragraph at 78 columns.
QString wrap(const QString &text)
{
    QString out, line;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > 78) {
            out += line + QLatin1Char('\n');
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    return out + line + QLatin1Char('\n');
}

} // namespace

QString optionLabel(const OptionSpec &o)
{
    QString label = o.spellings().join(QStringLiteral(", "));
    if (o.takesValue())
        label += QLatin1Char(' ') + o.valueName;
    return label;
}

QString usageLines(const CommandSpec &spec)
{
    QString out = QStringLiteral("usage: ") + spec.synopsis() + QLatin1Char('\n');
    for (const QString &alt : spec.alternatives)
        out += QStringLiteral("       tileport %1 %2\n").arg(spec.name, alt);
    return out;
}

QString helpText(const CommandSpec &spec)
{
    QString out = usageLines(spec) + QLatin1Char('\n') + wrap(spec.description);
    if (!spec.positionals.isEmpty()) {
        out += QStringLiteral("\narguments:\n");
        for (const PositionalSpec &p : spec.positionals)
            out += row(p.name, p.description);
    }
    out += QStringLiteral("\noptions:\n");
    for (const OptionSpec &o : spec.options)
        out += row(optionLabel(o), o.description + (o.repeatable ? QStringLiteral(" (repeatable)") : QString()));
    out += row(QStringLiteral("-h, --help"), QStringLiteral("show this help"));
    if (!spec.exitCodes.isEmpty()) {
        out += QStringLiteral("\nexit status:\n");
        for (const QString &e : spec.exitCodes)
            out += row(e.section(QLatin1Char(' '), 0, 0), e.section(QLatin1Char(' '), 1));
    }
    return out;
}

QString overviewText()
{
    QString out = QStringLiteral("usage: tileport COMMAND [ARGS] [--help]\n"
                                 "       tileport --version\n\n"
                                 "Ports GPU tile kernels written in cuTile Python or Triton to cuTile Rust and checks\n"
                                 "each port on its Tile IR.\n\ncommands:\n");
    for (const CommandSpec &c : commands())
        if (!c.hidden)
            out += row(c.name, c.summary);
    out += QStringLiteral("\n`tileport COMMAND --help` describes a command's arguments, options and exit status.\n"
                          "A usage error prints the command's usage line and exits 2 (3 for ir, whose diff\n"
                          "exits 2 for PASS_WITH_NOTES).\n");
    return out;
}

QString groupHelpText(const QString &group)
{
    QString out;
    for (const CommandSpec *c : groupCommands(group))
        out += (out.isEmpty() ? QStringLiteral("usage: ") : QStringLiteral("       ")) + c->synopsis() + QLatin1Char('\n');
    out += QLatin1Char('\n');
    for (const CommandSpec *c : groupCommands(group))
        out += row(c->name, c->summary);
    out += QStringLiteral("\n`tileport %1 COMMAND --help` describes one.\n").arg(group);
    return out;
}

} // namespace tileport::cli
