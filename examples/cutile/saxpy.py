# SPDX-License-Identifier: MIT
# y <- alpha * x + y with a runtime scalar alpha; y is updated in place.
import cuda.tile as ct


@ct.kernel
def saxpy(alpha, x, y, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    xs = ct.load(x, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ys = ct.load(y, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    out = alpha * ct.astype(xs, ct.float32) + ct.astype(ys, ct.float32)
    ct.store(y, index=(pid,), tile=ct.astype(out, y.dtype))


def launch(stream, alpha, x, y, tile=2048):
    n = x.shape[0]
    ct.launch(stream, (ct.cdiv(n, tile),), saxpy, (alpha, x, y, tile))
