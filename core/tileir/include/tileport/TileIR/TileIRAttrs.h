// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

// Enumerations and dialect attributes of `cuda_tile` (generated from
// TileIREnums.td and TileIRAttrDefs.td). See TileIRDialect.h for a summary.

#include <mlir/IR/Attributes.h>
#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/IR/DialectImplementation.h>
#include <mlir/IR/Location.h>

#include <cstdint>
#include <optional>

#include "tileport/TileIR/TileIREnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tileport/TileIR/TileIRAttrDefs.h.inc"
