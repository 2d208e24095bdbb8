# SPDX-License-Identifier: MIT
# GELU over a flat array through gather/scatter with bounds checks.
# APPROXIMATE selects the formula: 0 the sigmoid form x * sigmoid(1.702 x),
# 1 the tanh form.
import cuda.tile as ct

SQRT_2_OVER_PI = 0.7978845608028654
CUBIC = 0.044715
SIGMOID_SCALE = 1.702


def sigmoid(x):
    return 1.0 / (1.0 + ct.exp(-x))


def tanh_approx(x):
    # tanh(x) = 2 * sigmoid(2x) - 1
    return 2.0 * sigmoid(2.0 * x) - 1.0


def gelu_tanh(x):
    inner = SQRT_2_OVER_PI * (x + CUBIC * x * x * x)
    return 0.5 * x * (1.0 + tanh_approx(inner))


@ct.kernel
def gelu(x, y, APPROXIMATE: ct.Constant[int], TILE: ct.Constant[int]):
    offsets = ct.bid(0) * TILE + ct.arange(TILE, dtype=ct.int32)
    vals = ct.astype(ct.gather(x, offsets, check_bounds=True), ct.float32)
    if APPROXIMATE == 1:
        out = gelu_tanh(vals)
    else:
        out = vals * sigmoid(SIGMOID_SCALE * vals)
    ct.scatter(y, offsets, ct.astype(out, y.dtype), check_bounds=True)


def launch(stream, x, y, approximate="tanh", tile=1024):
    n = x.numel()
    mode = 1 if approximate == "tanh" else 0
    ct.launch(stream, (ct.cdiv(n, tile), 1, 1), gelu, (x.view(-1), y.view(-1), mode, tile))
