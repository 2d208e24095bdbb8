# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Placeholders for names a stand-in module does not model.

While modules load (the import phase), an unmodelled name may be imported,
subclassed, read for attributes and used as a decorator: module code does
that with names it never calls. Once host or test code runs, calling one
raises `StandInRefusal` with the qualified name, so the capture reports the
missing piece instead of guessing a value.
"""
import ast
import importlib.abc
import importlib.machinery
import linecache
import os
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
        if fullname not in sys.modules and any(fullname == r or fullname.startswith(r + ".") for r in self.roots):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        return permissive_module(spec.name)

    def exec_module(self, module):
        _attach_to_parent(module)


def _attach_to_parent(module):
    """`import a.b` leaves `b` as an attribute of `a`, as the import system does."""
    parent, _, child = module.__name__.rpartition(".")
    if parent and parent in sys.modules:
        try:
            setattr(sys.modules[parent], child, module)
        except Exception:
            pass


_HERE = os.path.dirname(os.path.abspath(__file__))
_GUARDS = {}  # file -> [(first, last) line ranges of try bodies that catch import errors]


def _guarded_lines(filename):
    ranges = _GUARDS.get(filename)
    if ranges is not None:
        return ranges
    ranges = []
    try:
        with open(filename, encoding="utf-8", errors="replace") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and node.body:
                caught = [ast.unparse(h.type) if h.type is not None else "" for h in node.handlers]
                if any(c == "" or any(n in c for n in ("ImportError", "ModuleNotFoundError", "Exception"))
                       for c in caught):
                    ranges.append((node.body[0].lineno, node.body[-1].end_lineno or node.body[-1].lineno))
    except (OSError, SyntaxError, ValueError):
        pass
    _GUARDS[filename] = ranges
    return ranges


def _import_site():
    """(file, line) of the import statement being run, or None where the
    import is not a statement of project code (importlib.util.find_spec, a
    library's own lookup)."""
    f = sys._getframe(2)
    while f is not None:
        name = f.f_code.co_filename
        if not name.startswith("<") and not name.startswith(_HERE):
            text = linecache.getline(name, f.f_lineno).strip()
            if text.startswith(("import ", "from ")):
                return name, f.f_lineno
            return None
        f = f.f_back
    return None


class MissingModuleFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Last on sys.meta_path: an import statement of a module that is neither
    installed nor in the project (and not guarded by `except ImportError`)
    gets a placeholder module, so the capture goes on with what it has; the
    module is named once in a diagnostic at the import's file:line."""

    def __init__(self):
        self.seen = set()
        self.missing = []  # (module, file, line) not drained yet

    def find_spec(self, fullname, path=None, target=None):
        site = _import_site()
        if site is None:
            return None
        file, line = site
        if any(a <= line <= b for a, b in _guarded_lines(file)):
            return None
        if fullname.split(".")[0] not in self.seen:
            self.seen.add(fullname.split(".")[0])
            self.missing.append((fullname, file, line))
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        return permissive_module(spec.name)

    def exec_module(self, module):
        _attach_to_parent(module)

    def drain(self):
        out, self.missing[:] = list(self.missing), []
        return out
