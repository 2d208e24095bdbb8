# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Stage D and E on a GPU: runs the reference kernel (cuTile Python, or the
original Triton kernel when bundle.json says "reference": "triton") and the
generated cuTile Rust kernel (through its C ABI, with ctypes) on identical
torch inputs, then compares them (check) or times them (bench).

Usage: tileport_host.py check|bench [--bundle DIR] [--config NAME ...]

Reads DIR/bundle.json (written by TilePort) and writes DIR/results/MODE.json.
Exit codes: 0 the run finished (the JSON says pass or fail per config),
2 the bundle is unusable, 3 the environment cannot run it (no torch, no
GPU, no cuda.tile or triton); the JSON then carries "blocked" with the reason.
"""
import argparse
import ctypes
import importlib.util
import inspect
import json
import math
import os
import platform
import sys
import time
import traceback

import tileport_config  # travels beside this file in the bundle

# Keep in step with HostCodeWriter::dtypeCodes().
RUST_RC = {0: None, 1: "host", 2: "kernel", 3: "env", 4: "kernel"}


class Blocked(Exception):
    """The environment cannot run the harness (owner: env)."""


class ConfigError(Exception):
    """One config could not be run; `owner` says who has to act."""

    def __init__(self, owner, message):
        super().__init__(message)
        self.owner = owner


# The most dimensions a descriptor holds (MAX_RANK of the generated host library).
MAX_RANK = 8


class TpTensor(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_uint64), ("ndim", ctypes.c_int32), ("dtype", ctypes.c_int32),
                ("shape", ctypes.c_int64 * MAX_RANK), ("strides", ctypes.c_int64 * MAX_RANK)]


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=2, sort_keys=True)
    os.replace(tmp, path)


def import_stack(reference="cutile"):
    try:
        import torch
    except Exception as e:  # noqa: BLE001 - any import failure blocks the run
        raise Blocked(f"torch cannot be imported: {e}")
    if not torch.cuda.is_available():
        raise Blocked("torch sees no CUDA device")
    if reference == "triton":
        try:
            import triton  # noqa: F401 - the reference launches through the kernel file's own import
        except Exception as e:  # noqa: BLE001
            raise Blocked(f"triton cannot be imported: {e}")
        return torch, None
    try:
        import cuda.tile as ct
    except Exception as e:  # noqa: BLE001
        raise Blocked(f"cuda.tile (cuTile Python) cannot be imported: {e}")
    return torch, ct


def torch_dtypes(torch):
    return {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
            "int32": torch.int32, "int64": torch.int64, "float64": torch.float64}


class Library:
    """The cdylib with one tileport_<entry> function per generated entry."""

    def __init__(self, path, codes):
        try:
            self.lib = ctypes.CDLL(path)
        except OSError as e:
            raise Blocked(f"cannot load {path}: {e}")
        self.codes = codes

    def function(self, symbol):
        try:
            fn = getattr(self.lib, symbol)
        except AttributeError:
            raise ConfigError("host", f"{symbol} is not exported by the library")
        fn.restype = ctypes.c_int32
        fn.argtypes = [ctypes.POINTER(TpTensor), ctypes.c_int32, ctypes.POINTER(ctypes.c_double), ctypes.c_int32,
                       ctypes.POINTER(ctypes.c_char_p), ctypes.c_int32, ctypes.POINTER(ctypes.c_uint32),
                       ctypes.c_int32, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_size_t]
        return fn


class RustLaunch:
    """Everything one call of an entry needs, packed once so that timing
    measures the launch and not the packing."""

    def __init__(self, torch, fn, entry, values, generics, grid, codes):
        self.fn = fn
        self.entry = entry
        tensors = [p for p in entry["params"] if p["kind"] == "tensor"]
        scalars = [p for p in entry["params"] if p["kind"] == "scalar"]
        self.keep = []
        self.tensors = (TpTensor * max(1, len(tensors)))()
        for i, p in enumerate(tensors):
            t = values[p["name"]]
            if t is None:
                # The entry never reads it (the config's constants skip it);
                # it still takes a tensor: a placeholder of one f32 element.
                t = torch.zeros([1] * p.get("rank", 1), device="cuda", dtype=torch.float32)
                self.keep.append(t)
            if t.dim() > MAX_RANK:
                raise ConfigError("host", f"{p['name']}: rank {t.dim()} exceeds the descriptor's {MAX_RANK}")
            d = self.tensors[i]
            d.ptr = t.data_ptr()
            d.ndim = t.dim()
            d.dtype = codes.index(rust_name(t.dtype, torch))
            for k in range(t.dim()):
                d.shape[k] = t.shape[k]
                d.strides[k] = t.stride(k)
        self.n_tensors = len(tensors)
        self.scalars = (ctypes.c_double * max(1, len(scalars)))(*[float(values[p["name"]]) for p in scalars])
        self.n_scalars = len(scalars)
        raw = [g.encode() for g in generics]
        self.generics = (ctypes.c_char_p * max(1, len(raw)))(*raw)
        self.n_generics = len(raw)
        self.grid = (ctypes.c_uint32 * 3)(*grid)
        self.message = ctypes.create_string_buffer(4096)
        self.torch = torch

    def __call__(self):
        stream = self.torch.cuda.current_stream()
        rc = self.fn(self.tensors, self.n_tensors, self.scalars, self.n_scalars, self.generics, self.n_generics,
                     self.grid, stream.device.index or 0, stream.cuda_stream, self.message, len(self.message))
        if rc != 0:
            owner = RUST_RC.get(rc, "kernel")
            raise ConfigError(owner, f"{self.entry['symbol']} returned {rc}: {self.message.value.decode(errors='replace')}")


def rust_name(dtype, torch):
    names = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16",
             torch.int32: "i32", torch.int64: "i64", torch.float64: "f64"}
    if dtype not in names:
        raise ConfigError("host", f"dtype {dtype} has no descriptor code")
    return names[dtype]


def load_package_module(root, name):
    """Imports a kernel file under its package name from the package the bundle
    carries; the parent packages are created bare (their __init__ files, which
    may import the whole project, are not run)."""
    import types
    sys.path.insert(0, root)
    parts = name.split(".")
    d = root
    for i in range(len(parts) - 1):
        d = os.path.join(d, parts[i])
        pkg = ".".join(parts[: i + 1])
        if pkg not in sys.modules:
            m = types.ModuleType(pkg)
            m.__path__ = [d]
            sys.modules[pkg] = m
    return importlib.import_module(name)


def load_module(path):
    spec = importlib.util.spec_from_file_location("tileport_reference_kernel", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_values(torch, config, seed):
    """Fresh arrays (seeded, the same for both kernels) and scalar values."""
    dtypes = torch_dtypes(torch)
    gen = torch.Generator(device="cuda")
    gen.manual_seed(seed)
    values = {}
    for p in config["params"]:
        if p["kind"] == "none":
            values[p["name"]] = None  # an optional tensor the config's constants skip
            continue
        if p["kind"] == "array":
            if "shape" not in p:
                raise ConfigError("host", f"config {config['name']}: array {p['name']} has no test shape")
            dt = dtypes.get(p["dtype"])
            if dt is None:
                raise ConfigError("host", f"config {config['name']}: dtype {p['dtype']} is not supported here")
            if dt.is_floating_point:
                v = torch.randn(p["shape"], generator=gen, device="cuda", dtype=torch.float32).to(dt)
            else:
                v = torch.randint(-64, 64, p["shape"], generator=gen, device="cuda", dtype=dt)
            if p.get("strides") and tuple(p["strides"]) != tuple(v.stride()):
                # the captured launch's layout (a view of a wider buffer, a transpose)
                strided = torch.empty_strided(p["shape"], p["strides"], device="cuda", dtype=dt)
                strided.copy_(v)
                v = strided
            values[p["name"]] = v
        else:
            values[p["name"]] = p.get("value")
    return values


def clone_values(torch, values):
    return {k: (v.clone() if torch.is_tensor(v) else v) for k, v in values.items()}


def capture_launch(ct, module, site, kernel_params, values):
    """Calls the file's own host function with ct.launch intercepted, so the
    grid and arguments are exactly what the reference code would launch."""
    fn = getattr(module, site["function"], None)
    if fn is None:
        raise ConfigError("host", f"the kernel file has no host function {site['function']}")
    bound = {}
    for name, p in inspect.signature(fn).parameters.items():
        if name == site["stream"]:
            bound[name] = "tileport-stream"
        elif name in site["args"]:
            bound[name] = values[kernel_params[site["args"].index(name)]]
        elif p.default is inspect.Parameter.empty:
            raise ConfigError("host", f"{site['function']}() parameter '{name}' is neither a kernel argument nor defaulted"
                              " (give the config its launch \"grid\")")
    calls = []
    real = ct.launch
    ct.launch = lambda stream, grid, kernel, args, **kw: calls.append((grid, kernel, tuple(args)))
    try:
        fn(**bound)
    except Exception as e:  # noqa: BLE001 - the host code's own failure
        raise ConfigError("host", f"{site['function']}() raised {type(e).__name__}: {e}")
    finally:
        ct.launch = real
    if len(calls) != 1:
        raise ConfigError("host", f"{site['function']}() launched {len(calls)} kernels; expected exactly one")
    return calls[0]


def reference_call(torch, ct, module, bundle, config, values):
    """(grid, kernel, args) of the reference launch for this config."""
    kernel_name = config["kernel"]
    kernel = getattr(module, kernel_name, None)
    if kernel is None:
        raise ConfigError("host", f"the kernel file defines no {kernel_name}")
    params = [p["name"] for p in config["params"]]
    if config.get("grid"):
        # A captured config carries the grid its launch used.
        grid = tuple(int(g) for g in config["grid"])
        return (grid + (1, 1, 1))[:3], kernel, tuple(values[n] for n in params)
    sites = [s for s in bundle["launches"] if s["kernel"] == kernel_name and s.get("function")]
    if not sites:
        raise ConfigError("host", f"no host function launches {kernel_name}: the grid is unknown")
    errors = []
    for site in sites:
        try:
            grid, launched, args = capture_launch(ct, module, site, params, values)
        except ConfigError as e:
            errors.append(str(e))
            continue
        if launched is not kernel:
            errors.append(f"{site['function']}() launches {getattr(launched, '__name__', launched)} for this config")
            continue
        for p, a in zip(config["params"], args):
            if p["kind"] == "const" and not (a == p["value"] or (isinstance(a, float) and math.isclose(a, p["value"]))):
                errors.append(f"{site['function']}() passes {p['name']}={a}, the config says {p['value']}")
                break
        else:
            grid = tuple(int(g) for g in (grid if isinstance(grid, (tuple, list)) else (grid,)))
            return (grid + (1, 1, 1))[:3], kernel, args
    raise ConfigError("host", "; ".join(errors))


def entry_for_config(entry, bundle, config):
    """A kernel may have several entries (one per tested dtype, one per arm
    of a constant-driven branch); the bundle names the one for each config."""
    served = bundle.get("config_entries")
    if served is None:  # a bundle of one entry per kernel
        return entry
    name = served.get(config.get("name"))
    for e in [entry] + entry.get("alternatives", []):
        if e["entry"] == name:
            return e
    # Never the first entry instead: its fixed dtypes or constant arm may
    # contradict the config (an f32-only entry run on f16 tensors).
    raise ConfigError("kernel", f"no generated entry serves config {config.get('name')}")


def derived_value(expr, consts):
    """A derived const generic's value (tileport-crate.json "derived"): a
    ct.Constant's name, an int, or [op, lhs, rhs] as Python computes it."""
    if isinstance(expr, str):
        return int(consts[expr])
    if isinstance(expr, (int, float)):
        return int(expr)
    op, lhs, rhs = expr
    x, y = derived_value(lhs, consts), derived_value(rhs, consts)
    return {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
            "//": lambda: x // y, "%": lambda: x % y}[op]()


def generics_for(entry, config, torch, values):
    out = []
    consts = {p["name"]: p["value"] for p in config["params"] if p.get("kind") == "const"}
    for g in entry["generics"]:
        if g["kind"] == "dtype":
            v = values[g["dtype_of"]]
            out.append("f32" if v is None else rust_name(v.dtype, torch))  # None: the placeholder's type
        elif "derived" in g:
            out.append(str(derived_value(g["derived"], consts)))
        else:
            out.append(str(int(consts[g["param"]])))
    return out


def replace_tensors(torch, args, config, values):
    """The captured arguments with the arrays swapped for `values`' copies."""
    return tuple(values[p["name"]] if torch.is_tensor(a) else a for p, a in zip(config["params"], args))


class Prepared:
    def __init__(self, torch, ct, module, bundle, lib, config, seed):
        kernel_name = config["kernel"]
        entry = bundle["entries"].get(kernel_name)
        if entry is None:
            raise ConfigError("kernel", f"no generated entry for {kernel_name}")
        entry = entry_for_config(entry, bundle, config)
        base = make_values(torch, config, seed)
        self.ref_values = clone_values(torch, base)
        self.rust_values = clone_values(torch, base)
        self.triton = None
        if bundle.get("reference") == "triton":
            # The original `kernel[grid](...)`, captured from the file's host function.
            import tileport_triton
            try:
                self.triton = tileport_triton.TritonReference(module, kernel_name, bundle["launches"], config,
                                                              self.ref_values, torch.is_tensor)
            except tileport_triton.ReferenceError_ as e:
                raise ConfigError(e.owner, str(e))
            self.grid = self.triton.grid
        else:
            self.grid, self.kernel, args = reference_call(torch, ct, module, bundle, config, self.ref_values)
            self.ref_args = replace_tensors(torch, args, config, self.ref_values)
        self.generics = generics_for(entry, config, torch, base)
        self.rust = RustLaunch(torch, lib.function(entry["symbol"]), entry, self.rust_values, self.generics,
                               self.grid, bundle["dtype_codes"])
        self.ct = ct
        self.torch = torch

    def run_reference(self):
        try:
            if self.triton is not None:
                self.triton.run()
            else:
                self.ct.launch(self.torch.cuda.current_stream(), self.grid, self.kernel, self.ref_args)
        except Exception as e:  # noqa: BLE001 - the reference must run for anything to be compared
            which = "Triton" if self.triton is not None else "cuTile Python"
            raise ConfigError("env", f"the {which} reference failed: {type(e).__name__}: {e}")


def compare(torch, config, prepared):
    tol = config.get("tolerance", {})
    atol, rtol = float(tol.get("atol", 0.0)), float(tol.get("rtol", 0.0))
    arrays = []
    ok = True
    for p in config["params"]:
        if p["kind"] != "array":
            continue
        ref = prepared.ref_values[p["name"]].float()
        got = prepared.rust_values[p["name"]].float()
        close = torch.isclose(got, ref, atol=atol, rtol=rtol, equal_nan=True)
        bad = int((~close).sum().item())
        diff = (got - ref).abs().nan_to_num(nan=float("inf"))
        arrays.append({"name": p["name"], "mismatched": bad, "elements": ref.numel(),
                       "max_abs_err": float(diff.max().item()) if ref.numel() else 0.0})
        ok = ok and bad == 0
    return ok, {"atol": atol, "rtol": rtol}, arrays


def check_config(torch, ct, module, bundle, lib, config, seed):
    prepared = Prepared(torch, ct, module, bundle, lib, config, seed)
    prepared.run_reference()
    prepared.rust()
    torch.cuda.synchronize()
    ok, tol, arrays = compare(torch, config, prepared)
    return {"status": "pass" if ok else "fail", "owner": None if ok else "kernel", "grid": list(prepared.grid),
            "generics": prepared.generics, "tolerance": tol, "arrays": arrays}


def time_ms(torch, fn, flush, reps, warmup):
    """Median of `reps` CUDA-event timings, the L2 flushed before each."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for i in range(reps):
        flush.zero_()
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    times = sorted(s.elapsed_time(e) for s, e in zip(starts, ends))
    return times[len(times) // 2], times[0], times[-1]


def bench_config(torch, ct, module, bundle, lib, config, seed, opts):
    prepared = Prepared(torch, ct, module, bundle, lib, config, seed)
    # One untimed call of each compiles both kernels (JIT) before timing.
    prepared.run_reference()
    prepared.rust()
    torch.cuda.synchronize()
    flush = torch.empty(opts.flush_mb * (1 << 20), dtype=torch.uint8, device="cuda")
    # Alternate the two in rounds so that clock drift hits both alike.
    ref_runs, rust_runs = [], []
    for _ in range(opts.rounds):
        ref_runs.append(time_ms(torch, prepared.run_reference, flush, opts.reps, opts.warmup))
        rust_runs.append(time_ms(torch, prepared.rust, flush, opts.reps, opts.warmup))
    ref = sorted(r[0] for r in ref_runs)[len(ref_runs) // 2]
    rust = sorted(r[0] for r in rust_runs)[len(rust_runs) // 2]
    return {"status": "done", "ref_ms": ref, "rust_ms": rust, "ratio": rust / ref if ref > 0 else None,
            "ref_min_ms": min(r[1] for r in ref_runs), "rust_min_ms": min(r[1] for r in rust_runs),
            "reps": opts.reps, "rounds": opts.rounds, "warmup": opts.warmup, "grid": list(prepared.grid)}


def environment(torch):
    info = {"python": platform.python_version(), "torch": torch.__version__,
            "cuda_runtime": torch.version.cuda, "gpu": torch.cuda.get_device_name(0),
            "capability": "sm_%d%d" % torch.cuda.get_device_capability(0)}
    import importlib.metadata as md
    for key, dist in (("cuda_tile", "cuda-tile"), ("triton", "triton")):
        try:
            info[key] = md.version(dist)
        except Exception:  # noqa: BLE001 - versions are informative only
            pass
    return info


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["check", "bench"])
    ap.add_argument("--bundle", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--config", action="append", default=[])
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--flush-mb", type=int, default=256)
    ap.add_argument("--seed", type=int, default=20261129)
    opts = ap.parse_args(argv[1:])
    out_path = os.path.join(opts.bundle, "results", opts.mode + ".json")
    result = {"schema": "tileport-results/1", "mode": opts.mode, "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    try:
        with open(os.path.join(opts.bundle, "bundle.json")) as f:
            bundle = json.load(f)
        configs = tileport_config.load(os.path.join(opts.bundle, bundle["config"])).configs
    except (OSError, ValueError, KeyError) as e:
        result.update(blocked={"owner": "host", "reason": f"unusable bundle: {e}"})
        write_json(out_path, result)
        return 2
    try:
        reference = bundle.get("reference", "cutile")
        torch, ct = import_stack(reference)
        result["environment"] = environment(torch)
        result["environment"]["cutile"] = bundle.get("cutile", "0.4.0")  # the release the library was built with
        result["reference"] = reference
        sys.path.insert(0, opts.bundle)  # tileport_triton.py travels in the bundle
        lib = Library(os.path.join(opts.bundle, bundle["library"]), bundle["dtype_codes"])
        if bundle.get("module"):
            module = load_package_module(os.path.join(opts.bundle, bundle["package_root"]), bundle["module"])
        else:
            module = load_module(os.path.join(opts.bundle, bundle["source"]))
    except Blocked as e:
        result.update(blocked={"owner": "env", "reason": str(e)})
        write_json(out_path, result)
        return 3
    wanted = set(opts.config) or set(bundle["configs"])
    rows = []
    # A stream of our own: both kernels and the timing events share it.
    torch.cuda.set_stream(torch.cuda.Stream())
    for i, config in enumerate(c for c in configs if c["name"] in wanted):
        row = {"config": config["name"], "kernel": config["kernel"]}
        t0 = time.time()
        try:
            if opts.mode == "check":
                row.update(check_config(torch, ct, module, bundle, lib, config, opts.seed + i))
            else:
                row.update(bench_config(torch, ct, module, bundle, lib, config, opts.seed + i, opts))
        except ConfigError as e:
            row.update(status="error", owner=e.owner, reason=str(e))
        except Exception as e:  # noqa: BLE001 - reported per config, the others still run
            row.update(status="error", owner="host", reason=f"{type(e).__name__}: {e}",
                       trace=traceback.format_exc(limit=6))
        row["seconds"] = round(time.time() - t0, 3)
        print(json.dumps(row, sort_keys=True), flush=True)
        rows.append(row)
    result["configs"] = rows
    if opts.mode == "bench":
        ratios = [r["ratio"] for r in rows if r.get("ratio")]
        result["geomean_ratio"] = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else None
    write_json(out_path, result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
