# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Test and benchmark cases of a module, found as pytest and triton.testing
would find them: `test*` functions and `Test*` classes' `test*` methods with
their parametrize sets crossed, fixtures resolved from the module, its class
and the conftest files above it, and `perf_report` benchmarks with their
x values crossed with their lines."""
import inspect
import itertools
import os
import tempfile

from . import pytest_standin
from .triton_standin import Mark as PerfMark


class Case:
    def __init__(self, source, run):
        self.source = source  # the test id
        self.run = run        # a callable that runs the case


def _marks(obj):
    marks = getattr(obj, "pytestmark", None) or []
    if not isinstance(marks, (list, tuple)):
        marks = [marks]
    return [getattr(m, "mark", m) for m in marks if isinstance(m, (pytest_standin.Mark, pytest_standin.MarkDecorator))]


def _split_names(argnames):
    if isinstance(argnames, str):
        return [n.strip() for n in argnames.split(",") if n.strip()]
    return list(argnames)


def _id_of(value):
    if isinstance(value, (int, float, bool, str)) or value is None:
        return str(value)
    name = getattr(value, "name", None) or getattr(value, "__name__", None)
    return str(name) if name else type(value).__name__


def _parametrize_sets(mark):
    """[(dict of name -> value, id, skip reason or None)] of one parametrize mark."""
    argnames = mark.args[0] if mark.args else mark.kwargs.get("argnames")
    argvalues = mark.args[1] if len(mark.args) > 1 else mark.kwargs.get("argvalues", [])
    ids = mark.kwargs.get("ids")
    names = _split_names(argnames)
    out = []
    for i, v in enumerate(list(argvalues)):
        marks = ()
        pid = None
        if isinstance(v, pytest_standin.ParameterSet):
            marks, pid, v = v.marks, v.id, v.values
            if len(names) == 1 and len(v) == 1:
                v = v[0]
        values = (v,) if len(names) == 1 else tuple(v)
        if len(values) != len(names):
            raise ValueError(f"parametrize: {len(names)} names, a value set of {len(values)}")
        if pid is None and isinstance(ids, (list, tuple)) and i < len(ids):
            pid = str(ids[i])
        elif pid is None and callable(ids):
            pid = "-".join(str(ids(x) or _id_of(x)) for x in values)
        if pid is None:
            pid = "-".join(_id_of(x) for x in values)
        out.append((dict(zip(names, values)), pid, _skip_reason(marks)))
    return out


def _skip_reason(marks):
    for m in marks:
        m = getattr(m, "mark", m)
        if m.name == "skip":
            return m.kwargs.get("reason", "skip mark")
        if m.name == "skipif" and m.args and m.args[0] is True:
            return m.kwargs.get("reason", "skipif mark")
    return None


class _Parser:
    """pytest's option parser, keeping each option's default."""

    def __init__(self, defaults):
        self.defaults = defaults

    def addoption(self, *names, **kwargs):
        default = kwargs.get("default")
        if default is None and kwargs.get("action") == "store_true":
            default = False
        for n in names:
            self.defaults[n.lstrip("-").replace("-", "_")] = default

    def getgroup(self, *a, **k):
        return self

    def addini(self, *a, **k):
        return None


class _Config:
    def __init__(self, defaults, rootdir):
        self.defaults = defaults
        self.rootdir = rootdir
        self.option = type("Options", (), dict(defaults))()

    def getoption(self, name, default=None, skip=False):
        return self.defaults.get(name.lstrip("-").replace("-", "_"), default)

    def addinivalue_line(self, *a):
        return None

    def getini(self, name):
        return []


class _Request:
    def __init__(self, config, node_name, param=None, cls=None, instance=None, module=None):
        self.config = config
        self.param = param
        self.node = type("Node", (), {"name": node_name, "get_closest_marker": lambda self, n: None,
                                      "add_marker": lambda self, m: None})()
        self.cls = cls
        self.instance = instance
        self.module = module
        self.function = None
        self.fixturename = None

    def getfixturevalue(self, name):
        raise pytest_standin.Failed(f"getfixturevalue({name!r}) is not modelled")

    def applymarker(self, m):
        return None

    def addfinalizer(self, fn):
        return None


class Fixtures:
    """Fixture functions visible to a test: the conftests', the module's, the class's."""

    def __init__(self, conftests, module, cls, config):
        self.defs = {}
        classes = [c for c in reversed(cls.__mro__) if c is not object] if cls is not None else []
        self.scopes = {}
        for scope in list(conftests) + [module] + classes:
            for name, obj in vars(scope).items():
                if not (inspect.isfunction(obj) or inspect.ismethod(obj)):
                    continue
                fx = obj.__dict__.get("_tileport_fixture") if inspect.isfunction(obj) else None
                if isinstance(fx, pytest_standin.FixtureDef):
                    self.defs[fx.name] = (obj, fx, "class" if inspect.isclass(scope) else "module")
        self.config = config
        self.module = module
        self.cls = cls

    def parametrized(self, names):
        """Fixtures with params among those the test needs (crossed like parametrize)."""
        out, seen, todo = [], set(), list(names)
        while todo:
            n = todo.pop()
            if n in seen or n not in self.defs:
                continue
            seen.add(n)
            fn, fx, _ = self.defs[n]
            if fx.params:
                out.append((n, fx))
            todo.extend(p for p in _named_params(fn) if p not in ("self", "request"))
        return out

    def resolve(self, names, instance, node, fixture_params, cache):
        out = {}
        for n in names:
            out[n] = self._value(n, instance, node, fixture_params, cache, 0)
        return out

    def _value(self, name, instance, node, fixture_params, cache, depth):
        if name in cache:
            return cache[name]
        if depth > 20:
            raise pytest_standin.Failed(f"fixture {name!r} recursion")
        builtin = self._builtin(name, node, fixture_params)
        if builtin is not _NONE:
            cache[name] = builtin
            return builtin
        if name not in self.defs:
            raise pytest_standin.Failed(f"fixture {name!r} not found")
        fn, fx, scope = self.defs[name]
        args = {}
        for p in _named_params(fn):
            if p == "self":
                continue
            if p == "request":
                args[p] = _Request(self.config, node, fixture_params.get(name), self.cls, instance, self.module)
            else:
                args[p] = self._value(p, instance, node, fixture_params, cache, depth + 1)
        bound = fn.__get__(instance) if instance is not None and scope == "class" else fn
        value = bound(**args)
        if inspect.isgenerator(value):
            value = next(value)
        cache[name] = value
        return value

    def _builtin(self, name, node, fixture_params):
        if name == "request":
            return _Request(self.config, node, None, self.cls, None, self.module)
        if name in ("record_property", "record_testsuite_property", "record_xml_attribute"):
            return lambda *a, **k: None
        if name == "monkeypatch":
            return pytest_standin.MonkeyPatch()
        if name in ("tmp_path", "tmpdir"):
            import pathlib
            return pathlib.Path(tempfile.mkdtemp(prefix="tileport-capture-"))
        if name == "pytestconfig":
            return self.config
        if name in ("caplog", "capsys", "capfd", "recwarn"):
            return _Captured()
        return _NONE

    def autouse(self):
        return [n for n, (_, fx, _) in self.defs.items() if fx.autouse]


_NONE = object()


class _Captured:
    """caplog / capsys / capfd / recwarn: output a test reads back is empty."""

    def __init__(self):
        self.records, self.text, self.messages, self.record_tuples, self.list = [], "", [], [], []

    def readouterr(self):
        return type("Captured", (), {"out": "", "err": ""})()

    def at_level(self, *a, **k):
        import contextlib
        return contextlib.nullcontext()

    def set_level(self, *a, **k):
        return None

    def clear(self):
        return None

    def disabled(self):
        import contextlib
        return contextlib.nullcontext()

    def pop(self, *a, **k):
        return None


def _named_params(fn):
    return [n for n, p in inspect.signature(fn).parameters.items()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def config_for(conftests, rootdir):
    defaults = {}
    parser = _Parser(defaults)
    for c in conftests:
        hook = getattr(c, "pytest_addoption", None)
        if hook is not None:
            try:
                hook(parser)
            except Exception:
                pass
    return _Config(defaults, rootdir)


def test_cases(module, rel, conftests, config):
    """Every test case of the module, in collection order."""
    mod_marks = _marks(module)
    for name, obj in list(vars(module).items()):
        if name.startswith("test") and inspect.isfunction(obj):
            yield from _function_cases(module, None, name, obj, f"{rel}::{name}", mod_marks, conftests, config)
        elif name.startswith("Test") and inspect.isclass(obj):
            cls_marks = mod_marks + _marks(obj)
            for mname in [m for m in dir(obj) if m.startswith("test")]:
                fn = getattr(obj, mname, None)
                if callable(fn):
                    yield from _function_cases(module, obj, mname, fn, f"{rel}::{name}::{mname}", cls_marks,
                                               conftests, config)


def _function_cases(module, cls, name, fn, nodeid, outer_marks, conftests, config):
    marks = outer_marks + [m for m in _marks(fn) if m not in outer_marks]
    reason = _skip_reason(marks)
    sets = [[({}, None, None)]]
    for m in marks:
        if m.name == "parametrize":
            sets.append(_parametrize_sets(m))
    fixtures = Fixtures(conftests, module, cls, config)
    params = [p for p in _named_params(fn) if p != "self"]
    given = set().union(*[set(s[0][0]) for s in sets if s])
    fixture_sets = []
    for fname, fx in fixtures.parametrized([p for p in params if p not in given]):
        ids = fx.ids if isinstance(fx.ids, (list, tuple)) else [None] * len(fx.params)
        fixture_sets.append([({fname: v}, str(ids[i]) if i < len(ids) and ids[i] is not None else _id_of(v))
                             for i, v in enumerate(fx.params)])
    for combo in itertools.product(*sets):
        values, ids, skip = {}, [], reason
        for vals, pid, s in combo:
            values.update(vals)
            if pid:
                ids.append(pid)
            skip = skip or s
        for fcombo in itertools.product(*fixture_sets):
            fparams = {}
            fids = []
            for vals, pid in fcombo:
                fparams.update(vals)
                fids.append(pid)
            case_id = nodeid + (f"[{'-'.join(ids + fids)}]" if ids or fids else "")
            yield Case(case_id, _runner(module, cls, fn, name, params, dict(values), fparams, fixtures, skip,
                                        case_id))


def _runner(module, cls, fn, name, params, values, fparams, fixtures, skip, case_id):
    def run():
        if skip:
            raise pytest_standin.Skipped(skip)
        instance = cls() if cls is not None else None
        cache = {}
        for auto in fixtures.autouse():
            try:
                fixtures.resolve([auto], instance, case_id, fparams, cache)
            except (pytest_standin.Skipped, pytest_standin.Failed):
                raise
            except Exception:
                pass  # an autouse set-up the stand-in cannot run does not stop the test
        try:
            needed = [p for p in params if p not in values]
            kwargs = dict(values)
            kwargs.update(fixtures.resolve(needed, instance, case_id, dict(fparams, **values), cache))
            target = getattr(instance, name) if instance is not None else fn
            return target(**kwargs)
        finally:
            # pytest undoes a case's monkeypatch after it: an environment
            # variable one case sets (TILEGYM_DISABLE_AUTOTUNE) must not
            # pick the kernels of the cases after it.
            patched = cache.get("monkeypatch")
            if isinstance(patched, pytest_standin.MonkeyPatch):
                patched.undo()
    return run


def bench_cases(module, rel):
    """Every (benchmark, x value, line) of the module's perf_report functions."""
    for name, obj in list(vars(module).items()):
        if not isinstance(obj, PerfMark):
            continue
        for b_index, bench in enumerate(obj.benchmarks):
            for x in bench.x_vals:
                xs = x if isinstance(x, (list, tuple)) else (x,) * len(bench.x_names)
                xargs = dict(zip(bench.x_names, xs))
                for line in bench.line_vals:
                    kwargs = dict(bench.args)
                    kwargs.update(xargs)
                    kwargs[bench.line_arg] = line
                    tag = "-".join(f"{k}={_id_of(v)}" for k, v in kwargs.items())
                    yield Case(f"{rel}::{name}[{tag}]", _bench_runner(obj.fn, kwargs))


def _bench_runner(fn, kwargs):
    def run():
        accepted = inspect.signature(fn).parameters
        has_var = any(p.kind == p.VAR_KEYWORD for p in accepted.values())
        args = {k: v for k, v in kwargs.items() if has_var or k in accepted}
        return fn(**args)
    return run


def conftests_for(path, root):
    """The conftest.py files from the project root down to the file's directory."""
    out = []
    d = os.path.dirname(os.path.realpath(path))
    chain = []
    while True:
        chain.append(d)
        if root is None or d == root or os.path.dirname(d) == d:
            break
        d = os.path.dirname(d)
    for d in reversed(chain):
        c = os.path.join(d, "conftest.py")
        if os.path.isfile(c):
            out.append(c)
    return out
