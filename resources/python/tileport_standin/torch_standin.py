# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""A stand-in for the parts of `torch` that host code uses to compute a launch.

A stand-in tensor carries dtype, shape, strides, a storage offset and the
base address of its storage, but no data. Anything that would need the data
(`item()`, printing values, comparing results) raises `StandInRefusal`,
naming the missing piece, so a capture says exactly where it stopped.
Names the stand-in does not model resolve to `Unmodelled` placeholders: they
can be imported, subclassed and used as decorators while a module loads, and
refuse once host code calls them.
"""
import contextlib
import math
import sys
import types

from . import autograd_standin
from .placeholders import StandInRefusal, Unmodelled, in_import_phase, permissive_module


class dtype:
    def __init__(self, name, itemsize, kind):
        self.name = name
        self.itemsize = itemsize
        self.kind = kind  # "f", "i", "u", "b", "c"

    @property
    def is_floating_point(self):
        return self.kind == "f"

    @property
    def is_complex(self):
        return self.kind == "c"

    @property
    def is_signed(self):
        return self.kind in ("f", "i", "c")

    def to_complex(self):
        raise StandInRefusal("torch.dtype.to_complex")

    def __repr__(self):
        return f"torch.{self.name}"

    def __reduce__(self):
        return (getattr, (sys.modules[__name__], self.name))


_DTYPES = [
    ("float16", 2, "f", ("half",)), ("bfloat16", 2, "f", ()), ("float32", 4, "f", ("float",)),
    ("float64", 8, "f", ("double",)), ("int8", 1, "i", ()), ("int16", 2, "i", ("short",)),
    ("int32", 4, "i", ("int",)), ("int64", 8, "i", ("long",)), ("uint8", 1, "u", ()),
    ("uint16", 2, "u", ()), ("uint32", 4, "u", ()), ("uint64", 8, "u", ()), ("bool", 1, "b", ()),
    ("float8_e4m3fn", 1, "f", ()), ("float8_e5m2", 1, "f", ()), ("float8_e4m3fnuz", 1, "f", ()),
    ("float8_e5m2fnuz", 1, "f", ()), ("float8_e8m0fnu", 1, "f", ()), ("float4_e2m1fn_x2", 1, "f", ()),
    ("complex64", 8, "c", ("cfloat",)), ("complex128", 16, "c", ("cdouble",)),
]
DTYPES = {}
for _name, _size, _kind, _aliases in _DTYPES:
    _d = dtype(_name, _size, _kind)
    DTYPES[_name] = _d
    for _a in _aliases:
        DTYPES[_a] = _d


class device:
    def __init__(self, kind="cuda", index=None):
        if isinstance(kind, device):
            kind, index = kind.type, kind.index
        kind = str(kind)
        if ":" in kind:
            kind, idx = kind.split(":", 1)
            index = int(idx)
        self.type = kind
        self.index = index if index is not None else (0 if kind == "cuda" else None)

    def __eq__(self, other):
        other = device(other) if isinstance(other, (str, device)) else other
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    __repr__ = lambda self: f"device(type='{self.type}', index={self.index})"


class Size(tuple):
    def numel(self):
        return math.prod(self)


class _Storage:
    """One allocation. Bases are 512-byte aligned, as the CUDA caching allocator's are."""
    _next = 0x7F0000000000

    def __init__(self, nbytes):
        self.base = _Storage._next
        _Storage._next += ((max(nbytes, 1) + (1 << 21) + 511) // 512) * 512


def _contiguous_strides(shape):
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= max(d, 1)
    return tuple(reversed(strides))


def _norm_shape(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list, Size)):
        args = tuple(args[0])
    out = []
    for a in args:
        if isinstance(a, Tensor):
            raise StandInRefusal("a shape given by a tensor value (the stand-in has no data)")
        out.append(int(a))
    return tuple(out)


def _view_strides(old_shape, old_strides, new_shape):
    """The strides of a view of new_shape, or None where torch's view would
    refuse: each run of old dimensions that is contiguous in memory may be
    split or merged freely."""
    if math.prod(old_shape) == 0 or not old_shape:
        return _contiguous_strides(new_shape)
    new_strides = [0] * len(new_shape)
    view_d = len(new_shape) - 1
    chunk_base = old_strides[-1]
    tensor_numel, view_numel = 1, 1
    for d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[d]
        if d == 0 or (old_shape[d - 1] != 1 and old_strides[d - 1] != tensor_numel * chunk_base):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_strides[view_d] = view_numel * chunk_base
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if d > 0:
                chunk_base = old_strides[d - 1]
                tensor_numel, view_numel = 1, 1
    if view_d != -1:
        return None
    return tuple(new_strides)


def _dim(d, ndim):
    d = int(d)
    if d < 0:
        d += ndim
    if not 0 <= d < max(ndim, 1):
        raise IndexError(f"dimension {d} out of range for a {ndim}-d tensor")
    return d


def _broadcast(*shapes):
    ndim = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(ndim):
        dims = {s[len(s) - ndim + i] for s in shapes if len(s) - ndim + i >= 0} - {1}
        if len(dims) > 1:
            raise RuntimeError(f"shapes {shapes} do not broadcast")
        out.append(dims.pop() if dims else 1)
    return tuple(out)


def _result_dtype(*items):
    dts = [t.dtype for t in items if isinstance(t, Tensor)]
    if not dts:
        return DTYPES["float32"]
    floats = [d for d in dts if d.is_floating_point]
    if floats:
        return max(floats, key=lambda d: d.itemsize)
    if any(isinstance(t, float) for t in items):
        return DTYPES["float32"]
    return max(dts, key=lambda d: d.itemsize)


class BudgetExceeded(Exception):
    """A case made more tensors than its budget allows (see set_budget)."""


_budget = [1 << 62]


def set_budget(tensors):
    """How many more stand-in tensors the running case may make: a count, not
    a time, so what a capture keeps does not depend on the machine's load."""
    _budget[0] = tensors


class Tensor:
    """A tensor without data: what a launch sees of it."""

    _retain = False  # retain_grad() was called

    def __format__(self, spec):
        return repr(self)  # printed values are output; the stand-in has none

    def __init__(self, shape, dtype_=None, strides=None, offset=0, storage=None, dev=None, requires_grad=False):
        _budget[0] -= 1
        if _budget[0] < 0:
            _budget[0] = 1 << 62
            raise BudgetExceeded()
        self._shape = tuple(int(s) for s in shape)
        self.dtype = dtype_ or DTYPES["float32"]
        self._strides = tuple(strides) if strides is not None else _contiguous_strides(self._shape)
        self._offset = int(offset)
        self._storage = storage or _Storage(math.prod(self._shape) * self.dtype.itemsize)
        self.device = device(dev) if dev is not None else device("cuda", 0)
        self.requires_grad = bool(requires_grad)
        self.grad = None
        self._grad_fn = None  # the autograd node that made it (autograd_standin)
        self._ins = ()        # the tensors it was computed from, where they require grad
        if self.requires_grad:
            autograd_standin.note_leaf(self)

    # -- what a launch reads --
    @property
    def shape(self):
        return Size(self._shape)

    def size(self, dim=None):
        return Size(self._shape) if dim is None else self._shape[_dim(dim, self.ndim)]

    def stride(self, dim=None):
        return self._strides if dim is None else self._strides[_dim(dim, self.ndim)]

    @property
    def ndim(self):
        return len(self._shape)

    def dim(self):
        return len(self._shape)

    def numel(self):
        return math.prod(self._shape)

    nelement = numel

    def element_size(self):
        return self.dtype.itemsize

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.numel() * self.dtype.itemsize

    def data_ptr(self):
        return self._storage.base + self._offset * self.dtype.itemsize

    def storage_offset(self):
        return self._offset

    def is_contiguous(self, memory_format=None):
        expect = _contiguous_strides(self._shape)
        return all(s == e for s, e, d in zip(self._strides, expect, self._shape) if d != 1)

    @property
    def is_cuda(self):
        return self.device.type == "cuda"

    def get_device(self):
        return self.device.index if self.is_cuda else -1

    @property
    def data(self):
        return self

    @property
    def layout(self):
        return "strided"

    def __len__(self):
        if not self._shape:
            raise TypeError("len() of a 0-d tensor")
        return self._shape[0]

    def __repr__(self):
        return f"StandInTensor(shape={self._shape}, dtype={self.dtype}, strides={self._strides})"

    # -- views --
    def _view(self, shape, strides, offset=None):
        t = Tensor(shape, self.dtype, strides, self._offset if offset is None else offset, self._storage,
                   self.device)
        return autograd_standin.track(t, self)

    def view(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], dtype):
            d = shape[0]
            if d.itemsize != self.dtype.itemsize:
                raise StandInRefusal("Tensor.view(dtype) with another element size")
            t = self._view(self._shape, self._strides)
            t.dtype = d
            return t
        shape = self._infer(_norm_shape(shape))
        strides = _view_strides(self._shape, self._strides, shape)
        if strides is None:
            raise RuntimeError("view size is not compatible with input tensor's size and stride")
        return self._view(shape, strides)

    def _infer(self, shape):
        if -1 in shape:
            known = math.prod(d for d in shape if d != -1)
            shape = tuple(self.numel() // max(known, 1) if d == -1 else d for d in shape)
        if math.prod(shape) != self.numel():
            raise RuntimeError(f"shape {shape} is invalid for input of size {self.numel()}")
        return shape

    def reshape(self, *shape):
        shape = self._infer(_norm_shape(shape))
        strides = _view_strides(self._shape, self._strides, shape)
        if strides is not None:
            return self._view(shape, strides)
        return Tensor(shape, self.dtype, None, 0, None, self.device, self.requires_grad)

    def view_as(self, other):
        return self.view(other.shape)

    def reshape_as(self, other):
        return self.reshape(other.shape)

    def flatten(self, start_dim=0, end_dim=-1):
        if self.ndim == 0:
            return self.reshape(1)
        s, e = _dim(start_dim, self.ndim), _dim(end_dim, self.ndim)
        shape = self._shape[:s] + (math.prod(self._shape[s:e + 1]),) + self._shape[e + 1:]
        return self.reshape(shape)

    def contiguous(self, memory_format=None):
        if self.is_contiguous():
            return self
        return Tensor(self._shape, self.dtype, None, 0, None, self.device, self.requires_grad)

    def clone(self, memory_format=None):
        return Tensor(self._shape, self.dtype, None, 0, None, self.device, self.requires_grad)

    def unsqueeze(self, d):
        d = int(d)
        if d < 0:
            d += self.ndim + 1
        inner = self._strides[d] * self._shape[d] if d < self.ndim else 1
        return self._view(self._shape[:d] + (1,) + self._shape[d:], self._strides[:d] + (inner,) + self._strides[d:])

    def squeeze(self, d=None):
        if d is None:
            keep = [i for i, s in enumerate(self._shape) if s != 1]
        else:
            d = _dim(d, self.ndim)
            keep = [i for i in range(self.ndim) if i != d or self._shape[i] != 1]
        return self._view(tuple(self._shape[i] for i in keep), tuple(self._strides[i] for i in keep))

    def permute(self, *dims):
        dims = _norm_shape(dims)
        dims = tuple(_dim(d, self.ndim) for d in dims)
        return self._view(tuple(self._shape[d] for d in dims), tuple(self._strides[d] for d in dims))

    def transpose(self, a, b):
        order = list(range(self.ndim))
        a, b = _dim(a, self.ndim), _dim(b, self.ndim)
        order[a], order[b] = order[b], order[a]
        return self.permute(order)

    swapaxes = transpose

    def t(self):
        return self if self.ndim < 2 else self.transpose(0, 1)

    @property
    def T(self):
        return self.permute(tuple(reversed(range(self.ndim))))

    @property
    def mT(self):
        return self.transpose(-2, -1)

    def expand(self, *shape):
        shape = _norm_shape(shape)
        pad = len(shape) - self.ndim
        src_shape, src_strides = (1,) * pad + self._shape, (0,) * pad + self._strides
        out_shape, out_strides = [], []
        for want, have, st in zip(shape, src_shape, src_strides):
            if want == -1 or want == have:
                out_shape.append(have)
                out_strides.append(st)
            elif have == 1:
                out_shape.append(want)
                out_strides.append(0)
            else:
                raise RuntimeError(f"cannot expand {self._shape} to {shape}")
        return self._view(tuple(out_shape), tuple(out_strides))

    def expand_as(self, other):
        return self.expand(other.shape)

    def __getitem__(self, key):
        if not isinstance(key, tuple):
            key = (key,)
        if any(isinstance(k, Tensor) for k in key):
            raise StandInRefusal("indexing a tensor with a tensor (the stand-in has no data)")
        n_real = sum(1 for k in key if k is not None and k is not Ellipsis)
        if Ellipsis in key:
            i = key.index(Ellipsis)
            key = key[:i] + (slice(None),) * (self.ndim - n_real) + key[i + 1:]
        key = key + (slice(None),) * (self.ndim - sum(1 for k in key if k is not None))
        shape, strides, offset, d = [], [], self._offset, 0
        for k in key:
            if k is None:
                shape.append(1)
                strides.append(0)
                continue
            size, st = self._shape[d], self._strides[d]
            if isinstance(k, slice):
                start, stop, step = k.indices(size)
                n = max(0, (stop - start + (step - (1 if step > 0 else -1))) // step)
                offset += start * st
                shape.append(n)
                strides.append(st * step)
            else:
                k = int(k)
                if k < 0:
                    k += size
                offset += k * st
            d += 1
        return self._view(tuple(shape), tuple(strides), offset)

    def __setitem__(self, key, value):
        pass  # writes have no effect on a tensor without data

    def narrow(self, d, start, length):
        key = [slice(None)] * self.ndim
        key[_dim(d, self.ndim)] = slice(start, start + length)
        return self[tuple(key)]

    def select(self, d, i):
        key = [slice(None)] * self.ndim
        key[_dim(d, self.ndim)] = i
        return self[tuple(key)]

    def chunk(self, n, dim=0):
        d = _dim(dim, self.ndim)
        step = -(-self._shape[d] // n)
        return tuple(self.narrow(d, s, min(step, self._shape[d] - s)) for s in range(0, self._shape[d], step))

    def split(self, size, dim=0):
        d = _dim(dim, self.ndim)
        sizes = size if isinstance(size, (list, tuple)) else \
            [min(size, self._shape[d] - s) for s in range(0, self._shape[d], size)]
        out, s = [], 0
        for n in sizes:
            out.append(self.narrow(d, s, n))
            s += n
        return tuple(out)

    def unbind(self, dim=0):
        d = _dim(dim, self.ndim)
        return tuple(self.select(d, i) for i in range(self._shape[d]))

    # -- dtype, device and autograd bookkeeping --
    def to(self, *args, **kwargs):
        d = kwargs.get("dtype")
        for a in args:
            if isinstance(a, dtype):
                d = a
            elif isinstance(a, Tensor):
                d = a.dtype
        if d is None or d is self.dtype:
            return self
        return Tensor(self._shape, d, None, 0, None, self.device, self.requires_grad)

    def type(self, d=None):
        return self.to(d) if isinstance(d, dtype) else f"torch.cuda.{self.dtype.name}Tensor"

    def type_as(self, other):
        return self.to(other.dtype)

    def cuda(self, *a, **k):
        return self

    def cpu(self):
        return self

    def detach(self):
        t = self._view(self._shape, self._strides)
        t.requires_grad = False
        return t

    def requires_grad_(self, flag=True):
        self.requires_grad = bool(flag)
        if self.requires_grad:
            autograd_standin.note_leaf(self)
        return self

    def retain_grad(self):
        self._retain = True

    def record_stream(self, *a):
        return None

    def pin_memory(self):
        return self

    def new_empty(self, *shape, dtype=None, device=None, **kw):
        return Tensor(_norm_shape(shape), dtype or self.dtype, None, 0, None, self.device)

    new_zeros = new_ones = new_empty

    def new_full(self, shape, fill, dtype=None, **kw):
        return self.new_empty(shape, dtype=dtype)

    def new_tensor(self, data, dtype=None, **kw):
        return tensor(data, dtype=dtype or self.dtype)

    # in-place fills: no data, so they only return the tensor
    def _inplace(self, *a, **k):
        return self

    fill_ = zero_ = normal_ = uniform_ = random_ = exponential_ = bernoulli_ = copy_ = clamp_ = _inplace
    add_ = sub_ = mul_ = div_ = masked_fill_ = index_fill_ = scatter_ = index_copy_ = _inplace
    log_normal_ = cauchy_ = geometric_ = _inplace

    # -- element-wise arithmetic: a new tensor of the broadcast shape --
    def _binary(self, other, *_a, **_k):
        shape = _broadcast(self._shape, other._shape) if isinstance(other, Tensor) else self._shape
        return autograd_standin.track(Tensor(shape, _result_dtype(self, other), None, 0, None, self.device), self,
                                      other)

    def _compare(self, other, *_a, **_k):
        shape = _broadcast(self._shape, other._shape) if isinstance(other, Tensor) else self._shape
        return Tensor(shape, DTYPES["bool"], None, 0, None, self.device)  # not differentiable

    def _unary(self, *_a, **_k):
        return autograd_standin.track(Tensor(self._shape, self.dtype, None, 0, None, self.device), self)

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _binary
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = __mod__ = __pow__ = __rpow__ = _binary
    __and__ = __or__ = __xor__ = __rand__ = __ror__ = __lshift__ = __rshift__ = _binary
    add = sub = mul = div = maximum = minimum = pow = masked_fill = _binary
    __lt__ = __le__ = __gt__ = __ge__ = eq = ne = lt = le = gt = ge = _compare
    __neg__ = __abs__ = __invert__ = __pos__ = _unary
    abs = neg = exp = log = sqrt = rsqrt = sigmoid = tanh = relu = sin = cos = reciprocal = _unary
    clamp = clip = float_power = _unary

    def __iadd__(self, other):
        return self

    __isub__ = __imul__ = __itruediv__ = __iand__ = __ior__ = __iadd__

    def __eq__(self, other):
        return self._compare(other)

    def __ne__(self, other):
        return self._compare(other)

    __hash__ = object.__hash__

    def __matmul__(self, other):
        if self.ndim < 1 or other.ndim < 1:
            raise RuntimeError("matmul of a 0-d tensor")
        a = self._shape if self.ndim > 1 else (1,) + self._shape
        b = other._shape if other.ndim > 1 else other._shape + (1,)
        batch = _broadcast(a[:-2], b[:-2])
        shape = batch + (a[-2], b[-1])
        if self.ndim == 1:
            shape = shape[:-2] + shape[-1:]
        if other.ndim == 1:
            shape = shape[:-1]
        return autograd_standin.track(Tensor(shape, _result_dtype(self, other), None, 0, None, self.device), self,
                                      other)

    matmul = mm = bmm = __matmul__

    def float(self):
        return self.to(DTYPES["float32"])

    def half(self):
        return self.to(DTYPES["float16"])

    def bfloat16(self):
        return self.to(DTYPES["bfloat16"])

    def double(self):
        return self.to(DTYPES["float64"])

    def int(self):
        return self.to(DTYPES["int32"])

    def long(self):
        return self.to(DTYPES["int64"])

    def bool(self):
        return self.to(DTYPES["bool"])

    def _reduce(self, dim=None, keepdim=False, *a, **k):
        if dim is None:
            return autograd_standin.track(Tensor((), self.dtype, None, 0, None, self.device), self)
        dims = {_dim(d, self.ndim) for d in (dim if isinstance(dim, (list, tuple)) else (dim,))}
        shape = tuple(1 if i in dims else s for i, s in enumerate(self._shape) if keepdim or i not in dims)
        return autograd_standin.track(Tensor(shape, self.dtype, None, 0, None, self.device), self)

    sum = mean = amax = amin = prod = std = var = norm = logsumexp = _reduce

    # -- what needs data --
    def item(self):
        raise StandInRefusal("Tensor.item() (the stand-in has no data)")

    def tolist(self):
        raise StandInRefusal("Tensor.tolist() (the stand-in has no data)")

    def __bool__(self):
        raise StandInRefusal("the truth value of a tensor (the stand-in has no data)")

    def __float__(self):
        raise StandInRefusal("float() of a tensor (the stand-in has no data)")

    def __int__(self):
        raise StandInRefusal("int() of a tensor (the stand-in has no data)")

    __index__ = __int__

    def __iter__(self):
        return iter(self.unbind(0))

    def numpy(self):
        raise StandInRefusal("Tensor.numpy() (the stand-in has no data)")

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        if not self.requires_grad:
            raise RuntimeError("element 0 of tensors does not require grad and does not have a grad_fn")
        autograd_standin.backward([self], [gradient], _grad_like, Tensor)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise StandInRefusal(f"Tensor.{name}")


Parameter = Tensor


def _make(shape, dtype_=None, device_=None, requires_grad=False, **kw):
    if kw.get("out") is not None:
        raise StandInRefusal("out= on a tensor factory")
    if not shape and kw.get("size") is not None:  # torch.randn(size=[M, N])
        shape = (kw["size"],)
    return Tensor(_norm_shape(shape), dtype_ or DTYPES["float32"], None, 0, None, device_, requires_grad)


def empty(*shape, dtype=None, device=None, requires_grad=False, **kw):
    return _make(shape, dtype, device, requires_grad, **kw)


zeros = ones = rand = randn = empty


def full(size, fill_value, dtype=None, device=None, requires_grad=False, **kw):
    if dtype is None:
        dtype = DTYPES["int64"] if isinstance(fill_value, bool) is False and isinstance(fill_value, int) \
            else DTYPES["float32"]
    return _make((size,) if isinstance(size, int) else (tuple(size),), dtype, device, requires_grad)


def randint(low, high=None, size=None, dtype=None, device=None, **kw):
    if size is None:
        size, high = high, None
    return _make((tuple(size),), dtype or DTYPES["int64"], device)


def randperm(n, dtype=None, device=None, **kw):
    return _make((int(n),), dtype or DTYPES["int64"], device)


def empty_strided(size, stride, dtype=None, device=None, **kw):
    return Tensor(tuple(size), dtype or DTYPES["float32"], tuple(stride), 0, None, device)


def _like(t, dtype=None, device=None, requires_grad=False, memory_format=None, **kw):
    if not isinstance(t, Tensor):
        raise StandInRefusal(f"a *_like factory on {type(t).__name__}")
    if t.is_contiguous() or memory_format is not None:
        return Tensor(t.shape, dtype or t.dtype, None, 0, None, device or t.device, requires_grad)
    # preserve_format: a dense tensor keeps its strides (permutation) order
    order = sorted(range(t.ndim), key=lambda i: -t.stride(i))
    strides, acc = [0] * t.ndim, 1
    for i in reversed(order):
        strides[i] = acc
        acc *= max(t.shape[i], 1)
    return Tensor(t.shape, dtype or t.dtype, tuple(strides), 0, None, device or t.device, requires_grad)


empty_like = zeros_like = ones_like = rand_like = randn_like = _like


def full_like(t, fill, dtype=None, **kw):
    return _like(t, dtype=dtype, **kw)


def randint_like(t, low=0, high=None, dtype=None, **kw):
    return _like(t, dtype=dtype, **kw)


def arange(start, end=None, step=1, dtype=None, device=None, **kw):
    if end is None:
        start, end = 0, start
    n = max(0, math.ceil((end - start) / step))
    if dtype is None:
        dtype = DTYPES["float32"] if any(isinstance(v, float) for v in (start, end, step)) else DTYPES["int64"]
    return _make((n,), dtype, device)


def linspace(start, end, steps, dtype=None, device=None, **kw):
    return _make((int(steps),), dtype or DTYPES["float32"], device)


def _nested_shape(data):
    shape = []
    while isinstance(data, (list, tuple)):
        shape.append(len(data))
        data = data[0] if data else None
    return tuple(shape), data


def tensor(data, dtype=None, device=None, requires_grad=False, **kw):
    if isinstance(data, Tensor):
        return data.clone()
    shape, leaf = _nested_shape(data)
    if dtype is None:
        dtype = DTYPES["bool"] if isinstance(leaf, bool) else DTYPES["int64"] if isinstance(leaf, int) \
            else DTYPES["float32"]
    return Tensor(shape, dtype, None, 0, None, device, requires_grad)


as_tensor = tensor


def from_numpy(a):
    """A CPU tensor with the numpy array's shape, dtype and strides (numpy is
    real: its array's layout is known, its data is not read)."""
    name = getattr(getattr(a, "dtype", None), "name", None)
    if name not in DTYPES or not hasattr(a, "shape"):
        raise StandInRefusal(f"torch.from_numpy of a {type(a).__name__} ({name})")
    d = DTYPES[name]
    strides = tuple(int(s) // d.itemsize for s in getattr(a, "strides", ())) or None
    return Tensor(tuple(a.shape), d, strides, 0, None, "cpu")


def as_strided(t, size, stride, storage_offset=None):
    return t._view(tuple(size), tuple(stride), t._offset if storage_offset is None else storage_offset)


def _cat(tensors, dim=0, *, out=None):
    tensors = [t for t in tensors if not (isinstance(t, Tensor) and t.shape == (0,))]
    d = _dim(dim, tensors[0].ndim)
    shape = list(tensors[0].shape)
    shape[d] = sum(t.shape[d] for t in tensors)
    return Tensor(tuple(shape), tensors[0].dtype, None, 0, None, tensors[0].device)


cat = concat = concatenate = _cat


def stack(tensors, dim=0, *, out=None):
    t0 = tensors[0]
    d = dim if dim >= 0 else dim + t0.ndim + 1
    return Tensor(t0.shape[:d] + (len(tensors),) + t0.shape[d:], t0.dtype, None, 0, None, t0.device)


def is_tensor(x):
    return isinstance(x, Tensor)


def is_floating_point(x):
    return x.dtype.is_floating_point


def numel(x):
    return x.numel()


def broadcast_shapes(*shapes):
    return Size(_broadcast(*[tuple(s) for s in shapes]))


def manual_seed(seed):
    return None


def get_default_dtype():
    return DTYPES["float32"]


def set_default_dtype(d):
    return None


class Generator:
    def __init__(self, device=None):
        self.device = device

    def manual_seed(self, seed):
        return self


class finfo:
    _TABLE = {
        "float16": (65504.0, 6.103515625e-05, 0.0009765625, 16), "bfloat16": (3.3895313892515355e38, 1.1754943508222875e-38, 0.0078125, 16),
        "float32": (3.4028234663852886e38, 1.1754943508222875e-38, 1.1920928955078125e-07, 32),
        "float64": (1.7976931348623157e308, 2.2250738585072014e-308, 2.220446049250313e-16, 64),
        "float8_e4m3fn": (448.0, 0.015625, 0.125, 8), "float8_e5m2": (57344.0, 6.103515625e-05, 0.25, 8),
    }

    def __init__(self, d=None):
        d = d or DTYPES["float32"]
        if d.name not in self._TABLE:
            raise StandInRefusal(f"torch.finfo({d})")
        self.max, self.tiny, self.eps, self.bits = self._TABLE[d.name]
        self.min = -self.max
        self.smallest_normal = self.tiny
        self.dtype = d.name


class iinfo:
    def __init__(self, d):
        bits = d.itemsize * 8
        self.bits = bits
        if d.kind == "u" or d.kind == "b":
            self.min, self.max = 0, (1 << bits) - 1
        else:
            self.min, self.max = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        self.dtype = d.name


def no_grad(fn=None):
    return autograd_standin.GradMode(False)(fn)


def enable_grad(fn=None):
    return autograd_standin.GradMode(True)(fn)


def inference_mode(mode=True):
    if callable(mode):
        return autograd_standin.GradMode(False)(mode)
    return autograd_standin.GradMode(not mode)


def set_grad_enabled(flag):
    """Sets the mode now (as a call) and restores it on leaving (as a context)."""
    return _SetGrad(autograd_standin.set_enabled(bool(flag)))


class _SetGrad:
    def __init__(self, saved):
        self.saved = saved

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        autograd_standin.set_enabled(self.saved)
        return False


def is_grad_enabled():
    return autograd_standin.grad_enabled()


def _grad_like(t):
    """A gradient as autograd hands it to a backward: dense, the tensor's
    shape and dtype, no grad of its own."""
    return Tensor(t.shape, t.dtype, None, 0, None, t.device)


def compile(fn=None, **kw):
    return fn if fn is not None else (lambda f: f)


class _FunctionContext:
    """The `ctx` of an autograd Function's forward."""

    def __init__(self):
        self.saved_tensors = ()
        self.needs_input_grad = ()

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def mark_non_differentiable(self, *a):
        return None

    def mark_dirty(self, *a):
        return None

    def set_materialize_grads(self, flag):
        return None


class Function:
    """torch.autograd.Function: `apply` runs forward on a fresh ctx."""

    @classmethod
    def apply(cls, *args, **kwargs):
        return autograd_standin.apply(cls, _FunctionContext(), args, kwargs, Tensor)


class Module:
    """torch.nn.Module: calling it runs forward."""

    def __init__(self, *a, **k):
        pass

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def register_buffer(self, name, value, persistent=True):
        setattr(self, name, value)

    def to(self, *a, **k):
        return self

    cuda = eval = train = half = float = to

    def parameters(self):
        return iter(())


class _Props:
    def __init__(self, target):
        self.name = target["device_name"]
        self.multi_processor_count = target["sm_count"]
        self.major, self.minor = target["compute_capability"]
        self.total_memory = target["memory_bytes"]
        self.L2_cache_size = target.get("l2_bytes", 0)
        self.max_threads_per_multi_processor = 2048
        self.warp_size = 32
        self.regs_per_multiprocessor = 65536
        self.shared_memory_per_block_optin = target.get("smem_per_block_optin", 232448)
        self.gcnArchName = ""
        self.uuid = "GPU-00000000-0000-0000-0000-000000000000"


class Stream:
    def __init__(self, *a, **k):
        self.cuda_stream = 0
        self.device = device("cuda", 0)

    def synchronize(self):
        return None

    def wait_stream(self, other):
        return None

    def wait_event(self, event):
        return None

    def record_event(self, event=None):
        return event or Event()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


class Event:
    def __init__(self, *a, **k):
        pass

    def record(self, stream=None):
        return None

    def synchronize(self):
        return None

    def wait(self, stream=None):
        return None

    def elapsed_time(self, other):
        return 1.0

    def query(self):
        return True


def _build_cuda(target):
    cuda = permissive_module("torch.cuda")
    props = _Props(target)
    stream = Stream()
    cuda.is_available = lambda: True
    cuda.device_count = lambda: 1
    cuda.current_device = lambda: 0
    cuda.set_device = lambda d: None
    cuda.get_device_properties = lambda d=None: props
    cuda.get_device_capability = lambda d=None: tuple(target["compute_capability"])
    cuda.get_device_name = lambda d=None: target["device_name"]
    cuda.current_stream = lambda d=None: stream
    cuda.default_stream = lambda d=None: stream
    cuda.Stream = Stream
    cuda.Event = Event
    cuda.stream = lambda s=None: contextlib.nullcontext(s)
    cuda.device = lambda d=None: contextlib.nullcontext(d)
    cuda.synchronize = lambda d=None: None
    cuda.empty_cache = lambda: None
    cuda.manual_seed = cuda.manual_seed_all = lambda s: None
    cuda.mem_get_info = lambda d=None: (target["memory_bytes"], target["memory_bytes"])
    cuda.memory_allocated = cuda.max_memory_allocated = cuda.memory_reserved = lambda d=None: 0
    cuda.reset_peak_memory_stats = lambda d=None: None
    cuda.is_bf16_supported = lambda *a, **k: True
    cuda.is_initialized = lambda: True
    cuda.OutOfMemoryError = type("OutOfMemoryError", (RuntimeError,), {})
    return cuda


def install(target):
    """Builds the `torch` stand-in and puts it, with its submodules, in sys.modules."""
    mod = permissive_module("torch")
    this = sys.modules[__name__]
    for name in ("Tensor", "Size", "device", "dtype", "Generator", "finfo", "iinfo", "no_grad", "enable_grad",
                 "inference_mode", "set_grad_enabled", "is_grad_enabled", "compile", "empty", "zeros", "ones",
                 "rand", "randn", "full", "randint", "randperm", "empty_strided", "empty_like", "zeros_like",
                 "ones_like", "rand_like", "randn_like", "full_like", "randint_like", "arange", "linspace", "tensor",
                 "as_tensor", "from_numpy", "as_strided", "cat", "concat", "concatenate", "stack", "is_tensor",
                 "is_floating_point", "numel", "broadcast_shapes", "manual_seed", "get_default_dtype",
                 "set_default_dtype"):
        setattr(mod, name, getattr(this, name))
    for name, d in DTYPES.items():
        setattr(mod, name, d)
    mod.__version__ = "2.9.0+standin"
    mod.version = types.SimpleNamespace(cuda="13.0", __version__="2.9.0+standin", hip=None)
    mod.contiguous_format = "contiguous_format"
    mod.preserve_format = "preserve_format"
    mod.channels_last = "channels_last"
    mod.strided = "strided"
    mod.inf = math.inf
    mod.nan = math.nan
    mod.pi = math.pi
    mod.e = math.e
    mod.cuda = _build_cuda(target)
    autograd = permissive_module("torch.autograd")
    autograd.Function = Function
    autograd.grad = lambda outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, \
        allow_unused=None, **k: autograd_standin.grad(outputs, inputs, grad_outputs, _grad_like, Tensor)
    autograd.backward = lambda tensors, grad_tensors=None, retain_graph=None, create_graph=False, **k: \
        autograd_standin.backward(list(tensors) if isinstance(tensors, (tuple, list)) else [tensors],
                                  list(grad_tensors) if isinstance(grad_tensors, (tuple, list)) else [grad_tensors],
                                  _grad_like, Tensor)
    autograd.set_grad_enabled = set_grad_enabled
    autograd.no_grad = no_grad
    autograd.enable_grad = enable_grad
    autograd.function = permissive_module("torch.autograd.function")
    autograd.function.Function = Function
    autograd.function.FunctionCtx = _FunctionContext
    autograd.function.once_differentiable = lambda f: f
    mod.autograd = autograd
    nn = permissive_module("torch.nn")
    nn.Module = Module
    nn.Parameter = lambda t, requires_grad=True: t
    nn.functional = permissive_module("torch.nn.functional")
    nn.init = permissive_module("torch.nn.init")
    mod.nn = nn
    mod.device_type = "cuda"
    mod.random = permissive_module("torch.random")
    from . import torch_functions
    torch_functions.install(mod, nn.functional)
    modules = {"torch.random": mod.random, "torch": mod, "torch.cuda": mod.cuda, "torch.autograd": autograd,
               "torch.autograd.function": autograd.function, "torch.nn": nn,
               "torch.nn.functional": nn.functional, "torch.nn.init": nn.init}
    sys.modules.update(modules)
    return mod


__all__ = ["install", "Tensor", "DTYPES", "StandInRefusal", "Unmodelled", "in_import_phase"]
