# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Triton as the reference of a ported Triton kernel.

On a GPU, tileport_host.py uses TritonReference to launch the original
`kernel[grid](...)` exactly as the file's host function would. On the CPU,
`interpret` runs the kernel under Triton's interpreter (TRITON_INTERPRET=1)
at small shapes and records its inputs and outputs:

    tileport_triton.py interpret --source F.py --config F.tileport.json
        --launches LAUNCHES.json --out DIR [--kernel K] [--max-elements N]

Without torch the interpreter is fed numpy arrays through a small adapter
(NpTensor and a `torch` stand-in that the kernel file sees while it loads).
Exit codes: 0 every config ran or was skipped with a reason, 1 a config
failed, 2 bad arguments, 3 triton or numpy cannot be imported.
"""
import argparse
import dataclasses
import importlib.util
import inspect
import json
import math
import os
import re
import sys
import types

import tileport_config  # beside this file (resources/python, or a bundle)

KEYWORD = re.compile(r"^\s*([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$")


class ReferenceError_(Exception):
    """The launch could not be reproduced; `owner` says who has to act."""

    def __init__(self, owner, message):
        super().__init__(message)
        self.owner = owner


def load_module(path, torch_stub=None):
    """Imports the kernel file; `torch_stub` stands in for torch while it loads."""
    saved = sys.modules.get("torch")
    if torch_stub is not None:
        sys.modules["torch"] = torch_stub
    try:
        spec = importlib.util.spec_from_file_location("tileport_triton_kernel", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        if torch_stub is not None:
            if saved is None:
                sys.modules.pop("torch", None)
            else:
                sys.modules["torch"] = saved
    return module


def jit_function(kernel):
    """The @triton.jit function (a JITFunction, or an InterpretedFunction
    under TRITON_INTERPRET=1) under @triton.autotune / @triton.heuristics
    wrappers, and the heuristics met on the way (name -> function of the
    arguments)."""
    heuristics = {}
    k = kernel
    for _ in range(8):
        inner = getattr(k, "fn", None)
        if inner is None:
            break
        if inspect.isfunction(inner):
            return k, heuristics
        heuristics.update(getattr(k, "values", None) or {})
        k = inner
    raise ReferenceError_("host", f"{getattr(kernel, '__name__', kernel)} is not a @triton.jit kernel")


class LaunchRecorder:
    """Stands in for the kernel in the host function's module: records the
    grid and arguments of `kernel[grid](...)` instead of launching."""

    def __init__(self, real):
        self.real = real
        self.calls = []

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.calls.append((grid, args, kwargs))

    def __getattr__(self, name):
        return getattr(self.real, name)


def split_arg(text):
    m = KEYWORD.match(text)
    return (m.group(1), m.group(2).strip()) if m else (None, text.strip())


def source_value(p):
    """A const as the Triton kernel takes it: a string tl.constexpr is an int
    in the cuTile port, the launch's string kept as "source_value"."""
    return p.get("source_value", p.get("value"))


def host_bindings(fn, site, kernel_params, values):
    """Arguments for the host function: each parameter that the launch passes
    on to a kernel parameter the config gives a value for gets that value."""
    by_expr = {}
    for i, text in enumerate(site["args"]):
        key, expr = split_arg(text)
        target = key if key is not None else (kernel_params[i] if i < len(kernel_params) else None)
        if target is not None:
            by_expr.setdefault(expr, target)
    # A TensorDescriptor the host builds around one of its tensors: that
    # tensor is the config's array of the descriptor parameter.
    for target, tensor in (site.get("descriptors") or {}).items():
        by_expr.setdefault(tensor.strip(), target)
    bound = {}
    for name, p in inspect.signature(fn).parameters.items():
        target = by_expr.get(name)
        if target is not None and target in values:
            bound[name] = values[target]
        elif p.default is inspect.Parameter.empty:
            raise ReferenceError_("host", f"{site['function']}() parameter '{name}' is neither a configured kernel "
                                          "argument nor defaulted")
    return bound


class TritonReference:
    """One config's reference launch: the grid and every kernel argument by
    name, with the config's arrays in place of the host function's."""

    def __init__(self, module, kernel_name, launches, config, values, is_tensor):
        kernel = getattr(module, kernel_name, None)
        if kernel is None:
            raise ReferenceError_("host", f"the kernel file defines no {kernel_name}")
        self.jit, heuristics = jit_function(kernel)
        params = list(inspect.signature(self.jit.fn).parameters)
        sites = [s for s in launches if s["kernel"] == kernel_name and s.get("function")]
        if not sites:
            raise ReferenceError_("host", f"no host function launches {kernel_name}: the grid is unknown")
        errors = []
        for site in sites:
            try:
                self._capture(module, kernel_name, kernel, site, params, config, values, is_tensor, heuristics)
                return
            except ReferenceError_ as e:
                errors.append(str(e))
        raise ReferenceError_("host", "; ".join(errors))

    def _capture(self, module, kernel_name, kernel, site, params, config, values, is_tensor, heuristics):
        fn = getattr(module, site["function"], None)
        if fn is None:
            raise ReferenceError_("host", f"the kernel file has no host function {site['function']}")
        bound = host_bindings(fn, site, params, values)
        recorder = LaunchRecorder(kernel)
        setattr(module, kernel_name, recorder)
        try:
            fn(**bound)
        except ReferenceError_:
            raise
        except Exception as e:  # noqa: BLE001 - the host code's own failure
            raise ReferenceError_("host", f"{site['function']}() raised {type(e).__name__}: {e}")
        finally:
            setattr(module, kernel_name, kernel)
        if len(recorder.calls) != 1:
            raise ReferenceError_("host", f"{site['function']}() launched {len(recorder.calls)} kernels; expected one")
        grid, args, kwargs = recorder.calls[0]
        # Launch options (num_warps, num_stages, ...) are no kernel parameters.
        self.options = {k: v for k, v in kwargs.items() if k not in params}
        kwargs = {k: v for k, v in kwargs.items() if k in params}
        try:
            named = inspect.signature(self.jit.fn).bind_partial(*args, **kwargs).arguments
        except TypeError as e:
            raise ReferenceError_("host", f"{site['function']}() launches {kernel_name} with {e}")
        named = dict(named)
        # Constants an autotuner or a heuristic would supply come from the config.
        # (A const the Triton kernel does not take, such as the presence
        # flag of an optional pointer, is the port's alone.)
        config_params = [p for p in config["params"] if p["kind"] != "const" or p["name"] in params]
        for p in config_params:
            if p["kind"] == "const" and p["name"] not in named:
                named[p["name"]] = source_value(p)
        for name, h in heuristics.items():
            named.setdefault(name, h(named))
        for p in config_params:
            got = named.get(p["name"])
            want = source_value(p)
            if p["kind"] == "const" and not (got == want or (isinstance(got, float) and math.isclose(got, want))):
                raise ReferenceError_("host", f"{site['function']}() passes {p['name']}={got}, the config says {want}")
            if p["kind"] == "array":
                base = getattr(got, "base", None)
                if base is not None and not is_tensor(got) and is_tensor(base):
                    # A TensorDescriptor: around the config's array (an output
                    # the host allocates is swapped for it, as a pointer's is).
                    if base is not values[p["name"]]:
                        if tuple(base.shape) != tuple(values[p["name"]].shape):
                            raise ReferenceError_("host", f"{site['function']}() wraps a tensor of shape "
                                                          f"{tuple(base.shape)} as {p['name']}")
                        named[p["name"]] = dataclasses.replace(got, base=values[p["name"]])
                    continue
                if not is_tensor(got):
                    raise ReferenceError_("host", f"{site['function']}() passes no array as {p['name']}")
                named[p["name"]] = values[p["name"]]
        missing = [n for n in params if n not in named and
                   inspect.signature(self.jit.fn).parameters[n].default is inspect.Parameter.empty]
        if missing:
            raise ReferenceError_("host", f"no value for kernel parameter(s) {', '.join(missing)}")
        g = grid(named) if callable(grid) else grid
        g = tuple(int(x) for x in (g if isinstance(g, (tuple, list)) else (g,)))
        self.grid = (g + (1, 1, 1))[:3]
        self.args = named
        self.function = site["function"]

    def with_values(self, values):
        """The same launch on other arrays (the harness keeps one set per side)."""
        out = dict(self.args)
        for k in out:
            if k in values and hasattr(values[k], "data_ptr"):
                out[k] = values[k]
        return out

    def run(self, args=None):
        self.jit[self.grid](**(args or self.args), **self.options)


# --- the numpy adapter for the interpreter (CPU, no torch) -----------------

class NpDtype:
    def __init__(self, name, np_name):
        self.name, self.np_name = name, np_name
        self.is_floating_point = name.startswith("float")
        self.itemsize = int(name[-2:]) // 8 if name[-2:].isdigit() else int(name[-1]) // 8

    def __str__(self):
        return "torch." + self.name

    __repr__ = __str__


class NpStorage:
    def __init__(self, array):
        self.array = array

    def data_ptr(self):
        return self.array.ctypes.data

    def cpu(self):
        return self  # already host memory: the interpreter works in place

    def copy_(self, other):
        return self


class NpTensor:
    """What Triton's interpreter and simple host code use of a torch tensor."""

    def __init__(self, array, dtype):
        self.array = array
        self.dtype = dtype
        self.device = "cpu"

    def data_ptr(self):
        return self.array.ctypes.data

    def untyped_storage(self):
        return NpStorage(self.array)

    def new_empty(self, *shape, **kwargs):
        return self

    def set_(self, *args):
        return self

    def storage_offset(self):
        return 0

    @property
    def shape(self):
        return tuple(self.array.shape)

    def size(self, dim=None):
        return self.shape if dim is None else self.array.shape[dim]

    def stride(self, dim=None):
        s = tuple(b // self.array.itemsize for b in self.array.strides)
        return s if dim is None else s[dim]

    def dim(self):
        return self.array.ndim

    def numel(self):
        return int(self.array.size)

    def is_contiguous(self):
        return self.array.flags["C_CONTIGUOUS"]

    def contiguous(self):
        return self

    def element_size(self):
        return self.array.itemsize


def numpy_torch(np):
    """A `torch` stand-in with the few allocation calls host code makes."""
    t = types.ModuleType("torch")
    dtypes = {}
    for name, np_name in (("float32", "float32"), ("float16", "float16"), ("float64", "float64"),
                          ("int32", "int32"), ("int64", "int64"), ("int8", "int8"), ("uint8", "uint8")):
        dtypes[name] = NpDtype(name, np_name)
        setattr(t, name, dtypes[name])
    t.Tensor = NpTensor
    t.is_tensor = lambda x: isinstance(x, NpTensor)

    def empty(*shape, dtype=None, device=None, **kw):
        shape = tuple(shape[0]) if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
        dt = dtype or dtypes["float32"]
        return NpTensor(np.zeros(shape, dtype=dt.np_name), dt)

    t.empty = t.zeros = empty
    t.empty_like = t.zeros_like = lambda x, dtype=None, **kw: empty(x.shape, dtype=dtype or x.dtype)
    t.float = dtypes["float32"]
    t.half = dtypes["float16"]
    t._tileport_dtypes = dtypes
    return t


def shrink_shapes(config, max_elements):
    """Small shapes for the interpreter: a size that only ever appears as an
    array's first dimension (rows, element count) is cut until every array
    holds at most max_elements; sizes tied to other dimensions (and so to the
    tile constants) stay. The size's residue mod 128 is kept (a masked tail
    stays a tail)."""
    arrays = [p for p in config["params"] if p["kind"] == "array" and "shape" in p]
    inner = {d for p in arrays for d in p["shape"][1:]}
    lead = {p["shape"][0] for p in arrays if p["shape"] and p["shape"][0] not in inner}
    cut = {}
    for size in lead:
        rest = max([math.prod(p["shape"][1:]) for p in arrays if p["shape"] and p["shape"][0] == size] or [1])
        n = max(1, min(size, max_elements // max(1, rest)))
        # Keep the size's residue mod 128 so that a masked tail stays a tail.
        if n < size and n > 128:
            n = (n - size % 128) // 128 * 128 + size % 128
        cut[size] = n
    return {p["name"]: [cut.get(p["shape"][0], p["shape"][0])] + list(p["shape"][1:]) for p in arrays}


def interpret_config(np, torch_stub, module_path, kernel, launches, config, max_elements, seed):
    dtypes = torch_stub._tileport_dtypes
    shapes = shrink_shapes(config, max_elements)
    rng = np.random.default_rng(seed)
    values, arrays = {}, {}
    for p in config["params"]:
        if p["kind"] == "array":
            if p["dtype"] not in dtypes:
                return {"status": "skipped", "reason": f"{p['name']}: dtype {p['dtype']} has no numpy form here"}
            dt = dtypes[p["dtype"]]
            if dt.is_floating_point:
                a = rng.standard_normal(shapes[p["name"]], dtype=np.float32).astype(dt.np_name)
            else:
                a = rng.integers(-64, 64, shapes[p["name"]]).astype(dt.np_name)
            values[p["name"]] = NpTensor(a, dt)
            arrays[p["name"]] = {"dtype": p["dtype"], "shape": list(a.shape), "input": a.astype(np.float64).ravel().tolist()}
        else:
            values[p["name"]] = source_value(p)
    module = load_module(module_path, torch_stub)  # fresh per config: the recorder swaps a global
    ref = TritonReference(module, kernel, launches, config, values, lambda x: hasattr(x, "data_ptr"))
    ref.run()
    for name, a in arrays.items():
        a["output"] = values[name].array.astype(np.float64).ravel().tolist()
    scalars = {k: v for k, v in ref.args.items() if isinstance(v, (int, float, bool, str)) or v is None}
    return {"status": "ran", "grid": list(ref.grid), "function": ref.function, "arguments": scalars, "arrays": arrays}


def interpret_main(argv):
    ap = argparse.ArgumentParser(prog="tileport_triton.py interpret")
    ap.add_argument("--source", required=True)
    ap.add_argument("--config", required=True)
    ap.add_argument("--launches", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--kernel")
    ap.add_argument("--max-elements", type=int, default=4096)
    ap.add_argument("--seed", type=int, default=20261130)
    opts = ap.parse_args(argv)
    os.environ["TRITON_INTERPRET"] = "1"
    try:
        import numpy as np
        import triton
    except Exception as e:  # noqa: BLE001 - any import failure blocks the step
        print(f"tileport_triton: triton and numpy are needed: {e}", file=sys.stderr)
        return 3
    try:
        configs = tileport_config.load(opts.config)
        with open(opts.launches) as f:
            launches = json.load(f)
    except (OSError, ValueError) as e:
        print(f"tileport_triton: {e}", file=sys.stderr)
        return 2
    kernel = opts.kernel or configs.kernel
    os.makedirs(opts.out, exist_ok=True)
    failed = 0
    summary = {"schema": "tileport-triton-reference/1", "triton": triton.__version__, "numpy": np.__version__,
               "kernel": kernel, "interpreter": True, "configs": []}
    for i, config in enumerate(configs.of_kernel(kernel)):
        row = {"config": config["name"], "kernel": kernel}
        try:
            row.update(interpret_config(np, numpy_torch(np), opts.source, kernel, launches, config,
                                        opts.max_elements, opts.seed + i))
        except ReferenceError_ as e:
            row.update(status="error", owner=e.owner, reason=str(e))
        except Exception as e:  # noqa: BLE001 - the interpreter's failure, per config
            row.update(status="error", owner="kernel", reason=f"{type(e).__name__}: {e}")
        failed += row["status"] == "error"
        with open(os.path.join(opts.out, config["name"] + ".json"), "w") as f:
            json.dump(row, f)
        brief = {k: v for k, v in row.items() if k != "arrays"}
        brief["shapes"] = {k: v["shape"] for k, v in row.get("arrays", {}).items()}
        summary["configs"].append(brief)
        print(json.dumps(brief, sort_keys=True), flush=True)
    with open(os.path.join(opts.out, "reference.json"), "w") as f:
        json.dump(summary, f, indent=2, sort_keys=True)
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "interpret":
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(interpret_main(sys.argv[2:]))
