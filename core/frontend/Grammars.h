// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

struct TSLanguage;

namespace tileport {

// The tree-sitter grammars compiled into the front-end.
class Grammars
{
public:
    static const TSLanguage *python();
    static const TSLanguage *rust();

    // npm package versions the grammars were built from.
    static QString pythonVersion();
    static QString rustVersion();
    // Grammar ABI version and the range the linked runtime accepts.
    static int abiVersion(const TSLanguage *language);
    static int runtimeMinAbi();
    static int runtimeMaxAbi();
};

} // namespace tileport
