# SPDX-License-Identifier: MIT
# A kernel reaching @triton.jit device functions and a tl re-export through
# modules of its own package (fixtures/triton/project/pkg): `ext.block_id(0)`
# (a module bound to a name) is inlined as the int64 block id, `half_of`
# (imported by name, relatively) and `ext.soft_clip`, whose body calls the
# module's `fast_tanh = libdevice.tanh`, become the math they hold. A helper
# the front-end refuses is reported at the kernel with the module's position.
# RUN: tileport translate --emit kir %S/../../fixtures/triton/project/pkg/ops/clip.py | FileCheck %s
# RUN: not tileport translate --emit kir %S/../../fixtures/triton/project/pkg/ops/refused.py 2>&1 | FileCheck --check-prefix=ERR %s
# The module itself holds device functions only (each returns a value):
# helpers, none a kernel of its own.
# RUN: tileport analyze --json %S/../../fixtures/triton/project/pkg/lang_ext.py | FileCheck --check-prefix=DEV %s

# CHECK-LABEL: kir.entry @clip_rows(
# CHECK: kir.bid 0
# CHECK: kir.convert %{{.*}} {kir.name = "pid"} : !kir.tile<[], i32> -> !kir.tile<[], i64>
# CHECK: kir.load %arg0
# CHECK: kir.math "tanh"
# CHECK: kir.mul %{{.*}} {kir.name = "half_of_2_x"}
# CHECK: kir.constant(5.000000e-01 : f64)
# CHECK: kir.store

# ERR: refused.py:11:5: error: tl.sort: {{.*}}(at pkg/lang_ext.py:33:12, in a @triton.jit function of the project the kernel calls)

# DEV: "helper": true,
# DEV-NEXT: "line": 16,
# DEV-NEXT: "name": "block_id",
# DEV: "summary": {
# DEV-NEXT: "kernels": 4,
# DEV-NEXT: "launches": 0,
# DEV-NEXT: "portable": 0
