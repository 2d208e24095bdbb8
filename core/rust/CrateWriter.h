// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CrateConfigs.h"
#include "TranslationResult.h"
#include "CutileTarget.h"
#include "Toolchains.h"

namespace tileport::rust {

// Writes a translation as a cargo crate: Cargo.toml (cutile pinned),
// Cargo.lock (from the probe crate), README.md, LICENSING.md, src/lib.rs
// (with rustdoc on the crate, the module and every entry), src/bin/ir-harness.rs,
// sourcemap.json (each Rust line of src/lib.rs -> its Python lines) and
// tileport-crate.json (entry signatures, for harness arguments). Output is
// byte-identical for the same input.
class CrateWriter
{
public:
    struct Options {
        QString probeLock;     // contents of the probe crate's Cargo.lock
        QString cutileVersion = CutileTarget::defaultVersion();
        QString lockError; // why the pinned lock could not be read; write() refuses then
        // The sidecar's configs, which the entries' docs and the README
        // name; empty: the docs say nothing about configs.
        CrateConfigs configs;
    };
    // The options the toolchains give: the cutile pin and its probe
    // crate's Cargo.lock. A missing lock or an unknown version is an error,
    // not a silent unpinned build: write() reports it.
    static Options optionsFor(const Toolchains &tools);
    // Returns an error message, or an empty string on success.
    static QString write(const TranslationResult &result, const QString &dir, const Options &options);
};

} // namespace tileport::rust
