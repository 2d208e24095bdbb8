// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BashCompletion.h"

#include "CommandCatalog.h"

namespace tileport::cli {

namespace {

// The compgen arguments that complete a value of this kind.
QString compgenFor(ValueKind kind, const QStringList &choices)
{
    switch (kind) {
    case ValueKind::File: return QStringLiteral("-f");
    case ValueKind::Directory: return QStringLiteral("-d");
    case ValueKind::Choice: return QStringLiteral("-W '%1'").arg(choices.join(QLatin1Char(' ')));
    case ValueKind::Int:
    case ValueKind::Text: break;
    }
    return QString();
}

QString caseOf(const CommandSpec &c)
{
    QString out = QStringLiteral("    '%1')\n").arg(c.name);
    QStringList words{QStringLiteral("--help"), QStringLiteral("-h")};
    QString values;
    for (const OptionSpec &o : c.options) {
        words << o.spellings();
        if (o.takesValue())
            values += QStringLiteral("        %1) _tileport_reply %2; return ;;\n")
                          .arg(o.spellings().join(QLatin1Char('|')), QStringLiteral("\"%1\"").arg(compgenFor(o.kind, o.choices)));
    }
    if (!values.isEmpty())
        out += QStringLiteral("      case \"$prev\" in\n") + values + QStringLiteral("      esac\n");
    // Arguments: the kind of the first positional (files, directories or choices).
    QString positional;
    if (!c.positionals.isEmpty()) {
        const PositionalSpec &p = c.positionals.first();
        QStringList choices;
        if (c.name == QLatin1String("completion"))
            choices << QStringLiteral("bash");
        if (c.name == QLatin1String("help"))
            choices = commandWords();
        positional = compgenFor(p.kind, choices);
    }
    out += QStringLiteral("      if [[ $cur == -* ]]; then _tileport_reply \"-W '%1'\"; else _tileport_reply \"%2\"; fi ;;\n")
               .arg(words.join(QLatin1Char(' ')), positional);
    return out;
}

} // namespace

QString bashCompletion()
{
    QString out = QStringLiteral(
        "# SPDX-License-Identifier: MIT\n"
        "# SPDX-FileCopyrightText: 2026 TilePort contributors\n"
        "# bash completion for tileport, made by `tileport completion bash` from the definitions behind --help.\n"
        "_tileport_reply()\n"
        "{\n"
        "    [ -n \"$1\" ] || return 0\n"
        "    # compgen splits -W lists on IFS; its results, one a line, become COMPREPLY.\n"
        "    eval \"mapfile -t COMPREPLY < <(compgen $1 -- \\\"\\$cur\\\")\"\n"
        "}\n\n"
        "_tileport()\n"
        "{\n"
        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]}\n"
        "    COMPREPLY=()\n"
        "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n");
    out += QStringLiteral("        _tileport_reply \"-W '%1 --help --version'\"\n        return\n    fi\n")
               .arg(commandWords().join(QLatin1Char(' ')));
    // Groups: the second word picks the command.
    QStringList groups;
    for (const QString &w : commandWords())
        if (!groupCommands(w).isEmpty())
            groups << w;
    for (const QString &g : std::as_const(groups)) {
        QStringList subs;
        for (const CommandSpec *c : groupCommands(g))
            subs << c->name.section(QLatin1Char(' '), 1);
        out += QStringLiteral("    if [ \"$cmd\" = %1 ]; then\n"
                              "        if [ \"$COMP_CWORD\" -eq 2 ]; then _tileport_reply \"-W '%2'\"; return; fi\n"
                              "        cmd=\"%1 ${COMP_WORDS[2]}\"\n"
                              "    fi\n")
                   .arg(g, subs.join(QLatin1Char(' ')));
    }
    out += QStringLiteral("    case \"$cmd\" in\n");
    for (const CommandSpec &c : commands())
        if (!c.hidden)
            out += caseOf(c);
    out += QStringLiteral("    esac\n}\n\ncomplete -o filenames -o bashdefault -F _tileport tileport\n");
    return out;
}

} // namespace tileport::cli
