// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TileGymWrapper.h"

#include "SyntaxTree.h"
#include "TileGymExport.h"

#include <QFile>
#include <QFileInfo>

namespace tileport::handoff {

namespace {

using ST = SyntaxTree;

// register_impl("<op>", backend="cutile") on a decorated definition: the op name.
bool cutileRegistration(const SyntaxTree &t, TSNode decorated, QString *op)
{
    for (TSNode d : ST::namedChildren(decorated)) {
        if (!ST::is(d, "decorator"))
            continue;
        const std::vector<TSNode> inner = ST::namedChildren(d);
        if (inner.empty() || !ST::is(inner[0], "call"))
            continue;
        const TSNode fn = ST::field(inner[0], "function");
        const QString name = t.text(fn);
        if (name != QLatin1String("register_impl") && !name.endsWith(QLatin1String(".register_impl")))
            continue;
        QString first;
        bool cutile = false;
        for (TSNode a : ST::namedChildren(ST::field(inner[0], "arguments"))) {
            if (ST::is(a, "keyword_argument")) {
                QString v;
                if (t.text(ST::field(a, "name")) == QLatin1String("backend") && t.plainString(ST::field(a, "value"), &v))
                    cutile = v == QLatin1String("cutile");
            } else if (first.isNull()) {
                t.plainString(a, &first);
                if (first.isNull())
                    first = QStringLiteral("");
            }
        }
        if (cutile && !first.isEmpty()) {
            *op = first;
            return true;
        }
    }
    return false;
}

// A default the wrapper can copy as written: a literal, or a tuple/list of them.
bool literalDefault(TSNode v)
{
    const std::string_view ty = ST::type(v);
    if (ty == "integer" || ty == "float" || ty == "string" || ty == "true" || ty == "false" || ty == "none")
        return true;
    if (ty == "unary_operator")
        return literalDefault(ST::field(v, "argument"));
    if (ty == "tuple" || ty == "list" || ty == "parenthesized_expression") {
        for (TSNode c : ST::namedChildren(v))
            if (!literalDefault(c))
                return false;
        return true;
    }
    return false;
}

bool readParameters(const SyntaxTree &t, TSNode params, CutileOp *out, QString *error)
{
    QStringList positional, keyword;
    QString star, starstar;
    bool keywordOnly = false;
    QStringList pending; // names before a "/" are positional-only
    for (TSNode p : ST::namedChildren(params)) {
        const std::string_view ty = ST::type(p);
        QString name;
        if (ty == "identifier") {
            name = t.text(p);
        } else if (ty == "typed_parameter") {
            const std::vector<TSNode> c = ST::namedChildren(p);
            if (!c.empty() && ST::is(c[0], "list_splat_pattern")) {
                star = t.text(c[0]);
                keywordOnly = true;
                continue;
            }
            if (!c.empty() && ST::is(c[0], "dictionary_splat_pattern")) {
                starstar = t.text(c[0]);
                continue;
            }
            name = c.empty() ? QString() : t.text(c[0]);
        } else if (ty == "default_parameter" || ty == "typed_default_parameter") {
            name = t.text(ST::field(p, "name"));
            const TSNode v = ST::field(p, "value");
            if (!literalDefault(v)) {
                *error = QStringLiteral("%1: the default of '%2' (%3) is not a literal; the cutile-rs wrapper copies the "
                                        "op's signature as written and cannot evaluate it")
                             .arg(t.where(ts_node_start_byte(v)), name, t.text(v));
                return false;
            }
        } else if (ty == "list_splat_pattern") {
            star = t.text(p);
            keywordOnly = true;
            continue;
        } else if (ty == "dictionary_splat_pattern") {
            starstar = t.text(p);
            continue;
        } else if (ty == "keyword_separator") {
            keywordOnly = true;
            continue;
        } else if (ty == "positional_separator") {
            positional << pending;
            pending.clear();
            continue;
        } else {
            *error = QStringLiteral("%1: parameter form '%2' is not understood").arg(t.where(ts_node_start_byte(p)), t.text(p));
            return false;
        }
        if (keywordOnly)
            keyword << name;
        else
            pending << name;
    }
    keyword = pending + keyword;
    QStringList args = positional;
    if (!star.isEmpty())
        args << star;
    for (const QString &k : keyword)
        args << QStringLiteral("%1=%1").arg(k);
    if (!starstar.isEmpty())
        args << starstar;
    out->forward = args.join(QStringLiteral(", "));
    out->parameters = t.text(params);
    return true;
}

} // namespace

bool readCutileOp(const QString &sourceFile, const QString &launchFunction, CutileOp *out, QString *error)
{
    QFile f(sourceFile);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read: %2").arg(sourceFile, f.errorString());
        return false;
    }
    const SyntaxTree t(SyntaxTree::Language::Python, f.readAll(), sourceFile);
    if (const QString e = t.firstSyntaxError(); !e.isEmpty()) {
        *error = e;
        return false;
    }
    CutileOp op;
    TSNode chosen{};
    bool found = false;
    TSNode fallback{};
    bool haveFallback = false;
    for (TSNode s : ST::namedChildren(t.root())) {
        if (ST::is(s, "import_from_statement")) {
            for (TSNode n : ST::fieldChildren(s, "name"))
                if (t.text(n) == QLatin1String("register_impl"))
                    op.registerImport = t.text(s);
        }
        TSNode def = s;
        if (ST::is(s, "decorated_definition")) {
            def = ST::field(s, "definition");
            QString name;
            if (!found && ST::is(def, "function_definition") && cutileRegistration(t, s, &name)) {
                op.op = name;
                chosen = def;
                found = true;
            }
        }
        if (ST::is(def, "function_definition") && t.text(ST::field(def, "name")) == launchFunction) {
            fallback = def;
            haveFallback = true;
        }
    }
    if (!found) {
        if (!haveFallback) {
            *error = QStringLiteral("%1: no function is registered with register_impl(..., backend=\"cutile\") and there is "
                                    "no host function %2() that launches the kernel")
                         .arg(sourceFile, launchFunction.isEmpty() ? QStringLiteral("<none>") : launchFunction);
            return false;
        }
        chosen = fallback;
        op.op = QFileInfo(sourceFile).completeBaseName();
    }
    op.function = t.text(ST::field(chosen, "name"));
    if (const TSNode r = ST::field(chosen, "return_type"); !ts_node_is_null(r))
        op.returns = QStringLiteral(" -> ") + t.text(r);
    if (!readParameters(t, ST::field(chosen, "parameters"), &op, error))
        return false;
    *out = op;
    return true;
}

namespace {

// The wrapper's runtime part; @NAME@ fields are filled in.
const char *const kWrapper = R"PY(# @MARKER@ from @LABEL@; regenerate rather than edit.
"""The cutile-rs backend of `@OP@`: TilePort's cuTile Rust port of `@REFERENCE@.@FUNCTION@`.

The op's own host code runs unchanged; its ct.launch is redirected to the Rust
entry of the same kernel in libcutile_kernels.so (the same grid and arguments,
on the stream the host code passes: the current torch stream). Dtypes an entry
was not built for raise NotImplementedError.
"""

from __future__ import annotations

import ctypes
import importlib
import json
import os
import threading

@REGISTER_IMPORT@

_OP = "@OP@"
_REFERENCE = "@REFERENCE@"
_FUNCTION = "@FUNCTION@"
_KERNEL_DIR = "@OP@_kernel"
# Per ported kernel: its parameters in launch order and its Rust entries, as
# TilePort's tileport-crate.json and host bundle record them.
_KERNELS = json.loads(r"""@KERNELS@""")
_DTYPE_CODES = @CODES@
_MAX_RANK = @MAX_RANK@
_RC = {1: "host", 2: "kernel", 3: "environment", 4: "panic"}
_RUST_NAMES = {"float32": "f32", "float16": "f16", "bfloat16": "bf16", "int32": "i32", "int64": "i64", "float64": "f64"}
_LOCK = threading.RLock()
_LIB = []


class _TpTensor(ctypes.Structure):
    _fields_ = [
        ("ptr", ctypes.c_uint64),
        ("ndim", ctypes.c_int32),
        ("dtype", ctypes.c_int32),
        ("shape", ctypes.c_int64 * _MAX_RANK),
        ("strides", ctypes.c_int64 * _MAX_RANK),
    ]


def _dtype_name(dtype):
    return str(dtype).rsplit(".", 1)[-1]


def _library():
    if _LIB:
        return _LIB[0]
    here = os.path.dirname(os.path.abspath(__file__))
    crate = os.path.join(here, "cutile_kernels")
    # where cargo puts it: $CARGO_TARGET_DIR when set, else the crate's target/
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(crate, "target")
    path = os.path.join(target, "release", "libcutile_kernels.so")
    if not os.path.isfile(path):
        raise RuntimeError(f"cutile-rs {_OP}: {path} is not built; run `cargo build --release` in {crate}")
    sources = os.path.join(here, _KERNEL_DIR)
    newest = max(os.path.getmtime(os.path.join(sources, f)) for f in os.listdir(sources) if f.endswith(".rs"))
    if newest > os.path.getmtime(path):
        raise RuntimeError(f"cutile-rs {_OP}: {path} is older than {sources}; run `cargo build --release` in {crate}")
    _LIB.append(ctypes.CDLL(path))
    return _LIB[0]


def _function(symbol):
    try:
        fn = getattr(_library(), symbol)
    except AttributeError:
        raise RuntimeError(f"cutile-rs {_OP}: libcutile_kernels.so does not export {symbol}; rebuild the crate") from None
    fn.restype = ctypes.c_int32
    fn.argtypes = [ctypes.POINTER(_TpTensor), ctypes.c_int32, ctypes.POINTER(ctypes.c_double), ctypes.c_int32,
                   ctypes.POINTER(ctypes.c_char_p), ctypes.c_int32, ctypes.POINTER(ctypes.c_uint32),
                   ctypes.c_int32, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_size_t]
    return fn


def _derived(expr, consts):
    if isinstance(expr, str):
        return int(consts[expr])
    if isinstance(expr, (int, float)):
        return int(expr)
    op, lhs, rhs = expr
    x, y = _derived(lhs, consts), _derived(rhs, consts)
    return {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y, "//": lambda: x // y, "%": lambda: x % y}[op]()


def _mismatch(entry, values, consts):
    """Why `entry` does not serve these arguments, or None when it does."""
    for name, dtype in entry.get("fixed_dtypes", {}).items():
        if _dtype_name(values[name].dtype) != dtype:
            return f"{name} is {_dtype_name(values[name].dtype)}, the entry takes {dtype}"
    for name, dtypes in entry.get("dtypes_served_elsewhere", {}).items():
        if _dtype_name(values[name].dtype) in dtypes:
            return f"{name} of dtype {_dtype_name(values[name].dtype)} is served by another entry"
    for choice in entry.get("const_choices", []):
        if bool(eval(choice["condition"], {"__builtins__": {}}, dict(consts))) != choice["value"]:
            return f"the entry is the arm where ({choice['condition']}) is {choice['value']}"
    generic = {g["name"] for g in entry["generics"] if g["kind"] == "dtype"}
    for p in entry["params"]:
        if p["kind"] == "tensor" and p["element"] not in generic:
            got = _RUST_NAMES.get(_dtype_name(values[p["name"]].dtype))
            if got != p["element"]:
                return f"{p['name']} is {_dtype_name(values[p['name']].dtype)}, the entry takes {p['element']}"
    types = [_RUST_NAMES.get(_dtype_name(values[g["dtype_of"]].dtype)) for g in entry["generics"] if g["kind"] == "dtype"]
    if types and types not in entry["dispatch"]:
        built = sorted({t for combo in entry["dispatch"] for t in combo})
        return f"dtypes {types} were not built (built: {len(entry['dispatch'])} combinations of {built})"
    return None


def _launch(reference, stream, grid, kernel, args):
    for name, spec in _KERNELS.items():
        if getattr(reference, name, None) is kernel:
            break
    else:
        raise NotImplementedError(f"cutile-rs {_OP}: {_REFERENCE} launched {getattr(kernel, '__name__', kernel)!r}, "
                                  "which has no Rust port")
    if len(args) != len(spec["params"]):
        raise TypeError(f"cutile-rs {_OP}: {name} takes {len(spec['params'])} arguments, the launch passed {len(args)}")
    values = dict(zip(spec["params"], args))
    consts = {k: v for k, v in values.items() if not hasattr(v, "data_ptr")}
    reasons = []
    for entry in spec["entries"]:
        why = _mismatch(entry, values, consts)
        if why is None:
            break
        reasons.append(f"{entry['entry']}: {why}")
    else:
        raise NotImplementedError(f"cutile-rs {_OP}: no Rust entry of {name} was built for these arguments ("
                                  + "; ".join(reasons) + ")")
    tensors = [p for p in entry["params"] if p["kind"] == "tensor"]
    scalars = [p for p in entry["params"] if p["kind"] == "scalar"]
    descs = (_TpTensor * max(1, len(tensors)))()
    device = 0
    for i, p in enumerate(tensors):
        t = values[p["name"]]
        if t.dim() > _MAX_RANK:
            raise ValueError(f"cutile-rs {_OP}: {p['name']} has rank {t.dim()}, more than {_MAX_RANK}")
        code = _RUST_NAMES.get(_dtype_name(t.dtype))
        if code not in _DTYPE_CODES:
            raise NotImplementedError(f"cutile-rs {_OP}: {p['name']} has dtype {t.dtype}, which the C ABI does not carry")
        d = descs[i]
        d.ptr = t.data_ptr()
        d.ndim = t.dim()
        d.dtype = _DTYPE_CODES.index(code)
        for k in range(t.dim()):
            d.shape[k] = t.shape[k]
            d.strides[k] = t.stride(k)
        device = t.device.index or 0
    scalar_values = (ctypes.c_double * max(1, len(scalars)))(*[float(values[p["name"]]) for p in scalars])
    generics = []
    for g in entry["generics"]:
        if g["kind"] == "dtype":
            generics.append(_RUST_NAMES[_dtype_name(values[g["dtype_of"]].dtype)])
        elif "derived" in g:
            generics.append(str(_derived(g["derived"], consts)))
        else:
            generics.append(str(int(consts[g["param"]])))
    raw = [g.encode() for g in generics]
    generic_values = (ctypes.c_char_p * max(1, len(raw)))(*raw)
    grid = tuple(int(g) for g in (grid if isinstance(grid, (tuple, list)) else (grid,)))
    grid_values = (ctypes.c_uint32 * 3)(*(grid + (1, 1, 1))[:3])
    if hasattr(stream, "cuda_stream"):
        handle = int(stream.cuda_stream)
    elif isinstance(stream, int):
        handle = stream
    else:
        raise TypeError(f"cutile-rs {_OP}: the launch's stream {stream!r} is neither a torch stream nor a handle")
    message = ctypes.create_string_buffer(4096)
    rc = _function(entry["symbol"])(descs, len(tensors), scalar_values, len(scalars), generic_values, len(raw),
                                    grid_values, device, handle, message, len(message))
    if rc != 0:
        raise RuntimeError(f"cutile-rs {_OP}: {entry['symbol']} failed ({_RC.get(rc, rc)}): "
                           + message.value.decode(errors="replace"))


def _run(call):
    reference = importlib.import_module(_REFERENCE)
    ct = importlib.import_module("cuda.tile")
    launched = []

    def launch(stream, grid, kernel, args, **kwargs):
        _launch(reference, stream, grid, kernel, tuple(args))
        launched.append(kernel)

    with _LOCK:
        real = ct.launch
        ct.launch = launch
        try:
            result = call(getattr(reference, _FUNCTION))
        finally:
            ct.launch = real
    if not launched:
        raise RuntimeError(f"cutile-rs {_OP}: {_REFERENCE}.{_FUNCTION} launched no kernel")
    return result


@register_impl("@OP@", backend="cutile-rs")
def @FUNCTION@@PARAMETERS@@RETURNS@:
    """`@OP@` on the cutile-rs backend: `@REFERENCE@.@FUNCTION@` with its kernel run by the Rust port."""
    return _run(lambda function: function(@FORWARD@))
)PY";

} // namespace

QString tilegymWrapperText(const WrapperInputs &in)
{
    QString s = QString::fromUtf8(kWrapper);
    QStringList codes;
    for (const QString &c : in.dtypeCodes)
        codes << QStringLiteral("\"%1\"").arg(c);
    QString kernels = in.kernelsJson;
    kernels.replace(QStringLiteral("\"\"\""), QStringLiteral("\\\"\\\"\\\""));
    s.replace(QStringLiteral("@MARKER@"), generatedMarker());
    s.replace(QStringLiteral("@LABEL@"), in.label);
    s.replace(QStringLiteral("@REGISTER_IMPORT@"),
              in.op.registerImport.isEmpty() ? QStringLiteral("from tilegym.backend import register_impl") : in.op.registerImport);
    s.replace(QStringLiteral("@REFERENCE@"), in.referenceModule);
    s.replace(QStringLiteral("@FUNCTION@"), in.op.function);
    s.replace(QStringLiteral("@PARAMETERS@"), in.op.parameters);
    s.replace(QStringLiteral("@RETURNS@"), in.op.returns);
    s.replace(QStringLiteral("@FORWARD@"), in.op.forward);
    s.replace(QStringLiteral("@CODES@"), QStringLiteral("[") + codes.join(QStringLiteral(", ")) + QStringLiteral("]"));
    s.replace(QStringLiteral("@MAX_RANK@"), QString::number(in.maxRank));
    s.replace(QStringLiteral("@KERNELS@"), kernels);
    s.replace(QStringLiteral("@OP@"), in.op.op);
    return s;
}

} // namespace tileport::handoff
