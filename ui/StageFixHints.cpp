// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageFixHints.h"

#include "Verdict.h"

#include <QRegularExpression>

namespace tileport::ui {

namespace {

bool has(const QString &text, const char *needle)
{
    return text.contains(QLatin1String(needle), Qt::CaseInsensitive);
}

} // namespace

bool StageFixHints::isFailure(const QString &verdict)
{
    return verdict.startsWith(verdictName(Verdict::Fail)) || verdict == verdictName(Verdict::Blocked) || verdict == QLatin1String("ERROR");
}

QString StageFixHints::oneLine(const QString &reason)
{
    QString line = reason.section(QLatin1Char('\n'), 0, 0).trimmed();
    // The capture's CLI advice ("; name a launch with `tileport port --call ...`"): the IDE gives its own.
    const qsizetype cli = line.indexOf(QLatin1String("; name a launch with `tileport port"));
    if (cli > 0)
        line.truncate(cli);
    return line;
}

QString StageFixHints::fixFor(QChar stage, const QString &verdict, const QString &owner, const QString &reason)
{
    if (!isFailure(verdict))
        return {};
    static const QRegularExpression located(QStringLiteral(R"(^\S+\.(py|rs):\d+(:\d+)?: )"));
    if (has(reason, "no configs captured") || has(reason, "no usable specialization configs") || has(reason, "has no config for kernel"))
        return QStringLiteral("Pipeline ▸ Capture configurations… (Ctrl+Shift+G): add a call that launches the kernel");
    if (has(reason, "no @ct.kernel named") || has(reason, "no @triton.jit kernel named") || has(reason, "choose the kernel"))
        return QStringLiteral("pick the kernel in the toolbar's kernel selector, then Run (F5)");
    if (has(reason, "scripts/setup") || (owner == ownerName(Owner::Env) && (has(reason, "no cargo") || has(reason, "no python") || has(reason, "tileiras"))))
        return QStringLiteral("File ▸ Settings… (Ctrl+,): set the tool's path, or run scripts/setup");
    if ((stage == QLatin1Char('D') || stage == QLatin1Char('E')) && verdict == verdictName(Verdict::Blocked))
        return QStringLiteral("File ▸ Settings… (Ctrl+,): choose a GPU runner (local, ssh://host/dir or slurm://partition)");
    if (stage == QLatin1Char('A') && reason.contains(located))
        return QStringLiteral("fix the kernel at the line shown in Problems, then Run (F5)");
    if (stage == QLatin1Char('B'))
        return QStringLiteral("Problems lists where; edit the Rust pane and Re-run C with the edit (Ctrl+Shift+R), or ask the repair agent (Ctrl+Shift+A)");
    if (stage == QLatin1Char('C'))
        return QStringLiteral("walk the findings in the IR diff (F7, Ctrl+F7), or ask stage C's repair agent (Ctrl+Shift+A)");
    if (stage == QLatin1Char('D'))
        return QStringLiteral("the stage log shows the failing check; ask stage D's repair agent (Ctrl+Shift+A)");
    return {};
}

} // namespace tileport::ui
