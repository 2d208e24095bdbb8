// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CutileTarget.h"
#include "HostEntry.h"
#include "TranslationResult.h"

namespace tileport::rust {

// Turns a generated kernel crate into one that Python can call: writes
// src/ffi.rs (one C function per entry, see ffiSource), declares it in
// src/lib.rs and makes the library a cdylib as well as an rlib. The kernel
// code itself is left as generated, so stage C's IR is unaffected.
//
// Every entry gets the same C signature, so one Python wrapper serves all:
//   int tileport_<entry>(const TpTensor *tensors, int n_tensors,
//                        const double *scalars, int n_scalars,
//                        const char *const *generics, int n_generics,
//                        const unsigned *grid, int device, uint64_t stream,
//                        char *message, size_t message_len);
// tensors and scalars in parameter order, generics in declaration order (as
// the IR harness takes them), grid x/y/z (ignored when a block output fixes
// the grid). The return code says who has to act: 0 launched, 1 host (the
// arguments do not fit the entry), 2 kernel (JIT or launch failed),
// 3 env (no device or stream), 4 kernel (panic). `message` gets the reason.
class HostCodeWriter
{
public:
    // The dtype codes of TpTensor.dtype; the Python wrapper uses the same.
    static QStringList dtypeCodes(); // index = code: "f32", "f16", "bf16", ...

    // The host API is `target`'s (cutile 0.5.0 and 0.4.0 differ in it).
    static QString ffiSource(const QList<HostEntry> &entries,
                             const CutileTarget &target = CutileTarget::of(CutileTarget::defaultVersion()));
    // The host view of every translated entry of `result`.
    static QList<HostEntry> entries(const TranslationResult &result, QString *error);
    // Writes ffi.rs into the crate at `crateDir` (written by CrateWriter) and
    // patches Cargo.toml and lib.rs; idempotent. Returns an error or "".
    // An ffi.rs edited since it was last written here (by hand or by a host
    // repair; .tileport-ffi.sha256 holds the hash of what was written) is
    // kept, so the host stage builds and checks the edit; `note` says so.
    // `dispatch` adds, per entry name, element-type tuples to dispatch over
    // (HostEntry::extraDispatch).
    static QString write(const TranslationResult &result, const QString &crateDir, QString *note = nullptr,
                         const QHash<QString, QList<QStringList>> &dispatch = {});
    // lib<name>.so, the file cargo builds for the crate's library.
    static QString libraryFileName(const TranslationResult &result);
};

} // namespace tileport::rust
