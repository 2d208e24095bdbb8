// SPDX-License-Identifier: MIT
#include "Commands.h"

#include "SassComparison.h"
#include "SassCompiler.h"
#include "SassReport.h"

#include <QJsonDocument>
#include <QTextStream>

namespace {

namespace ts = tileport::sass;

// 0 identical or equivalent, 1 differs, 2 usage, 3 a tool failed (BLOCKED).
constexpr int kDiffersExit = 1;
constexpr int kUsageExit = 2;
constexpr int kBlockedExit = 3;

int usage(int code)
{
    QTextStream(code == 0 ? stdout : stderr)
        << "usage: tileport sass REF.tileirbc GEN.tileirbc [--target sm_90] [--json] [--no-cache] [--timeout S]\n"
           "       tileport sass FILE.tileirbc [--target sm_90] [--json] [--summary] [--no-cache] [--timeout S]\n"
           "Compiles Tile IR bytecode with tileiras on the CPU, disassembles it with cuobjdump and compares\n"
           "the two sides' SASS (docs/sass.md). Exit 0 SASS_IDENTICAL or SASS_EQUIVALENT, 1 SASS_DIFFERS,\n"
           "2 bad arguments, 3 a tool failed (BLOCKED). --cache-dir DIR overrides $TILEPORT_CACHE/sass.\n";
    return code;
}

} // namespace

int runSassCommand(const QStringList &args)
{
    QStringList files;
    bool json = false, summary = false;
    ts::CompileOptions options;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--json"))
            json = true;
        else if (a == QLatin1String("--summary"))
            summary = true;
        else if (a == QLatin1String("--no-cache"))
            options.useCache = false;
        else if (a == QLatin1String("--target") && i + 1 < args.size())
            options.target = args[++i];
        else if (a == QLatin1String("--cache-dir") && i + 1 < args.size())
            options.cacheDir = args[++i];
        else if (a == QLatin1String("--timeout") && i + 1 < args.size()) {
            bool ok = false;
            const int s = args[++i].toInt(&ok);
            if (!ok || s <= 0) {
                QTextStream(stderr) << "tileport sass: --timeout takes a positive number of seconds\n";
                return kUsageExit;
            }
            options.timeoutMs = s * 1000;
        } else if (a == QLatin1String("--help") || a == QLatin1String("-h"))
            return usage(0);
        else if (a.startsWith(QLatin1Char('-'))) {
            QTextStream(stderr) << "tileport sass: unknown option '" << a << "'\n";
            return usage(kUsageExit);
        } else
            files << a;
    }
    if (files.isEmpty() || files.size() > 2)
        return usage(kUsageExit);
    if (!options.target.startsWith(QLatin1String("sm_"))) {
        QTextStream(stderr) << "tileport sass: --target takes an sm_XY name (sm_90)\n";
        return kUsageExit;
    }

    const ts::SassCompiler compiler(tileport::Toolchains::fromEnvironment());
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
                                             {QStringLiteral("verdict"), QStringLiteral("BLOCKED")},
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
