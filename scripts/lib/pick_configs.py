# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Keeps at most N configs of one kernel from a captured sidecar, for a GPU
run that cannot afford them all: configs a benchmark or perf test launched
come first, then one per distinct shape, in capture order; autotune
candidates other than the search's first are left out (the tuner's winner is
unknown on a CPU).
Usage: pick_configs.py SIDECAR KERNEL[,KERNEL...] N  (prints the reduced sidecar)"""
import json
import sys


def rank(cfg):
    perf = any("bench" in s or "perf" in s for s in cfg.get("sources", []))
    return 0 if perf else 1


def pick(sidecar, kernel, n):
    mine = [c for c in sidecar["configs"] if c["kernel"] == kernel
            and c.get("tuned_launch", {}).get("candidate", 0) == 0]
    seen, picked = set(), []
    for c in sorted(mine, key=rank):
        shape = json.dumps([p.get("shape") for p in c["params"]] + [p.get("value") for p in c["params"]])
        if shape in seen:
            continue
        seen.add(shape)
        picked.append(c)
        if len(picked) == n:
            break
    return picked


def main(path, kernels, n):
    with open(path) as f:
        sidecar = json.load(f)
    picked = []
    for kernel in kernels.split(","):
        mine = pick(sidecar, kernel, n)
        if not mine:
            print(f"pick_configs: {path} has no config of {kernel}", file=sys.stderr)
        picked += mine
    if not picked:
        return 1
    sidecar["kernel"] = picked[0]["kernel"]
    sidecar["configs"] = picked
    json.dump(sidecar, sys.stdout, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
