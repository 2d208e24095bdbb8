// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QStringList>

namespace tileport::handoff {

// The cuTile Python op a port came from, as its wrapper copies it: the
// function the source registers for backend "cutile" (or its host launch
// function) with its parameter list and return annotation as written.
struct CutileOp {
    QString op;             // the registered op name, or the file's stem
    QString function;       // the Python function the wrapper mirrors
    QString parameters;     // "(x, y, alpha=1.0)" as written
    QString returns;        // " -> torch.Tensor" as written, or empty
    QString registerImport; // the source's import of register_impl, or empty
    QString forward;        // the call's arguments: "x, y=y, alpha=alpha"
};

// Reads `sourceFile` (a cuTile Python op): the function registered with
// register_impl(..., backend="cutile"), else `launchFunction`. False with
// *error (`file:line:col: ...`) when it cannot be read or parsed, names no
// such function, or a default value is not a literal the wrapper can copy.
bool readCutileOp(const QString &sourceFile, const QString &launchFunction, CutileOp *out, QString *error);

struct WrapperInputs {
    CutileOp op;
    QString referenceModule; // "tilegym.ops.cutile.saxpy"
    QString kernelsJson;     // {kernel: {"params": [...], "entries": [...]}}
    QStringList dtypeCodes;  // the C ABI's dtype table ("f32", "f16", ...)
    int maxRank = 8;         // TpTensor's shape/strides length
    QString label;           // provenance for the marker line
};

// The text of ops/cutile_rs/<op>.py.
QString tilegymWrapperText(const WrapperInputs &in);

} // namespace tileport::handoff
