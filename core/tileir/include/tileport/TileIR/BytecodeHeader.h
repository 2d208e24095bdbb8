// SPDX-License-Identifier: MIT
// Existing includes keep working; the header lives with the bytecode reader.
#pragma once
#include "tileport/TileIR/Bytecode/BytecodeHeader.h"
