// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ManPage.h"

#include "CommandCatalog.h"
#include "HelpText.h"

namespace tileport::cli {

namespace {

// Text safe inside a roff line: backslashes escaped, dashes as minus signs
// (so that options copy and paste), no control character at a line start.
QString roff(const QString &text)
{
    QString s = text;
    s.replace(QLatin1Char('\\'), QStringLiteral("\\e"));
    s.replace(QLatin1Char('-'), QStringLiteral("\\-"));
    if (s.startsWith(QLatin1Char('.')) || s.startsWith(QLatin1Char('\'')))
        s.prepend(QStringLiteral("\\&"));
    return s;
}

} // namespace

QString manPage(const QString &version)
{
    QString out;
    out += QStringLiteral(".\\\" SPDX-License-Identifier: MIT\n"
                          ".\\\" SPDX-FileCopyrightText: 2026 TilePort contributors\n"
                          ".\\\" Made by `tileport manpage` from the definitions behind --help.\n");
    out += QStringLiteral(".TH TILEPORT 1 \"\" \"tileport %1\" \"User Commands\"\n").arg(roff(version));
    out += QStringLiteral(".SH NAME\ntileport \\- port cuTile Python and Triton kernels to cuTile Rust\n");
    out += QStringLiteral(".SH SYNOPSIS\n.B tileport\n.I COMMAND\n[\\fIARGS\\fR] [\\fB\\-\\-help\\fR]\n.br\n"
                          ".B tileport \\-\\-version\n");
    out += QStringLiteral(".SH DESCRIPTION\nTilePort ports GPU tile kernels written in cuTile Python or Triton to "
                          "cuTile Rust and checks each port mechanically: both sides compile to CUDA Tile IR, and the "
                          "two modules are decoded and compared. Every command answers \\fB\\-\\-help\\fR; a usage "
                          "error prints the command's usage line and exits 2 (3 for \\fBir\\fR, whose \\fBdiff\\fR "
                          "exits 2 for PASS_WITH_NOTES).\n");
    out += QStringLiteral(".SH COMMANDS\n");
    for (const CommandSpec &c : commands()) {
        if (c.hidden)
            continue;
        out += QStringLiteral(".SS \"%1\"\n").arg(roff(c.name));
        out += roff(c.synopsis()) + QLatin1Char('\n');
        for (const QString &alt : c.alternatives)
            out += QStringLiteral(".br\n") + roff(QStringLiteral("tileport %1 %2").arg(c.name, alt)) + QLatin1Char('\n');
        out += QStringLiteral(".PP\n") + roff(c.description) + QLatin1Char('\n');
        for (const PositionalSpec &p : c.positionals)
            out += QStringLiteral(".TP\n.I %1\n%2\n").arg(roff(p.name), roff(p.description));
        for (const OptionSpec &o : c.options) {
            QStringList names;
            for (const QString &s : o.spellings())
                names << QStringLiteral("\\fB%1\\fR").arg(roff(s));
            out += QStringLiteral(".TP\n") + names.join(QStringLiteral(", "))
                   + (o.takesValue() ? QStringLiteral(" \\fI%1\\fR").arg(roff(o.valueName)) : QString()) + QLatin1Char('\n')
                   + roff(o.description + (o.repeatable ? QStringLiteral(" (repeatable)") : QString())) + QLatin1Char('\n');
        }
        if (!c.exitCodes.isEmpty()) {
            out += QStringLiteral(".PP\nExit status:\n");
            for (const QString &e : c.exitCodes)
                out += QStringLiteral(".br\n") + roff(e) + QLatin1Char('\n');
        }
    }
    out += QStringLiteral(".SH ENVIRONMENT\n"
                          ".TP\n.B TILEPORT_CACHE\nDownloads, the build root and caches (default "
                          "\\fI$XDG_CACHE_HOME/tileport\\fR).\n"
                          ".TP\n.B TILEPORT_RESOURCE_DIR\nThe helper scripts and crate templates (default "
                          "\\fI../share/tileport\\fR beside the binary, or the source tree's \\fIresources\\fR).\n"
                          ".TP\n.B TILEPORT_API_KEY\nThe key \\fBrepair\\fR sends when the keyring holds none.\n");
    out += QStringLiteral(".SH FILES\n.TP\n.I $XDG_CONFIG_HOME/TilePort/tileport-gui.conf\nThe IDE's settings.\n"
                          ".TP\n.I $XDG_CACHE_HOME/tileport\nThe cache.\n");
    out += QStringLiteral(".SH SEE ALSO\n.BR tileport\\-gui (1)\n");
    return out;
}

} // namespace tileport::cli
