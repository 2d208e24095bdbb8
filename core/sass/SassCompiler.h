// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SassModel.h"
#include "Toolchains.h"

#include <QStringList>

#include <atomic>
#include <mutex>
#include <utility>

namespace tileport::sass {

struct CompileOptions {
    QString target = QStringLiteral("sm_90");
    // cuTile Python's own tileiras flags (cuda.tile._compile.compile_cubin):
    // -O3 and line info, so the reference side's cubin is the one it runs.
    QStringList flags{QStringLiteral("-O3"), QStringLiteral("--lineinfo")};
    int timeoutMs = 180'000; // per tool run
    QString cacheDir;        // empty: SassCompiler::defaultCacheDir()
    bool useCache = true;
};

// One side: a bytecode file compiled to a cubin and disassembled.
struct SideResult {
    enum class Status { Ok, Blocked };
    Status status = Status::Blocked;
    QString error;          // BLOCKED: one line that names the tool and why
    QString bytecodeFile;
    QString key;            // the cache key (sha256 hex)
    QString tileirasVersion;
    QString bytecodeVersion; // "13.3", from the file's header: both sides of a comparison should agree
    QString cubinPath;      // in the cache entry (empty when the cache is off)
    QString listing;        // cuobjdump -sass -res-usage, as it printed it
    QString lineListing;    // nvdisasm -g: the same code with source lines (empty when the cubin has none)
    Module module;
    bool cacheHit = false;
    qint64 compileMs = 0;   // tileiras (0 on a cache hit)
    qint64 disassembleMs = 0;

    bool ok() const { return status == Status::Ok; }
};

// Compiles Tile IR bytecode with tileiras into a cubin and disassembles it
// with cuobjdump, which runs nvdisasm (docs/sass.md). Every tool runs through ProcessRunner with a
// time-out, so a crash, a non-zero exit or a hang is a BLOCKED result.
// Results are cached by content: sha256 of (bytecode, tileiras version,
// cuobjdump and nvdisasm versions, target, flags) names a directory under the cache dir
// holding the cubin and the listing; a warm run reads the listing back and
// runs no compiler. Thread-safe: one compiler may serve several jobs.
class SassCompiler
{
public:
    explicit SassCompiler(Toolchains tools);

    SideResult build(const QString &bytecodeFile, const CompileOptions &options = {},
                     const std::atomic_bool *cancel = nullptr) const;

    // Both sides of a comparison, the second on another thread (a cold
    // compile is seconds of one core each).
    std::pair<SideResult, SideResult> buildPair(const QString &refBytecode, const QString &genBytecode,
                                                const CompileOptions &options = {},
                                                const std::atomic_bool *cancel = nullptr) const;

    // `cuobjdump -sass -res-usage CUBIN`, with the nvdisasm it runs found
    // beside ours; parsed, or BLOCKED with the tool's reason. Stage F reads
    // the cubins a GPU run left with it.
    // The instructions also get their source lines from `nvdisasm -g` when
    // the cubin has a line table; without one (or nvdisasm) they have none.
    SideResult disassemble(const QString &cubin, int timeoutMs, const std::atomic_bool *cancel = nullptr) const;

    // "13.3.36" from `tileiras --version`, probed once; empty when it fails.
    QString tileirasVersion() const;
    QString cuobjdumpVersion() const;

    // $TILEPORT_CACHE/sass, else $XDG_CACHE_HOME/tileport/sass or ~/.cache/tileport/sass.
    static QString defaultCacheDir();
    // The cache key of bytecode compiled by these tools with these options
    // (disassemblerVersion: cuobjdump's and nvdisasm's).
    static QString cacheKey(const QByteArray &bytecode, const QString &tileirasVersion,
                            const QString &disassemblerVersion, const CompileOptions &options);

private:
    // The version, or empty with `failure` saying what the probe did.
    QString probeVersion(const QString &program, QString *failure) const;
    bool readCached(const QString &entry, SideResult &r) const;
    // `nvdisasm -g -c CUBIN`, or empty when it fails.
    QString lineListing(const QString &cubin, int timeoutMs, const std::atomic_bool *cancel) const;
    void store(const QString &entry, const QString &cubin, const SideResult &r) const;

    Toolchains m_tools;
    mutable std::once_flag m_versionsOnce;
    mutable QString m_tileirasVersion;
    mutable QString m_cuobjdumpVersion;
    mutable QString m_nvdisasmVersion;
    mutable QString m_tileirasProbe; // why the version probe failed, else empty
    mutable QString m_cuobjdumpProbe;
};

} // namespace tileport::sass
