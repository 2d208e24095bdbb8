// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModuleAnalysis.h"

#include <QByteArray>
#include <QString>

namespace tileport::frontend {

// Stage A's front-end: parses a cuTile Python file with tree-sitter and builds
// the typed model of its kernels, helpers, constants, launch sites and tuning
// configurations. Never throws; unreadable files and syntax errors are
// reported in the result.
class ModuleAnalyzer
{
public:
    static constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;

    static ModuleAnalysis analyzeFile(const QString &path);
    static ModuleAnalysis analyzeSource(const QByteArray &source, const QString &fileName);
};

} // namespace tileport::frontend
