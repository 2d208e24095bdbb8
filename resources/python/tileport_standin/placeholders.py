# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Placeholders for names a stand-in module does not model.

While modules load (the import phase), an unmodelled name may be imported,
subclassed, read for attributes and used as a decorator: module code does
that with names it never calls. Once host or test code runs, calling one
raises `StandInRefusal` with the qualified name, so the capture reports the
missing piece instead of guessing a value.
"""
import importlib.abc
import importlib.machinery
import sys
import types

_phase = {"import": True}


def set_import_phase(flag):
    _phase["import"] = bool(flag)


def in_import_phase():
    return _phase["import"]


class StandInRefusal(Exception):
    """Raised where host code needs something the stand-in does not model."""

    def __init__(self, what):
        super().__init__(f"{what} is not modelled by the stand-in")
        self.what = what


def _is_decoratable(x):
    return isinstance(x, (types.FunctionType, types.MethodType, type, staticmethod, classmethod)) or \
        (callable(x) and hasattr(x, "__name__") and not isinstance(x, Unmodelled))


class Unmodelled:
    __slots__ = ("_qualname",)

    def __init__(self, qualname):
        object.__setattr__(self, "_qualname", qualname)

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return Unmodelled(f"{self._qualname}.{name}")

    def __setattr__(self, name, value):
        pass  # settings such as torch.backends.cuda.matmul.allow_tf32 = True

    def __call__(self, *args, **kwargs):
        # A decorator: @torch.compile, @torch.jit.script, @triton.jit ...
        if len(args) == 1 and not kwargs and _is_decoratable(args[0]):
            return args[0]
        if in_import_phase():
            # A decorator factory (@torch.library.custom_op("x", ...)) or a
            # value computed while a module loads: stays a placeholder.
            return Unmodelled(f"{self._qualname}(...)")
        raise StandInRefusal(self._qualname)

    def __mro_entries__(self, bases):
        return (_PlaceholderBase,)

    def __bool__(self):
        if in_import_phase():
            return False
        raise StandInRefusal(f"the truth value of {self._qualname}")

    def __iter__(self):
        raise StandInRefusal(f"iterating {self._qualname}")

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False

    def __getitem__(self, key):
        return Unmodelled(f"{self._qualname}[...]")

    def __repr__(self):
        return f"<unmodelled {self._qualname}>"

    def __or__(self, other):
        return self

    __ror__ = __or__


class _PlaceholderBase:
    """The base class left when a module subclasses an unmodelled class."""

    def __init__(self, *a, **k):
        pass


class PermissiveModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        value = Unmodelled(f"{self.__name__}.{name}")
        return value


def permissive_module(name):
    mod = PermissiveModule(name)
    mod.__path__ = []  # a package, so `import torch.x.y` resolves through the finder
    mod.__tileport_standin__ = True
    return mod


class StandInFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Resolves `import ROOT.anything` to permissive modules for the stand-in roots."""

    def __init__(self, roots):
        self.roots = set(roots)

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in self.roots and fullname not in sys.modules:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        return permissive_module(spec.name)

    def exec_module(self, module):
        parent, _, child = module.__name__.rpartition(".")
        if parent and parent in sys.modules:
            try:
                setattr(sys.modules[parent], child, module)
            except Exception:
                pass
