// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ModuleAnalysis.h"

#include <QJsonObject>

namespace tileport::frontend {

// The analysis as JSON (schema "tileport.analysis/1", see
// docs/analysis-schema.json). Locations are 1-based line/col pairs.
class AnalysisJson
{
public:
    static constexpr const char *kSchema = "tileport.analysis/1";
    static QJsonObject toJson(const ModuleAnalysis &analysis);
};

} // namespace tileport::frontend
