# SPDX-License-Identifier: MIT
# A kernel imports one device function (`smooth`, fixtures/triton/project/
# pkg/activations.py); what that function calls comes with it: a helper of
# its own module (`_squared`) and one its module imports from another
# (`soft_clip` from lang_ext, which reaches libdevice tanh there).
# RUN: tileport translate --emit kir %S/../../fixtures/triton/project/pkg/ops/smooth.py | FileCheck %s
# RUN: tileport analyze --json %S/../../fixtures/triton/project/pkg/ops/smooth.py | FileCheck --check-prefix=NOTES %s

# CHECK-LABEL: kir.entry @smooth_rows(
# CHECK: kir.mul %{{.*}}, %{{.*}} {kir.name = "soft_clip_{{[0-9]+}}_x"}
# CHECK: kir.math "tanh"
# CHECK: kir.store

# NOTES-DAG: @triton.jit helper smooth() inlined
# NOTES-DAG: @triton.jit helper _squared() inlined
# NOTES-DAG: @triton.jit helper soft_clip() inlined
