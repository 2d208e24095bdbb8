// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Diff/DiffModel.h"

#include <llvm/Support/raw_ostream.h>

namespace tileport::tileir::diff {

// The JSON report (schema: docs/ir-diff-schema.json, id "tileport-ir-diff/1").
void writeJsonReport(const DiffReport &report, llvm::raw_ostream &os);

// The Markdown report: header with the verdict, op counts ref vs gen,
// findings by severity with locations, then the edits per function (at most
// `maxEdits` rows in all).
void writeMarkdownReport(const DiffReport &report, llvm::raw_ostream &os, size_t maxEdits = 200);

} // namespace tileport::tileir::diff
