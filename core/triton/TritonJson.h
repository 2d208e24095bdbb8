// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TritonModule.h"

#include <QJsonObject>

namespace tileport::triton {

// `tileport analyze FILE --json` for a Triton file (schema
// "tileport.triton-analysis/1", docs/triton.md) and its one-screen summary.
class TritonJson
{
public:
    static QJsonObject toJson(const TritonModule &module);
    static QString summary(const TritonModule &module);
};

} // namespace tileport::triton
