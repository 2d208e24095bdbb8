// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "WheelWrapper.h"

#include <QList>
#include <QStringList>

#include <atomic>
#include <functional>

namespace tileport::handoff {

// `tileport package`: one wheel from host bundles (HostBundleBuilder's
// directories), built by pip and setuptools from a staged project:
//   <package>/__init__.py    one typed function per entry (WheelWrapper)
//   <package>/_runtime.py    the checks and the launch (DLPack, ctypes)
//   <package>/entries.json   the entries' C ABI, from bundle.json
//   <package>/lib/*.so       each bundle's cdylib
// The wheel is tagged py3-none-<platform>: the library is native, but no
// Python ABI is linked.
class WheelPackager
{
public:
    struct Options {
        QStringList bundles;     // bundle directories (with bundle.json)
        QString outDir;          // where the wheel goes
        QString distribution;    // empty: tileport-<first kernel>
        QString version = QStringLiteral("0.1.0");
        QString python;          // the interpreter with pip and setuptools >= 70.1
        QString resourceDir;     // TilePort's resources (python/tileport_wheel_runtime.py)
        int timeoutMs = 5 * 60'000;
        const std::atomic_bool *cancel = nullptr;
        std::function<void(const QString &)> progress;
    };
    struct Result {
        bool ok = false;
        QString error;           // when not ok
        bool blocked = false;    // a missing input or tool, not a failed build
        QString wheel;           // the wheel's path
        QString distribution;
        QString package;         // the import name
        QList<WheelEntry> entries;
        QString buildLog;        // pip's output
    };

    static Result build(const Options &options);
    // PEP 503 / import names of a distribution.
    static QString normalizedName(const QString &distribution);
    static QString importName(const QString &distribution);
};

} // namespace tileport::handoff
