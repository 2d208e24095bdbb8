// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModuleAnalysis.h"

#include <QString>

namespace tileport::frontend {

// A readable, line-oriented summary of an analysis for the terminal.
class AnalysisSummary
{
public:
    static QString render(const ModuleAnalysis &analysis);
};

} // namespace tileport::frontend
