# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""The generating half of scripts/api-coverage (see there).

Every public name of the installed cuda.tile (its __all__), every public
method and property of its Tile, Array, TiledView and RawArrayMemory
classes, and every member of its enums becomes one row of
docs/api-coverage.md. A row is proven when a lit test that translates
successfully uses it and a test kernel whose built crate's Tile IR is
diffed against cuTile Python (a row of tests/tst_rust_examples.cpp) uses
it; otherwise scripts/lib/api-coverage-reasons.json must say why (host-side
API, or what cutile lacks), or the row is a GAP. Nothing else is written by
hand, so the table cannot drift from the tests: the api_coverage_doc test
regenerates it and fails when the committed copy differs.

Run with the cuda-tile venv's interpreter (it imports cuda.tile):
  api-coverage.py [--check] [--check-doc] [-o FILE]
"""
import argparse
import ast
import collections
import difflib
import enum
import inspect
import json
import os
import re
import sys
import types

SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TD = "core/frontend/api/CuTileApi.td"
REASONS = "scripts/lib/api-coverage-reasons.json"
LIT_DIR = "tests/lit/translate"
ROWS_TEST = "tests/tst_rust_examples.cpp"
EXAMPLES = "examples/cutile"
DOC = "docs/api-coverage.md"
COMMAND = "scripts/api-coverage"

# Order of the kinds in the tables; "host" is CuTileApi.td's category for
# launch-side callables and modules.
KINDS = ["function", "method", "property", "dtype", "enum", "enum member", "class", "exception", "host"]
# The classes whose methods and properties kernels reach (RawArrayMemory is
# what Array.get_raw_memory returns; it is not in __all__).
MEMBER_CLASSES = ["Tile", "Array", "TiledView", "RawArrayMemory"]
SHOWN = 3  # evidence listed per cell; the rest is counted


def rel(path):
    return os.path.relpath(path, SRC)


# --- CuTileApi.td: the translator's own table of the API ------------------

def read_td():
    """{("function"|"method", name): (category, lowering)} from the TableGen records."""
    record = re.compile(r'^def \w+\s*:\s*CuTile(Function|Method)<(.*)>;\s*$')
    out = {}
    with open(os.path.join(SRC, TD), encoding="utf-8") as f:
        for line in f:
            m = record.match(line.strip())
            if not m:
                continue
            args = [a.strip() for a in re.findall(r'"[^"]*"|-?\d+', m.group(2))]
            args = [a[1:-1] if a.startswith('"') else a for a in args]
            name, category = args[0], args[1]
            lowering = args[4] if len(args) > 4 else ""  # CuTileFunction's default: not lowered
            out[(m.group(1).lower(), name)] = (category, lowering)
    return out


# --- Which cuTile names a kernel uses (Python's ast, never regexes) -------

class Module:
    """One kernel file: its cuda.tile aliases, functions and kernels."""

    def __init__(self, path, members):
        self.path = path
        with open(path, encoding="utf-8") as f:
            self.tree = ast.parse(f.read(), filename=path)
        self.members = members
        self.aliases = set()   # names bound to the cuda.tile module
        self.imported = {}     # local name -> cuda.tile name (from cuda.tile import x)
        self.defs = collections.defaultdict(list)
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name == "cuda.tile" and a.asname:
                        self.aliases.add(a.asname)
            elif isinstance(node, ast.ImportFrom):
                for a in node.names:
                    if node.module == "cuda" and a.name == "tile":
                        self.aliases.add(a.asname or a.name)
                    elif node.module == "cuda.tile":
                        self.imported[a.asname or a.name] = a.name
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.defs[node.name].append(node)

    def ct_name(self, node):
        """The cuda.tile name an expression refers to (ct.X, cuda.tile.X, X imported), or None."""
        if isinstance(node, ast.Attribute):
            v = node.value
            if isinstance(v, ast.Name) and v.id in self.aliases:
                return node.attr
            if (isinstance(v, ast.Attribute) and v.attr == "tile" and isinstance(v.value, ast.Name)
                    and v.value.id == "cuda"):
                return node.attr
        if isinstance(node, ast.Name) and node.id in self.imported:
            return self.imported[node.id]
        return None

    def is_kernel(self, fn):
        for d in fn.decorator_list:
            if self.ct_name(d.func if isinstance(d, ast.Call) else d) == "kernel":
                return True
        return False

    def kernels(self, name=None):
        return [fn for fns in self.defs.values() for fn in fns
                if self.is_kernel(fn) and (name is None or fn.name == name)]

    def uses(self, fn):
        """Names a kernel uses, in its own text (decorators and annotations
        included) and in the module's functions it calls, transitively:
        ("ct", name) for cuda.tile names, ("ct", "Enum.MEMBER") for enum
        members, ("member", name) for methods and properties of tiles and arrays."""
        found, seen, todo = set(), set(), [fn]
        while todo:
            f = todo.pop()
            if id(f) in seen:
                continue
            seen.add(id(f))
            for node in ast.walk(f):
                name = self.ct_name(node)
                if name is not None:
                    found.add(("ct", name))
                    continue
                if isinstance(node, ast.Attribute):
                    owner = self.ct_name(node.value)
                    if owner is not None:  # ct.MemoryOrder.RELAXED, ct.Array.from_foreign
                        found.add(("ct", owner + "." + node.attr))
                    if node.attr in self.members and (owner is None or owner in MEMBER_CLASSES):
                        found.add(("member", node.attr))
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    todo.extend(self.defs.get(node.func.id, []))
        return found


# --- The evidence: lit tests and diffed test kernels ----------------------

def lit_evidence(members):
    """{use: [lit file]} over the lit tests whose own file translates (a RUN
    line runs `tileport translate ... %s` without `not`)."""
    evidence = collections.defaultdict(set)
    lit = os.path.join(SRC, LIT_DIR)
    for name in sorted(os.listdir(lit)):
        path = os.path.join(lit, name)
        if not name.endswith(".py") or name.startswith("lit.") or not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            runs = [line.split("RUN:", 1)[1].strip() for line in f if re.match(r"\s*#\s*RUN:", line)]
        if not any(re.search(r"\btileport translate\b.*%s\b", r) and not r.startswith("not ") for r in runs):
            continue  # a refusal test: its names are what the translator rejects
        module = Module(path, members)
        for k in module.kernels():
            for use in module.uses(k):
                evidence[use].add(name)
    return evidence


def test_rows():
    """[(row, example, kernel, config)] of translateBuildDiff_data whose IR diff must pass."""
    with open(os.path.join(SRC, ROWS_TEST), encoding="utf-8") as f:
        text = f.read()
    row = re.compile(r'QTest::newRow\("([^"]+)"\)\s*<<\s*"([^"]+)"\s*<<\s*"([^"]+)"\s*<<\s*(\d+)\s*<<\s*(true|false)')
    return [(m.group(1), m.group(2), m.group(3), int(m.group(4))) for m in row.finditer(text)
            if m.group(5) == "true"]  # false: the diff is expected to report a difference


def row_evidence(members):
    """{use: [row]}: what each diffed kernel uses, and ("ct", dtype) for the
    dtypes its config's parameters have (the crate is built for them)."""
    evidence = collections.defaultdict(set)
    modules = {}
    problems = []
    for row, example, kernel, config in test_rows():
        # As tst_rust_examples: a bare name is an example, a path a file under the source tree.
        stem = os.path.join(SRC, example) if "/" in example else os.path.join(SRC, EXAMPLES, example)
        if stem not in modules:
            modules[stem] = Module(stem + ".py", members)
        module = modules[stem]
        kernels = module.kernels(kernel)
        if not kernels:
            problems.append(f"{ROWS_TEST}: row {row}: no @ct.kernel {kernel} in {rel(stem)}.py")
        for k in kernels:
            for use in module.uses(k):
                evidence[use].add(row)
        try:
            with open(stem + ".tileport.json", encoding="utf-8") as f:
                params = json.load(f)["configs"][config]["params"]
        except (OSError, KeyError, IndexError, ValueError) as e:
            problems.append(f"{rel(stem)}.tileport.json: config {config} of row {row}: {e}")
            params = []
        for p in params:
            if p.get("dtype"):
                evidence[("ct", p["dtype"])].add(row)
    return evidence, problems


# --- The public API, by introspection -------------------------------------

def public_api(ct, td):
    """[(section, name, kind, owners)] for every row of the document."""
    rows = []
    for name in ct.__all__:
        obj = getattr(ct, name)
        if td.get(("function", name), ("",))[0] == "host" or isinstance(obj, types.ModuleType):
            kind = "host"
        elif isinstance(obj, ct.DType):
            kind = "dtype"
        elif inspect.isclass(obj) and issubclass(obj, enum.Enum):
            kind = "enum"
        elif inspect.isclass(obj) and issubclass(obj, BaseException):
            kind = "exception"
        elif inspect.isfunction(obj) or inspect.isbuiltin(obj):
            kind = "function"
        else:
            kind = "class"  # classes, annotation aliases (Constant[...]), Scalar's Union
        rows.append(("api", name, kind, ()))
    owners = collections.defaultdict(list)
    kinds = {}
    stub = sys.modules["cuda.tile._stub"]
    for cls_name in MEMBER_CLASSES:
        cls = getattr(ct, cls_name, None) or getattr(stub, cls_name)
        for member, value in vars(cls).items():
            if member.startswith("_"):
                continue  # operators: the function rows (ct.add for +) cover them
            owners[member].append(cls_name)
            kinds[member] = "property" if isinstance(value, property) else "method"
    for member in sorted(owners):
        rows.append(("member", "." + member, kinds[member], tuple(owners[member])))
    for name in ct.__all__:
        obj = getattr(ct, name)
        if inspect.isclass(obj) and issubclass(obj, enum.Enum):
            for m in obj:
                rows.append(("enum", f"{name}.{m.name}", "enum member", ()))
    return rows


# --- Rows -----------------------------------------------------------------

def use_key(section, name):
    if section == "member":
        return ("member", name[1:])
    return ("ct", name)


def link(name, kind):
    if kind == "lit":
        return f"[{name}](../{LIT_DIR}/{name})"
    return f"`{name}`"


def cell(items, kind):
    items = sorted(items)
    shown = ", ".join(link(i, kind) for i in items[:SHOWN])
    return shown + (f" +{len(items) - SHOWN}" if len(items) > SHOWN else "") if items else "—"


def build(ct, td, reasons):
    members = {name[1:] for section, name, _, _ in public_api(ct, td) if section == "member"}
    lit = lit_evidence(members)
    kernels, problems = row_evidence(members)
    table = []
    for section, name, kind, owners in public_api(ct, td):
        key = use_key(section, name)
        tdkey = ("method", name[1:]) if section == "member" else ("function", name)
        lowering = td.get(tdkey, ("", ""))[1]
        lits, rows = lit.get(key, set()), kernels.get(key, set())
        entry = reasons.get(name, {})
        status, reason = "", ""
        if lits and rows:
            status = "proven"
            if entry:
                problems.append(f"{REASONS}: {name} is proven; drop its entry")
        elif entry.get("status") in ("host", "limitation"):
            status, reason = entry["status"], entry["reason"]
        else:
            # A gap: say which kind, so that untested lowerings and missing
            # lowerings read apart.
            status = "GAP"
            missing = " and ".join(m for m, have in (("no lit test", lits), ("no diffed test kernel", rows))
                                   if not have)
            if lowering:
                reason = f"untested: lowered by `{lowering}`, but {missing}"
            elif lits or rows:
                reason = f"untested: translated, but {missing}"
            elif td.get(tdkey, ("host",))[0] != "host":
                reason = "not lowered (CuTileApi.td names no lowering)"
            else:
                reason = "no test uses it"
            if entry.get("status") == "gap":
                reason += "; cutile: " + entry["equivalent"]
            elif not (lowering or lits or rows):
                reason += "; no reason recorded"
        table.append(dict(section=section, name=name, kind=kind, owners=owners, lowering=lowering,
                          status=status, lit=lits, rows=rows, reason=reason))
    known = {r["name"] for r in table}
    for name in sorted(set(reasons) - known):
        problems.append(f"{REASONS}: {name} is not public API of cuda.tile {ct.__version__}")
    for name, entry in sorted(reasons.items()):
        if entry.get("status") not in ("host", "limitation", "gap"):
            problems.append(f"{REASONS}: {name}: status must be host, limitation or gap")
        elif not entry.get("equivalent" if entry["status"] == "gap" else "reason"):
            problems.append(f"{REASONS}: {name}: a {entry['status']} entry needs its "
                            + ("equivalent" if entry["status"] == "gap" else "reason"))
    return table, problems


# --- The document ---------------------------------------------------------

SECTIONS = [
    ("api", "Public names (`cuda.tile.__all__`)"),
    ("member", "Methods and properties of Tile, Array, TiledView and RawArrayMemory"),
    ("enum", "Enum members"),
]


def totals(rows):
    c = collections.Counter(r["status"] for r in rows)
    untested = sum(1 for r in rows if r["status"] == "GAP" and r["reason"].startswith("untested"))
    return (f"{len(rows)} rows: {c['proven']} proven, {c['host']} host-side or annotation, "
            f"{c['limitation']} cutile limitation, {c['GAP']} gaps "
            f"({untested} lowered but untested, {c['GAP'] - untested} not lowered or unused)")


def render(ct, table, cutile):
    out = [
        "<!-- SPDX-License-Identifier: MIT -->",
        "<!-- SPDX-FileCopyrightText: 2026 TilePort contributors -->",
        "# cuTile Python API coverage",
        "",
        f"Generated by `{COMMAND}` from the installed cuda.tile {ct.__version__}; do not edit.",
        f"`{COMMAND}` rewrites it, `ctest -R api_coverage_doc` fails when it is stale,",
        f"and `{COMMAND} --check` lists the gaps and exits 1 while there are any.",
        "Its inputs: cuda.tile's `__all__`, the public methods and properties of its",
        f"tile and array classes and its enum members (introspected); `{TD}`;",
        f"the lit tests in `{LIT_DIR}`; the test kernels of `{ROWS_TEST}`;",
        f"and the hand-written reasons in `{REASONS}` (cutile {cutile}).",
        "",
        "A row is **proven** when a lit test whose file translates uses the name",
        "(in a `@ct.kernel` or a function it calls) and so does a test kernel that",
        "is translated, built with cargo and whose Tile IR diff against cuTile",
        "Python must pass (for dtypes: also a parameter of that row's config).",
        "**host** rows run on the host or are annotations the signature handles;",
        "**limitation** rows are device API that cutile cannot express; a **GAP**",
        "is neither proven nor explained: *untested* when the translator lowers it",
        "(CuTileApi.td names a lowering, or a test translates it) but a lit test or a",
        "diffed test kernel is missing; otherwise it is not lowered (CuTileApi.td names",
        "no lowering) or no test uses it, and the reason column names the cutile API",
        "that would express it.",
        "",
        "## Totals",
        "",
    ]
    for section, title in SECTIONS:
        out.append(f"- {title}: {totals([r for r in table if r['section'] == section])}")
    out.append(f"- All: {totals(table)}")
    for section, title in SECTIONS:
        rows = [r for r in table if r["section"] == section]
        rows.sort(key=lambda r: (KINDS.index(r["kind"]), r["name"].lower()))
        out += ["", f"## {title}", "",
                "| name | kind | status | lit test | test kernel (row) | reason |",
                "|---|---|---|---|---|---|"]
        for r in rows:
            kind = r["kind"] + (f" ({', '.join(r['owners'])})" if r["owners"] else "")
            status = r["status"] + (f" (`{r['lowering']}`)" if r["status"] == "proven" and r["lowering"] else "")
            status = f"**{status}**" if r["status"] == "GAP" else status
            reason = r["reason"].replace("|", "\\|")
            out.append(f"| `{r['name']}` | {kind} | {status} | {cell(r['lit'], 'lit')} | "
                       f"{cell(r['rows'], 'row')} | {reason} |")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(prog=COMMAND, description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="list the gaps; exit 1 while there are any")
    ap.add_argument("--check-doc", action="store_true", help="exit 1 when the document is stale")
    ap.add_argument("-o", "--output", default=os.path.join(SRC, DOC), help=f"the document (default {DOC})")
    args = ap.parse_args()

    import cuda.tile as ct  # the venv's; imported here so --help works anywhere

    with open(os.path.join(SRC, REASONS), encoding="utf-8") as f:
        data = json.load(f)
    table, problems = build(ct, read_td(), data["names"])
    text = render(ct, table, data["cutile"])
    for p in problems:
        print(f"api-coverage: {p}", file=sys.stderr)
    gaps = [r for r in table if r["status"] == "GAP"]
    rc = 0
    if args.check_doc:
        try:
            with open(args.output, encoding="utf-8") as f:
                old = f.read()
        except OSError:
            old = ""
        if old != text:
            sys.stderr.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                                       rel(args.output), "generated", n=0))
            print(f"api-coverage: {rel(args.output)} is stale; run {COMMAND}", file=sys.stderr)
            rc = 1
        else:
            print(f"api-coverage: {rel(args.output)} is up to date ({totals(table)})")
    if args.check:
        for r in gaps:
            print(f"GAP {r['name']} ({r['kind']}): {r['reason']}")
        print(f"api-coverage: {totals(table)}")
        if gaps or problems:
            rc = 1
    if not args.check and not args.check_doc:
        os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"api-coverage: wrote {rel(args.output)} ({totals(table)})")
    return rc


if __name__ == "__main__":
    sys.exit(main())
