// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QProcessEnvironment>
#include <QString>

namespace tileport {

// Where resources/ (helper scripts, crate templates, syntax definitions)
// is: $TILEPORT_RESOURCE_DIR, else ../share/tileport beside the running
// binary (an installed tree, under any prefix), else the source tree the
// build came from (a development build).
QString findResourceDir(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

} // namespace tileport
