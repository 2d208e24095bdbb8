// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "tileport/TileIR/Diff/Canonicalizer.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Diff/ReportWriter.h"

#include <mlir/IR/MLIRContext.h>

#include <QJsonDocument>
#include <QJsonObject>

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

namespace {

namespace td = tileport::tileir::diff;

// `ir` uses 0/2/1 for the diff verdicts (as TileGym's diff_ir.sh), so
// problems with the input or the command line get their own code (the
// CommandSpec's usageExit is 3 too).
constexpr int kErrorExit = 3;

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

// The text of a decoded or canonical module as a JSON string value.
std::string jsonText(const std::string &file, const std::string &kind, const std::string &text)
{
    const QJsonObject o{{QStringLiteral("schema"), QStringLiteral("tileport-ir-%1/1").arg(QString::fromStdString(kind))},
                        {QStringLiteral("file"), QString::fromStdString(file)},
                        {QStringLiteral("text"), QString::fromStdString(text)}};
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

// Loads FILE (bytecode or text) into `ctx`; null after printing why.
mlir::OwningOpRef<mlir::ModuleOp> loadInput(const std::string &file, mlir::MLIRContext &ctx)
{
    td::configureContext(ctx);
    return td::loadModule(file, ctx, llvm::errs());
}

} // namespace

int runIrDecodeCommand(CommandLine &cl)
{
    const std::string file = cl.positional(0).toStdString(), out = cl.value(QStringLiteral("o")).toStdString();
    mlir::MLIRContext ctx;
    auto module = loadInput(file, ctx);
    if (!module)
        return kErrorExit;
    std::string text;
    llvm::raw_string_ostream os(text);
    td::printModuleText(*module, os, cl.isSet(QStringLiteral("locations")));
    if (cl.isSet(QStringLiteral("json")))
        text = jsonText(file, "decode", text);
    if (out.empty()) {
        llvm::outs() << text;
        return 0;
    }
    return writeFile(out, text) ? 0 : fail(out + ": cannot write");
}

int runIrCanonCommand(CommandLine &cl)
{
    const std::string file = cl.positional(0).toStdString();
    td::CanonicalizeOptions options;
    options.mlirPasses = !cl.isSet(QStringLiteral("no-mlir-passes"));
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
    std::string text;
    llvm::raw_string_ostream os(text);
    td::printCanonical(*module, os);
    llvm::outs() << (cl.isSet(QStringLiteral("json")) ? jsonText(file, "canon", text) : text);
    return 0;
}

int runIrDiffCommand(CommandLine &cl)
{
    const std::vector<std::string> files{cl.positional(0).toStdString(), cl.positional(1).toStdString()};
    const bool json = cl.isSet(QStringLiteral("json"));
    const std::string jsonOut = cl.value(QStringLiteral("json-out")).toStdString(),
                      markdownOut = cl.value(QStringLiteral("markdown-out")).toStdString();
    td::IrDiffOptions options;
    options.canonicalize = !cl.isSet(QStringLiteral("no-canonicalize"));

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
