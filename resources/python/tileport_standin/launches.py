# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Records `ct.launch` calls and autotuned searches, and turns each launch
into a sidecar config: the kernel, each argument's specialization facts, the
grid and where the launch came from."""
import functools
import importlib
import inspect
import os
import sys
import types
import typing

from .placeholders import permissive_module
from .torch_standin import Tensor, _contiguous_strides, dtype as torch_dtype

CT_DTYPE = {
    "float16": "float16", "bfloat16": "bfloat16", "float32": "float32", "float64": "float64",
    "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64", "uint8": "uint8",
    "uint16": "uint16", "uint32": "uint32", "uint64": "uint64", "bool": "bool_",
    "float8_e4m3fn": "float8_e4m3fn", "float8_e5m2": "float8_e5m2",
}
SHORT = {"float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64", "int8": "i8", "int16": "i16",
         "int32": "i32", "int64": "i64", "uint8": "u8", "bool_": "b", "float8_e4m3fn": "f8e4m3",
         "float8_e5m2": "f8e5m2"}


class LaunchProblem(Exception):
    """A launch whose arguments cannot become a config (named in the message)."""


def _is_constant(annotation):
    for meta in getattr(annotation, "__metadata__", ()) or ():
        if type(meta).__name__ == "ConstantAnnotation":
            return True
    return False


_PARAMS = {}


@functools.lru_cache(maxsize=None)
def realpath(path):
    return os.path.realpath(path)


def kernel_parameters(kernel):
    pyfunc = getattr(kernel, "_pyfunc", None)
    cached = _PARAMS.get(id(pyfunc))
    if cached is not None and cached[0] is pyfunc:
        return cached
    if not inspect.isfunction(pyfunc):
        raise LaunchProblem(f"{kernel!r} is not a cuTile kernel")
    try:
        hints = typing.get_type_hints(pyfunc, include_extras=True)
    except Exception:
        hints = {}
    params = []
    for name, p in inspect.signature(pyfunc).parameters.items():
        ann = hints.get(name, p.annotation)
        # ct.Constant annotations; a Triton kernel's stand-in names its tl.constexpr ones.
        constant = _is_constant(ann) or name in getattr(kernel, "_tileport_constants", ())
        params.append((name, constant, p.default))
    _PARAMS[id(pyfunc)] = (pyfunc, params)
    return pyfunc, params


def alignment_of(address):
    if address == 0:
        return 256
    return min(address & -address, 256)


def _hint_value(v):
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        return v
    # ct.ByTarget: the value for the capture's target
    for attr in ("_value_by_target", "value_by_target", "_values"):
        table = getattr(v, attr, None)
        if isinstance(table, dict):
            for key in ("sm_90", "sm90"):
                if key in table:
                    return table[key]
            default = getattr(v, "default", None)
            return default if isinstance(default, int) else None
    return None


def kernel_hints(kernel):
    opts = getattr(kernel, "_compiler_options", None)
    out = {}
    for name in ("num_ctas", "occupancy", "num_worker_warps"):
        v = _hint_value(getattr(opts, name, None))
        if v is not None:
            out[name] = v
    return out


def describe_argument(name, is_const, value):
    if value is None:
        # An optional argument not given (a scale tensor left out): the
        # kernel must not read it, which the config reader checks.
        return {"name": name, "kind": "none"}
    if isinstance(value, Tensor):
        dt = CT_DTYPE.get(value.dtype.name)
        if dt is None:
            raise LaunchProblem(f"parameter '{name}': dtype {value.dtype} has no cuTile equivalent")
        return {"name": name, "kind": "array", "dtype": dt, "ndim": value.ndim, "shape": list(value.shape),
                "strides": list(value.stride()), "alignment": alignment_of(value.data_ptr())}
    if isinstance(value, list):
        # cuTile Python takes a Python list of arrays (never a tuple): the
        # kernel reads each item's base, shape and strides from a table.
        if not value:
            raise LaunchProblem(f"parameter '{name}': an empty list is not a kernel argument")
        items = []
        for i, item in enumerate(value):
            if not isinstance(item, Tensor):
                raise LaunchProblem(f"parameter '{name}': list item {i} is a {type(item).__name__}, not an array")
            items.append(describe_argument(f"{name}[{i}]", False, item))
        if len({(d["dtype"], d["ndim"]) for d in items}) != 1:
            raise LaunchProblem(f"parameter '{name}': the list's arrays differ in dtype or rank")
        for d in items:
            del d["name"]
        return {"name": name, "kind": "list", "dtype": items[0]["dtype"], "ndim": items[0]["ndim"], "items": items}
    cai = _array_interface(value)
    if cai is not None:
        return cai_argument(name, cai)
    if isinstance(value, torch_dtype):
        raise LaunchProblem(f"parameter '{name}': a dtype argument ({value}) is not a config value")
    if isinstance(value, bool):
        return {"name": name, "kind": "const", "value": value} if is_const else \
            {"name": name, "kind": "scalar", "dtype": "bool_", "value": value}
    if isinstance(value, int):
        if is_const:
            return {"name": name, "kind": "const", "value": value}
        dt = "int32" if -(1 << 31) <= value < (1 << 31) else "int64"
        return {"name": name, "kind": "scalar", "dtype": dt, "value": value}
    if isinstance(value, float):
        if is_const:
            # The dtype keeps a float that JSON would write as an int (0.0)
            # a float for a front-end that passes the constant at run time.
            return {"name": name, "kind": "const", "value": value, "dtype": "float32"}
        return {"name": name, "kind": "scalar", "dtype": "float32", "value": value}
    kind = type(value).__name__
    raise LaunchProblem(f"parameter '{name}': a {kind} argument is not an array, a scalar or a constant")


CAI_KINDS = {("f", 2): "float16", ("f", 4): "float32", ("f", 8): "float64", ("i", 1): "int8", ("i", 2): "int16",
             ("i", 4): "int32", ("i", 8): "int64", ("u", 1): "uint8", ("u", 2): "uint16", ("u", 4): "uint32",
             ("u", 8): "uint64", ("b", 1): "bool_"}


def _array_interface(value):
    """The `__cuda_array_interface__` of an array object that is not a
    stand-in tensor (what cuTile Python accepts from any library)."""
    try:
        cai = getattr(value, "__cuda_array_interface__", None)
    except Exception:
        return None
    return cai if isinstance(cai, dict) else None


def cai_argument(name, cai):
    shape = tuple(int(d) for d in cai.get("shape", ()))
    typestr = str(cai.get("typestr", ""))
    dt = CAI_KINDS.get((typestr[1:2], int(typestr[2:] or 0))) if len(typestr) >= 3 else None
    if dt is None:
        raise LaunchProblem(f"parameter '{name}': __cuda_array_interface__ typestr '{typestr}' has no cuTile dtype")
    itemsize = int(typestr[2:])
    strides = cai.get("strides")
    if strides is None:
        strides = _contiguous_strides(shape)
    else:
        if any(int(s) % itemsize for s in strides):
            raise LaunchProblem(f"parameter '{name}': byte strides {tuple(strides)} are not whole elements")
        strides = tuple(int(s) // itemsize for s in strides)
    data = cai.get("data") or (0, False)
    address = int(data[0] if isinstance(data, (tuple, list)) else data)
    return {"name": name, "kind": "array", "dtype": dt, "ndim": len(shape), "shape": list(shape),
            "strides": list(strides), "alignment": alignment_of(address)}


class Recorder:
    """Collects launches while one test case (a source) runs."""

    def __init__(self):
        self.on_launch = None   # called after each launch (the capture re-arms its timer)
        self.source = None
        self.launches = []      # dicts: file, kernel, params, grid, hints, source, tuned_launch
        self.problems = []      # (source, message, frame)
        self.case_launches = 0
        self.tuned = None       # (site, index, count) while a search space is walked

    def begin(self, source):
        self.source = source
        self.case_launches = 0

    def record(self, grid, kernel, args, extra_hints=None):
        self.case_launches += 1
        if self.on_launch is not None:
            self.on_launch(self.case_launches)
        try:
            pyfunc, params = kernel_parameters(kernel)
            if len(args) < len(params):  # parameters with defaults the launch leaves out
                missing = params[len(args):]
                if all(d is not inspect.Parameter.empty for _, _, d in missing):
                    args = tuple(args) + tuple(d for _, _, d in missing)
            if len(args) != len(params):
                raise LaunchProblem(f"{pyfunc.__name__} takes {len(params)} arguments, the launch gives {len(args)}")
            described = [describe_argument(n, c, v) for (n, c, _), v in zip(params, args)]
        except LaunchProblem as e:
            self.problems.append((self.source, str(e), _caller_frame()))
            return
        grid = tuple(int(g) for g in (grid if isinstance(grid, (tuple, list)) else (grid,)))
        hints = kernel_hints(kernel)
        hints.update(extra_hints or {})
        launch = {"file": realpath(pyfunc.__code__.co_filename), "kernel": pyfunc.__name__,
                  "params": described, "grid": list(grid) + [1] * (3 - len(grid)), "hints": hints,
                  "source": self.source}
        if self.tuned is not None:
            site, index, count = self.tuned
            launch["tuned_launch"] = {"site": site, "candidate": index, "of": count}
        tolerance = _test_tolerance()
        if tolerance is not None:
            launch["tolerance"] = tolerance
        self.launches.append(launch)


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _test_tolerance():
    """The tolerance the running test compares with: the innermost frame on
    the stack that holds numeric `atol` and `rtol` (a test's locals, or the
    parameters of the comparison helper that called the op)."""
    f = inspect.currentframe()
    here = os.path.dirname(os.path.abspath(__file__))
    depth = 0
    while f is not None and depth < 64:
        if os.path.dirname(os.path.abspath(f.f_code.co_filename)) != here:
            loc = f.f_locals
            if _number(loc.get("atol")) and _number(loc.get("rtol")):
                return {"atol": float(loc["atol"]), "rtol": float(loc["rtol"])}
        f = f.f_back
        depth += 1
    return None


def _caller_frame():
    f = inspect.currentframe()
    here = os.path.dirname(os.path.abspath(__file__))
    while f is not None and os.path.dirname(os.path.abspath(f.f_code.co_filename)) == here:
        f = f.f_back
    return (f.f_code.co_filename, f.f_lineno) if f is not None else (None, 0)


def install_interceptors(ct, recorder):
    """Replaces ct.launch and ct.tune.exhaustive_search (through their modules,
    before any project module binds them)."""

    def launch(stream, grid, kernel, kernel_args, /, **kwargs):
        recorder.record(grid, kernel, tuple(kernel_args))

    def walk(space, grid_fn, kernel, args_fn, hints_fn):
        file, line = _caller_frame()
        site = f"{os.path.basename(file or '?')}:{line}"
        for i, cfg in enumerate(space):
            k = kernel(cfg) if callable(kernel) and not hasattr(kernel, "_pyfunc") else kernel
            hints = {}
            if hints_fn is not None:
                hints = {n: v for n, v in (hints_fn(cfg) or {}).items() if isinstance(v, int)}
            recorder.tuned = (site, i, len(space))
            try:
                recorder.record(grid_fn(cfg), k, tuple(args_fn(cfg)), hints)
            finally:
                recorder.tuned = None

    def exhaustive_search(search_space, stream, grid_fn, kernel, args_fn, hints_fn=None, **kwargs):
        space = list(search_space)
        walk(space, grid_fn, kernel, args_fn, hints_fn)
        if not space:
            raise ValueError("exhaustive_search: empty search space")
        from cuda.tile.tune._tune import Measurement, TuningResult
        best = Measurement(config=space[0], mean_us=1.0, error_margin_us=0.0, num_samples=1)
        return TuningResult(best=best, successes=[best], failures=[])

    def autotune_launch(stream, grid_fn, kernel, args_fn, hints_fn=None, search_space=(), **kwargs):
        """cuda.tile_experimental's tuned launch: every candidate is a config."""
        space = list(search_space() if callable(search_space) else search_space)
        walk(space, grid_fn, kernel, args_fn, hints_fn)
        if not space:
            raise ValueError("autotune_launch: empty search space")
        return types.SimpleNamespace(tuned_config=space[0], best=space[0])

    ct.launch = launch
    try:
        importlib.import_module("cuda.tile_experimental")
    except ImportError:  # not in this cuda-tile: the capture provides the tuned launch
        experimental = permissive_module("cuda.tile_experimental")
        experimental.autotune_launch = autotune_launch
        experimental.clear_autotune_cache = lambda *a, **k: None
        sys.modules["cuda.tile_experimental"] = experimental
    import cuda.tile.tune as tune
    tune.exhaustive_search = exhaustive_search
    try:
        import cuda.tile.tune._tune as tune_impl
        tune_impl.exhaustive_search = exhaustive_search
    except ImportError:
        pass


def _config_key(launch):
    return (launch["file"], launch["kernel"], repr(launch["params"]), repr(sorted(launch["hints"].items())))


def build_configs(launches):
    """Merges launches with identical specializations into configs; returns
    {file: [config, ...]} in first-seen order."""
    by_key, order = {}, []
    for launch in launches:
        key = _config_key(launch)
        if key in by_key:
            cfg = by_key[key]
            if launch["source"] not in cfg["sources"]:
                cfg["sources"].append(launch["source"])
            if "tuned_launch" in launch and "tuned_launch" not in cfg:
                cfg["tuned_launch"] = launch["tuned_launch"]
            if "tolerance" in launch and "tolerance" not in cfg:
                cfg["tolerance"] = launch["tolerance"]
            continue
        cfg = {"kernel": launch["kernel"], "params": launch["params"], "grid": launch["grid"],
               "sources": [launch["source"]]}
        if "tolerance" in launch:
            cfg["tolerance"] = launch["tolerance"]
        if launch["hints"]:
            cfg["hints"] = launch["hints"]
        if "tuned_launch" in launch:
            cfg["tuned_launch"] = launch["tuned_launch"]
        by_key[key] = cfg
        order.append((launch["file"], cfg))
    out, names = {}, {}
    for file, cfg in order:
        cfg["name"] = _unique(names.setdefault(file, set()), _config_name(cfg))
        out.setdefault(file, []).append({k: cfg[k] for k in ("name", "kernel", "params", "grid", "hints",
                                                             "tolerance", "sources", "tuned_launch") if k in cfg})
    return out


def _config_name(cfg):
    base = cfg["kernel"].strip("_")
    arrays = [p for p in cfg["params"] if p["kind"] == "array"] + \
        [p["items"][0] for p in cfg["params"] if p["kind"] == "list"]
    if arrays:
        a = arrays[0]
        base += "__" + SHORT.get(a["dtype"], a["dtype"]) + "_" + "x".join(str(d) for d in a["shape"])
    if "tuned_launch" in cfg:
        base += f"__cand{cfg['tuned_launch']['candidate']}"
    return base


def _unique(taken, name):
    out, n = name, 2
    while out in taken:
        out = f"{name}_{n}"
        n += 1
    taken.add(out)
    return out
