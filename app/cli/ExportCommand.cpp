// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport export --tilegym DIR SESSION...` (docs/handoff.md): each
// session resolved by SessionExport; the plan, diff and apply are
// core/handoff's (TileGymExport).
#include "Commands.h"

#include "SessionExport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

using namespace tileport;

namespace {

constexpr int kRefused = 1;
constexpr int kUnreadable = 3;

int fail(int code, const QString &message)
{
    QTextStream(stderr) << "tileport export: " << message << '\n';
    return code;
}

} // namespace

int runExportCommand(CommandLine &cl)
{
    const QString checkout = cl.value(QStringLiteral("tilegym"));
    if (checkout.isEmpty())
        return cl.usageError(QStringLiteral("--tilegym DIR is required"));
    if (cl.positionals().isEmpty())
        return cl.usageError(QStringLiteral("name at least one SESSION"));
    if (!QFileInfo(checkout).isDir())
        return fail(kUnreadable, QStringLiteral("%1: not a directory").arg(checkout));
    const bool dryRun = cl.isSet(QStringLiteral("dry-run"));
    const bool json = cl.isSet(QStringLiteral("json"));

    QList<handoff::TileGymPort> ports;
    for (const QString &dir : cl.positionals()) {
        handoff::TileGymPort port;
        QString error;
        if (!SessionExport::port(dir, &port, &error))
            return fail(kUnreadable, error);
        ports << port;
    }
    handoff::TileGymExportPlan plan;
    handoff::TileGymExportError error;
    if (!handoff::planTileGymExport(checkout, ports, &plan, &error))
        return fail(error.kind == handoff::TileGymExportError::Kind::Refused ? kRefused : kUnreadable, error.message);

    QTextStream out(stdout);
    const QString diff = plan.unifiedDiff();
    bool written = false;
    if (!dryRun && plan.hasChanges()) {
        QString why;
        if (!handoff::applyTileGymExport(plan, &why))
            return fail(kUnreadable, why + QStringLiteral(" (nothing was written)"));
        written = true;
    }
    if (json) {
        QJsonObject o = plan.toJson();
        o.insert(QStringLiteral("dry_run"), dryRun);
        o.insert(QStringLiteral("written"), written);
        o.insert(QStringLiteral("diff"), diff);
        out << QJsonDocument(o).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << diff;
    for (const handoff::TileGymFileChange &f : plan.files) {
        if (f.kind == handoff::TileGymFileChange::Kind::Unchanged)
            continue;
        out << (f.kind == handoff::TileGymFileChange::Kind::New ? "new      " : "changed  ") << f.path;
        if (!f.what.isEmpty())
            out << "  (" << f.what << ')';
        out << '\n';
    }
    for (const QString &n : plan.notes)
        out << "note: " << n << '\n';
    const QString ops = plan.ops.join(QStringLiteral(", "));
    if (!plan.hasChanges())
        out << "nothing to change: " << ops << " already exported to " << plan.checkout << '\n';
    else if (dryRun)
        out << "dry run: nothing written; " << ops << " would be exported to " << plan.checkout << '\n';
    else
        out << "exported " << ops << " to " << plan.checkout << " as the cutile-rs backend\n";
    return 0;
}
