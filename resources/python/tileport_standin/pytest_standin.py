# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""The part of pytest that test modules use while they load and run.

Test files are imported, not collected by pytest (pytest cannot even collect
them without CUDA when a conftest asks the GPU): `pytest.mark.*` records
marks on the function, `parametrize` records its argument sets, and the
capture crosses them as pytest would.
"""
import contextlib
import inspect
import sys
import types

from .placeholders import permissive_module


class Skipped(Exception):
    pass


class XFailed(Exception):
    pass


class Failed(Exception):
    pass


class ParameterSet:
    def __init__(self, values, marks=(), id=None):
        self.values = values
        self.marks = tuple(marks) if isinstance(marks, (list, tuple)) else (marks,)
        self.id = id


def param(*values, marks=(), id=None):
    return ParameterSet(values, marks, id)


class Mark:
    def __init__(self, name, args, kwargs):
        self.name = name
        self.args = args
        self.kwargs = kwargs


class MarkDecorator:
    def __init__(self, name, args=(), kwargs=None):
        self.mark = Mark(name, args, kwargs or {})

    @property
    def name(self):
        return self.mark.name

    @property
    def args(self):
        return self.mark.args

    @property
    def kwargs(self):
        return self.mark.kwargs

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and (inspect.isfunction(args[0]) or inspect.isclass(args[0])):
            target = args[0]
            marks = list(getattr(target, "pytestmark", []))
            marks.append(self.mark)
            try:
                target.pytestmark = marks
            except (AttributeError, TypeError):
                pass
            return target
        return MarkDecorator(self.mark.name, args, kwargs)

    def with_args(self, *args, **kwargs):
        return MarkDecorator(self.mark.name, args, kwargs)


class _MarkGenerator:
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return MarkDecorator(name)


class FixtureDef:
    def __init__(self, fn, params=None, autouse=False, scope="function", name=None, ids=None):
        self.fn = fn
        self.params = params
        self.autouse = autouse
        self.scope = scope
        self.name = name or fn.__name__
        self.ids = ids


def fixture(fn=None, *, scope="function", params=None, autouse=False, ids=None, name=None):
    def wrap(f):
        f._tileport_fixture = FixtureDef(f, params=list(params) if params is not None else None,
                                         autouse=autouse, scope=scope, name=name, ids=ids)
        return f
    if fn is not None and callable(fn):
        return wrap(fn)
    return wrap


def skip(reason="", allow_module_level=False, **kw):
    raise Skipped(reason or kw.get("msg", ""))


skip.Exception = Skipped


def xfail(reason=""):
    raise XFailed(reason)


def fail(reason="", pytrace=True):
    raise Failed(reason)


def importorskip(modname, minversion=None, reason=None):
    try:
        __import__(modname)
    except ImportError:
        raise Skipped(reason or f"could not import {modname!r}")
    return sys.modules[modname]


@contextlib.contextmanager
def _raises(expected, *a, match=None, **k):
    try:
        yield types.SimpleNamespace(value=None, type=None)
    except expected:
        return
    raise Failed(f"DID NOT RAISE {expected}")


raises = _raises


def warns(*a, **k):
    return contextlib.nullcontext()


def approx(x, *a, **k):
    return x


class MonkeyPatch:
    def __init__(self):
        self._undo = []

    def setattr(self, target, name, value=None, raising=True):
        if isinstance(target, str):
            mod, _, attr = target.rpartition(".")
            target, name, value = sys.modules[mod], attr, name
        self._undo.append((target, name, getattr(target, name, None)))
        setattr(target, name, value)

    def setenv(self, name, value, prepend=None):
        import os
        self._undo.append((os.environ, name, os.environ.get(name)))
        os.environ[name] = str(value)

    def delenv(self, name, raising=True):
        import os
        self._undo.append((os.environ, name, os.environ.get(name)))
        os.environ.pop(name, None)

    def undo(self):
        import os
        for target, name, old in reversed(self._undo):
            if target is os.environ:
                if old is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = old
            else:
                setattr(target, name, old)
        self._undo.clear()


def install():
    mod = permissive_module("pytest")
    mod.mark = _MarkGenerator()
    mod.param = param
    mod.fixture = fixture
    mod.skip = skip
    mod.xfail = xfail
    mod.fail = fail
    mod.importorskip = importorskip
    mod.raises = raises
    mod.warns = warns
    mod.approx = approx
    mod.MonkeyPatch = MonkeyPatch
    mod.Skipped = Skipped
    mod.__version__ = "8.0.0+standin"
    sys.modules["pytest"] = mod
    return mod
