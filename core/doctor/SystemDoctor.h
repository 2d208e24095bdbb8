// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Doctor.h"

namespace tileport {

// All rows of `tileport doctor`: the libraries TilePort is built on (Qt,
// MLIR, the grammars) followed by the external toolchains. Rows for
// libraries outside core (KF6 SyntaxHighlighting) are added by the caller.
QList<DoctorRow> systemDoctorRows(const Doctor &doctor);

} // namespace tileport
