// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// Each CLI command takes its arguments (without the command name) and
// returns the process exit code.
int runDoctorCommand(const QStringList &args);
int runReferenceCommand(const QStringList &args);
int runAnalyzeCommand(const QStringList &args);
int runIrCommand(const QStringList &args);
int runPortCommand(const QStringList &args);
int runConfigsCommand(const QStringList &args);
int runRerunCommand(const QStringList &args);
int runStatusCommand(const QStringList &args);
int runReportCommand(const QStringList &args);
int runTranslateCommand(const QStringList &args);
int runBatchCommand(const QStringList &args);
// The batch's per-file child (BatchFrontendChild): DIR FILE.
int runFrontendChildCommand(const QStringList &args);
int runRepairCommand(const QStringList &args);
int runSassCommand(const QStringList &args);
// `analyze` for a Triton file (TritonAnalyze.cpp).
int runTritonAnalyze(const QString &file, bool json, const QString &output, bool useConfig);
