// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "HostBundleBuilder.h"
#include "RustTranslator.h"
#include "TranslationResult.h"

#include <QStringList>

namespace tileport {

// A kernel language TilePort ports from (cuTile Python, Triton). Callers
// ask the registry (frontendFor) which one a file is written in and let it
// do the language's part; no caller tests a file's language itself.
class Frontend
{
public:
    enum class Language { CutilePython, Triton };

    virtual ~Frontend() = default;
    virtual Language language() const = 0;
    virtual QString name() const = 0; // "cuTile Python", "Triton"
    bool isTriton() const { return language() == Language::Triton; }

    // The file's kernels by name, in source order (empty when it has none
    // or cannot be parsed; the analysis of the language says why).
    virtual QStringList kernelNames(const QString &file) const = 0;
    // The cuTile Rust translation of the file's kernels.
    virtual rust::TranslationResult translate(const QString &file, const rust::RustTranslator::Options &options) const = 0;
    // Whether a file without a sidecar gets its configs captured from its
    // own code (its launches run on stand-ins: ct.launch, kernel[grid](...)).
    virtual bool capturesConfigs() const = 0;
    // A captured sidecar of `file` as the configs of the kernels that are
    // translated (Triton: every launch parameter by name, fitted to the
    // desugared kernel's signature); unchanged for cuTile Python.
    virtual QByteArray capturedSidecar(const QString &file, const QByteArray &captured) const
    {
        Q_UNUSED(file);
        return captured;
    }
    // What stage D's bundle needs beyond the crate: how to translate, the
    // reference it runs and the file's launch sites.
    virtual void configureBundle(rust::HostBundleBuilder::Options &options) const = 0;
};

// The front-end of `file`: Triton when it imports triton, else cuTile Python.
const Frontend &frontendFor(const QString &file);

} // namespace tileport
