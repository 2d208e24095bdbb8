// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

// The `kir` dialect: the translator's typed kernel IR (docs/translator.md,
// "The kernel IR"). Register with ctx.getOrLoadDialect<KirDialect>().

#include <mlir/IR/Dialect.h>
#include <mlir/IR/MLIRContext.h>

#include "tileport/Kir/KirDialect.h.inc"

#include "tileport/Kir/KirTypes.h"
