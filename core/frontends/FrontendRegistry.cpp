// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CutilePythonFrontend.h"
#include "TritonAnalyzer.h"
#include "TritonFrontend.h"

namespace tileport {

const Frontend &frontendFor(const QString &file)
{
    static const CutilePythonFrontend cutile;
    static const TritonFrontend triton;
    // The one place that looks at a file's language.
    if (triton::TritonAnalyzer::isTritonFile(file))
        return triton;
    return cutile;
}

} // namespace tileport
