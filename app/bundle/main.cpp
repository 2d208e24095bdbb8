// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// tileport-bundle: the host bundle of stages D/E without a session, for
// running it on another machine (scripts/gpu-proof). Translates the kernel
// file, writes the crate, adds the C ABI, builds the cdylib and assembles
// OUT/bundle; OUT/crate keeps the crate. Triton files (FILE.py importing
// triton) keep the Triton kernel as the bundle's reference. Exit codes: 0 bundle written;
// 1 the kernel or its host code failed; 2 usage; 3 environment (no cargo).
#include "Frontend.h"

#include "CrateWriter.h"
#include "CutileTarget.h"
#include "HostBundleBuilder.h"
#include "KernelConfigFile.h"
#include "RustTranslator.h"
#include "Toolchains.h"
#include "Verdict.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

using namespace tileport;

namespace {

int usage(const QString &msg)
{
    QTextStream(stderr) << "tileport-bundle: " << msg << '\n'
                        << "usage: tileport-bundle FILE.py -o OUT [--kernel NAME] [--config CFG.json] [--cutile 0.5|0.4]\n"
                           "  without --kernel, every translated kernel with a config in the sidecar;\n"
                           "  --cutile: the cutile release the crate targets (default 0.5)\n";
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    QString file, out, kernel, config, cutile;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        const bool value = i + 1 < args.size();
        if ((a == QLatin1String("-o") || a == QLatin1String("--kernel") || a == QLatin1String("--config")
             || a == QLatin1String("--cutile")) && value)
            (a == QLatin1String("-o")         ? out
             : a == QLatin1String("--kernel") ? kernel
             : a == QLatin1String("--config") ? config
                                              : cutile) = args[++i];
        else if (a.startsWith(QLatin1Char('-')))
            return usage(QStringLiteral("unknown option '%1'").arg(a));
        else if (file.isEmpty())
            file = a;
        else
            return usage(QStringLiteral("unexpected argument '%1'").arg(a));
    }
    if (file.isEmpty() || out.isEmpty())
        return usage(QStringLiteral("FILE.py and -o OUT are required"));
    file = QFileInfo(file).absoluteFilePath();
    if (config.isEmpty())
        config = frontend::KernelConfigFile::pathFor(file);
    // No --kernel: every kernel of the file that the sidecar has configs for.
    if (!QFileInfo::exists(config))
        return usage(QStringLiteral("%1: no sidecar (pass --config, or capture one with tileport configs)").arg(config));

    QTextStream err(stderr);
    Toolchains tools = Toolchains::fromEnvironment();
    if (!cutile.isEmpty()) {
        QString e;
        tools.cutileVersion = CutileTarget::resolve(cutile, &e);
        if (tools.cutileVersion.isEmpty())
            return usage(QStringLiteral("--cutile: ") + e);
    }
    rust::HostBundleBuilder::Options o;
    o.source = file;
    // A Triton file translates through its front-end and keeps Triton as the reference.
    const Frontend &language = frontendFor(file);
    language.configureBundle(o);
    rust::RustTranslator::Options options;
    options.kernel = kernel;
    rust::TranslationResult result = language.translate(file, options);
    result.nameCrateFor(QDir(out).filePath(QStringLiteral("crate"))); // as HostBundleBuilder names it
    for (const rust::TranslationDiagnostic &d : result.diagnostics)
        err << d.toString() << '\n';
    if (!result.error.isEmpty() || result.kernels.isEmpty()) {
        err << "tileport-bundle: " << (result.error.isEmpty() ? QStringLiteral("no kernel translated") : result.error) << '\n';
        return 1;
    }
    rust::CrateWriter::Options w = rust::CrateWriter::optionsFor(tools);
    if (frontend::KernelConfigFile sidecar; sidecar.load(config))
        w.configs = rust::CrateConfigs::of(sidecar);
    const QDir root(out);
    if (const QString e = rust::CrateWriter::write(result, root.filePath(QStringLiteral("crate")), w); !e.isEmpty()) {
        err << "tileport-bundle: " << e << '\n';
        return 1;
    }
    o.kernel = kernel;
    o.configPath = config;
    o.crateDir = root.filePath(QStringLiteral("crate"));
    o.outDir = root.filePath(QStringLiteral("bundle"));
    const rust::HostBundleBuilder::Result r = rust::HostBundleBuilder::build(o, tools);
    for (const rust::HostBundleBuilder::Step &s : r.steps)
        err << "  " << s.name << ": exit " << s.exitCode << (s.output.isEmpty() ? QString() : QStringLiteral("\n") + s.output) << '\n';
    if (!r.ok) {
        err << "tileport-bundle: " << tileport::verdictName(r.verdict) << " ("
            << (r.owner ? tileport::ownerName(*r.owner) : QString()) << "): " << r.reason << '\n';
        return r.owner == tileport::Owner::Env ? 3 : 1;
    }
    QTextStream(stdout) << o.outDir << '\n';
    return 0;
}
