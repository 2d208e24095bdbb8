# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""torch functions that tests use to prepare inputs, modelled by their
result's shape and dtype. Functions whose result depends on the data
(nonzero, unique, bincount, ...) stay unmodelled and refuse."""
import collections
import sys

from . import torch_standin
from .placeholders import StandInRefusal, permissive_module
from .torch_standin import DTYPES, Tensor, _broadcast, _dim, _norm_shape, _result_dtype

UNARY = ("abs", "neg", "negative", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt",
         "sigmoid", "tanh", "relu", "sin", "cos", "tan", "sign", "floor", "ceil", "round", "trunc", "frac", "erf",
         "erfc", "reciprocal", "square", "clamp", "clip", "nan_to_num", "softmax", "log_softmax", "cumsum",
         "cumprod", "tril", "triu", "flip", "roll", "sinh", "cosh", "asin", "acos", "atan", "sgn", "silu",
         "gelu", "logit", "clamp_min", "clamp_max", "fmod", "remainder", "celu", "elu", "selu", "mish",
         "hardtanh", "leaky_relu", "softplus", "softsign", "tanhshrink", "hardswish", "hardsigmoid", "relu6",
         "dropout", "normalize", "layer_norm", "rms_norm", "group_norm", "batch_norm", "instance_norm",
         "local_response_norm", "glu_half", "contiguous", "detach", "clone", "positive", "sigmoid_",
         "logcumsumexp", "alpha_dropout", "rrelu", "threshold")
BINARY = ("add", "sub", "subtract", "mul", "multiply", "div", "divide", "true_divide", "floor_divide", "pow",
          "maximum", "minimum", "fmax", "fmin", "atan2", "hypot", "lerp", "bitwise_and", "bitwise_or",
          "bitwise_xor", "logaddexp", "copysign", "xlogy", "heaviside", "ldexp")
COMPARE = ("eq", "ne", "lt", "le", "gt", "ge", "greater", "less", "greater_equal", "less_equal", "not_equal",
           "isnan", "isinf", "isfinite", "logical_not", "logical_and", "logical_or", "logical_xor", "signbit")
REDUCE = ("sum", "mean", "amax", "amin", "prod", "std", "var", "norm", "logsumexp", "nansum", "nanmean",
          "count_nonzero", "all", "any")


def _unary(x, *a, dtype=None, **k):
    if not isinstance(x, Tensor):
        raise StandInRefusal("a torch function on a non-tensor")
    return Tensor(x.shape, dtype or x.dtype, None, 0, None, x.device)


def _binary(a, b, *rest, **k):
    if isinstance(a, Tensor):
        return a._binary(b)
    if isinstance(b, Tensor):
        return b._binary(a)
    raise StandInRefusal("a torch function on non-tensors")


def _compare(a, b=None, *rest, **k):
    t = _binary(a, b) if b is not None else _unary(a)
    t.dtype = DTYPES["bool"]
    return t


def _reduce(x, dim=None, keepdim=False, *a, dtype=None, **k):
    out = x._reduce(dim, keepdim)
    if dtype is not None:
        out.dtype = dtype
    return out


def _arg_reduce(x, dim=None, keepdim=False, **k):
    out = x._reduce(dim, keepdim)
    out.dtype = DTYPES["int64"]
    return out


def _values_indices(x, dim=None, keepdim=False, **k):
    if dim is None:
        return x._reduce(None)
    values = x._reduce(dim, keepdim)
    idx = x._reduce(dim, keepdim)
    idx.dtype = DTYPES["int64"]
    return ValuesIndices(values, idx)


# torch's return type of max/min/sort over a dim: a tuple with names.
ValuesIndices = collections.namedtuple("ValuesIndices", ("values", "indices"))


def _max_min(x, dim=None, keepdim=False, *a, **k):
    """max/min: element-wise against a tensor, else a reduction (values, indices)."""
    return _binary(x, dim) if isinstance(dim, Tensor) else _values_indices(x, dim, keepdim)


def where(cond, a=None, b=None):
    if a is None:
        raise StandInRefusal("torch.where(cond) (the stand-in has no data)")
    shapes = [t.shape for t in (cond, a, b) if isinstance(t, Tensor)]
    return Tensor(_broadcast(*shapes), _result_dtype(a, b), None, 0, None, cond.device)


def matmul(a, b, **k):
    return a.__matmul__(b)


def outer(a, b, **k):
    return Tensor((a.shape[0], b.shape[0]), _result_dtype(a, b), None, 0, None, a.device)


def addmm(bias, a, b, **k):
    return a.__matmul__(b)


def linear(x, weight, bias=None):
    return Tensor(tuple(x.shape[:-1]) + (weight.shape[0],), _result_dtype(x, weight), None, 0, None, x.device)


def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    eq = equation.replace(" ", "")
    if "..." in eq:
        raise StandInRefusal("torch.einsum with '...'")
    lhs, _, rhs = eq.partition("->")
    sizes = {}
    for spec, t in zip(lhs.split(","), operands):
        for ch, n in zip(spec, t.shape):
            sizes[ch] = max(sizes.get(ch, 1), n)
    if not _:
        rhs = "".join(sorted(c for c in set(lhs.replace(",", "")) if lhs.replace(",", "").count(c) == 1))
    return Tensor(tuple(sizes[c] for c in rhs), _result_dtype(*operands), None, 0, None, operands[0].device)


def pad(x, pad, mode="constant", value=None):
    shape = list(x.shape)
    for i in range(len(pad) // 2):
        d = len(shape) - 1 - i
        shape[d] += pad[2 * i] + pad[2 * i + 1]
    return Tensor(tuple(shape), x.dtype, None, 0, None, x.device)


def topk(x, k, dim=-1, largest=True, sorted=True, **kw):
    d = _dim(dim, x.ndim)
    shape = list(x.shape)
    shape[d] = k
    values = Tensor(tuple(shape), x.dtype, None, 0, None, x.device)
    return values, Tensor(tuple(shape), DTYPES["int64"], None, 0, None, x.device)


def sort(x, dim=-1, descending=False, stable=False, **kw):
    return _unary(x), Tensor(x.shape, DTYPES["int64"], None, 0, None, x.device)


def argsort(x, dim=-1, descending=False, stable=False, **kw):
    return Tensor(x.shape, DTYPES["int64"], None, 0, None, x.device)


def repeat_interleave(x, repeats, dim=None, **kw):
    if isinstance(repeats, Tensor):
        raise StandInRefusal("torch.repeat_interleave with tensor repeats (the stand-in has no data)")
    if dim is None:
        return Tensor((x.numel() * repeats,), x.dtype, None, 0, None, x.device)
    d = _dim(dim, x.ndim)
    shape = list(x.shape)
    shape[d] *= repeats
    return Tensor(tuple(shape), x.dtype, None, 0, None, x.device)


def tensor_repeat(x, *sizes):
    sizes = _norm_shape(sizes)
    shape = (1,) * (len(sizes) - x.ndim) + tuple(x.shape)
    return Tensor(tuple(a * b for a, b in zip(shape, sizes)), x.dtype, None, 0, None, x.device)


def one_hot(x, num_classes=-1):
    if num_classes < 0:
        raise StandInRefusal("one_hot without num_classes (the stand-in has no data)")
    return Tensor(tuple(x.shape) + (num_classes,), DTYPES["int64"], None, 0, None, x.device)


def scaled_dot_product_attention(q, k, v, *a, **kw):
    return Tensor(tuple(q.shape[:-1]) + (v.shape[-1],), q.dtype, None, 0, None, q.device)


def glu(x, dim=-1):
    d = _dim(dim, x.ndim)
    shape = list(x.shape)
    shape[d] //= 2
    return Tensor(tuple(shape), x.dtype, None, 0, None, x.device)


def embedding(idx, weight, *a, **k):
    return Tensor(tuple(idx.shape) + (weight.shape[-1],), weight.dtype, None, 0, None, weight.device)


def _seed(*a, **k):
    return 0


def index_select(x, dim, index, *, out=None):
    d = _dim(dim, x.ndim)
    shape = list(x.shape)
    shape[d] = index.numel()
    return Tensor(tuple(shape), x.dtype, None, 0, None, x.device)


def dot(a, b, *, out=None):
    return Tensor((), _result_dtype(a, b), None, 0, None, a.device)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                  label_smoothing=0.0):
    if reduction == "none":
        shape = (input.shape[0],) + tuple(input.shape[2:]) if input.ndim > 1 else ()
        return Tensor(shape, input.dtype, None, 0, None, input.device)
    return Tensor((), input.dtype, None, 0, None, input.device)


class _Profile:
    """torch.profiler.profile / record_function: profiling is output, so a
    context manager (and decorator) that records nothing."""

    def __init__(self, *a, **k):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __call__(self, fn=None, *a, **k):
        return fn if callable(fn) else self

    def step(self):
        return None

    def key_averages(self, *a, **k):
        return _ProfileTable()

    def export_chrome_trace(self, *a, **k):
        return None

    events = key_averages


class _ProfileTable(list):
    def table(self, *a, **k):
        return ""


def make_tensor(*shape, dtype=None, device=None, low=None, high=None, requires_grad=False, noncontiguous=False,
                exclude_zero=False, memory_format=None, **kw):
    """torch.testing.make_tensor: a dense tensor of the shape and dtype."""
    if dtype is None:
        raise TypeError("make_tensor() missing required keyword argument: 'dtype'")
    return torch_standin.empty(*shape, dtype=dtype, device=device, requires_grad=requires_grad)


def install(torch, functional):
    for name in UNARY:
        for ns in (torch, functional):
            setattr(ns, name, _unary)
    for name in BINARY:
        setattr(torch, name, _binary)
    for name in COMPARE:
        setattr(torch, name, _compare)
    for name in REDUCE:
        setattr(torch, name, _reduce)
    for name in ("argmax", "argmin"):
        setattr(torch, name, _arg_reduce)
    for name in ("max", "min", "median", "mode", "cummax", "cummin"):
        setattr(torch, name, _max_min)
    torch.where = where
    torch.matmul = torch.mm = torch.bmm = matmul
    torch.outer = torch.ger = outer
    torch.addmm = addmm
    torch.einsum = einsum
    torch.topk = topk
    torch.sort = sort
    torch.argsort = argsort
    torch.repeat_interleave = repeat_interleave
    torch.scaled_dot_product_attention = scaled_dot_product_attention
    torch.initial_seed = torch.seed = _seed
    torch.random.initial_seed = torch.random.seed = _seed
    torch.random.manual_seed = _seed
    torch.random.fork_rng = lambda *a, **k: __import__("contextlib").nullcontext()
    torch.transpose = lambda x, a, b: x.transpose(a, b)
    torch.permute = lambda x, dims: x.permute(dims)
    torch.reshape = lambda x, shape: x.reshape(shape)
    torch.flatten = lambda x, start_dim=0, end_dim=-1: x.flatten(start_dim, end_dim)
    torch.unsqueeze = lambda x, d: x.unsqueeze(d)
    torch.squeeze = lambda x, d=None: x.squeeze(d)
    torch.chunk = lambda x, n, dim=0: x.chunk(n, dim)
    torch.split = lambda x, s, dim=0: x.split(s, dim)
    torch.narrow = lambda x, d, s, n: x.narrow(d, s, n)
    torch.t = lambda x: x.t()
    torch.tile = tensor_repeat
    # Comparisons are output: on stand-ins they agree (the capture checks no data).
    testing = sys.modules.get("torch.testing") or permissive_module("torch.testing")
    testing.assert_close = testing.assert_allclose = lambda *a, **k: None
    testing.make_tensor = make_tensor
    torch.testing = testing
    sys.modules["torch.testing"] = testing
    torch.allclose = torch.equal = lambda *a, **k: True
    torch.index_select = index_select
    torch.dot = torch.inner = dot
    Tensor.index_select = index_select
    Tensor.dot = dot
    functional.cross_entropy = cross_entropy
    profiler = sys.modules.get("torch.profiler") or permissive_module("torch.profiler")
    profiler.profile = profiler.record_function = _Profile
    profiler.schedule = lambda *a, **k: None
    profiler.tensorboard_trace_handler = lambda *a, **k: None
    profiler.ProfilerActivity = type("ProfilerActivity", (), {"CPU": "CPU", "CUDA": "CUDA"})
    torch.profiler = profiler
    sys.modules["torch.profiler"] = profiler
    functional.linear = linear
    functional.pad = pad
    functional.one_hot = one_hot
    functional.scaled_dot_product_attention = scaled_dot_product_attention
    functional.glu = glu
    functional.embedding = embedding
    Tensor.repeat = tensor_repeat
    Tensor.repeat_interleave = repeat_interleave
    Tensor.topk = topk
    Tensor.sort = sort
    Tensor.argsort = argsort
    Tensor.argmax = Tensor.argmin = _arg_reduce
    Tensor.max = Tensor.min = _max_min
    for name in UNARY:
        if not hasattr(Tensor, name) or name in ("softmax", "log_softmax", "cumsum", "cumprod", "tril", "triu",
                                                  "flip", "roll", "nan_to_num"):
            setattr(Tensor, name, _unary)
    for name in COMPARE:
        if not hasattr(Tensor, name):
            setattr(Tensor, name, _compare)
    for name in BINARY:
        if not hasattr(Tensor, name):
            setattr(Tensor, name, _binary)
    Tensor.where = lambda self, cond, other: where(cond, self, other)
    Tensor.outer = outer
    Tensor.sum = Tensor.mean = Tensor.amax = Tensor.amin = _reduce
