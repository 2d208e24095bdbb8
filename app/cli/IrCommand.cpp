// SPDX-License-Identifier: MIT
#include "Commands.h"

#include "tileport/TileIR/Diff/Canonicalizer.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Diff/ReportWriter.h"

#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

namespace {

namespace td = tileport::tileir::diff;

// `ir` uses 0/2/1 for the diff verdicts (as TileGym's diff_ir.sh), so
// problems with the input or the command line get their own code.
constexpr int kErrorExit = 3;

int usage(llvm::raw_ostream &os, int code)
{
    os << "usage: tileport ir decode FILE [-o OUT.mlir] [--locations]\n"
          "       tileport ir canon FILE [--no-mlir-passes]\n"
          "       tileport ir diff REF GEN [--json] [--json-out FILE] [--markdown-out FILE] [--no-canonicalize]\n"
          "Inputs are Tile IR bytecode (.tileirbc, 13.1-13.3) or MLIR text. `diff` exits 0 (PASS), 2 (PASS_WITH_NOTES),\n"
          "1 (FAIL_FIXABLE) or 3 (unreadable input, bad arguments).\n";
    return code;
}

int fail(const std::string &message)
{
    llvm::errs() << "tileport ir: " << message << '\n';
    return kErrorExit;
}

bool writeFile(const std::string &path, const std::string &text)
{
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
    if (ec)
        return false;
    os << text;
    return !os.has_error();
}

// Accepts the one positional FILE argument; false (after the message) on a second one.
bool takeFile(const QString &a, std::string &file)
{
    if (!file.empty()) {
        fail("unexpected argument '" + a.toStdString() + "'");
        return false;
    }
    file = a.toStdString();
    return true;
}

// Loads FILE (bytecode or text) into `ctx`; null after printing why.
mlir::OwningOpRef<mlir::ModuleOp> loadInput(const std::string &file, mlir::MLIRContext &ctx)
{
    td::configureContext(ctx);
    return td::loadModule(file, ctx, llvm::errs());
}

int runDecode(const QStringList &args)
{
    std::string file, out;
    bool locations = false;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("-o") && i + 1 < args.size())
            out = args[++i].toStdString();
        else if (a == QLatin1String("--locations"))
            locations = true;
        else if (a.startsWith(QLatin1String("-")))
            return fail("unknown option '" + a.toStdString() + "'");
        else if (!takeFile(a, file))
            return kErrorExit;
    }
    if (file.empty())
        return usage(llvm::errs(), kErrorExit);
    mlir::MLIRContext ctx;
    auto module = loadInput(file, ctx);
    if (!module)
        return kErrorExit;
    std::string text;
    llvm::raw_string_ostream os(text);
    td::printModuleText(*module, os, locations);
    if (out.empty()) {
        llvm::outs() << text;
        return 0;
    }
    return writeFile(out, text) ? 0 : fail(out + ": cannot write");
}

int runCanon(const QStringList &args)
{
    std::string file;
    td::CanonicalizeOptions options;
    for (const QString &a : args) {
        if (a == QLatin1String("--no-mlir-passes"))
            options.mlirPasses = false;
        else if (a.startsWith(QLatin1String("--")))
            return fail("unknown option '" + a.toStdString() + "'");
        else if (!takeFile(a, file))
            return kErrorExit;
    }
    if (file.empty())
        return usage(llvm::errs(), kErrorExit);
    mlir::MLIRContext ctx;
    auto module = loadInput(file, ctx);
    if (!module)
        return kErrorExit;
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
        llvm::errs() << file << ": " << d << '\n';
        return mlir::success();
    });
    if (mlir::failed(td::canonicalize(*module, options)))
        return fail(file + ": canonicalization failed");
    td::printCanonical(*module, llvm::outs());
    return 0;
}

int runDiff(const QStringList &args)
{
    std::vector<std::string> files;
    bool json = false;
    std::string jsonOut, markdownOut;
    td::IrDiffOptions options;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--json"))
            json = true;
        else if (a == QLatin1String("--no-canonicalize"))
            options.canonicalize = false;
        else if ((a == QLatin1String("--json-out") || a == QLatin1String("--markdown-out")) && i + 1 < args.size())
            (a == QLatin1String("--json-out") ? jsonOut : markdownOut) = args[++i].toStdString();
        else if (a.startsWith(QLatin1String("--")))
            return fail("unknown option '" + a.toStdString() + "'");
        else
            files.push_back(a.toStdString());
    }
    if (files.size() != 2)
        return usage(llvm::errs(), kErrorExit);

    mlir::MLIRContext ctx;
    auto ref = loadInput(files[0], ctx);
    auto gen = ref ? loadInput(files[1], ctx) : nullptr;
    if (!ref || !gen)
        return kErrorExit;
    const auto report = td::diffModules(*ref, *gen, options, llvm::errs(), files[0], files[1]);
    if (!report)
        return kErrorExit;

    std::string jsonText, markdownText;
    llvm::raw_string_ostream jsonStream(jsonText), markdownStream(markdownText);
    td::writeJsonReport(*report, jsonStream);
    td::writeMarkdownReport(*report, markdownStream);
    if (!jsonOut.empty() && !writeFile(jsonOut, jsonText))
        return fail(jsonOut + ": cannot write");
    if (!markdownOut.empty() && !writeFile(markdownOut, markdownText))
        return fail(markdownOut + ": cannot write");
    llvm::outs() << (json ? jsonText : markdownText);
    llvm::outs().flush();
    return td::exitCode(report->verdict);
}

} // namespace

// `tileport ir decode FILE`, `tileport ir canon FILE` and `tileport ir diff REF GEN`.
int runIrCommand(const QStringList &args)
{
    if (args.isEmpty())
        return usage(llvm::errs(), kErrorExit);
    const QString sub = args.first();
    if (sub == QLatin1String("decode"))
        return runDecode(args.mid(1));
    if (sub == QLatin1String("canon"))
        return runCanon(args.mid(1));
    if (sub == QLatin1String("diff"))
        return runDiff(args.mid(1));
    if (sub == QLatin1String("--help") || sub == QLatin1String("help"))
        return usage(llvm::outs(), 0);
    fail("unknown subcommand '" + sub.toStdString() + "'");
    return usage(llvm::errs(), kErrorExit);
}
