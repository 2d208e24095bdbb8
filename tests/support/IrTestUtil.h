// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Helpers for the Tile IR canonicalizer/differ tests: load IR text into a
// context, print canonical text, read fixtures, apply text edits that must
// hit (so a test cannot silently compare a module with itself).
#pragma once

#include "tileport/TileIR/Diff/Canonicalizer.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"

#include <QFile>
#include <QString>
#include <QTest>

#include <mlir/IR/MLIRContext.h>

#include <string>

namespace irtest {

inline std::string fixture(const char *name)
{
    QFile f(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/tileir/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll().toStdString();
}

// Parses `text`; on failure the test fails with the parser's diagnostics.
inline mlir::OwningOpRef<mlir::ModuleOp> load(mlir::MLIRContext &ctx, const std::string &text, const char *name = "input.mlir")
{
    std::string diag;
    llvm::raw_string_ostream os(diag);
    auto module = tileport::tileir::diff::loadModuleFromText(text, name, ctx, os);
    if (!module)
        qWarning("%s", diag.c_str());
    return module;
}

inline std::string canonicalText(mlir::ModuleOp module)
{
    tileport::tileir::diff::CanonicalizeOptions options;
    options.verify = true;
    if (mlir::failed(tileport::tileir::diff::canonicalize(module, options)))
        return "<canonicalization failed>";
    std::string out;
    llvm::raw_string_ostream os(out);
    tileport::tileir::diff::printCanonical(module, os);
    return out;
}

// Replaces the `occurrence`-th (0-based) or, with -1, every occurrence of
// `from`; returns "" when `from` does not occur, which the callers check.
inline std::string edit(std::string text, const std::string &from, const std::string &to, int occurrence = -1)
{
    size_t pos = 0;
    int seen = 0;
    bool hit = false;
    while ((pos = text.find(from, pos)) != std::string::npos) {
        if (occurrence < 0 || seen == occurrence) {
            text.replace(pos, from.size(), to);
            pos += to.size();
            hit = true;
            if (occurrence >= 0)
                break;
        } else {
            pos += from.size();
        }
        ++seen;
    }
    return hit ? text : std::string();
}

// Removes the line that contains `marker`; "" when there is none.
inline std::string dropLine(std::string text, const std::string &marker)
{
    const size_t at = text.find(marker);
    if (at == std::string::npos)
        return {};
    const size_t start = text.rfind('\n', at) + 1;
    const size_t end = text.find('\n', at);
    text.erase(start, end == std::string::npos ? std::string::npos : end + 1 - start);
    return text;
}

inline size_t countOf(const std::string &text, const std::string &what)
{
    size_t n = 0;
    for (size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + what.size()))
        ++n;
    return n;
}

} // namespace irtest
