# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Joins the CPU's stage-F SASS verdicts with the GPU's timings, config by
config, and writes the SASS section of docs/gpu-results.md: does a config
whose SASS is identical time equal on the GPU, and where SASS differs, by
what. Inputs: `tileport batch FILE --sass --per-config --json` outputs (one
per kernel file, run on the configs the GPU bundles carried) and the
BUNDLE.bench.json files of bench/results/gpu-tilegym/. Writes
bench/results/gpu-tilegym/sass.json (the joined rows) too.
Usage: gpu_sass_results.py REPO_ROOT BATCH_JSON..."""
import glob
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_tilegym_results import geomean  # noqa: E402

BEGIN, END = "<!-- sass-begin -->", "<!-- sass-end -->"
# rust/ref within this of 1 counts as "equal": a tolerance for run-to-run
# noise, stated in the report beside the counts.
EQUAL = 0.03


def main(root, batch_files):
    res = os.path.join(root, "bench", "results", "gpu-tilegym")
    timing = {}
    for path in glob.glob(os.path.join(res, "*.bench.json")):
        with open(path) as f:
            bench = json.load(f)
        for r in bench.get("configs", []):
            if r.get("status") == "done" and r.get("ratio"):
                timing[(r["kernel"], r["config"])] = r
    joined = []
    for path in batch_files:
        try:
            with open(path) as f:
                batch = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{path}: skipped, not batch JSON ({e})", file=sys.stderr)
            continue
        for row in batch.get("rows", []):
            key = (row.get("kernel"), row.get("config"))
            if not row.get("config") or key not in timing:
                continue
            t = timing[key]
            d = row.get("sass_detail") or {}
            joined.append({
                "file": row.get("file"), "kernel": row["kernel"], "config": row["config"],
                "ir": row.get("ir"), "sass": row.get("sass"), "sass_reason": row.get("sass_reason", ""),
                "ref_instructions": d.get("ref_instructions"), "gen_instructions": d.get("gen_instructions"),
                "ref_registers": d.get("ref_registers"), "gen_registers": d.get("gen_registers"),
                "ratio": t["ratio"], "ref_ms": t["ref_ms"], "rust_ms": t["rust_ms"],
                "min_ratio": (t["rust_min_ms"] / t["ref_min_ms"]) if t.get("rust_min_ms") and t.get("ref_min_ms") else None,
            })
    joined.sort(key=lambda r: (r["file"] or "", r["kernel"], r["config"]))
    with open(os.path.join(res, "sass.json"), "w") as f:
        json.dump({"schema": "tileport-gpu-sass/1", "rows": joined}, f, indent=1)
        f.write("\n")

    lines = [BEGIN, "## Stage F's SASS against the GPU's time", "",
             "Each timed TileGym config of the run above, compiled on the CPU (`tileport batch FILE --sass "
             "--per-config` on the configs the bundles carried; tileiras 13.3, sm_90) and joined with its "
             f"GPU timing by kernel and config (`python3 scripts/lib/gpu_sass_results.py . BATCH_JSON...`). \"Equal\" means rust/ref within {EQUAL:.0%} of 1; the minimum "
             "over all timed calls (`min`) is shown beside the median, since a short kernel's median can carry "
             "one disturbed round. Raw rows: `bench/results/gpu-tilegym/sass.json`.", ""]
    by_verdict = {}
    for r in joined:
        by_verdict.setdefault(r["sass"] or "-", []).append(r)
    lines += ["| SASS verdict | configs | geomean rust/ref (median) | geomean rust/ref (min) | equal (median) | equal (min) |",
              "|---|---:|---:|---:|---:|---:|"]
    for v in sorted(by_verdict):
        rs = by_verdict[v]
        med = [r["ratio"] for r in rs]
        mins = [r["min_ratio"] for r in rs if r["min_ratio"]]
        eq = sum(1 for x in med if abs(x - 1) <= EQUAL)
        eqm = sum(1 for x in mins if abs(x - 1) <= EQUAL)
        lines.append(f"| {v} | {len(rs)} | {geomean(med):.3f} | {geomean(mins):.3f} | {eq}/{len(rs)} | {eqm}/{len(mins)} |")
    lines += ["", "| kernel | config | IR | SASS | instructions ref / gen | registers ref / gen | rust/ref | rust/ref (min) | what differs |",
              "|---|---|---|---|---|---|---:|---:|---|"]
    for r in joined:
        mn = r["min_ratio"]
        ins = f"{r['ref_instructions']} / {r['gen_instructions']}" if r["ref_instructions"] is not None else "-"
        reg = f"{r['ref_registers']} / {r['gen_registers']}" if r["ref_registers"] is not None else "-"
        lines.append(f"| {r['kernel']} | {r['config']} | {r['ir']} | {r['sass']} | {ins} | {reg} | {r['ratio']:.3f} | "
                     + (f"{mn:.3f}" if mn else "-") + " | " + (r["sass_reason"] or "-").replace("|", "/")[:160] + " |")
    lines.append(END)

    doc = os.path.join(root, "docs", "gpu-results.md")
    with open(doc) as f:
        text = f.read()
    block = "\n".join(lines)
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(doc, "w") as f:
        f.write(text)
    print(f"{len(joined)} configs joined; " + ", ".join(f"{v} {len(rs)}" for v, rs in sorted(by_verdict.items())))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: gpu_sass_results.py REPO_ROOT BATCH_JSON...")
    main(sys.argv[1], sys.argv[2:])
