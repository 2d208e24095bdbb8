# SPDX-License-Identifier: MIT
# Refused prints and scans (print_assert.py).
import cuda.tile as ct


@ct.kernel
def precise(x, out, T: ct.Constant[int]):
    t = ct.astype(ct.load(x, index=(0,), shape=(T,)), ct.float32)
    ct.printf("%5.2f\n", ct.sum(t))
    ct.store(out, index=(0,), tile=t)


@ct.kernel
def wide(x, T: ct.Constant[int]):
    ct.print(ct.astype(ct.load(x, index=(0,), shape=(T,)), ct.int64))


@ct.kernel
def braces(x, out, T: ct.Constant[int]):
    t = ct.load(x, index=(0,), shape=(T,))
    ct.print("set {}", t)
    ct.store(out, index=(0,), tile=t)


@ct.kernel
def scan_rows(x, out, T: ct.Constant[int]):
    t = ct.load(x, index=(0, 0), shape=(T, T))
    ct.store(out, index=(0, 0), tile=ct.cumsum(t, axis=1))
