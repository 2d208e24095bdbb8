// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RepairAgent.h"

#include "PromptBuilder.h"
#include "Session.h"

#include <QDir>
#include <QFile>

namespace tileport::llm {

namespace {

QString runPrefix(int run)
{
    return QStringLiteral("runs/%1/").arg(run, 3, 10, QLatin1Char('0'));
}

QString mappingRules()
{
    QFile f(QStringLiteral(":/tileport/llm/mapping-rules.md"));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

std::optional<RepairAgent> RepairAgent::forStage(QChar stage)
{
    switch (stage.toLatin1()) {
    case 'B': return RepairAgent(stage, Role::DeviceKernel);
    case 'C': return RepairAgent(stage, Role::IrDiffDiagnosis);
    case 'D': return RepairAgent(stage, Role::Host);
    default: return std::nullopt;
    }
}

QString RepairAgent::name() const
{
    switch (m_role) {
    case Role::DeviceKernel: return QStringLiteral("device kernel repair");
    case Role::IrDiffDiagnosis: return QStringLiteral("IR-diff diagnosis");
    case Role::Host: return QStringLiteral("host repair");
    }
    return {};
}

QStringList RepairAgent::allowedPaths(int run) const
{
    // Only Rust sources of the generated crate: Cargo.toml and build.rs
    // are never offered, since building the crate would run them.
    const QString crate = runPrefix(run) + QStringLiteral("generated/crate/src/");
    if (m_role == Role::Host)
        return {crate + QStringLiteral("ffi.rs")};
    // The device-kernel agent may also declare an entry it wrote for a
    // kernel the translator refused: tileport-crate.json is data the stage
    // reads, never run.
    if (m_role == Role::DeviceKernel)
        return {crate + QStringLiteral("lib.rs"), runPrefix(run) + QStringLiteral("generated/crate/tileport-crate.json")};
    return {crate + QStringLiteral("lib.rs")};
}

ModelRequest RepairAgent::buildRequest(const Session &session, int run) const
{
    const QDir dir(session.directory());
    const QString prefix = runPrefix(run);
    const QString source = session.info().value(QStringLiteral("source")).toString();
    const QString kernel = session.info().value(QStringLiteral("kernel")).toString();
    PromptBuilder p;
    p.addText(QStringLiteral("task"),
              QStringLiteral("Kernel %1 from %2 is being ported to cuTile Rust. Stage %3 (%4) reported the findings below. "
                             "Propose the smallest change that makes the stage's validators pass. You may change only: %5")
                  .arg(kernel, QFileInfo(source).fileName(), QString(m_stage), name(), allowedPaths(run).join(QStringLiteral(", "))));
    p.addFile(QStringLiteral("source %1").arg(QFileInfo(source).fileName()), source, 16'000);
    p.addFile(prefix + QStringLiteral("generated/crate/src/lib.rs"), dir.filePath(prefix + QStringLiteral("generated/crate/src/lib.rs")), 20'000);
    switch (m_role) {
    case Role::DeviceKernel:
        p.addFile(QStringLiteral("stage B report"), dir.filePath(prefix + QStringLiteral("reports/stage_B.md")), 8'000);
        p.addFile(prefix + QStringLiteral("generated/crate/tileport-crate.json"),
                  dir.filePath(prefix + QStringLiteral("generated/crate/tileport-crate.json")), 8'000);
        p.addFile(QStringLiteral("cargo build log"), dir.filePath(prefix + QStringLiteral("logs/cargo_build.log")), 8'000);
        break;
    case Role::IrDiffDiagnosis: {
        p.addFile(QStringLiteral("stage C report"), dir.filePath(prefix + QStringLiteral("reports/stage_C.md")), 6'000);
        const QDir reports(dir.filePath(prefix + QStringLiteral("reports")));
        for (const QString &f : reports.entryList({QStringLiteral("diff_*.md")}, QDir::Files, QDir::Name).mid(0, 3))
            p.addFile(QStringLiteral("IR diff report %1").arg(f), reports.filePath(f), 8'000);
        break;
    }
    case Role::Host:
        p.addFile(prefix + QStringLiteral("generated/crate/src/ffi.rs"), dir.filePath(prefix + QStringLiteral("generated/crate/src/ffi.rs")), 12'000);
        p.addFile(QStringLiteral("stage D report"), dir.filePath(prefix + QStringLiteral("reports/stage_D.md")), 8'000);
        p.addFile(QStringLiteral("host build log"), dir.filePath(prefix + QStringLiteral("logs/cargo_build_host.log")), 6'000);
        break;
    }
    p.addText(QStringLiteral("mapping rules"), mappingRules(), 6'000);
    ModelRequest r;
    r.system = QStringLiteral("You are TilePort's %1 agent. You fix ported GPU tile kernels.\n").arg(name()) + ReplyContract::instructions();
    r.user = p.text();
    return r;
}

ReplyContract::Result RepairAgent::check(const QString &reply, int run, const patch::PathGuard &guard) const
{
    ReplyContract::Result r = ReplyContract::parse(reply);
    if (!r.ok)
        return r;
    const QStringList allowed = allowedPaths(run);
    for (const patch::FilePatch &fp : r.patches.files) {
        QString why;
        for (const QString &path : {fp.oldPath, fp.newPath}) {
            if (path.isEmpty() || guard.resolve(path, &why))
                continue;
            r.ok = false;
            r.reason = QStringLiteral("the reply writes '%1', refused: %2").arg(path, why);
            r.patches = {};
            return r;
        }
        if (!allowed.contains(fp.path()) || (!fp.oldPath.isEmpty() && fp.oldPath != fp.path())) {
            r.ok = false;
            r.reason = QStringLiteral("the reply changes '%1', which the %2 agent may not change (allowed: %3)")
                           .arg(fp.path(), name(), allowed.join(QStringLiteral(", ")));
            r.patches = {};
            return r;
        }
    }
    return r;
}

} // namespace tileport::llm
