// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QStringList>

namespace tileport::frontend {

// The names an expression reads, split by what they are at compile time.
struct Dependencies {
    QStringList constants; // constant parameters, module constants, constant locals
    QStringList dtypes;    // "x.dtype" / "x.ndim": fixed per specialization
    QStringList runtime;   // runtime parameters and locals, calls with runtime results

    bool constantOnly() const { return runtime.isEmpty(); }
    QStringList all() const
    {
        QStringList out = constants;
        for (const QString &s : dtypes)
            if (!out.contains(s))
                out.append(s);
        for (const QString &s : runtime)
            if (!out.contains(s))
                out.append(s);
        return out;
    }
};

} // namespace tileport::frontend
