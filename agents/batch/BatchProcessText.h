// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ProcessRunner.h"

#include <QByteArray>
#include <QString>

// What the batch's checks make of their children's output: cargo's and the
// harness's output is long, a table cell wants one line.
namespace tileport::batchtext {

// The first line that says "error", else the first line.
QString firstError(const QByteArray &text);
// "WHAT exited with code N: first error line".
QString failure(const QString &what, const ProcessResult &r);
// Best effort: a log that cannot be written costs nothing else.
void writeFile(const QString &path, const QByteArray &bytes);

} // namespace tileport::batchtext
