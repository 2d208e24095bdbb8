# SPDX-License-Identifier: MIT
"""Exports one cuTile Python kernel to Tile IR bytecode on the CPU.

Usage: export_tileir.py KERNEL_FILE KERNEL_NAME SIGNATURE_JSON OUT_FILE VERSION [GPU_CODE]

SIGNATURE_JSON lists the kernel's parameters in order:
  {"kind": "array", "dtype": "float32", "ndim": 2, "contiguous": true}
  {"kind": "scalar", "dtype": "int32"}
  {"kind": "const", "value": 128}
Errors go to stderr as one line "tileport-export: <kind>: <message>" and the
exit code says which: 2 usage, 3 kernel file, 4 signature, 5 compiler.
"""
import importlib.util
import json
import sys
import traceback


def fail(code, kind, message):
    print(f"tileport-export: {kind}: {message}", file=sys.stderr)
    sys.exit(code)


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
        fail(3, "kernel-file", f"{path}: importing the module raised {type(e).__name__}: {e}")
    kernel = getattr(module, name, None)
    if kernel is None:
        fail(3, "kernel-file", f"{path}: no kernel named '{name}'")
    return kernel


def build_signature(ct, params):
    from cuda.tile.compilation import (ArrayConstraint, CallingConvention,
                                       KernelSignature, ScalarConstraint)
    out = []
    for i, p in enumerate(params):
        kind = p.get("kind")
        if kind == "array":
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
        elif kind == "scalar":
            dtype = getattr(ct, p["dtype"], None)
            if dtype is None:
                fail(4, "signature", f"parameter {i}: unknown dtype '{p['dtype']}'")
            out.append(ScalarConstraint(dtype))
        elif kind == "const":
            out.append(p["value"])
        else:
            fail(4, "signature", f"parameter {i}: unknown kind '{kind}'")
    return KernelSignature(out, CallingConvention.cutile_python_v2())


def main(argv):
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
    pyfunc = getattr(kernel, "_pyfunc", None)
    if pyfunc is None:
        fail(3, "kernel-file", f"{path}: '{name}' is not a @ct.kernel")
    import inspect
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
