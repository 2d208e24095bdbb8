// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TranslationResult.h"

#include <QByteArray>

namespace tileport::frontend {
struct ModuleAnalysis;
}

namespace tileport::rust {

// The generator: analyzes a cuTile Python file and lowers each supported
// kernel to cuTile Rust entries (KernelLowering). Kernels with
// unsupported constructs are refused with file:line:col diagnostics; the
// others are still produced.
class RustTranslator
{
public:
    // The entries are built in the kernel IR (KirLowering, the kir passes,
    // KirRustPrinter; docs/translator.md).
    struct Options {
        QString kernel; // only this kernel when set
        bool keepKir = false; // the module's text in TranslationResult::kir
    };
    static TranslationResult translateFile(const QString &path, const Options &options);
    static TranslationResult translateSource(const QByteArray &source, const QString &fileName, const Options &options);
    // translateSource() with the front-end analysis of `source` already
    // made, so a caller that needs both (tileport batch) analyzes once.
    static TranslationResult translateAnalyzed(const QByteArray &source, const QString &fileName,
                                               const frontend::ModuleAnalysis &analysis, const Options &options);
};

} // namespace tileport::rust
