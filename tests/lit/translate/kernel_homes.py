# SPDX-License-Identifier: MIT
# Kernels where people put them: module constants from tuple and annotated
# assignment and arithmetic on other constants; a bare ct.Constant that a
# tile shape makes an int, and ones a range() bound or a condition types;
# kernels inside a class and inside functions,
# two of one name (qualified by their function), and a closure (refused:
# only a call of its function decides what it reads).
# RUN: not tileport translate --emit kir %s 2>%t.err >%t.kir
# RUN: FileCheck %s < %t.kir
# RUN: FileCheck --check-prefix=ERR %s < %t.err
# RUN: not tileport translate --emit kir %S/Inputs/bare_constant.py 2>&1 | FileCheck --check-prefix=BARE %s
import cuda.tile as ct

TM, TN = 16, 64
ROWS: int = TM * 2


class RowKernels:
    @staticmethod
    @ct.kernel
    def scale_rows(x, out, tile_n: ct.Constant):
        t = ct.load(x, index=(ct.bid(0), 0), shape=(ROWS, tile_n))
        ct.store(out, index=(ct.bid(0), 0), tile=t + t)


def test_copy():
    @ct.kernel
    def kernel(x, out):
        m, n = ct.bid(0), ct.bid(1)
        ct.store(out, index=(m, n), tile=ct.load(x, index=(m, n), shape=(TM, TN)))


def test_negate():
    @ct.kernel
    def kernel(x, out):
        m = ct.bid(0)
        ct.store(out, index=(m,), tile=-ct.load(x, index=(m,), shape=(TN,)))


def make_scaled(width):
    @ct.kernel
    def scaled(x, out):
        m = ct.bid(0)
        ct.store(out, index=(m,), tile=ct.load(x, index=(m,), shape=(width,)))

    return scaled

@ct.kernel
def bare_uses(x, out, STEPS: ct.Constant, USE_TMA: ct.Constant, DOUBLE: ct.Constant):
    t = ct.load(x, index=(ct.bid(0),), shape=(16,), allow_tma=USE_TMA)
    for i in range(STEPS):
        t = t + 1
    ct.store(out, index=(ct.bid(0),), tile=t + t if DOUBLE else t)

# CHECK: kir.entry @scale_rows({{.*}}) attributes {const_generics = ["tile_n"], python_kernel = "scale_rows"}
# CHECK: -> !kir.tile<[32, tile_n], !kir.var<{{[0-9]+}}>>
# CHECK: kir.entry @test_copy_kernel({{.*}}python_kernel = "kernel"}
# CHECK: -> !kir.tile<[16, 64], !kir.var<{{[0-9]+}}>>
# CHECK: kir.entry @test_negate_kernel({{.*}}python_kernel = "kernel"}
# CHECK: kir.entry @bare_uses({{.*}}attributes {const_generics = ["STEPS", "USE_TMA", "DOUBLE"]
# CHECK-NOT: kir.entry

# ERR: kernel_homes.py:44:70: error: closure: the kernel reads 'width' of the enclosing function 'make_scaled', which only a call of 'make_scaled' decides

# BARE: bare_constant.py:6:{{[0-9]+}}: error: constant parameter: 'FLAG' is a ct.Constant without int/float/bool type, and no use decides one (annotate it ct.Constant[int], [float] or [bool])
