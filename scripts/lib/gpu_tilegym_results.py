# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Writes the TileGym section of docs/gpu-results.md from a GPU run's files
in bench/results/gpu-tilegym/ (BUNDLE.check.json, BUNDLE.bench.json and
BUNDLE.configs.json, the captured configs the bundle carried).
Usage: gpu_tilegym_results.py REPO_ROOT"""
import glob
import json
import math
import os
import sys

BYTES = {"float16": 2, "bfloat16": 2, "float32": 4, "float64": 8, "int8": 1, "uint8": 1, "int16": 2, "int32": 4,
         "int64": 8, "bool_": 1, "float8_e4m3fn": 1, "float8_e5m2": 1}
# Ops whose time is bound by arithmetic (matrix products), not by memory.
COMPUTE_BOUND = ("matmul", "bmm", "mma")
HBM_TBS = 4.8
BEGIN, END = "<!-- tilegym-begin -->", "<!-- tilegym-end -->"


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def moved_bytes(config):
    """Each array read or written once: its elements times its element size."""
    total = 0
    for p in config["params"]:
        if p["kind"] == "array":
            total += math.prod(p["shape"]) * BYTES.get(p["dtype"], 4)
    return total


def main(root):
    res = os.path.join(root, "bench", "results", "gpu-tilegym")
    rows, per_op, all_ratios, env = [], [], [], {}
    # A kernel may have run in several bundles (a file's bundle, then one of
    # its kernels alone): per (kernel, config) the latest run counts.
    latest = {}
    for check_path in sorted(glob.glob(os.path.join(res, "*.check.json"))):
        name = os.path.basename(check_path)[: -len(".check.json")]
        check = json.load(open(check_path))
        env = env or check.get("environment", {})
        bench = json.load(open(os.path.join(res, name + ".bench.json")))
        configs = {c["name"]: c for c in json.load(open(os.path.join(res, name + ".configs.json")))["configs"]}
        timed = {r["config"]: r for r in bench.get("configs", [])}
        op = name.split("__")[0]
        for r in check.get("configs", []):
            key = (op, r["kernel"], r["config"])
            started = check.get("started", "")
            if key not in latest or latest[key][0] <= started:
                latest[key] = (started, r, timed.get(r["config"], {}), configs.get(r["config"]))
    ops = {}
    for (op, _, _), entry in sorted(latest.items()):
        ops.setdefault(op, []).append(entry[1:])
    for op, entries in ops.items():
        ratios, correct = [], 0
        for r, t, cfg in entries:
            err = max((a["max_abs_err"] for a in r.get("arrays", [])), default=None)
            tol = r.get("tolerance") or {}
            status = r["status"]
            if status == "error":
                status = f"error ({r.get('owner')}): {r.get('reason', '')[:110]}"
            elif status == "fail":
                bad = sum(a.get("mismatched", 0) for a in r.get("arrays", []))
                status = f"fail ({bad} elements over atol {tol.get('atol')}, rtol {tol.get('rtol')})"
            else:
                correct += 1
            ratio = t.get("ratio")
            if ratio:
                ratios.append(ratio)
            bw = "-"
            if cfg and t.get("ref_ms") and not any(k in r["kernel"] for k in COMPUTE_BOUND):
                b = moved_bytes(cfg)
                bw = f"{b / (t['ref_ms'] * 1e-3) / 1e12:.2f} / {b / (t['rust_ms'] * 1e-3) / 1e12:.2f}"
            rows.append(f"| {op} | {r['kernel']} | {r['config']} | {status} | "
                        f"{'-' if err is None else format(err, '.3g')} | "
                        f"{t.get('ref_ms', '-') if not t.get('ref_ms') else format(t['ref_ms'], '.4f')} | "
                        f"{'-' if not t.get('rust_ms') else format(t['rust_ms'], '.4f')} | "
                        f"{'-' if not ratio else format(ratio, '.3f')} | {bw} |")
        g = geomean(ratios)
        all_ratios += ratios
        per_op.append(f"| {op} | {len(entries)} | {correct}/{len(entries)} | "
                      f"{'-' if g is None else format(g, '.3f')} |")
    overall = geomean(all_ratios)
    out = [BEGIN, "## TileGym operators (captured configs)", "",
           "Configs captured on the CPU from TileGym's own tests and benchmarks (`tileport configs`, TileGym "
           "75a1430), at most 3 per kernel, benchmark shapes first (`scripts/gpu-proof FILE.py:KERNEL,...`, "
           "`TILEPORT_PROOF_MAX_CONFIGS=3`). Correctness against the cuTile Python original with the test's own "
           "tolerance where the capture found one (exact otherwise); the same timing as above.",
           "",
           f"- GPU: {env.get('gpu', 'NVIDIA H200')}; torch {env.get('torch', '-')}; raw files in "
           "`bench/results/gpu-tilegym/`",
           f"- overall geomean rust/ref over {len(all_ratios)} timed configs: "
           f"**{'-' if overall is None else format(overall, '.3f')}**",
           "- bandwidth (TB/s, ref / rust) for memory-bound kernels counts each array once: its elements times its "
           f"element size, read or written once; the H200's HBM3e peak is {HBM_TBS} TB/s",
           "",
           "| operator | configs | correct | geomean rust/ref |", "|---|---:|---|---:|", *per_op, "",
           "| operator | kernel | config | correctness | max abs err | ref (ms) | rust (ms) | rust/ref | TB/s ref / rust |",
           "|---|---|---|---|---|---|---|---|---|", *rows, END]
    doc = os.path.join(root, "docs", "gpu-results.md")
    text = open(doc).read()
    if BEGIN in text:
        text = text[: text.index(BEGIN)] + "\n".join(out) + text[text.index(END) + len(END):]
    else:
        text = text.rstrip() + "\n\n" + "\n".join(out) + "\n"
    open(doc, "w").write(text)


if __name__ == "__main__":
    main(sys.argv[1])
