// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Toolchains.h"

#include <QJsonArray>
#include <QList>
#include <QString>

#include <atomic>

namespace tileport {

// Exports a cuTile Python kernel to .tileirbc with the real cuda-tile
// compiler (no GPU), through resources/python/export_tileir.py.
class ReferenceExporter
{
public:
    struct Request {
        QString kernelFile;
        QString kernelName;
        QJsonArray parameters; // see export_tileir.py for the entry format
        QString outputFile;
        QString bytecodeVersion = QStringLiteral("13.3");
        QString gpuCode;        // empty: architecture-independent (13.3+)
        int timeoutMs = 120'000;
    };
    struct Result {
        bool ok = false;
        QString error; // one line, names the kernel file or the compiler
        // The exporter itself hung, crashed or did not start (not the
        // compiler refusing the kernel): the port is blocked, not fixable.
        bool toolFailed = false;
        qint64 elapsedMs = 0;
    };

    explicit ReferenceExporter(Toolchains tools);
    Result exportKernel(const Request &request, const std::atomic_bool *cancel = nullptr) const;
    // Many signatures of kernels of one file in one exporter process (the
    // module is loaded and compiled once: tens of ms per signature instead
    // of a process each). All requests must name the same kernel file; the
    // results are in request order.
    QList<Result> exportMany(const QList<Request> &requests, const std::atomic_bool *cancel = nullptr) const;

private:
    QString helperScript() const;
    QString unusable(const QString &kernelFile, const QString &script) const;
    Toolchains m_tools;
};

} // namespace tileport
