// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TritonModule.h"

#include <QByteArray>
#include <QString>

namespace tileport::triton {

// The Triton front-end: parses a file with the tree-sitter Python grammar,
// finds its @triton.jit kernels (with @triton.autotune and
// @triton.heuristics), their parameters, tuning configs and launches, and
// desugars every kernel it can to cuTile Python (TritonDesugarer). Never
// throws; unreadable files and syntax errors are reported in the result.
class TritonAnalyzer
{
public:
    // True when the source imports triton and not cuda.tile: the dispatch
    // test of `tileport analyze|translate|batch`.
    static bool isTritonSource(const QByteArray &source);
    static bool isTritonFile(const QString &path);
    static TritonModule analyzeFile(const QString &path);
    static TritonModule analyzeSource(const QByteArray &source, const QString &fileName);
};

} // namespace tileport::triton
