// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// All 105 public Tile IR operations (13.1-13.4). One file per group of
// tileir-format.md §3.

#ifndef TILEPORT_TILEIR_OPS_TD
#define TILEPORT_TILEIR_OPS_TD

include "tileport/TileIR/TileIROpsModule.td"
include "tileport/TileIR/TileIROpsControlFlow.td"
include "tileport/TileIR/TileIROpsMemory.td"
include "tileport/TileIR/TileIROpsInteger.td"
include "tileport/TileIR/TileIROpsFloat.td"
include "tileport/TileIR/TileIROpsConversion.td"
include "tileport/TileIR/TileIROpsTile.td"
include "tileport/TileIR/TileIROpsMisc.td"

#endif // TILEPORT_TILEIR_OPS_TD
