// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrDiffStep.h"

#include "LauncherFindings.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ReportWriter.h"

#include <QSaveFile>

#include <llvm/Support/raw_ostream.h>

namespace tileport::steps {

namespace {

namespace td = tileir::diff;

Verdict fromDiff(td::Verdict v)
{
    switch (v) {
    case td::Verdict::Pass:
        return Verdict::Pass;
    case td::Verdict::PassWithNotes:
        return Verdict::PassWithNotes;
    case td::Verdict::FailFixable:
        break;
    }
    return Verdict::FailFixable;
}

void writeReport(const QString &path, const std::string &text)
{
    if (path.isEmpty())
        return;
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(text.data(), qint64(text.size()));
        f.commit();
    }
}

} // namespace

IrDiffEvidence diffIr(const IrDiffInput &input)
{
    IrDiffEvidence out;
    std::string diag;
    llvm::raw_string_ostream ds(diag);
    const QString refLabel = input.referenceLabel.isEmpty() ? input.reference : input.referenceLabel;
    const QString genLabel = input.generatedLabel.isEmpty() ? input.generated : input.generatedLabel;
    std::optional<td::DiffReport> report = td::diffFiles(input.reference.toStdString(), input.generated.toStdString(), {}, ds,
                                                         refLabel.toStdString(), genLabel.toStdString());
    if (!report) {
        out.verdict = Verdict::FailFixable;
        out.owner = Owner::Kernel;
        out.error = QString::fromStdString(diag).trimmed();
        if (out.error.isEmpty())
            out.error = QStringLiteral("%1, %2: the modules could not be compared").arg(refLabel, genLabel);
        out.exitCode = 3;
        return out;
    }
    if (input.config)
        LauncherFindings::addTo(*report, *input.config);
    std::string json, md;
    llvm::raw_string_ostream js(json), ms(md);
    td::writeJsonReport(*report, js);
    td::writeMarkdownReport(*report, ms);
    writeReport(input.jsonReport, json);
    writeReport(input.markdownReport, md);

    out.verdict = fromDiff(report->verdict);
    if (report->owner)
        out.owner = *report->owner == td::Owner::Host ? Owner::Host : Owner::Kernel;
    out.critical = int(report->count(td::Severity::Critical));
    out.notes = int(report->count(td::Severity::Note));
    out.exitCode = td::exitCode(report->verdict);
    for (const td::Finding &f : report->findings)
        if (f.severity == td::Severity::Critical && !out.criticalRules.contains(QString::fromStdString(f.rule)))
            out.criticalRules << QString::fromStdString(f.rule);
    return out;
}

} // namespace tileport::steps
