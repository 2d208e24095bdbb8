// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CommandLine.h"
#include "Toolchains.h"

// Each CLI command reads its parsed command line (core/cli's CommandLine,
// made from the command's CommandSpec) and returns the process exit code.
using tileport::cli::CommandLine;

int runDoctorCommand(CommandLine &cl);
int runReferenceCommand(CommandLine &cl);
int runAnalyzeCommand(CommandLine &cl);
int runIrDecodeCommand(CommandLine &cl);
int runIrCanonCommand(CommandLine &cl);
int runIrDiffCommand(CommandLine &cl);
int runPortCommand(CommandLine &cl);
int runConfigsCommand(CommandLine &cl);
int runRerunCommand(CommandLine &cl);
int runStatusCommand(CommandLine &cl);
int runReportCommand(CommandLine &cl);
int runTranslateCommand(CommandLine &cl);
int runBatchCommand(CommandLine &cl);
// The batch's per-file child (BatchFrontendChild): DIR FILE.
int runFrontendChildCommand(CommandLine &cl);
int runRepairCommand(CommandLine &cl);
int runSassCommand(CommandLine &cl);
// The hand-off (docs/handoff.md): ExportCommand.cpp, PackageCommand.cpp.
int runExportCommand(CommandLine &cl);
int runPackageCommand(CommandLine &cl);
// --cutile (0.5 or 0.4) into `tools`; false, with *exitCode set after a
// usage error, when it names no target.
bool applyCutileOption(CommandLine &cl, tileport::Toolchains &tools, int *exitCode);
// `analyze` for a Triton file (TritonAnalyze.cpp).
int runTritonAnalyze(const QString &file, bool json, const QString &output, bool useConfig);
