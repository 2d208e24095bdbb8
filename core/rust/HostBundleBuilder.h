// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Verdict.h"

#include <optional>

#include "KernelConfigFile.h"
#include "RustTranslator.h"
#include "Toolchains.h"

#include <QJsonArray>

#include <QList>
#include <QStringList>

#include <atomic>
#include <functional>

namespace tileport::rust {

// Makes the directory a GPU runner executes for stages D and E:
//   lib/lib<crate>.so     the generated crate built as a cdylib, with ffi.rs
//   tileport_host.py      the Python wrapper and the check/bench harness
//   kernel/<file>.py      the reference (cuTile Python or Triton), and its configs
//   tileport_triton.py    the Triton launch helper (Triton references only)
//   bundle.json           entries and their C ABI, launch sites, configs
//   run.sh                ./run.sh check|bench; results land in results/
// Used by the stages (through HostBundle) and by `tileport-bundle`.
class HostBundleBuilder
{
public:
    struct Options {
        QString source;      // the kernel's Python file
        QString kernel;      // the ported kernel (configs of others are left out); empty: every translated kernel
        QString configPath;  // its .tileport.json
        // Its configs already loaded (a pipeline run's, loaded once); null: read configPath.
        const frontend::KernelConfigFile *configs = nullptr;
        QString crateDir;    // written by CrateWriter (stage B)
        QString outDir;      // the bundle
        int timeoutMs = 10 * 60'000;
        const std::atomic_bool *cancel = nullptr;
        // Another front-end (Triton) supplies its translation (for a
        // caller that writes the crate first, as tileport-bundle does; the
        // builder itself reads the crate's manifest), its launch sites
        // (bundle.json "launches") and names the reference it runs; unset:
        // the cuTile Python front-end and reference.
        std::function<TranslationResult(const QString &, const RustTranslator::Options &)> translate;
        QJsonArray launches;
        QString reference = QStringLiteral("cutile");
    };
    // One step with its exit code, for a stage report's validators.
    struct Step {
        QString name;
        int exitCode = 0;
        QString output;
    };
    struct Result {
        bool ok = false;
        Verdict verdict = Verdict::Blocked; // when not ok: Blocked or Fail
        std::optional<Owner> owner;
        QString reason;
        QString buildLog;    // cargo's stderr
        QList<Step> steps;
        QStringList configs; // the configs the bundle runs
        QString library;     // bundle-relative path of the cdylib
    };

    static Result build(const Options &options, const Toolchains &tools);
};

} // namespace tileport::rust
