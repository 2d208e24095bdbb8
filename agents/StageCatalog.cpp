// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "StageCatalog.h"

namespace tileport {

const QList<StageInfo> &StageCatalog::stages()
{
    static const QList<StageInfo> all{
        {QLatin1Char('A'), QStringLiteral("Analyze"),
         QStringLiteral("kernel model, variants, reference Tile IR from cuTile Python"),
         {QStringLiteral("PASS"), QStringLiteral("FAIL_FIXABLE"), QStringLiteral("BLOCKED")}},
        {QLatin1Char('B'), QStringLiteral("Device kernel"),
         QStringLiteral("generate the cuTile Rust crate, cargo build, generated Tile IR"),
         {QStringLiteral("COMPILED"), QStringLiteral("FAIL_COMPILE"), QStringLiteral("FAIL_FIXABLE"),
          QStringLiteral("BLOCKED")}},
        {QLatin1Char('C'), QStringLiteral("IR diff"),
         QStringLiteral("canonical diff of reference against generated Tile IR"),
         {QStringLiteral("PASS"), QStringLiteral("PASS_WITH_NOTES"), QStringLiteral("FAIL_FIXABLE"),
          QStringLiteral("FAIL_COMPILER_BUG"), QStringLiteral("BLOCKED")}},
        {QLatin1Char('D'), QStringLiteral("Host and correctness"),
         QStringLiteral("C-ABI host code, run both kernels on identical inputs"),
         {QStringLiteral("ALL_PASS"), QStringLiteral("FAIL"), QStringLiteral("BLOCKED")}, true},
        {QLatin1Char('E'), QStringLiteral("Benchmark"),
         QStringLiteral("median time of both kernels per config, geomean ratio"),
         {QStringLiteral("DONE"), QStringLiteral("INVESTIGATE"), QStringLiteral("BLOCKED")}, true},
        {QLatin1Char('F'), QStringLiteral("Perf diagnosis"),
         QStringLiteral("hint diff and SASS instruction mix (optional)"),
         {QStringLiteral("FIXABLE"), QStringLiteral("ALIGNED"), QStringLiteral("BLOCKED")}},
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
