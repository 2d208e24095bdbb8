// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageCatalog.h"

#include "Verdict.h"

namespace tileport {

const QList<StageInfo> &StageCatalog::stages()
{
    static const QList<StageInfo> all{
        {QLatin1Char('A'), QStringLiteral("Analyze"),
         QStringLiteral("kernel model, variants, reference Tile IR from cuTile Python"),
         {verdictName(Verdict::Pass), verdictName(Verdict::FailFixable), verdictName(Verdict::Blocked)}},
        {QLatin1Char('B'), QStringLiteral("Device kernel"),
         QStringLiteral("generate the cuTile Rust crate, cargo build, generated Tile IR"),
         {verdictName(Verdict::Compiled), verdictName(Verdict::FailCompile), verdictName(Verdict::FailFixable),
          verdictName(Verdict::Blocked)}},
        {QLatin1Char('C'), QStringLiteral("IR diff"),
         QStringLiteral("canonical diff of reference against generated Tile IR"),
         {verdictName(Verdict::Pass), verdictName(Verdict::PassWithNotes), verdictName(Verdict::FailFixable),
          verdictName(Verdict::FailCompilerBug), verdictName(Verdict::Blocked)}},
        {QLatin1Char('D'), QStringLiteral("Host and correctness"),
         QStringLiteral("C-ABI host code, run both kernels on identical inputs"),
         {verdictName(Verdict::AllPass), verdictName(Verdict::Fail), verdictName(Verdict::Blocked)}, true},
        {QLatin1Char('E'), QStringLiteral("Benchmark"),
         QStringLiteral("median time of both kernels per config, geomean ratio"),
         {verdictName(Verdict::Done), verdictName(Verdict::Investigate), verdictName(Verdict::Blocked)}, true},
        {QLatin1Char('F'), QStringLiteral("Perf diagnosis"),
         QStringLiteral("hint diff and SASS instruction mix (optional)"),
         {verdictName(Verdict::Fixable), verdictName(Verdict::Aligned), verdictName(Verdict::Blocked)}},
    };
    return all;
}

const StageInfo *StageCatalog::find(QChar id)
{
    for (const StageInfo &s : stages())
        if (s.id == id.toUpper())
            return &s;
    return nullptr;
}

} // namespace tileport
