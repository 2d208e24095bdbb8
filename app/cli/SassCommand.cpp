// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "SassComparison.h"
#include "SassCompiler.h"
#include "SassReport.h"
#include "Verdict.h"

#include <QJsonDocument>
#include <QTextStream>

namespace {

namespace ts = tileport::sass;

// 0 identical or equivalent, 1 differs, 2 usage (CommandLine), 3 a tool failed (BLOCKED).
constexpr int kDiffersExit = 1;
constexpr int kBlockedExit = 3;

} // namespace

int runSassCommand(CommandLine &cl)
{
    const QStringList files = cl.positionals();
    const bool json = cl.isSet(QStringLiteral("json")), summary = cl.isSet(QStringLiteral("summary"));
    const tileport::Toolchains tools = tileport::Toolchains::fromEnvironment();
    ts::CompileOptions options;
    if (tools.toolTimeoutMs > 0)
        options.timeoutMs = tools.toolTimeoutMs;
    options.useCache = !cl.isSet(QStringLiteral("no-cache"));
    options.target = cl.value(QStringLiteral("target"), options.target);
    options.cacheDir = cl.value(QStringLiteral("cache-dir"), options.cacheDir);
    options.timeoutMs = cl.intValue(QStringLiteral("timeout"), options.timeoutMs / 1000) * 1000;
    if (!options.target.startsWith(QLatin1String("sm_")))
        return cl.usageError(QStringLiteral("--target takes an sm_XY name (sm_90)"));

    const ts::SassCompiler compiler(tools);
    QTextStream out(stdout), err(stderr);
    if (files.size() == 1) {
        const ts::SideResult side = compiler.build(files[0], options);
        if (json)
            out << QJsonDocument(ts::sideJson(side, !summary)).toJson();
        else if (side.ok())
            out << ts::sideText(side, options, !summary);
        if (!side.ok())
            err << "tileport sass: BLOCKED: " << side.error << '\n';
        return side.ok() ? 0 : kBlockedExit;
    }

    const auto [ref, gen] = compiler.buildPair(files[0], files[1], options);
    if (!ref.ok() || !gen.ok()) {
        if (json)
            out << QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("tileport-sass/1")},
                                             {QStringLiteral("verdict"), tileport::verdictName(tileport::Verdict::Blocked)},
                                             {QStringLiteral("ref"), ts::sideJson(ref)},
                                             {QStringLiteral("gen"), ts::sideJson(gen)}})
                       .toJson();
        for (const ts::SideResult *s : {&ref, &gen})
            if (!s->ok())
                err << "tileport sass: BLOCKED: " << s->error << '\n';
        return kBlockedExit;
    }
    const ts::Comparison c = ts::compare(ref.module, gen.module);
    if (json)
        out << QJsonDocument(ts::comparisonJson(ref, gen, c, options)).toJson();
    else
        out << ts::comparisonText(ref, gen, c, options);
    return c.verdict == ts::Verdict::Differs ? kDiffersExit : 0;
}
