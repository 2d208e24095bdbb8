// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SassComparison.h"
#include "SassCompiler.h"

#include <QJsonObject>

namespace tileport::sass {

// What `tileport sass` prints (docs/sass.md, "Reading the report").

// One side: per function its resources, instruction mix, loops and, with
// `listing`, the exact normal form (loop bodies marked).
QString sideText(const SideResult &side, const CompileOptions &options, bool listing = true);
QJsonObject sideJson(const SideResult &side, bool listing = false);

// Both sides' resources and instruction mix side by side, the deltas, the
// loops and the verdict.
QString comparisonText(const SideResult &ref, const SideResult &gen, const Comparison &c, const CompileOptions &options);
// {"schema": "tileport-sass/1", "target", "ref", "gen", "comparison"}.
QJsonObject comparisonJson(const SideResult &ref, const SideResult &gen, const Comparison &c, const CompileOptions &options);

} // namespace tileport::sass
