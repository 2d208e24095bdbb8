# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""The runtime of a wheel that `tileport package` builds (shipped in it as
_runtime.py): checks each call's arrays and launches the generated cuTile
Rust kernel through the library's C ABI (the bundle's, see HostCodeWriter).

Arrays are read through DLPack, so torch tensors work, and so does any
other DLPack array (CuPy, JAX, NumPy for the checks). Nothing here imports
torch: the current torch stream is used when torch is already imported.
"""
import ctypes
import os
import sys

# The bundle's descriptor: keep in step with ffi.rs (TpTensor, MAX_RANK).
MAX_RANK = 8


class TpTensor(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_uint64), ("ndim", ctypes.c_int32), ("dtype", ctypes.c_int32),
                ("shape", ctypes.c_int64 * MAX_RANK), ("strides", ctypes.c_int64 * MAX_RANK)]


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


# DLPack (code, bits) -> the Rust element type and the name users know.
_DTYPES = {(2, 32): ("f32", "float32"), (2, 16): ("f16", "float16"), (4, 16): ("bf16", "bfloat16"),
           (0, 32): ("i32", "int32"), (0, 64): ("i64", "int64"), (2, 64): ("f64", "float64"),
           (0, 8): ("i8", "int8"), (0, 16): ("i16", "int16"), (1, 8): ("u8", "uint8"), (6, 8): ("bool", "bool")}
_NAMES = {rust: name for rust, name in _DTYPES.values()}
_DEVICES = {1: "cpu", 2: "cuda", 3: "cuda_host", 4: "opencl", 7: "vulkan", 8: "metal", 10: "rocm", 13: "cuda_managed"}
_CUDA = (2, 13)

_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_get_pointer.restype = ctypes.c_void_p
_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


class Array:
    """One argument read through DLPack; `capsule` keeps the view alive."""

    def __init__(self, entry, name, value, stream):
        if not hasattr(value, "__dlpack__") or not hasattr(value, "__dlpack_device__"):
            raise TypeError(f"{entry}(): {name} must be a tensor (torch.Tensor or another DLPack array), "
                            f"not {type(value).__name__}")
        device_type, self.device_id = value.__dlpack_device__()
        self.device = _DEVICES.get(int(device_type), f"device type {int(device_type)}")
        self.on_cuda = int(device_type) in _CUDA
        # -1: the launch runs on the producer's current stream, no wait needed.
        self.capsule = value.__dlpack__(stream=stream) if self.on_cuda else value.__dlpack__()
        t = _DLTensor.from_address(_get_pointer(self.capsule, b"dltensor"))
        key = (t.dtype.code, t.dtype.bits)
        self.rust, self.dtype = _DTYPES.get(key, (None, f"DLPack type code {key[0]} with {key[1]} bits"))
        if t.dtype.lanes != 1:
            self.rust, self.dtype = None, f"{self.dtype} x{t.dtype.lanes} lanes"
        self.ndim = t.ndim
        self.shape = tuple(t.shape[i] for i in range(t.ndim))
        if t.strides:
            self.strides = tuple(t.strides[i] for i in range(t.ndim))
        else:  # compact row-major
            strides, step = [], 1
            for n in reversed(self.shape):
                strides.append(step)
                step *= max(1, n)
            self.strides = tuple(reversed(strides))
        self.ptr = (t.data or 0) + t.byte_offset


def _choices(names):
    names = [_NAMES.get(n, n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _stream_handle(stream, device):
    """The CUDA stream to launch on: the caller's (an int handle or an object
    with .cuda_stream, as torch's and CuPy's streams have), else torch's
    current stream when torch is loaded, else the legacy default stream."""
    if stream is not None:
        handle = getattr(stream, "cuda_stream", getattr(stream, "ptr", stream))
        if not isinstance(handle, int):
            raise TypeError(f"stream must be a CUDA stream handle (int) or have .cuda_stream, not {type(stream).__name__}")
        return handle
    torch = sys.modules.get("torch")
    if torch is not None:
        return torch.cuda.current_stream(device).cuda_stream
    return 0


_LIBRARIES = {}


def _function(package_dir, library, symbol):
    path = os.path.join(package_dir, library)
    lib = _LIBRARIES.get(path)
    if lib is None:
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            raise RuntimeError(f"cannot load the kernel library {path}: {e} "
                               "(it needs the NVIDIA driver's libcuda.so.1)") from None
        _LIBRARIES[path] = lib
    fn = getattr(lib, symbol)
    fn.restype = ctypes.c_int32
    fn.argtypes = [ctypes.POINTER(TpTensor), ctypes.c_int32, ctypes.POINTER(ctypes.c_double), ctypes.c_int32,
                   ctypes.POINTER(ctypes.c_char_p), ctypes.c_int32, ctypes.POINTER(ctypes.c_uint32),
                   ctypes.c_int32, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_size_t]
    return fn


# The library's return codes (HostCodeWriter): who has to act.
_RC = {1: "bad arguments", 2: "the kernel failed", 3: "the CUDA environment failed", 4: "the kernel panicked"}

_SCALARS = {"f32": float, "f64": float, "f16": float, "bf16": float, "i32": int, "i64": int, "u32": int,
            "i16": int, "i8": int, "u8": int, "u64": int, "bool": bool}


def _derived(expr, consts):
    if isinstance(expr, str):
        return int(consts[expr])
    if isinstance(expr, (int, float)):
        return int(expr)
    op, lhs, rhs = expr
    x, y = _derived(lhs, consts), _derived(rhs, consts)
    # Only the operator asked for is evaluated: a zero divisor raises as in Python.
    return {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y, "//": lambda: x // y, "%": lambda: x % y}[op]()


def launch(package_dir, entry, args, grid=None, stream=None):
    """Checks `args` (parameter name -> value) against `entry` (bundle.json's
    entry, with the library it lives in) and launches it once."""
    name = entry["entry"]
    params = [p for p in entry["params"] if "stride_of" not in p]
    # The stream the launch runs on, which the arrays' producers order their
    # work before (DLPack: -1 none needed, 1 the legacy default stream).
    if stream is None:
        stream_arg = -1 if "torch" in sys.modules else 1
    else:
        stream_arg = _stream_handle(stream, None) or 1
    arrays, scalars = {}, []
    for p in params:
        value = args[p["name"]]
        if p["kind"] == "tensor":
            a = Array(name, p["name"], value, stream_arg)
            arrays[p["name"]] = a
        else:
            want = _SCALARS.get(p["type"], float)
            if isinstance(value, bool) and want is not bool or not isinstance(value, (int, float, bool)) \
                    or (want is int and isinstance(value, float) and not value.is_integer()):
                raise TypeError(f"{name}(): {p['name']} must be {want.__name__} ({p['type']}), not {value!r}")
            scalars.append(float(value))
    # Element types: a concrete one, or a generic every array bound to it shares.
    codes = entry["dtype_codes"]
    dtype_generics = [g["name"] for g in entry["generics"] if g["kind"] == "dtype"]
    bound = {}
    for p in params:
        if p["kind"] != "tensor":
            continue
        a, element = arrays[p["name"]], p["element"]
        generic = element in dtype_generics
        if generic:  # what the library dispatches at this generic's position
            allowed = []
            for t in entry.get("dispatch", []):
                if t[dtype_generics.index(element)] not in allowed and t[dtype_generics.index(element)] in codes:
                    allowed.append(t[dtype_generics.index(element)])
        else:
            allowed = [element]
        if a.rust not in allowed:
            raise TypeError(f"{name}(): {p['name']} is {a.dtype}; this entry takes {_choices(allowed)}")
        if generic and element in bound and bound[element][1].rust != a.rust:
            first, other = bound[element]
            raise TypeError(f"{name}(): {p['name']} is {a.dtype} but {first} is {other.dtype}; "
                            f"both have the element type {element}")
        bound.setdefault(element, (p["name"], a))
    # Then shapes, then where the arrays live: a wrong dtype is named first.
    for p in params:
        a = arrays.get(p["name"])
        if a is not None and a.ndim != p["rank"]:
            raise ValueError(f"{name}(): {p['name']} has {a.ndim} dimension(s) {list(a.shape)}; "
                             f"this entry takes rank {p['rank']}")
    for p in params:
        a = arrays.get(p["name"])
        if a is not None and not a.on_cuda:
            raise ValueError(f"{name}(): {p['name']} is on the {a.device}; the kernel runs on a CUDA device")
    devices = {a.device_id for a in arrays.values()}
    if len(devices) > 1:
        raise ValueError(f"{name}(): the tensors are on different CUDA devices {sorted(devices)}")
    device = devices.pop() if devices else 0
    handle = _stream_handle(stream, device)
    consts = {g["param"]: args[g["param"]] for g in entry["generics"] if g["kind"] == "const" and "param" in g}
    for k, v in consts.items():
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{name}(): {k} must be an int (a compile-time constant), not {v!r}")
    generics = []
    for g in entry["generics"]:
        if g["kind"] == "dtype":
            generics.append(arrays[g["dtype_of"]].rust)
        elif "derived" in g:
            generics.append(str(_derived(g["derived"], consts)))
        else:
            generics.append(str(int(consts[g["param"]])))
    if grid is None:
        if not any(p.get("block_output") for p in params):
            raise TypeError(f"{name}(): grid is required (a tuple of up to three block counts)")
        grid = (0, 0, 0)
    grid = tuple(int(g) for g in (grid if isinstance(grid, (tuple, list)) else (grid,)))
    if not 1 <= len(grid) <= 3 or any(g < 0 for g in grid):
        raise ValueError(f"{name}(): grid must be one to three non-negative block counts, not {grid}")
    grid = (grid + (1, 1, 1))[:3]

    tensors = (TpTensor * max(1, len(arrays)))()
    for i, a in enumerate(arrays.values()):
        if a.ndim > MAX_RANK:
            raise ValueError(f"{name}(): rank {a.ndim} exceeds the descriptor's {MAX_RANK}")
        d = tensors[i]
        d.ptr, d.ndim, d.dtype = a.ptr, a.ndim, codes.index(a.rust)
        for k in range(a.ndim):
            d.shape[k], d.strides[k] = a.shape[k], a.strides[k]
    fn = _function(package_dir, entry["library"], entry["symbol"])
    raw = [g.encode() for g in generics]
    message = ctypes.create_string_buffer(4096)
    rc = fn(tensors, len(arrays), (ctypes.c_double * max(1, len(scalars)))(*scalars), len(scalars),
            (ctypes.c_char_p * max(1, len(raw)))(*raw), len(raw), (ctypes.c_uint32 * 3)(*grid), device,
            handle, message, len(message))
    if rc != 0:
        raise RuntimeError(f"{name}(): {_RC.get(rc, f'error {rc}')}: {message.value.decode(errors='replace')}")
