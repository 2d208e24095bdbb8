// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "CutileTarget.h"

bool applyCutileOption(CommandLine &cl, tileport::Toolchains &tools, int *exitCode)
{
    if (!cl.isSet(QStringLiteral("cutile")))
        return true;
    QString error;
    const QString v = tileport::CutileTarget::resolve(cl.value(QStringLiteral("cutile")), &error);
    if (v.isEmpty()) {
        *exitCode = cl.usageError(QStringLiteral("--cutile: ") + error);
        return false;
    }
    tools.cutileVersion = v;
    return true;
}
