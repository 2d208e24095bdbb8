# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Exports one cuTile Python kernel to Tile IR bytecode on the CPU.

Usage: export_tileir.py KERNEL_FILE KERNEL_NAME SIGNATURE_JSON OUT_FILE VERSION [GPU_CODE]
       export_tileir.py --batch KERNEL_FILE JOBS_JSON

SIGNATURE_JSON lists the kernel's parameters in order:
  {"kind": "array", "dtype": "float32", "ndim": 2, "contiguous": true}
  {"kind": "array", "dtype": "float16", "ndim": 2, "shape": [M, N], "strides": [N, 1], "alignment": 256}
     (a captured launch: the constraints follow cuTile Python's dispatcher rules)
  {"kind": "scalar", "dtype": "int32"}
  {"kind": "const", "value": 128}
  {"kind": "list", "dtype": "float16", "ndim": 2, "items": [{"kind": "array", ...}, ...]}
     (a Python list of arrays; the items share one element constraint)
  {"kind": "none"}  (None passed for a parameter the kernel never names;
     exported as a constant, which gives it the same IR)
--batch exports many signatures of the file's kernels in one process (the
module is loaded once): JOBS_JSON is a file holding [{"kernel", "params",
"out", "version"}, ...]; one JSON line per job goes to stdout, {"out": ...,
"ok": true} or {"out": ..., "ok": false, "kind": ..., "error": ...}, and the
exit code is 0 when the module loaded (per-job failures are in the lines).
Errors go to stderr as one line "tileport-export: <kind>: <message>" and the
exit code says which: 2 usage, 3 kernel file, 4 signature, 5 compiler.
"""
import importlib.util
import json
import os
import sys
import traceback


class ExportFailure(Exception):
    def __init__(self, code, kind, message):
        super().__init__(message)
        self.code, self.kind, self.message = code, kind, message


def fail(code, kind, message):
    raise ExportFailure(code, kind, message)


def load_with_standins(path, first_error):
    """A kernel file of a project (importing torch, its own package, ...) is
    loaded as the launch capture loads it: under its package name, with
    stand-ins for torch, pytest and triton.testing."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    try:
        from tileport_standin.capture import load_in_world
        return load_in_world(os.path.abspath(path))
    except Exception as e:
        fail(3, "kernel-file", f"{path}: importing the module raised {type(first_error).__name__}: {first_error}"
                               f" (and with stand-ins: {type(e).__name__}: {e})")


def load_kernel(path, name):
    try:
        spec = importlib.util.spec_from_file_location("tileport_kernel_module", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except FileNotFoundError:
        fail(3, "kernel-file", f"no such file: {path}")
    except SyntaxError as e:
        fail(3, "kernel-file", f"{e.filename}:{e.lineno}:{e.offset or 0}: syntax error: {e.msg}")
    except Exception as e:  # the module's own top-level code failed
        module = load_with_standins(path, e)
    kernel = getattr(module, name, None)
    if kernel is None:
        kernel = nested_kernel(path, module, name)
    if kernel is None:
        fail(3, "kernel-file", f"{path}: no kernel named '{name}'")
    return kernel


def nested_kernel(path, module, name):
    """A kernel defined inside a class or a function. The translator ports
    one only when it reads no name of an enclosing function, so its
    definition run on its own in the module's namespace is the same kernel.
    It runs at its own line numbers, so cuTile reads its source and gives
    its locations as in the file. None unless exactly one such def exists."""
    import ast
    import textwrap
    with open(path, encoding="utf-8") as f:
        source = f.read()
    found = [n for n in ast.walk(ast.parse(source))
             if isinstance(n, ast.FunctionDef) and n.name == name and n.col_offset > 0]
    if len(found) != 1:
        return None
    node = found[0]
    lines = source.splitlines(keepends=True)
    first = min([d.lineno for d in node.decorator_list] + [node.lineno]) - 1
    text = "\n" * first + textwrap.dedent("".join(lines[first:node.end_lineno]))
    namespace = dict(vars(module))
    exec(compile(text, path, "exec"), namespace)
    kernel = namespace.get(name)
    return getattr(kernel, "__func__", kernel)  # a @staticmethod


def launch_constraints(ct, dtype, p, i):
    """What cuTile Python's dispatcher derives from a real array at launch
    (calling convention v2): unit strides become constants, strides that are
    whole 16-byte multiples and dimensions divisible by 16 are promised as
    such, extents of 1 become constants, a 16-byte aligned base is promised,
    and zero strides (broadcast views) may alias."""
    shape, strides = [int(x) for x in p.get("shape", [])], [int(x) for x in p["strides"]]
    ndim = int(p["ndim"])
    if len(shape) != ndim or len(strides) != ndim:
        fail(4, "signature", f"parameter {i}: shape and strides must have {ndim} entries")
    bits = dtype.bitwidth
    align = int(p.get("alignment", 16))
    extent = max([1] + [abs(s) * max(d - 1, 0) for s, d in zip(strides, shape)] + shape)
    return dict(
        index_dtype=ct.int64 if extent > 2**31 - 1 else ct.int32,
        stride_lower_bound_incl=0,
        alias_groups=(),
        may_alias_internally=any(s == 0 and d > 1 for s, d in zip(strides, shape)),
        stride_constant=tuple(1 if s == 1 else None for s in strides),
        stride_divisible_by=tuple(128 // bits if s != 1 and bits <= 128 and (s * bits) % 128 == 0 else 1
                                  for s in strides),
        shape_divisible_by=tuple(16 if d % 16 == 0 and d != 1 else 1 for d in shape),
        shape_constant=tuple(1 if d == 1 else None for d in shape) if 1 in shape else None,
        base_addr_divisible_by=16 if align % 16 == 0 else 1)


def list_constraint(ct, p, i):
    """A list of arrays shares one element constraint: the dispatcher keeps
    the facts that hold for every item (the AND of their specialization
    bits), so a divisor is the smallest and a constant the common one."""
    from cuda.tile.compilation import ArrayConstraint, ListConstraint
    items = p.get("items") or []
    if not items:
        fail(4, "signature", f"parameter {i}: a list needs at least one item")
    dtype = getattr(ct, p.get("dtype", ""), None)
    if dtype is None:
        fail(4, "signature", f"parameter {i}: unknown dtype '{p.get('dtype')}'")
    facts = []
    for item in items:
        if "strides" not in item or int(item.get("ndim", -1)) != int(p["ndim"]):
            fail(4, "signature", f"parameter {i}: every list item needs the list's rank, a shape and strides")
        facts.append(launch_constraints(ct, dtype, item, i))

    def common(key):
        rows = [f[key] for f in facts]
        if any(r is None for r in rows):
            return None
        merged = tuple(a if all(r[k] == a for r in rows) else None for k, a in enumerate(rows[0]))
        return merged if any(m is not None for m in merged) else None

    def smallest(key):
        return tuple(min(f[key][k] for f in facts) for k in range(int(p["ndim"])))

    element = ArrayConstraint(
        dtype, int(p["ndim"]),
        index_dtype=ct.int64 if any(f["index_dtype"] is ct.int64 for f in facts) else ct.int32,
        stride_lower_bound_incl=0,
        alias_groups=(),
        may_alias_internally=any(f["may_alias_internally"] for f in facts),
        stride_constant=common("stride_constant"),
        stride_divisible_by=smallest("stride_divisible_by"),
        shape_divisible_by=smallest("shape_divisible_by"),
        shape_constant=common("shape_constant"),
        base_addr_divisible_by=min(f["base_addr_divisible_by"] for f in facts))
    return ListConstraint(element, alias_groups=(), elements_may_alias=False)


def build_signature(ct, params):
    from cuda.tile.compilation import (ArrayConstraint, CallingConvention,
                                       KernelSignature, ScalarConstraint)
    out = []
    for i, p in enumerate(params):
        kind = p.get("kind")
        if kind == "array" and "strides" in p:
            dtype = getattr(ct, p["dtype"], None)
            if dtype is None:
                fail(4, "signature", f"parameter {i}: unknown dtype '{p['dtype']}'")
            out.append(ArrayConstraint(dtype, int(p["ndim"]), **launch_constraints(ct, dtype, p, i)))
        elif kind == "array":
            dtype = getattr(ct, p["dtype"], None)
            if dtype is None:
                fail(4, "signature", f"parameter {i}: unknown dtype '{p['dtype']}'")
            ndim = int(p["ndim"])
            elem = dtype.bitwidth // 8 if hasattr(dtype, "bitwidth") else 4
            contiguous = p.get("contiguous", True)
            out.append(ArrayConstraint(
                dtype, ndim,
                index_dtype=ct.int32,
                stride_lower_bound_incl=0,
                alias_groups=(),
                may_alias_internally=False,
                stride_constant=tuple([None] * (ndim - 1) + [1]) if contiguous else None,
                stride_divisible_by=tuple([max(1, 16 // elem)] * (ndim - 1) + [1]) if contiguous else 1,
                shape_divisible_by=int(p.get("shape_divisible_by", 16)),
                base_addr_divisible_by=16))
        elif kind == "list":
            out.append(list_constraint(ct, p, i))
        elif kind == "scalar":
            dtype = getattr(ct, p["dtype"], None)
            if dtype is None:
                fail(4, "signature", f"parameter {i}: unknown dtype '{p['dtype']}'")
            out.append(ScalarConstraint(dtype))
        elif kind == "const":
            out.append(p["value"])
        elif kind == "none":
            # cuTile Python 1.7's compile API takes no None constant; the
            # config reader admits "none" only for a parameter the kernel
            # never names, and a constant of any value gives such a
            # parameter the IR None gives it (no entry argument).
            out.append(0)
        else:
            fail(4, "signature", f"parameter {i}: unknown kind '{kind}'")
    return KernelSignature(out, CallingConvention.cutile_python_v2())


def export_one(ct, export_kernel, kernel, name, path, params, out_file, version, gpu_code=None):
    import inspect
    pyfunc = getattr(kernel, "_pyfunc", None)
    if pyfunc is None:
        fail(3, "kernel-file", f"{path}: '{name}' is not a @ct.kernel")
    expected = len(inspect.signature(pyfunc).parameters)
    if expected != len(params):
        fail(4, "signature", f"'{name}' takes {expected} parameters, the signature gives {len(params)}")
    signature = build_signature(ct, params)
    try:
        export_kernel(kernel, [signature], out_file, gpu_code=gpu_code,
                      output_format="tileir_bytecode", bytecode_version=version)
    except Exception as e:
        detail = traceback.format_exception_only(type(e), e)[-1].strip()
        fail(5, "compiler", detail.replace("\n", " "))


def batch(path, jobs_file):
    try:
        import cuda.tile as ct
        from cuda.tile.compilation import export_kernel
    except Exception as e:
        fail(5, "compiler", f"cannot import cuda.tile: {e}")
    try:
        with open(jobs_file) as f:
            jobs = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(4, "signature", f"{jobs_file}: {e}")
    kernels = {}
    for job in jobs:
        out = job.get("out", "")
        try:
            name = job["kernel"]
            if name not in kernels:
                kernels[name] = load_kernel(path, name)
            export_one(ct, export_kernel, kernels[name], name, path, job["params"], out, job.get("version", "13.3"))
            line = {"out": out, "ok": True}
        except ExportFailure as e:
            line = {"out": out, "ok": False, "kind": e.kind, "error": e.message}
        except (KeyError, TypeError) as e:
            line = {"out": out, "ok": False, "kind": "signature", "error": f"malformed job: {e}"}
        print(json.dumps(line), flush=True)
    return 0


def main(argv):
    try:
        if len(argv) == 4 and argv[1] == "--batch":
            return batch(argv[2], argv[3])
        return single(argv)
    except ExportFailure as e:
        print(f"tileport-export: {e.kind}: {e.message}", file=sys.stderr)
        return e.code


def single(argv):
    if len(argv) not in (6, 7):
        fail(2, "usage", __doc__.strip().splitlines()[2])
    path, name, sig_json, out_file, version = argv[1:6]
    gpu_code = argv[6] if len(argv) == 7 else None
    try:
        import cuda.tile as ct
        from cuda.tile.compilation import export_kernel
    except Exception as e:
        fail(5, "compiler", f"cannot import cuda.tile: {e}")
    try:
        params = json.loads(sig_json)
    except json.JSONDecodeError as e:
        fail(4, "signature", f"invalid JSON: {e}")
    kernel = load_kernel(path, name)
    export_one(ct, export_kernel, kernel, name, path, params, out_file, version, gpu_code)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
