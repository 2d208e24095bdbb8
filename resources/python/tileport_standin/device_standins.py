# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Stand-ins for the device-side libraries kernel files import only to
launch: `cuda.core` (devices and streams, answered from the target profile),
`cuda.bindings` (allocations as addresses, copies and syncs as successes)
and `cupy` (arrays as stand-in tensors with numpy-style dtypes, shapes and
byte strides). Like the torch stand-in, they hold no data: what they cannot
model raises StandInRefusal with its name."""
import enum
import importlib
import math
import sys
import types

from . import torch_standin
from .placeholders import StandInRefusal, permissive_module
from .torch_standin import DTYPES, Tensor


# -- cuda.core --

class _Stream:
    def __init__(self, *a, **k):
        self.handle = 0

    def sync(self):
        return None

    synchronize = sync

    def close(self):
        return None

    def __cuda_stream__(self):
        return (0, 0)

    def wait(self, *a, **k):
        return None

    def record(self, *a, **k):
        return _Event()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


class _Event:
    def __init__(self, *a, **k):
        pass

    def sync(self):
        return None

    def __sub__(self, other):
        return 1.0


class _ComputeCapability(tuple):
    @property
    def major(self):
        return self[0]

    @property
    def minor(self):
        return self[1]


class _DeviceProperties:
    def __init__(self, target):
        self.multiprocessor_count = target["sm_count"]
        self.name = target["device_name"]
        self.compute_capability_major, self.compute_capability_minor = target["compute_capability"]
        self.total_global_mem = target["memory_bytes"]
        self.l2_cache_size = target.get("l2_bytes", 0)
        self.warp_size = 32
        self.max_shared_memory_per_block_optin = 232448


def _cuda_core(target):
    class Device:
        def __init__(self, device_id=0):
            self.device_id = int(device_id or 0)
            self.compute_capability = _ComputeCapability(target["compute_capability"])
            self.arch = "".join(str(x) for x in target["compute_capability"])
            self.name = target["device_name"]
            self.properties = _DeviceProperties(target)
            self.default_stream = _Stream()
            self.uuid = "00000000-0000-0000-0000-000000000000"

        def set_current(self, ctx=None):
            return None

        def create_stream(self, *a, **k):
            return _Stream()

        def create_event(self, *a, **k):
            return _Event()

        def sync(self):
            return None

        synchronize = sync

    mod = permissive_module("cuda.core")
    mod.Device = Device
    mod.Stream = _Stream
    mod.Event = _Event
    mod.LaunchConfig = lambda *a, **k: types.SimpleNamespace(args=a, **k)
    mod.system = types.SimpleNamespace(num_devices=1, devices=[Device(0)], driver_version=(13, 0))
    experimental = permissive_module("cuda.core.experimental")
    for name in ("Device", "Stream", "Event", "LaunchConfig", "system"):
        setattr(experimental, name, getattr(mod, name))
    mod.experimental = experimental
    return {"cuda.core": mod, "cuda.core.experimental": experimental}


# -- cupy --

def _np():
    try:
        return importlib.import_module("numpy")
    except ImportError:
        return None


def to_dtype(d, default="float64"):
    """A torch stand-in dtype from what cupy code passes: a numpy type or
    dtype, a string, a stand-in dtype, or None (cupy's default float64)."""
    if d is None:
        return DTYPES[default]
    if isinstance(d, torch_standin.dtype):
        return d
    if d is float:
        return DTYPES["float64"]
    if d is int:
        return DTYPES["int64"]
    if d is bool:
        return DTYPES["bool"]
    name = getattr(d, "name", None) if not isinstance(d, str) else d
    np = _np()
    if np is not None:
        try:
            name = np.dtype(d).name
        except TypeError:
            pass
    if name in DTYPES:
        return DTYPES[name]
    raise StandInRefusal(f"cupy dtype {d!r}")


class ndarray(Tensor):
    """A cupy array: a stand-in tensor with cupy's attribute names."""

    @property
    def size(self):
        return math.prod(self._shape)

    @property
    def strides(self):
        return tuple(s * self.dtype.itemsize for s in self._strides)

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def data(self):
        return types.SimpleNamespace(ptr=self.data_ptr())

    @property
    def flags(self):
        c = self.is_contiguous()
        return types.SimpleNamespace(c_contiguous=c, f_contiguous=c and self.ndim <= 1, owndata=True,
                                     writeable=True)

    @property
    def T(self):
        return _wrap(Tensor.t(self) if self.ndim <= 2 else self.permute(*reversed(range(self.ndim))))

    def astype(self, d, *a, **k):
        return _new(self.shape, to_dtype(d))

    def reshape(self, *shape, **k):
        return _wrap(Tensor.reshape(self, *shape))

    def transpose(self, *axes):
        if not axes:
            axes = tuple(reversed(range(self.ndim)))
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        return _wrap(self.permute(*axes))

    def ravel(self):
        return _wrap(Tensor.reshape(self, -1))

    flatten = ravel

    def copy(self, *a, **k):
        return _new(self.shape, self.dtype)

    def get(self, *a, **k):
        raise StandInRefusal("cupy.ndarray.get() (the stand-in has no data)")

    def __getitem__(self, key):
        return _wrap(Tensor.__getitem__(self, key))


def _wrap(t):
    if isinstance(t, ndarray) or not isinstance(t, Tensor):
        return t
    out = ndarray.__new__(ndarray)
    out.__dict__.update(t.__dict__)
    return out


def _new(shape, d):
    if isinstance(shape, int):
        shape = (shape,)
    return ndarray(tuple(int(s) for s in shape), d)


def _cupy(target):
    cp = permissive_module("cupy")
    np = _np()
    for name in ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                 "uint64", "bool_", "complex64", "complex128"):
        setattr(cp, name, getattr(np, name) if np is not None else DTYPES.get(name.rstrip("_")))
    cp.float_ = cp.float64
    cp.int_ = cp.int64
    cp.dtype = np.dtype if np is not None else to_dtype
    cp.ndarray = ndarray
    cp.newaxis = None
    cp.pi, cp.e, cp.inf, cp.nan = math.pi, math.e, math.inf, math.nan

    def empty(shape, dtype=None, order="C", **k):
        return _new(shape, to_dtype(dtype))

    def full(shape, fill_value, dtype=None, **k):
        return _new(shape, to_dtype(dtype, "float64" if isinstance(fill_value, float) else "int64"))

    def like(a, dtype=None, *x, **k):
        return _new(a.shape, to_dtype(dtype) if dtype is not None else a.dtype)

    def full_like(a, fill, dtype=None, **k):
        return like(a, dtype)

    def asarray(a, dtype=None, **k):
        if isinstance(a, Tensor):
            return _wrap(a) if dtype is None else a.astype(dtype) if isinstance(a, ndarray) else \
                _new(a.shape, to_dtype(dtype))
        shape = getattr(a, "shape", None)
        if shape is not None:  # a numpy array: its shape and dtype, not its data
            return _new(tuple(shape), to_dtype(dtype if dtype is not None else a.dtype))
        t = torch_standin.tensor(a)
        return _new(t.shape, to_dtype(dtype, "float64" if t.dtype.is_floating_point else "int64"))

    def ascontiguousarray(a, dtype=None):
        return _new(a.shape, to_dtype(dtype) if dtype is not None else a.dtype)

    def arange(start, stop=None, step=1, dtype=None):
        if stop is None:
            start, stop = 0, start
        n = max(0, math.ceil((stop - start) / step))
        return _new((n,), to_dtype(dtype, "float64" if any(isinstance(v, float) for v in (start, stop, step))
                                  else "int64"))

    cp.empty = cp.zeros = cp.ones = empty
    cp.full = full
    cp.empty_like = cp.zeros_like = cp.ones_like = like
    cp.full_like = full_like
    cp.asarray = cp.array = asarray
    cp.ascontiguousarray = ascontiguousarray
    cp.arange = arange
    cp.asnumpy = lambda a, *x, **k: a

    def _elementwise(fn):
        def op(*args, **k):
            ts = [a for a in args if isinstance(a, Tensor)]
            if not ts:
                raise StandInRefusal(f"cupy.{fn} on non-array values")
            out = ts[0]
            for t in ts[1:]:
                out = out._binary(t)
            return _wrap(out._unary())
        return op

    for fn in ("abs", "exp", "log", "sqrt", "tanh", "sin", "cos", "negative", "add", "subtract", "multiply",
               "divide", "maximum", "minimum", "power", "where", "clip", "sign", "square", "reciprocal"):
        setattr(cp, fn, _elementwise(fn))
    cp.reshape = lambda a, shape, *x, **k: a.reshape(shape) if isinstance(a, ndarray) else _wrap(a.reshape(shape))
    cp.transpose = lambda a, axes=None: _wrap(a).transpose(*(axes or ()))
    cp.matmul = cp.dot = lambda a, b, *x, **k: _wrap(a @ b)

    random = permissive_module("cupy.random")

    def _sized(*shape, dtype=None, size=None, **k):
        if size is not None:
            shape = (size,) if isinstance(size, int) else tuple(size)
        elif len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        return _new(shape, to_dtype(dtype))

    random.randn = random.rand = random.random = random.random_sample = random.standard_normal = _sized
    random.uniform = lambda low=0.0, high=1.0, size=None, dtype=None: _sized(size=size if size is not None else (),
                                                                             dtype=dtype)
    random.normal = random.uniform
    random.randint = lambda low, high=None, size=None, dtype=None: _sized(size=size if size is not None else (),
                                                                          dtype=dtype or "int64")
    random.seed = lambda *a, **k: None
    random.default_rng = lambda *a, **k: random
    cp.random = random

    testing = permissive_module("cupy.testing")
    for fn in ("assert_allclose", "assert_array_equal", "assert_array_almost_equal", "assert_array_less"):
        setattr(testing, fn, lambda *a, **k: None)
    cp.testing = testing
    cp.allclose = cp.array_equal = lambda *a, **k: True

    cuda = permissive_module("cupy.cuda")
    props = {"multiProcessorCount": target["sm_count"], "name": target["device_name"].encode(),
             "major": target["compute_capability"][0], "minor": target["compute_capability"][1],
             "totalGlobalMem": target["memory_bytes"]}

    class CupyDevice:
        def __init__(self, device=0):
            self.id = int(device or 0)
            self.compute_capability = "".join(str(x) for x in target["compute_capability"])
            self.attributes = {"MultiProcessorCount": target["sm_count"]}

        def use(self):
            return None

        def synchronize(self):
            return None

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

    stream = _Stream()
    stream.ptr = 0
    cuda.Device = CupyDevice
    cuda.Stream = lambda *a, **k: stream
    cuda.Event = _Event
    cuda.get_current_stream = lambda *a, **k: stream
    cuda.runtime = types.SimpleNamespace(deviceSynchronize=lambda: None, getDeviceCount=lambda: 1,
                                         getDeviceProperties=lambda d=0: props, getDevice=lambda: 0)
    cuda.nvtx = permissive_module("cupy.cuda.nvtx")
    cuda.nvtx.RangePush = cuda.nvtx.RangePop = lambda *a, **k: None
    cp.cuda = cuda
    cp.get_default_memory_pool = lambda: types.SimpleNamespace(free_all_blocks=lambda: None,
                                                               used_bytes=lambda: 0)
    cp.__version__ = "13.0.0+standin"
    return {"cupy": cp, "cupy.random": random, "cupy.testing": testing, "cupy.cuda": cuda,
            "cupy.cuda.nvtx": cuda.nvtx}


# -- cuda.bindings (driver and runtime) --

class _Allocator:
    """Device addresses for allocations that hold nothing: 256-byte aligned,
    as the driver's are."""

    def __init__(self):
        self.next = 0x7F0000000000

    def alloc(self, nbytes):
        ptr = self.next
        self.next += (int(nbytes) + 255) // 256 * 256 + 256
        return ptr


def _ok_enum(name, success):
    """The bindings' result enum, success only: `err.value`, `err == ...SUCCESS`
    and `if err:` read as they do on the real one."""
    return enum.IntEnum(name, {success: 0})


def _cuda_bindings(target):
    alloc = _Allocator()
    drv = permissive_module("cuda.bindings.driver")
    rt = permissive_module("cuda.bindings.runtime")
    drv.CUresult = _ok_enum("CUresult", "CUDA_SUCCESS")
    rt.cudaError_t = _ok_enum("cudaError_t", "cudaSuccess")
    ok = drv.CUresult.CUDA_SUCCESS
    done = lambda *a, **k: (ok,)  # noqa: E731 - calls that only report success
    for name in ("cuInit", "cuCtxSetCurrent", "cuCtxSynchronize", "cuCtxPushCurrent", "cuCtxPopCurrent",
                 "cuMemFree", "cuMemFree_v2", "cuMemFreeAsync", "cuMemcpyHtoD", "cuMemcpyHtoD_v2", "cuMemcpyDtoH",
                 "cuMemcpyDtoH_v2", "cuMemcpyDtoD", "cuMemcpyHtoDAsync", "cuMemcpyDtoHAsync", "cuMemcpyDtoDAsync",
                 "cuMemcpy", "cuMemcpyAsync", "cuMemsetD8", "cuMemsetD16", "cuMemsetD32", "cuMemsetD8Async",
                 "cuMemsetD32Async", "cuStreamSynchronize", "cuStreamDestroy", "cuEventRecord", "cuEventSynchronize",
                 "cuEventDestroy", "cuStreamWaitEvent", "cuCtxDestroy"):
        setattr(drv, name, done)
    drv.cuDeviceGet = lambda i=0: (ok, int(i))
    drv.cuDeviceGetCount = lambda: (ok, 1)
    drv.cuCtxCreate = drv.cuDevicePrimaryCtxRetain = lambda *a, **k: (ok, 1)
    drv.cuCtxGetCurrent = lambda: (ok, 1)
    drv.cuMemAlloc = drv.cuMemAlloc_v2 = lambda n: (ok, alloc.alloc(n))
    drv.cuMemAllocAsync = lambda n, stream=None: (ok, alloc.alloc(n))
    drv.cuStreamCreate = drv.cuStreamCreateWithPriority = lambda *a, **k: (ok, 0)
    drv.cuEventCreate = lambda *a, **k: (ok, 1)
    drv.cuEventElapsedTime = lambda a, b: (ok, 1.0)
    rok = rt.cudaError_t.cudaSuccess
    rdone = lambda *a, **k: (rok,)  # noqa: E731
    for name in ("cudaFree", "cudaFreeAsync", "cudaMemcpy", "cudaMemcpyAsync", "cudaMemset", "cudaMemsetAsync",
                 "cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaStreamDestroy", "cudaSetDevice",
                 "cudaEventRecord", "cudaEventSynchronize", "cudaEventDestroy", "cudaStreamWaitEvent",
                 "cudaDeviceReset"):
        setattr(rt, name, rdone)
    rt.cudaMalloc = lambda n: (rok, alloc.alloc(n))
    rt.cudaMallocAsync = lambda n, stream=None: (rok, alloc.alloc(n))
    rt.cudaStreamCreate = rt.cudaStreamCreateWithFlags = lambda *a, **k: (rok, 0)
    rt.cudaEventCreate = lambda *a, **k: (rok, 1)
    rt.cudaEventElapsedTime = lambda a, b: (rok, 1.0)
    rt.cudaGetDevice = lambda: (rok, 0)
    rt.cudaGetDeviceCount = lambda: (rok, 1)
    props = types.SimpleNamespace(multiProcessorCount=target["sm_count"], name=target["device_name"].encode(),
                                  major=target["compute_capability"][0], minor=target["compute_capability"][1],
                                  totalGlobalMem=target["memory_bytes"], l2CacheSize=target.get("l2_bytes", 0),
                                  sharedMemPerBlockOptin=232448, warpSize=32)
    rt.cudaGetDeviceProperties = lambda d=0: (rok, props)
    bindings = permissive_module("cuda.bindings")
    bindings.driver, bindings.runtime = drv, rt
    return {"cuda.bindings": bindings, "cuda.bindings.driver": drv, "cuda.bindings.runtime": rt}


def install(target):
    """Puts the stand-ins in sys.modules: cupy always (a real one needs a
    GPU), cuda.core where it is not installed. Returns the stand-in roots."""
    roots = []
    sys.modules.update(_cupy(target))
    roots.append("cupy")
    try:
        importlib.import_module("cuda.core")
    except ImportError:
        sys.modules.update(_cuda_core(target))
        roots.append("cuda.core")
    try:
        importlib.import_module("cuda.bindings.driver")
    except ImportError:
        sys.modules.update(_cuda_bindings(target))
        roots.append("cuda.bindings")
    return roots
