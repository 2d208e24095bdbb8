// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "SassModel.h"

namespace tileport::sass {

struct ParseResult {
    Module module;
    QString error; // empty when the listing held at least one function
    bool ok() const { return error.isEmpty(); }
};

// Reads `cuobjdump -sass -res-usage` output (nvdisasm's listing, with
// `.L_x_N` labels, too): functions with their instructions (addresses kept
// for the branch targets, encodings and comments dropped), resources by
// function name, and the loops found from backward branches. The padding
// after a function's last EXIT (a branch to itself, NOPs) is dropped.
// nvdisasm -g's `//## File "F", line N` comments give the instructions after
// them their source position.
ParseResult parseListing(const QString &text);

// Copies the source positions of `located` (nvdisasm -g's listing of the
// same cubin) onto `module`'s instructions, by function name and address;
// returns how many instructions got one.
int applySourceLines(Module &module, const Module &located);

// Splits an instruction's operand text at top-level commas ("R1, c[0x0][0x28]",
// "SB0, 0x0, {5,4}").
QStringList splitOperands(const QString &text);

// The natural loops of a function's control-flow graph (basic blocks split
// at jumps, jump targets and exits; a back edge goes to a block that
// dominates its source), ordered by header; back edges to one header make
// one loop.
QList<Loop> findLoops(const QList<Instruction> &instructions);

} // namespace tileport::sass
