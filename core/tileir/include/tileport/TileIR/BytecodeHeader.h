// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Existing includes keep working; the header lives with the bytecode reader.
#pragma once
#include "tileport/TileIR/Bytecode/BytecodeHeader.h"
