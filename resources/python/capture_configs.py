# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Captures a cuTile Python file's launch configurations on the CPU.

Usage:
  capture_configs.py FILE [--tests PATH]... [--call EXPR]... [--target h200] [--project DIR] [--no-discover]
  capture_configs.py --each FILE... [--target h200]

The file's own host code runs with `ct.launch` intercepted, on stand-in
tensors (dtype, shape, strides, alignment; no data), driven by the project's
tests and benchmarks (found next to the file's project root, or given with
--tests), by the file's own entry points (its `__main__` block, `main()`,
test and benchmark functions, module-level calls) and by calls written on the
command line (`--call '__main__ ARGS'` runs the file's __main__ block with
that command line). Imports resolve as the file's author ran them: beside the file,
from its package root and from its project root (pyproject.toml / setup.py,
or --project DIR). Device queries are
answered from the target profile. Prints a `.tileport.json` sidecar (or,
with --each, {"schema": "tileport-capture-set/1", "files": {path: sidecar}}).
Exit codes: 0 complete, 3 partial (errors listed in the sidecar), 2 usage,
4 nothing captured (one line "tileport-capture: <message>" on stderr).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True


def usage(message):
    print(f"tileport-capture: {message}", file=sys.stderr)
    print(__doc__.strip().splitlines()[2], file=sys.stderr)
    sys.exit(2)


def parse(argv):
    opts = {"files": [], "tests": [], "calls": [], "target": "h200", "discover": True, "each": False, "project": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--tests", "--call", "--target", "--project"):
            if i + 1 >= len(argv):
                usage(f"{a} needs a value")
            key = {"--tests": "tests", "--call": "calls", "--target": "target", "--project": "project"}[a]
            if key in ("target", "project"):
                opts[key] = argv[i + 1]
            else:
                opts[key].append(argv[i + 1])
            i += 2
            continue
        if a == "--no-discover":
            opts["discover"] = False
        elif a == "--each":
            opts["each"] = True
        elif a.startswith("-"):
            usage(f"unknown option {a}")
        else:
            opts["files"].append(os.path.abspath(a))
        i += 1
    if not opts["files"]:
        usage("no file given")
    if not opts["each"] and len(opts["files"]) != 1:
        usage("one FILE, or --each FILE...")
    return opts


def main(argv):
    opts = parse(argv[1:])
    for f in opts["files"] + opts["tests"]:
        if not os.path.isfile(f):
            print(f"tileport-capture: {f}: no such file", file=sys.stderr)
            return 4
    if opts["project"] is not None:
        if not os.path.isdir(opts["project"]):
            print(f"tileport-capture: --project {opts['project']}: no such directory", file=sys.stderr)
            return 4
        opts["project"] = os.path.abspath(opts["project"])
    out = sys.stdout
    try:
        from tileport_standin.capture import TARGETS, capture_files
    except ImportError as e:
        print(f"tileport-capture: cannot load the capture: {e}", file=sys.stderr)
        return 4
    if opts["target"] not in TARGETS:
        usage(f"unknown target '{opts['target']}' (known: {', '.join(sorted(TARGETS))})")
    try:
        import cuda.tile  # noqa: F401 - the real package must be there
    except Exception as e:
        print(f"tileport-capture: cannot import cuda.tile: {e}", file=sys.stderr)
        return 4
    sidecars, fatal = capture_files(opts["files"], opts["target"], opts["tests"] or None, opts["calls"],
                                    opts["discover"], opts["project"])
    if opts["each"]:
        for path, message in fatal.items():
            sidecars[path] = {"kernel": "", "bytecode_versions": ["13.3"], "configs": [],
                              "captured": {"schema": "tileport-capture/1", "file": path, "partial": True,
                                           "fatal": message, "diagnostics": [], "tests": [], "calls": [],
                                           "cases": {"run": 0, "skipped": 0, "failed": 0}}}
        json.dump({"schema": "tileport-capture-set/1", "files": sidecars}, out, separators=(",", ":"))
        out.write("\n")
        return 3 if fatal or any(s["captured"]["partial"] for s in sidecars.values()) else 0
    path = opts["files"][0]
    if path in fatal:
        print(f"tileport-capture: {fatal[path]}", file=sys.stderr)
        return 4
    sidecar = sidecars[path]
    json.dump(sidecar, out, indent=1)
    out.write("\n")
    return 3 if sidecar["captured"]["partial"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
