# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""The capture: imports kernel files, runs their projects' tests, benchmarks
and the user's calls with `ct.launch` intercepted on stand-in tensors, and
returns one sidecar per kernel file."""
import contextlib
import gc
import importlib
import importlib.util
import io
import os
import shlex
import signal
import sys
import time
import traceback
import types

from . import cases as cases_mod
from . import autograd_standin, device_standins, entry_points, placeholders, project, pytest_standin, torch_standin, triton_standin
from .launches import Recorder, build_configs, install_interceptors, realpath

TARGETS = {
    "h200": {"name": "h200", "sm": "sm_90", "compute_capability": [9, 0], "sm_count": 132,
             "device_name": "NVIDIA H200", "memory_bytes": 150_754_820_096, "l2_bytes": 52_428_800},
    "h100": {"name": "h100", "sm": "sm_90", "compute_capability": [9, 0], "sm_count": 132,
             "device_name": "NVIDIA H100 80GB HBM3", "memory_bytes": 85_520_809_984, "l2_bytes": 52_428_800},
    "b200": {"name": "b200", "sm": "sm_100", "compute_capability": [10, 0], "sm_count": 148,
             "device_name": "NVIDIA B200", "memory_bytes": 191_525_240_832, "l2_bytes": 132_120_576},
}
# A case may make this many stand-in tensors before its first launch (a
# reference computed first, inputs prepared), and this many more after each
# launch (what tests do after their launches, comparing results, does not
# change the capture); a benchmark loop repeating a launch is cut at
# MAX_CASE_LAUNCHES. Counts, not times, so captures are reproducible.
BEFORE_LAUNCH_TENSORS = 200_000
AFTER_LAUNCH_TENSORS = 20_000
MAX_CASE_LAUNCHES = 256
# The safety net for a case that spins without making tensors.
CASE_TIMEOUT_S = 20
HERE = os.path.dirname(os.path.abspath(__file__))


def install_world(target, recorder=None):
    """Puts the stand-ins for torch, pytest, triton.testing (and numpy where it
    is missing) in sys.modules."""
    torch_standin.install(target)
    pytest_standin.install()
    triton_standin.install(recorder)
    roots = {"torch", "triton"} | set(device_standins.install(target))
    # Plotting is output: a placeholder whether or not it is installed.
    for name in ("matplotlib", "seaborn"):
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]
        roots.add(name)
    for optional in ("numpy",):
        try:
            importlib.import_module(optional)
        except ImportError:
            sys.modules[optional] = placeholders.permissive_module(optional)
            roots.add(optional)
    sys.meta_path.insert(0, placeholders.StandInFinder(roots))
    if MISSING not in sys.meta_path:
        sys.meta_path.append(MISSING)
    _refuse_programs()


def _refuse_programs():
    """Code under capture runs no other program: a test that builds a crate
    or asks nvidia-smi would outlive its case and spend the capture's time.
    The call raises StandInRefusal naming the program."""
    import subprocess

    class RefusedPopen:
        def __init__(self, args, *a, **k):
            what = args if isinstance(args, str) else " ".join(str(x) for x in list(args)[:3])
            raise placeholders.StandInRefusal(f"running another program ({what})")

    subprocess.Popen = RefusedPopen

    def refused(command, *a, **k):
        raise placeholders.StandInRefusal(f"running another program ({str(command)[:60]})")
    os.system = os.popen = refused


MISSING = placeholders.MissingModuleFinder()


def load_in_world(path, target_name="h200"):
    """Imports a kernel file in the stand-in world under its package name
    (its parents as bare packages where their __init__ cannot run)."""
    install_world(TARGETS[target_name])
    return import_in_world(path)


def import_in_world(path):
    """Imports a file under its package name while modules may load
    placeholders; where the package's __init__ cannot run here, the file is
    loaded with its parents as bare packages."""
    placeholders.set_import_phase(True)
    try:
        with _quiet():
            try:
                return project.import_file(path)
            except Exception:
                return _import_bare(path)
    finally:
        placeholders.set_import_phase(False)


def load_kernel_file(path, project_dir=None):
    """Imports a kernel file under its package name, from where its author
    ran it (project.search_paths). Returns (module, exception): where the
    file's own code raises part-way (module-level host code, mostly), the
    module keeps what ran before, its kernels among it, and the exception
    comes back for a diagnostic."""
    name, base = project.module_name(path)
    for d in reversed(project.search_paths(path, project_dir)):
        if d in sys.path:
            sys.path.remove(d)
        sys.path.insert(0, d)
    _evict_foreign_siblings(path)
    mod = sys.modules.get(name)
    if mod is not None and realpath(getattr(mod, "__file__", "") or "") == realpath(path):
        return mod, None
    placeholders.set_import_phase(True)
    try:
        _ensure_parents(name, base)
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        try:
            spec.loader.exec_module(mod)
        except BaseException as e:  # noqa: B902 - module code may raise anything, SystemExit included
            if isinstance(e, KeyboardInterrupt):
                raise
            return mod, e
        return mod, None
    finally:
        placeholders.set_import_phase(False)


def _ensure_parents(name, base, try_import=True):
    """The file's parent packages: imported (with try_import), or bare where
    their __init__ cannot run here."""
    parts = name.split(".")
    d = base
    for i in range(len(parts) - 1):
        d = os.path.join(d, parts[i])
        pkg = ".".join(parts[: i + 1])
        if pkg in sys.modules and hasattr(sys.modules[pkg], "__path__"):
            continue
        if try_import:
            try:
                importlib.import_module(pkg)
                continue
            except BaseException as e:  # noqa: B902 - an __init__ may raise anything
                if isinstance(e, KeyboardInterrupt):
                    raise
        m = types.ModuleType(pkg)
        m.__path__ = [d]
        m.__package__ = pkg
        sys.modules[pkg] = m


def _evict_foreign_siblings(path):
    """A sibling module (`utils`) that another kernel file's directory gave
    must not stand in for this file's own sibling of the same name."""
    here = os.path.dirname(realpath(path))
    for name in project.sibling_modules(path):
        mod = sys.modules.get(name)
        f = getattr(mod, "__file__", None) if mod is not None else None
        if f and not realpath(f).startswith(here + os.sep):
            for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
                sys.modules.pop(key, None)


class CaseTimeout(Exception):
    pass


class Capture:
    def __init__(self, target):
        self.target = target
        self.recorder = Recorder()
        self.recorder.on_launch = self._rearm
        self.diagnostics = {}   # key -> diagnostic dict (with "count")
        self.counts = {}        # test file -> {"run", "skipped", "failed"}
        self.case_files = {}    # source id -> test file
        self.test_errors = set()
        self._setup()

    def _rearm(self, launches):
        if launches > MAX_CASE_LAUNCHES and self.recorder.tuned is None:
            raise CaseTimeout()
        torch_standin.set_budget(AFTER_LAUNCH_TENSORS)

    # -- the world the project's code runs in --
    def _setup(self):
        import cuda.tile as ct  # the real package, imported before any stand-in
        install_interceptors(ct, self.recorder)
        install_world(self.target, self.recorder)

    # -- diagnostics --
    def diag(self, file, line, severity, message, source):
        key = (file, line, severity, message)
        d = self.diagnostics.get(key)
        if d is None:
            self.diagnostics[key] = {"file": file, "line": line, "col": 0, "severity": severity,
                                     "message": message, "source": source, "count": 1}
        else:
            d["count"] += 1

    def diag_exception(self, exc, severity, prefix, source, fallback_file):
        file, line = _where(exc, fallback_file)
        what = exc.what + " is not modelled by the stand-in" if isinstance(exc, placeholders.StandInRefusal) \
            else f"{type(exc).__name__}: {exc}"
        self.diag(file, line, severity, f"{prefix}{what}".replace("\n", " ")[:400], source)

    # -- imports --
    def import_file(self, path):
        return import_in_world(path)

    def kernels_of(self, module, path):
        out = []
        real = realpath(path)
        for name, obj in list(vars(module).items()):
            if isinstance(obj, placeholders.Unmodelled):
                continue
            try:
                fn = getattr(obj, "_pyfunc", None)
            except Exception:  # an object whose attribute lookup raises (a stand-in, a proxy)
                continue
            if isinstance(fn, types.FunctionType) and realpath(fn.__code__.co_filename) == real:
                out.append((name, fn.__code__.co_firstlineno))
        return out

    # -- cases --
    def import_kernel_file(self, path, project_dir=None):
        """Imports a kernel file with its module-level code recorded as the
        `module:` entry point. Returns the module (raises when nothing of it
        could be loaded)."""
        source = f"module: {os.path.basename(path)}"
        box = {}

        def run():
            box["module"], box["error"] = load_kernel_file(path, project_dir)
        self.run_case(path, cases_mod.Case(source, run), count=False)
        module, err = box.get("module"), box.get("error")
        if module is None:
            raise RuntimeError(f"the import of {os.path.basename(path)} was stopped")
        if err is not None:
            if self.recorder.case_launches:
                self.diag_exception(err, "note", "module-level code stopped after its launches: ", source, path)
            elif self.kernels_of(module, path):
                self.diag_exception(err, "warning", "module-level code stopped before any launch: ", source, path)
            else:
                raise err
        return module

    def run_entry_points(self, module, path, root, ran_as_test):
        """The file's own `__main__` block, `main()`, tests, benchmarks and
        driver functions (entry_points.py)."""
        rel = os.path.relpath(path, root) if root else os.path.basename(path)
        conftests = []
        entries = entry_points.FileEntries(path)
        if entries.has_tests() and not ran_as_test:
            conftests = self._conftests(path, root, rel)
        config = cases_mod.config_for(conftests, root)
        try:
            found = entry_points.cases_for(module, entries, rel, conftests, config)
        except BaseException as e:
            self.diag_exception(e, "error", "the file's entry points could not be collected: ", rel, path)
            return []
        if ran_as_test:  # its tests ran already, as a test file of the project
            found = [c for c in found if not c.source.startswith(("test: ", "bench: "))]
        for case in found:
            self.run_case(path, case)
        return [c.source for c in found]

    def run_case(self, test_file, case, count=True):
        counts = self.counts.setdefault(test_file, {"run": 0, "skipped": 0, "failed": 0}) if count else \
            {"run": 0, "skipped": 0, "failed": 0}
        self.case_files[case.source] = test_file
        self.recorder.begin(case.source)
        placeholders.set_import_phase(False)
        collect, gc.collect = gc.collect, _no_collect  # tests free GPU memory; there is none
        autograd_standin.reset()
        try:
            with _deadline(), _quiet():
                case.run()
            counts["run"] += 1
        except pytest_standin.Skipped:
            counts["skipped"] += 1
        except (CaseTimeout, torch_standin.BudgetExceeded) as e:
            if self.recorder.case_launches:
                counts["run"] += 1
                return
            counts["failed"] += 1
            what = f"a case ran for more than {CASE_TIMEOUT_S} s" if isinstance(e, CaseTimeout) else \
                f"a case made {BEFORE_LAUNCH_TENSORS} stand-in tensors without launching"
            file, line = _where(e, test_file)
            self.diag(file, line, "warning", f"{what} and was stopped", case.source)
        except BaseException as e:  # noqa: B902 - a test may raise anything, SystemExit included
            if isinstance(e, KeyboardInterrupt):
                raise
            if self.recorder.case_launches:
                counts["run"] += 1
                self.diag_exception(e, "note", "stopped after its launches: ", case.source, test_file)
                self._unrun_backward(case, test_file)
            else:
                counts["failed"] += 1
                self.diag_exception(e, "warning", "stopped before any launch: ", case.source, test_file)
        finally:
            for name, file, line in MISSING.drain():
                self.diag(os.path.abspath(file), line, "warning",
                          f"module '{name}' is neither installed nor in the project: it is stood in, and a call "
                          f"into it stops the case that makes it", case.source)
            gc.collect = collect

    def _unrun_backward(self, case, test_file):
        """A case that stopped after its forward launches (comparing data the
        stand-in does not have, mostly) never reached its backward pass: the
        backward of its autograd nodes whose outputs still require grad runs
        with stand-in gradients, under `autograd: <case>`."""
        nodes = autograd_standin.unrun_nodes()
        if not nodes:
            return
        source = f"autograd: {case.source}"
        self.case_files[source] = test_file
        self.recorder.begin(source)
        try:
            with _deadline(), _quiet():
                autograd_standin.run_nodes(nodes, torch_standin._grad_like, torch_standin.Tensor)
        except (CaseTimeout, torch_standin.BudgetExceeded):
            pass
        except Exception as e:
            if not self.recorder.case_launches:
                self.diag_exception(e, "note", "the backward of its autograd nodes stopped before any launch: ",
                                    source, test_file)

    def _conftests(self, path, root, rel):
        """The conftest modules from the root down to the file, those that load."""
        out = []
        for c in cases_mod.conftests_for(path, root):
            try:
                out.append(self.import_file(c))
            except BaseException as e:
                self.diag_exception(e, "warning", "conftest could not be loaded: ", rel, c)
        return out

    def run_test_file(self, path, root, driver=False):
        rel = os.path.relpath(path, root) if root else os.path.basename(path)
        # A script-style test or driver launches while it imports.
        self.recorder.begin(f"{rel}::<module>")
        self.case_files[f"{rel}::<module>"] = path
        self.counts.setdefault(path, {"run": 0, "skipped": 0, "failed": 0})
        conftests = self._conftests(path, root, rel)
        config = cases_mod.config_for(conftests, root)
        try:
            with _deadline():
                module = self.import_file(path)
        except BaseException as e:
            if isinstance(e, pytest_standin.Skipped):
                self.counts[path]["skipped"] += 1
                return
            self.test_errors.add(path)
            self.diag_exception(e, "error", "the test file could not be loaded: ", rel, path)
            return
        try:
            found = list(cases_mod.test_cases(module, rel, conftests, config)) + \
                list(cases_mod.bench_cases(module, rel))
        except BaseException as e:
            self.test_errors.add(path)
            self.diag_exception(e, "error", "the test cases could not be collected: ", rel, path)
            return
        for case in found:
            self.run_case(path, case)
        if driver:
            self.run_entry_points(module, path, root, True)

    def run_call(self, module, expr, file):
        source = f"call: {expr}"
        env = dict(vars(module))
        env.update({"tensor": _tensor_helper, "torch": sys.modules["torch"]})
        env.update({n: d for n, d in torch_standin.DTYPES.items()})
        self.recorder.begin(source)
        placeholders.set_import_phase(False)
        try:
            with _quiet():
                if expr.strip().split(" ", 1)[0] == "__main__":
                    # `__main__ --size 4096`: the file's __main__ block with those arguments
                    ran = entry_points.run_main_blocks(module, file, shlex.split(expr)[1:])
                    if not ran:
                        raise ValueError("the file has no `if __name__ == \"__main__\":` block")
                else:
                    eval(compile(expr, "<call>", "eval"), env)
            return True
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            if self.recorder.case_launches:
                self.diag_exception(e, "note", f"--call '{expr}' stopped after its launches: ", source, file)
                return True
            self.diag_exception(e, "error", f"--call '{expr}' failed: ", source, file)
            return False


def _tensor_helper(shape, dtype=None, strides=None, offset=0, align=None):
    """tensor((M, N), float16[, strides=(..), offset=elements]) for --call."""
    t = torch_standin.Tensor(tuple(shape), dtype or torch_standin.DTYPES["float32"], strides, offset)
    return t


@contextlib.contextmanager
def _deadline():
    """The case limits (time, stand-in tensors) around a case, or code that
    runs while a script imports."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, CASE_TIMEOUT_S)
    torch_standin.set_budget(BEFORE_LAUNCH_TENSORS)
    try:
        yield
    finally:
        torch_standin.set_budget(1 << 62)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _no_collect(generation=2):
    return 0


def _alarm(signum, frame):
    raise CaseTimeout()


class _Sink(io.StringIO):
    """Where the project's output goes: a text stream that also answers what
    scripts ask of a console (`reconfigure`, `buffer`, `isatty`)."""

    def reconfigure(self, *a, **k):
        return None

    @property
    def buffer(self):
        return io.BytesIO()

    def isatty(self):
        return False


@contextlib.contextmanager
def _quiet():
    out, err = sys.stdout, sys.stderr
    sink = _Sink()
    sys.stdout = sink
    sys.stderr = sink
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def _where(exc, fallback):
    """The innermost frame of project code in the exception's traceback."""
    if isinstance(exc, SyntaxError) and exc.filename and not exc.filename.startswith("<"):
        return os.path.abspath(exc.filename), exc.lineno or 0
    tb = traceback.extract_tb(exc.__traceback__)
    for frame in reversed(tb):
        if frame.filename.startswith("<"):
            continue
        f = os.path.abspath(frame.filename)
        if not f.startswith(HERE) and "/cuda/tile/" not in f:
            return f, frame.lineno or 0
    return fallback, 0


def _import_bare(path):
    name, base = project.module_name(path)
    _ensure_parents(name, base, try_import=False)
    sys.modules.pop(name, None)
    return importlib.import_module(name)


def sidecar_for(capture, path, kernels, configs, tests, calls, entries=()):
    diags = []
    relevant = set(tests) | {path}
    for d in capture.diagnostics.values():
        if d["file"] in relevant or capture.case_files.get(d["source"]) in relevant:
            diags.append(d)
    for source, message, (file, line) in capture.recorder.problems:
        if file and realpath(file) == realpath(path):
            diags.append({"file": file, "line": line, "col": 0, "severity": "warning",
                          "message": f"launch not captured: {message}", "source": source, "count": 1})
    with_config = {c["kernel"] for c in configs}
    for name, line in kernels:
        if name not in with_config:
            diags.append({"file": path, "line": line, "col": 0, "severity": "note",
                          "message": f"no captured launch of {name}", "source": "", "count": 1})
    counts = {"run": 0, "skipped": 0, "failed": 0}
    for t in sorted(set(tests) | ({path} if entries else set())):
        for k, v in capture.counts.get(t, {}).items():
            counts[k] += v
    partial = any(d["severity"] == "error" for d in diags)
    first = next((c["kernel"] for c in configs), kernels[0][0] if kernels else "")
    return {
        "kernel": first,
        "bytecode_versions": ["13.3"],
        "captured": {"schema": "tileport-capture/1", "target": {k: capture.target[k] for k in
                                                                 ("name", "sm", "compute_capability", "sm_count")},
                     "file": path, "tests": sorted(tests), "entry_points": list(entries), "calls": list(calls),
                     "cases": counts,
                     "partial": partial, "diagnostics": sorted(diags, key=lambda d: (d["file"], d["line"]))},
        "configs": configs,
    }


def capture_files(paths, target_name="h200", tests=None, calls=(), discover=True, project_dir=None):
    """Returns ({path: sidecar}, {path: fatal message})."""
    capture = Capture(TARGETS[target_name])
    modules, kernels, fatal = {}, {}, {}
    for p in paths:
        try:
            module = capture.import_kernel_file(p, project_dir)
            kernels[p] = capture.kernels_of(module, p)
            modules[p] = module
        except BaseException as e:
            file, line = _where(e, p)
            fatal[p] = f"{file}:{line}: importing the kernel file raised {type(e).__name__}: {e}".replace("\n", " ")
    live = [p for p in paths if p in modules]
    tests_of = {}
    roots = {p: project.project_root(p) for p in live}
    if tests:
        for p in live:
            tests_of[p] = [realpath(t) for t in tests]
    elif discover:
        candidates = {}
        for p in live:
            root = roots[p]
            if root is None:
                tests_of[p] = []
                continue
            if root not in candidates:
                candidates[root] = project.candidate_test_files(root)
            tests_of[p] = project.tests_for(p, candidates[root])
    else:
        tests_of = {p: [] for p in live}
    drivers = set()
    if discover and not tests:
        kernel_files = {realpath(x) for x in live}
        for p in live:
            for d in project.driver_scripts(p):
                if d not in tests_of[p] and realpath(d) not in kernel_files:
                    tests_of[p].append(d)
                    drivers.add(d)
    order = []
    for p in live:
        for t in tests_of[p]:
            if t not in order:
                order.append(t)
    trace = os.environ.get("TILEPORT_CAPTURE_TRACE")
    for t in order:
        root = project.project_root(t) or os.path.dirname(t)
        started = time.monotonic()
        capture.run_test_file(t, root, t in drivers)
        if trace:
            c = capture.counts.get(t, {})
            print(f"tileport-capture: {t}: {time.monotonic() - started:.2f} s, {c}", file=sys.stderr)
    entries = {}
    if discover:
        ran = {realpath(t) for t in order}
        for p in live:
            entries[p] = capture.run_entry_points(modules[p], p, roots[p], realpath(p) in ran)
    for p in live:
        for expr in calls:
            capture.run_call(modules[p], expr, p)
    configs = build_configs(capture.recorder.launches)
    # A file's tests: those named after it, and any other that launched its kernels.
    launched = {}
    for launch in capture.recorder.launches:
        f = capture.case_files.get(launch["source"])
        if f:
            launched.setdefault(launch["file"], set()).add(f)
    for p in live:
        named = [t for t in tests_of[p] if project.names_file(t, p)] if not tests else tests_of[p]
        tests_of[p] = sorted(set(named) | (launched.get(realpath(p), set()) - {p}))
    out = {}
    for p in live:
        real = realpath(p)
        out[p] = sidecar_for(capture, p, kernels[p], configs.get(real, []), tests_of[p], calls, entries.get(p, []))
    return out, fatal
