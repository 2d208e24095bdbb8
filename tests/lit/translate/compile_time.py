# SPDX-License-Identifier: MIT
# cuTile Python's compile-time functions, decided while translating:
# ct.static_assert on ct.Constants becomes a choice of the entry (the
# configs that fail it are refused with its message), on literals is
# checked now; ct.static_eval and ct.ensure_constant give their value;
# ct.static_iter unrolls; `raise ct.static_exception(...)` drops the arm
# that reaches it. ct.assume_divisible_by is kir.assume_div_by (cutile's
# assume_div_by); divmod and ct.divmod the floor pair.
# RUN: tileport translate --emit kir %s 2>%t.notes | FileCheck %s
# RUN: FileCheck --check-prefix=NOTE %s < %t.notes
# RUN: tileport translate -o %t %s && FileCheck --check-prefix=RUST %s < %t/src/lib.rs
# RUN: not tileport translate --emit kir %S/Inputs/static_assert_false.py 2>&1 | FileCheck --check-prefix=FALSE %s
# RUN: not tileport translate --emit kir %S/Inputs/ensure_constant_runtime.py 2>&1 | FileCheck --check-prefix=RUNTIME %s
import cuda.tile as ct


@ct.kernel
def compile_time(x, out, TILE: ct.Constant[int], K: ct.Constant[int]):
    ct.static_assert(TILE % 16 == 0, "TILE must be a multiple of 16")
    ct.static_assert(1 < 2)
    start = ct.assume_divisible_by(ct.bid(0) * 16, 16)
    t = ct.load(x, index=(start // 16,), shape=(TILE,))
    for i in ct.static_iter(range(2)):
        t = t + ct.static_eval(K * 2 + i)
    q, r = divmod(ct.ensure_constant(K), 3)
    if K == 0:
        raise ct.static_exception(ValueError("K must not be 0"))
    ct.store(out, index=(start // 16,), tile=t + q + r)

# CHECK: kir.entry @compile_time__not_k_0({{.*}}kir.const_choices = {{\[\[}}"K == 0", false], ["TILE % 16 == 0", true]]
# CHECK: kir.assume_div_by %{{.*}}, 16 {kir.name = "start"} : i32
# CHECK-NOT: kir.entry

# NOTE: compile_time.py:27:9: note: kernel compile_time: no entry for `K == 0`: ct.static_exception: raised while compiling: ValueError("K must not be 0")
# NOTE: compile_time.py:19:5: note: kernel compile_time: no entry for `not (K == 0) and not (TILE % 16 == 0)`: ct.static_assert: static assertion failed: TILE must be a multiple of 16

# RUST: let start: i32 = unsafe { assume_div_by::<i32, 16>(
# RUST: divi({{.*}}, rounding::NegativeInf)

# FALSE: static_assert_false.py:8:5: error: ct.static_assert: static assertion failed: needs a wide tile
# RUNTIME: ensure_constant_runtime.py:8:28: error: ct.ensure_constant: 'ct.bid(0)' is not a compile-time constant
