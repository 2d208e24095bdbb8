// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "HostBundleBuilder.h"
#include "TritonModule.h"

namespace tileport::triton {

// Stage D for a Triton file: the bundle translates through TritonTranslator,
// lists the file's `kernel[grid](...)` launches, and runs the original
// Triton kernel as the reference (tileport_host.py with tileport_triton.py).
class TritonHostBundle
{
public:
    // Sets options.translate, launches and reference for options.source, a
    // Triton file (TritonFrontend::configureBundle calls it).
    static void configure(rust::HostBundleBuilder::Options &options);
    // The launch sites as tileport_triton.py reads them.
    static QJsonArray launchesJson(const TritonModule &module);
};

} // namespace tileport::triton
