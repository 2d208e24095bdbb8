// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "LauncherFindings.h"

#include "tileport/TileIR/Diff/Classifier.h"

namespace tileport {

namespace td = tileir::diff;

std::vector<td::Finding> LauncherFindings::of(const rust::LauncherComparison &comparison)
{
    std::vector<td::Finding> out;
    if (comparison.assumed) {
        td::Finding f;
        f.severity = td::Severity::Note;
        f.owner = td::Owner::Host;
        f.rule = "launcher-facts-assumed";
        f.message = "launcher facts assumed (no captured shapes): 16-byte aligned base, unit last stride";
        out.push_back(std::move(f));
    }
    for (const rust::LauncherDisagreement &d : comparison.disagreements) {
        const QString number = d.fact.what == QLatin1String("base")
                                   ? QStringLiteral("%1.base (%2-byte aligned)").arg(d.array).arg(d.fact.value)
                                   : QStringLiteral("%1.%2 = %3").arg(d.array, d.fact.what).arg(d.fact.value);
        td::Finding f;
        f.severity = td::Severity::Note;
        f.owner = td::Owner::Host;
        f.rule = "launcher-rule";
        f.message = QStringLiteral("%1: cuTile Python promises %2, cutile %3 (the launchers' rules differ; not a port defect)")
                        .arg(number, d.fact.python.text(), d.fact.cutile.text())
                        .toStdString();
        f.ref = d.fact.python.text().toStdString();
        f.gen = d.fact.cutile.text().toStdString();
        out.push_back(std::move(f));
    }
    return out;
}

void LauncherFindings::addTo(td::DiffReport &report, const frontend::KernelConfig &config)
{
    if (report.findings.empty())
        return;
    for (td::Finding &f : of(rust::LauncherRules::compare(config)))
        report.findings.push_back(std::move(f));
    report.verdict = td::Classifier::verdictOf(report.findings);
}

} // namespace tileport
