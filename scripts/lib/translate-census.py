# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""The counting half of scripts/translate-census (see there)."""
import collections
import os
import re
import subprocess
import sys

KERNEL = re.compile(r"^\s*@ct\.kernel\b", re.M)
REFUSAL = re.compile(r": error: ([^:]+): (.*)$")


def main():
    cli, root, top = sys.argv[1], sys.argv[2], int(sys.argv[3])
    total = translated = 0
    per_collection = collections.defaultdict(lambda: [0, 0])
    refusals = collections.Counter()
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                kernels = len(KERNEL.findall(f.read()))
            if kernels == 0:
                continue
            try:
                run = subprocess.run([cli, "translate", "--emit", "kir", path],
                                     capture_output=True, text=True, timeout=120)
                entries = set(re.findall(r'python_kernel = "([^"]+)"', run.stdout))
                for line in run.stderr.splitlines():
                    m = REFUSAL.search(line)
                    if m:  # quoted names vary per kernel: the construct and reason's shape count
                        refusals[(m.group(1) + ": " + re.sub(r"'[^']*'", "'…'", m.group(2)))[:110]] += 1
            except subprocess.TimeoutExpired:
                entries = set()
                refusals["timeout"] += 1
            done = min(len(entries), kernels)
            total += kernels
            translated += done
            collection = os.path.relpath(path, root).split(os.sep)[0]
            per_collection[collection][0] += kernels
            per_collection[collection][1] += done
    print(f"kernels {total}, translated {translated} ({100.0 * translated / max(total, 1):.1f}%)")
    for collection, (n, k) in sorted(per_collection.items(), key=lambda kv: -kv[1][0]):
        print(f"  {collection:45s} {k:5d} / {n:5d}")
    print("most frequent refusals:")
    for reason, count in refusals.most_common(top):
        print(f"  {count:5d}  {reason}")


if __name__ == "__main__":
    main()
