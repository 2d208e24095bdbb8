#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Renders `tileport batch --json` output as the Markdown coverage report.

A kernel counts as a forward kernel unless its name contains "bwd" or
"backward" (TileGym's naming for gradient kernels)."""
import argparse
import datetime
import json
import sys


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("batch_json")
    ap.add_argument("out")
    ap.add_argument("--commit", required=True)
    ap.add_argument("--cutile", required=True)
    ap.add_argument("--cuda-tile", required=True)
    ap.add_argument("--source", required=True)
    a = ap.parse_args()
    with open(a.batch_json, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("schema") != "tileport-batch/1":
        sys.exit(f"{a.batch_json}: not a tileport-batch/1 document")
    rows = doc["rows"]
    kernels = [r for r in rows if r["kernel"] != "-"]
    forward = [r for r in kernels if "bwd" not in r["kernel"] and "backward" not in r["kernel"]]

    def n(rs, key, value="yes"):
        return sum(1 for r in rs if r[key] == value)

    ir = {v: n(forward, "ir", v) for v in ("PASS", "PASS_WITH_NOTES", "FAIL_FIXABLE")}
    s = doc["summary"]
    lines = [
        "<!-- SPDX-License-Identifier: MIT -->",
        "# Coverage: TileGym cuTile kernels",
        "",
        "Written by `scripts/coverage` from `tileport batch --json` (docs/batch.md).",
        "",
        "| | |",
        "|---|---|",
        f"| date | {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')} |",
        f"| TilePort commit | {cell(a.commit)} |",
        f"| cutile crate | {cell(a.cutile)} |",
        f"| cuda-tile (Python) | {cell(a.cuda_tile)} |",
        f"| directory | `{cell(a.source)}` |",
        f"| cargo builds | {'yes' if doc['build'] else 'no (--no-build)'} |",
        "",
        "## Counts",
        "",
        f"Forward kernels (name without `bwd`/`backward`): **{len(forward)}**; "
        f"analyzed **{n(forward, 'analyzed')}**, translated **{n(forward, 'translated')}**, "
        f"built **{n(forward, 'builds')}**; IR {ir['PASS']} PASS, {ir['PASS_WITH_NOTES']} PASS_WITH_NOTES, "
        f"{ir['FAIL_FIXABLE']} FAIL_FIXABLE.",
        "",
        f"All: {s['files']} files, {s['kernels']} kernels; {s['analyzed']} analyzed, {s['translated']} translated, "
        f"{s['built']} built ({s['build_failed']} failed to build); {doc['elapsed_ms']} ms.",
        "",
        "## Kernels",
        "",
        "| file | kernel | analyzed | translated | builds | IR | time (ms) | reason |",
        "|---|---|---|---|---|---|---:|---|",
    ]
    for r in rows:
        reason = r["translate_reason"]
        if reason and r["translate_at"]:
            reason = f"{r['translate_at']}: {reason}"
        reason = reason or r["build_reason"] or r["ir_reason"]
        lines.append("| " + " | ".join(cell(x) for x in (
            r["file"], r["kernel"], r["analyzed"], r["translated"], r["builds"], r["ir"], r["time_ms"], reason)) + " |")
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
