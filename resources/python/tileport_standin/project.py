# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Where a file sits in its project: its package name, the directory that
goes on sys.path, the project root, and the test and benchmark files that
exercise it."""
import ast
import importlib
import os
import re
import sys

ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git", "tox.ini", "pytest.ini")
TEST_DIRS = {"tests", "test", "testing", "benchmark", "benchmarks", "bench", "perf"}
SKIP_DIRS = {".git", "node_modules", "__pycache__", "venv", ".venv", "site-packages", "build", "dist", ".tox"}


def module_name(path):
    """(dotted module name, the directory to put on sys.path) for a file."""
    path = os.path.realpath(path)
    parts = [os.path.splitext(os.path.basename(path))[0]]
    d = os.path.dirname(path)
    while os.path.isfile(os.path.join(d, "__init__.py")):
        parts.append(os.path.basename(d))
        d = os.path.dirname(d)
    return ".".join(reversed(parts)), d


def import_file(path):
    """Imports a file under its package name, so relative imports work."""
    name, base = module_name(path)
    if base not in sys.path:
        sys.path.insert(0, base)
    mod = sys.modules.get(name)
    if mod is not None and os.path.realpath(getattr(mod, "__file__", "") or "") == os.path.realpath(path):
        return mod
    return importlib.import_module(name)


def search_paths(path, project_dir=None):
    """Where the file's author ran it from: the directory above its package
    (walking up `__init__.py` files), the file's own directory (a sibling
    `utils.py`), the project root (`pyproject.toml` / `setup.py`, or the
    directory given) and its `src/`."""
    name, base = module_name(path)
    out = [base, os.path.dirname(os.path.realpath(path))]
    root = project_dir or packaging_root(path)
    if root:
        out += [root, os.path.join(root, "src")]
    seen, result = set(), []
    for d in out:
        d = os.path.realpath(d)
        if d not in seen and os.path.isdir(d):
            seen.add(d)
            result.append(d)
    return result


def packaging_root(path):
    """The nearest directory above the file with `pyproject.toml`,
    `setup.py` or `setup.cfg`."""
    return _nearest_above(path, lambda d: any(os.path.isfile(os.path.join(d, m))
                                              for m in ("pyproject.toml", "setup.py", "setup.cfg")))


def _nearest_above(path, holds):
    """The nearest directory at or above the file's own for which `holds` is true."""
    d = os.path.dirname(os.path.realpath(path))
    while True:
        if holds(d):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def sibling_modules(path):
    """Top-level module names a file can import from its own directory."""
    d = os.path.dirname(os.path.realpath(path))
    out = set()
    try:
        for entry in os.listdir(d):
            full = os.path.join(d, entry)
            if entry.endswith(".py"):
                out.add(entry[:-3])
            elif os.path.isfile(os.path.join(full, "__init__.py")):
                out.add(entry)
    except OSError:
        pass
    return out


def project_root(path):
    return _nearest_above(path, lambda d: any(os.path.exists(os.path.join(d, m)) for m in ROOT_MARKERS))


def _norm(stem):
    return re.sub(r"[^a-z0-9]", "", stem.lower())


def _role_stem(name):
    stem = os.path.splitext(name)[0]
    for prefix in ("test_", "bench_", "benchmark_", "perf_"):
        if stem.startswith(prefix):
            return stem[len(prefix):]
    for suffix in ("_test", "_bench", "_benchmark"):
        if stem.endswith(suffix):
            return stem[: -len(suffix)]
    return None


def candidate_test_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("."))
        rel = os.path.relpath(d, root).split(os.sep)
        if not any(part in TEST_DIRS for part in rel):
            continue
        for f in sorted(files):
            if f.endswith(".py") and _role_stem(f) is not None:
                out.append(os.path.join(d, f))
    return out


def public_functions(path):
    """Top-level functions of a kernel file that are not kernels and not private:
    the host entry points tests call."""
    try:
        tree = ast.parse(open(path, encoding="utf-8", errors="replace").read())
    except SyntaxError:
        return []
    names = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            if not any("kernel" in ast.unparse(d) for d in node.decorator_list):
                names.append(node.name)
    return names


def names_file(test, path):
    """Whether a test or benchmark file is named after the kernel file."""
    stem = _norm(os.path.splitext(os.path.basename(path))[0])
    role = _norm(_role_stem(os.path.basename(test)) or "")
    return bool(role) and (role == stem or stem in role or role in stem)


DRIVER_STEMS = ("run", "bench", "benchmark", "main", "demo", "example", "profile", "perf", "driver", "check",
                "verify", "validate", "eval", "test")


def driver_scripts(path):
    """Scripts beside the kernel file that import it and are named as
    drivers (run_benchmark.py, main.py, demo_*.py, test_*.py): the code its
    author launches it with when the file itself has no entry point."""
    d = os.path.dirname(os.path.realpath(path))
    base = os.path.basename(path)
    stem = os.path.splitext(base)[0]
    if not stem.isidentifier():
        return []
    uses = re.compile(r"(\bimport\s+(?:[\w.]+\.)?%s\b|\bfrom\s+(?:[\w.]*\.)?%s\s+import\b|"
                      r"\bfrom\s+\.+\s+import\s+[^\n]*\b%s\b)" % ((re.escape(stem),) * 3))
    out = []
    try:
        names = sorted(os.listdir(d))
    except OSError:
        return []
    for f in names:
        if not f.endswith(".py") or f == base or not f[:-3].lower().startswith(DRIVER_STEMS):
            continue
        full = os.path.join(d, f)
        try:
            with open(full, encoding="utf-8", errors="replace") as fh:
                if uses.search(fh.read()):
                    out.append(full)
        except OSError:
            continue
    return out


def tests_for(path, candidates):
    """The candidate files that name the file (test_softmax.py, bench_rmsnorm.py)
    or call one of its public functions."""
    calls = [re.compile(r"(?:\.|\bimport\s+|,\s*)" + re.escape(fn) + r"\s*[(,)\n]") for fn in public_functions(path)]
    out = []
    for c in candidates:
        if names_file(c, path):
            out.append(c)
            continue
        try:
            text = open(c, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        if any(p.search(text) for p in calls):
            out.append(c)
    return out
