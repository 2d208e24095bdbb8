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
    // Which lowering builds the entries: the kernel IR (KirLowering, the kir
    // passes, KirRustPrinter; the default), or the legacy text printer, kept
    // until it is deleted. Neither falls back to the other.
    enum class Lowering { Legacy, Kir };
    struct Options {
        QString kernel; // only this kernel when set
        Lowering lowering = Lowering::Kir;
        bool keepKir = false; // Kir: the module's text in TranslationResult::kir
    };
    static TranslationResult translateFile(const QString &path, const Options &options);
    static TranslationResult translateSource(const QByteArray &source, const QString &fileName, const Options &options);
    // translateSource() with the front-end analysis of `source` already
    // made, so a caller that needs both (tileport batch) analyzes once.
    static TranslationResult translateAnalyzed(const QByteArray &source, const QString &fileName,
                                               const frontend::ModuleAnalysis &analysis, const Options &options);
};

} // namespace tileport::rust
