// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QProcessEnvironment>
#include <QString>

namespace tileport {

// Where the pipeline's external tools live. scripts/setup writes these as
// environment variables (toolchains/env.sh) and the wrappers export them;
// anything unset is looked up on PATH so that a native install also works.
struct Toolchains {
    QString python;        // venv interpreter with cuda-tile
    QString cargo;
    QString rustc;
    QString cudaRoot;      // directory with include/cuda.h
    QString libclangDir;   // LIBCLANG_PATH for cutile's bindgen
    QString cargoTargetDir;
    QString cutileVersion; // pinned crate version for generated crates
    QString resourceDir;   // our resources/ (python helpers, crate templates)
    QString tileiras;      // optional: Tile IR bytecode -> cubin (with libnvvm and ptxas beside it)
    QString cuobjdump;     // optional: SASS and resource usage of a cubin
    QString nvdisasm;      // optional: what cuobjdump -sass runs (from PATH)
    // TILEPORT_TOOL_TIMEOUT (seconds): the longest any one tool run may take
    // in the pipeline and `tileport sass`; 0 leaves each caller's default.
    int toolTimeoutMs = 0;

    static Toolchains fromEnvironment(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

    // "13.3.36" from an NVIDIA tool's --version text ("..., V13.3.36");
    // empty when the text has no such line.
    static QString cudaToolVersion(const QString &versionText);

    // Environment for cargo: CUDA headers, libclang and the shared target dir.
    QProcessEnvironment cargoEnvironment() const;
};

} // namespace tileport
