# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Writes docs/gpu-results.md from the stage D/E result files that
scripts/gpu-proof --collect copied to bench/results/ (gpu-K.check.json,
gpu-K.bench.json, gpu-device.log)."""
import glob
import json
import math
import os
import sys


def fmt(v, spec):
    return format(v, spec) if isinstance(v, (int, float)) else "-"


def main(root):
    res = os.path.join(root, "bench", "results")
    kernels = sorted({os.path.basename(p).split(".")[0][len("gpu-"):] for p in glob.glob(os.path.join(res, "gpu-*.check.json"))})
    env, lines, ratios, per_kernel = {}, [], [], []
    lines.append("| example | config | kernel | correctness | max abs err | ref (ms) | rust (ms) | rust/ref |")
    lines.append("|---|---|---|---|---|---|---|---|")
    for k in kernels:
        check = json.load(open(os.path.join(res, f"gpu-{k}.check.json")))
        bench_path = os.path.join(res, f"gpu-{k}.bench.json")
        bench = json.load(open(bench_path)) if os.path.exists(bench_path) else {}
        env = env or check.get("environment", {})
        timed = {r["config"]: r for r in bench.get("configs", [])}
        if "blocked" in check:
            lines.append(f"| {k} | - | - | BLOCKED ({check['blocked']['owner']}): {check['blocked']['reason']} | | | | |")
        mine = [t["ratio"] for t in timed.values() if t.get("ratio")]
        if mine:
            g = math.exp(sum(map(math.log, mine)) / len(mine))
            per_kernel.append(f"| {k} | {len(mine)} | {g:.3f} | {'DONE' if g <= 1.05 else 'INVESTIGATE'} |")
        for r in check.get("configs", []):
            t = timed.get(r["config"], {})
            err = max((a["max_abs_err"] for a in r.get("arrays", [])), default=None)
            status = r["status"] if r["status"] != "error" else f"error ({r.get('owner')}): {r.get('reason', '')[:120]}"
            if t.get("ratio"):
                ratios.append(t["ratio"])
            lines.append(f"| {k} | {r['config']} | {r['kernel']} | {status} | {fmt(err, '.3g')} | "
                         f"{fmt(t.get('ref_ms'), '.4f')} | {fmt(t.get('rust_ms'), '.4f')} | {fmt(t.get('ratio'), '.3f')} |")
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else None
    started = ""
    for k in kernels:
        started = json.load(open(os.path.join(res, f"gpu-{k}.check.json"))).get("started", started)
    out = ["<!-- SPDX-License-Identifier: MIT -->", "<!-- SPDX-FileCopyrightText: 2026 TilePort contributors -->",
           "# Stages D and E on a GPU", "",
           "Produced by `scripts/gpu-proof` (bundles from `tileport-bundle`, the same",
           "`HostBundleBuilder` stage D uses) and `.gpu-proof/device.sh` on the GPU machine;",
           "the raw results are `bench/results/gpu-*.json`. Timing: CUDA events, 256 MiB L2",
           "flush before each call, 10 warm-up and 50 timed calls per round, 3 rounds",
           "alternating reference and Rust, median of round medians.", "",
           f"- date (UTC): {started}",
           f"- GPU: {env.get('gpu', '?')} ({env.get('capability', '?')})",
           f"- torch {env.get('torch', '?')}, CUDA runtime {env.get('cuda_runtime', '?')}, Python {env.get('python', '?')}",
           f"- cuda-tile {env.get('cuda_tile', '?')} (reference); cutile ={env.get('cutile', '0.4.0')} (Rust)",
           *([f"- triton {env['triton']}: the reference of the triton_* rows (the original Triton kernel, "
              "launched as its host function launches it)"] if any(k.startswith("triton_") for k in kernels)
             and env.get("triton") else []), "",
           *lines, "",
           "Stage E per example (geomean of rust/ref over its configs; DONE at <= 1.05, else INVESTIGATE):", "",
           "| example | configs | geomean rust/ref | stage E verdict |", "|---|---|---|---|", *per_kernel, "",
           f"All {len(ratios)} timed configs together: geomean(rust/ref) = {fmt(geo, '.3f')}.", ""]
    log = os.path.join(res, "gpu-device.log")
    if os.path.exists(log):
        head = open(log).read().splitlines()[:6]
        out += ["Device log head:", "", "```", *head, "```", ""]
    # The examples' part is rewritten; what follows it (the TileGym section
    # that gpu_tilegym_results.py keeps, and the notes on each run) stays.
    path = os.path.join(root, "docs", "gpu-results.md")
    rest = ""
    if os.path.exists(path):
        old = open(path).read()
        at = old.find("<!-- tilegym-begin -->")
        if at >= 0:
            rest = "\n" + old[at:]
    with open(path, "w") as f:
        f.write("\n".join(out) + rest)
    print("\n".join(lines))
    print(f"geomean {geo}")


if __name__ == "__main__":
    main(sys.argv[1])
