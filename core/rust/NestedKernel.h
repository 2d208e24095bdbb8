// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelInfo.h"
#include "PythonSource.h"

#include <QString>

#include <tree_sitter/api.h>

namespace tileport::rust {

// A kernel defined inside a class (a static method) or a function (a test,
// a factory): its definition, and whether it reads names of an enclosing
// function, which only a call of that function decides.
struct NestedKernel {
    TSNode definition{};
    QString capturedName;    // a name the kernel reads from an enclosing function
    QString capturedFrom;    // that function
    frontend::SourceRange capturedAt;
};

// The `def` of kernel `k` wherever it sits in the file (a null node when the
// name range matches no function definition), and what it captures.
NestedKernel findNestedKernel(const frontend::PythonSource &src, const frontend::KernelInfo &k);

} // namespace tileport::rust
