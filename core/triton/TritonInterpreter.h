// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Toolchains.h"

#include <QJsonObject>
#include <QString>

#include <atomic>

namespace tileport::triton {

// The CPU reference of a Triton file: runs its kernel under Triton's
// interpreter (TRITON_INTERPRET=1, resources/python/tileport_triton.py) for
// each sidecar config at small shapes, launched the way the file's host
// function launches it, and records inputs and outputs in outDir
// (CONFIG.json each, reference.json the summary). Needs the triton venv
// (TILEPORT_TRITON_PYTHON, scripts/setup).
class TritonInterpreter
{
public:
    struct Options {
        QString source;
        QString kernel;      // empty: the sidecar's kernel
        QString configPath;  // empty: the sidecar beside source
        QString outDir;
        int maxElements = 4096; // per array; rows are cut to fit
        int timeoutMs = 5 * 60'000;
        const std::atomic_bool *cancel = nullptr;
    };
    struct Result {
        bool ok = false;
        bool blocked = false; // no triton here (owner env)
        QString reason;
        QJsonObject summary;  // reference.json
        QString log;          // the script's stdout and stderr
    };
    static Result run(const Options &options, const Toolchains &tools);
    // The triton venv's interpreter (TILEPORT_TRITON_PYTHON, written by
    // scripts/setup into env.sh); empty when there is none.
    static QString python(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
};

} // namespace tileport::triton
