// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace tileport::frontend {

struct KernelConfig;

// Which kind of code a captured config came from. The capture names each
// source: a project test or benchmark case ("tests/test_x.py::test_y[..]"),
// or one of the kernel file's own entry points ("__main__: f.py",
// "main(): f.py", "test: f.py::t", "bench: f.py::b[..]", "call: ..." and
// "module: f.py" for launches made while the file imports).
enum class ConfigSourceKind { Test, Bench, MainBlock, MainFunction, Call, Module };

ConfigSourceKind configSourceKind(const QString &source);
// "test", "bench", "__main__", "main()", "call", "module".
QString configSourceKindName(ConfigSourceKind kind);
// The kinds behind some configs, in the enum's order ("__main__, test");
// "" when there are none.
QString configSourceKinds(const QList<KernelConfig> &configs);
QString configSourceKinds(const QStringList &sources);

} // namespace tileport::frontend
