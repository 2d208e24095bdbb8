# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""A kernel file's own entry points: the code its author runs to launch its
kernels when there is no test suite around it.

Found by reading the file (never by guessing from names alone):
- `if __name__ == "__main__":` blocks, run with the file's module namespace
  as globals and `sys.argv` holding only the file (argparse defaults);
- `main()` when no such block calls it, and it needs no arguments;
- `test*` functions and `Test*` classes (pytest style) and `perf_report`
  benchmarks of the file itself;
- `bench*` / `benchmark*` / `run*` / `demo*` / `example*` functions with no
  required parameters that no other entry point calls.
Module-level calls run while the file imports; the capture records those
under `module:`.

Each entry point is a `Case` whose source names its kind, so a report can say
which one gave a config: `__main__: f.py`, `main(): f.py`, `test: f.py::t`,
`bench: f.py::b[...]`, `call: f.py::bench()`.
"""
import ast
import inspect
import os
import sys

from . import cases as cases_mod
from . import pytest_standin

DRIVER_PREFIXES = ("bench", "benchmark", "run", "demo", "example", "profile", "check", "verify", "validate")


def _is_main_test(test):
    """`__name__ == "__main__"` in either order."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s for s in sides if isinstance(s, ast.Name) and s.id == "__name__"]
    consts = [s for s in sides if isinstance(s, ast.Constant) and s.value == "__main__"]
    return bool(names) and bool(consts)


def _called_names(nodes):
    out = set()
    for node in nodes:
        for n in ast.walk(node):
            if isinstance(n, ast.Call):
                f = n.func
                if isinstance(f, ast.Name):
                    out.add(f.id)
                elif isinstance(f, ast.Attribute):
                    out.add(f.attr)
    return out


class FileEntries:
    """What the file's source says about how it is run."""

    def __init__(self, path):
        self.path = path
        self.main_blocks = []   # ast.If nodes
        self.functions = {}     # top-level function name -> ast.FunctionDef
        self.error = None
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                self.tree = ast.parse(f.read(), filename=path)
        except SyntaxError as e:
            self.tree = None
            self.error = e
            return
        for node in self.tree.body:
            if isinstance(node, ast.If) and _is_main_test(node.test):
                self.main_blocks.append(node)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[node.name] = node
        self.main_calls = _called_names(self.main_blocks)

    def has_tests(self):
        """Whether pytest would collect tests from the file itself."""
        return self.tree is not None and (
            any(n.startswith("test") for n in self.functions) or
            any(isinstance(c, ast.ClassDef) and c.name.startswith("Test") for c in self.tree.body))

    def drivers(self):
        """Driver functions (bench/run/demo...) with no required parameters
        that neither the `__main__` block nor another top-level function calls."""
        if self.tree is None:
            return []
        called_elsewhere = set(self.main_calls)
        for name, fn in self.functions.items():
            called_elsewhere |= {c for c in _called_names(fn.body) if c != name}
        out = []
        for name, fn in self.functions.items():
            low = name.lower()
            if name.startswith("_") or name.startswith("test") or name == "main":
                continue
            if not low.startswith(DRIVER_PREFIXES) or name in called_elsewhere:
                continue
            if any("kernel" in ast.unparse(d) for d in fn.decorator_list):
                continue
            args = fn.args
            required = len(args.posonlyargs) + len(args.args) - len(args.defaults)
            required += sum(1 for d in args.kw_defaults if d is None)
            if required == 0:
                out.append(name)
        return out


def cases_for(module, entries, rel, conftests, config):
    """The entry-point cases of a kernel file (its FileEntries), in the order
    they run."""
    if entries.tree is None:
        return []
    path = entries.path
    out = []
    base = os.path.basename(path)
    for i, block in enumerate(entries.main_blocks):
        tag = f"__main__: {base}" + (f":{block.lineno}" if len(entries.main_blocks) > 1 else "")
        out.append(cases_mod.Case(tag, _block_runner(module, path, block)))
    main = vars(module).get("main")
    if "main" in entries.functions and "main" not in entries.main_calls and callable(main) and _no_required(main):
        out.append(cases_mod.Case(f"main(): {base}", _call_runner(main, path)))
    for case in cases_mod.test_cases(module, rel, conftests, config):
        case.source = "test: " + case.source
        case.run = _fixture_tolerant(case.run)
        out.append(case)
    for case in cases_mod.bench_cases(module, rel):
        case.source = "bench: " + case.source
        out.append(case)
    for name in entries.drivers():
        fn = vars(module).get(name)
        if callable(fn):
            out.append(cases_mod.Case(f"call: {base}::{name}()", _call_runner(fn, path)))
    return out


def _fixture_tolerant(run):
    """A test function of a script whose parameters are not fixtures (the
    script's `__main__` calls it with values) is not a pytest test: skipped."""
    def wrapped():
        try:
            return run()
        except pytest_standin.Failed as e:
            if "fixture" in str(e) and "not found" in str(e):
                raise pytest_standin.Skipped(str(e))
            raise
    return wrapped


def _no_required(fn):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return False
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in sig.parameters.values())


class _Argv:
    """`sys.argv` as the file would see it run with no arguments (argparse
    takes its defaults), or with the arguments a `--call '__main__ ARGS'`
    gives."""

    def __init__(self, path, args=()):
        self.argv = [path] + list(args)

    def __enter__(self):
        self.saved = sys.argv
        sys.argv = list(self.argv)

    def __exit__(self, *exc):
        sys.argv = self.saved
        return False


def run_main_blocks(module, path, args):
    """Runs the file's `__main__` blocks with `args` as its command line;
    False when it has none."""
    entries = FileEntries(path)
    for block in entries.main_blocks:
        _block_runner(module, path, block, args)()
    return bool(entries.main_blocks)


def _block_runner(module, path, block, args=()):
    code = compile(ast.Module(body=block.body, type_ignores=[]), path, "exec")

    def run():
        g = vars(module)
        saved = g.get("__name__")
        g["__name__"] = "__main__"
        try:
            with _Argv(path, args):
                try:
                    exec(code, g)
                except SystemExit as e:
                    if e.code not in (None, 0):
                        raise
        finally:
            g["__name__"] = saved
    return run


def _call_runner(fn, path):
    def run():
        with _Argv(path):
            try:
                fn()
            except SystemExit as e:
                if e.code not in (None, 0):
                    raise
    return run
