// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "PythonSource.h"
#include "TritonKernel.h"
#include "TritonLaunch.h"

#include <QList>

namespace tileport::triton {

// Host TensorDescriptors: a kernel parameter a launch passes
// `TensorDescriptor.from_tensor(t, [B0, B1])` or `TensorDescriptor(t, shape,
// strides, [B0, B1])` (directly or through a local name) gets that block
// shape in kernel terms: each Bi an integer literal or an expression the
// same launch passes to a kernel parameter (`BLOCK_M=bm`, ...). Every launch
// of the kernel must agree. An autotuned kernel whose configs may carry a
// pre_hook (one is written, or the list is generated) is left alone: a
// pre_hook can reset the block shape (TileGym's kernels do).
class TritonHostDescriptors
{
public:
    // Fills kernel.descriptorBlocks and each launch's descriptorTensors.
    static void assign(const frontend::PythonSource &src, TSNode kernelDef, TritonKernel &kernel,
                       QList<TritonLaunch> &launches);
};

} // namespace tileport::triton
