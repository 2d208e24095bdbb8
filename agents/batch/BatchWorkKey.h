// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QStringList>

namespace tileport {

// Which configs of a kernel can share one reference export and one harness
// run: those whose key is equal. The key covers the kernel, the exporter's
// signature and the harness arguments (without OUT_DIR).
struct BatchWorkKey {
    // The exporter's parameters with what neither compiler specializes on
    // taken out: each dimension of an array's "shape" and "strides" becomes
    // its divisibility facts ("=0", "=1", else "d" and its largest
    // power-of-two divisor, capped at 16 for shapes and 32 for strides,
    // enough for 16-byte strides of 4-bit elements), the "alignment" its
    // divisor capped at 16, with whether the elements are disjoint and
    // whether an axis reaches past i32 (the reference then indexes with
    // int64); an
    // integer scalar's "value" its divisor capped at 16 and a float
    // scalar's value goes (neither compiler specializes on it). Everything
    // else is kept as it is.
    static QJsonArray exportSignature(const QJsonArray &params);

    // SHA-1 hex of the kernel file, the kernel, exportSignature(params) and
    // the harness arguments.
    static QByteArray of(const QString &kernelFile, const QString &kernel, const QJsonArray &params,
                         const QStringList &harnessArgsWithoutOutDir);
};

} // namespace tileport
