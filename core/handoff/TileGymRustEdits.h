// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

// The Rust side of `tileport export --tilegym`, through tree-sitter-rust:
// TileGym's kernels crate includes each op's kernel.rs and ffi.rs inside a
// `mod <op> { include!(...); include!(...); }` of its src/lib.rs, where
// inner attributes and `//!` comments are not allowed and `crate::<module>`
// names another place.
namespace tileport::handoff {

// kernel.rs: the generated crate's src/lib.rs without its crate docs and
// inner attributes and without `mod ffi;`, after `header` (comment lines).
bool tilegymKernelRs(const QByteArray &libRs, const QString &fileName, const QString &header, QString *out, QString *error);

// ffi.rs: the generated src/ffi.rs with its inner attributes taken out
// (returned in *innerAttributes, e.g. "allow(clippy::missing_safety_doc)",
// for the mod block), `//!` comments made plain and every
// `crate::<module>::` path pointing into `crate::<op>::<module>::`.
bool tilegymFfiRs(const QByteArray &ffiRs, const QString &fileName, const QString &header, const QString &module,
                  const QString &op, QString *out, QStringList *innerAttributes, QString *error);

// The MAX_RANK constant of a generated ffi.rs (TpTensor's array length); 0 when absent.
int ffiMaxRank(const QByteArray &ffiRs, const QString &fileName);

// cutile_kernels/src/lib.rs with `mod <op> { include!(kernel.rs); include!(ffi.rs); }`
// added after its last `mod` item. *present when the block is already there;
// false with *error when the file does not parse or holds a different `mod <op>`.
bool tilegymLibRs(const QByteArray &libRs, const QString &fileName, const QString &op, const QStringList &attributes,
                  QString *out, bool *present, QString *error);

} // namespace tileport::handoff
