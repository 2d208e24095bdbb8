// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::rust {

// The fixed parts of a generated crate: manifest, lock file, licensing
// note and the compile-only IR harness binary.
struct CrateTemplates {
    static QString cargoToml(const QString &crateName, const QString &sourceFile, const QString &cutileVersion);
    // The probe crate's lock file with its root package renamed (and kept in
    // cargo's name order), so `cargo build --offline` resolves the same
    // dependency versions.
    // LICENSING.md, which Cargo.toml's license-file names: the crate is
    // under the terms of the file it translates.
    static QString licensing(const QString &sourceFile);
    static QString cargoLock(const QString &probeLock, const QString &crateName);
    static QString harness(const QString &libName, const QString &moduleName);
};

} // namespace tileport::rust
