# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""The counting half of scripts/capture-census (see there)."""
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys

KERNEL = re.compile(r"^\s*@ct\.kernel\b", re.M)


def translated_kernels(cli, path):
    try:
        run = subprocess.run([cli, "translate", "--emit", "kir", path], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return set()
    return set(re.findall(r'python_kernel = "([^"]+)"', run.stdout))


def one_line(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[0][:220] if lines else "no output"


def census(cli, path):
    kernels = translated_kernels(cli, path)
    if not kernels:
        return path, None, None, None
    try:
        run = subprocess.run([cli, "configs", path, "--json"], capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return path, kernels, [], "the capture ran past 900 s"
    if run.returncode not in (0, 3):
        return path, kernels, [], one_line(run.stderr)
    try:
        sidecar = json.loads(run.stdout)
    except ValueError:
        return path, kernels, [], "unreadable sidecar: " + one_line(run.stdout)
    got = [c for c in sidecar.get("configs", []) if c.get("kernel") in kernels]
    if got:
        return path, kernels, got, None
    diags = sidecar.get("captured", {}).get("diagnostics", [])
    worst = sorted(diags, key=lambda d: {"error": 0, "warning": 1, "note": 2}.get(d.get("severity"), 3))
    reason = worst[0]["message"] if worst else "nothing launched a translated kernel"
    where = f"{os.path.basename(worst[0]['file'])}:{worst[0]['line']}: " if worst else ""
    return path, kernels, [], (where + reason)[:220]


def entry_kind(source):
    for prefix in ("__main__", "main()", "call:", "test:", "bench:", "module:", "autograd:"):
        if source.startswith(prefix):
            return prefix.rstrip(":")
    return "project test/bench" if "::" in source else "other"


def main():
    cli, root, only, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    files = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if not name.endswith(".py"):
                continue
            if only and not os.path.isfile(os.path.join(only, os.path.relpath(path, root))):
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                if KERNEL.search(f.read()):
                    files.append(path)
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for r in pool.map(lambda p: census(cli, p), files):
            results.append(r)
    eligible = [r for r in results if r[1]]
    with_configs = [r for r in eligible if r[2]]
    kinds = collections.Counter()
    for r in with_configs:
        for k in {entry_kind(s) for c in r[2] for s in c.get("sources", [])}:
            kinds[k] += 1
    print(f"kernel files {len(files)}, with a translated kernel {len(eligible)}, "
          f"with a config {len(with_configs)} ({100.0 * len(with_configs) / max(len(eligible), 1):.1f}%)")
    print("entry points that gave configs (files):")
    for k, n in kinds.most_common():
        print(f"  {n:5d}  {k}")
    print("files without a config:")
    for path, _, got, reason in eligible:
        if not got:
            print(f"  {os.path.relpath(path, root)}: {reason}")


if __name__ == "__main__":
    main()
