// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PythonSource.h"

#include <QHash>
#include <QString>

namespace tileport::triton {

// The names a Triton file binds to `triton` and `triton.language` (any
// alias), so `tl.load`, `triton.language.load` and `language.load` all
// resolve to "language.load".
// The first named child of a node (comments left out), or a null node.
TSNode firstNamed(TSNode n);

class TritonImports
{
public:
    void addImport(const frontend::PythonSource &src, TSNode stmt);
    // "language.X", "language.math.X", "jit", "Config", ... for an attribute
    // chain or name rooted in a Triton import; empty otherwise.
    QString resolve(const frontend::PythonSource &src, TSNode expr) const;
    // The tl function a call's callee names ("load", "math.rsqrt" -> "rsqrt"), or empty.
    QString languageFunction(const frontend::PythonSource &src, TSNode callee) const;
    bool any() const { return !m_alias.isEmpty(); }
    // Local name -> the triton module or object it is bound to.
    const QHash<QString, QString> &aliases() const { return m_alias; }
    // A name bound elsewhere: a project module's re-export of a Triton
    // function, as the file reaches it ("shim.tanh" or "tanh").
    void addReexport(const QString &local, const QString &tritonPath) { m_reexport.insert(local, tritonPath); }

private:
    QHash<QString, QString> m_alias; // local name -> dotted module path or object
    QHash<QString, QString> m_reexport; // dotted local name -> triton path
};

} // namespace tileport::triton
