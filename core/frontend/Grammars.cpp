// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Grammars.h"

#include <tree_sitter/api.h>

extern "C" {
const TSLanguage *tree_sitter_python(void);
const TSLanguage *tree_sitter_rust(void);
}

namespace tileport {

const TSLanguage *Grammars::python() { return tree_sitter_python(); }
const TSLanguage *Grammars::rust() { return tree_sitter_rust(); }
QString Grammars::pythonVersion() { return QStringLiteral(TILEPORT_TS_PYTHON_VERSION); }
QString Grammars::rustVersion() { return QStringLiteral(TILEPORT_TS_RUST_VERSION); }
int Grammars::abiVersion(const TSLanguage *language) { return int(ts_language_version(language)); }
int Grammars::runtimeMinAbi() { return TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION; }
int Grammars::runtimeMaxAbi() { return TREE_SITTER_LANGUAGE_VERSION; }

} // namespace tileport
