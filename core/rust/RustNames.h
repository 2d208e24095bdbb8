// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

namespace tileport::rust {

// Spellings shared by the generator and the harness arguments.
struct RustNames {
    // cuTile Python dtype name ("float16", "cuda.tile.float16") -> cuTile
    // Rust element type ("f16"); empty when there is none.
    static QString elementType(QString cutileDtype);
    // The reverse: "f16" -> "float16"; empty when there is none.
    static QString pythonDtype(const QString &elementType);
    // A Python float printed as a plain decimal Rust literal that reads back
    // as the same double (the cutile DSL rejects exponent notation).
    static QString floatLiteral(double v);
    // A Rust string literal of `text`, quotes included: backslashes, quotes
    // and control characters escaped.
    static QString stringLiteral(const QString &text);
    // A crate-, module- and identifier-safe form of a file stem.
    static QString identifier(const QString &stem);
    // A Python local's name as a Rust local: a Rust keyword gets a trailing
    // underscore (`type` -> `type_`).
    static QString local(const QString &python);
    // Whether rustc's non_snake_case lint takes `name` as snake case: no
    // capital letter, and no `__` between its leading and trailing underscores.
    static bool isSnakeCase(const QString &name);
    // cutile's padding:: marker for a qualified ct.PaddingMode member
    // ("cuda.tile.PaddingMode.ZERO" -> "Zero"); empty for anything else.
    static QString paddingMode(const QString &qualifiedMember);
    // cutile's rounding:: marker for a qualified ct.RoundingMode member
    // ("cuda.tile.RoundingMode.RN" -> "NearestEven"); empty for anything else.
    static QString roundingMode(const QString &qualifiedMember);
    // cutile's ordering:: and scope:: markers for a ct.MemoryOrder /
    // ct.MemoryScope member ("ACQ_REL" -> "AcqRel", "SYS" -> "System");
    // empty for WEAK and NONE (no marker of their own) and anything else.
    static QString memoryOrder(const QString &member);
    static QString memoryScope(const QString &member);
};

} // namespace tileport::rust
