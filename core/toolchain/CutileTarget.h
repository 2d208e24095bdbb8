// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QStringList>

namespace tileport {

// The cutile releases a generated crate can target (docs/toolchains.md).
// 0.5.0 is the default; 0.4.0 stays for users who depend on it. What
// differs between them on the host side is here, so the writers of host
// code ask one place rather than compare version strings.
struct CutileTarget {
    QString version; // "0.5.0"

    static QStringList supported();          // newest first
    static QString defaultVersion();         // "0.5.0"
    // "0.5", "0.5.0" -> "0.5.0"; empty and *error for anything not supported.
    static QString resolve(const QString &spec, QString *error);
    static CutileTarget of(const QString &version);

    // The probe crate whose Cargo.lock pins this version's companions:
    // resources/rust/tileport-probe for the default, -MAJOR.MINOR otherwise.
    QString probeDir(const QString &resourceDir) const;
    QString probeBinary() const; // its binary's name in the cargo target dir

    // Host API (cuda-core): 0.5.0 renamed the context-owning Device to
    // Context, and borrowed tensors take the context instead of an ordinal.
    bool contextApi() const;
    QString contextType() const; // "Context" or "Device"
};

} // namespace tileport
