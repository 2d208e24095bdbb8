// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PythonSource.h"

#include <QStringList>

#include <tree_sitter/api.h>

namespace tileport::rust {

// Names bound by plain or tuple assignment anywhere under `n`, loops and
// nested ifs included (what Python makes visible after the block), in the
// order they are first bound.
void assignedNames(const frontend::PythonSource &src, TSNode n, QStringList &out);

// Names a block binds on every path through it: plain assignments, and
// names every arm of a nested if/elif/else binds. Loops may run zero times,
// so what they bind is not definite.
QStringList definitelyAssigned(const frontend::PythonSource &src, TSNode block);

// Whether control can leave a block at its end: not when it raises (`raise
// ct.static_exception(...)`), so the names an if binds after it are those
// of the arms that do fall through.
bool fallsThrough(TSNode block);

} // namespace tileport::rust
