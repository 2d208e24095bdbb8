#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Renders `tileport batch --json` output (tileport-batch/2) as the Markdown
coverage report: the run's facts, the counts, one row per operator, one row
per kernel with its configs' IR verdicts, and every FAIL_FIXABLE config with
the differ's rules behind it.

A kernel counts as a forward kernel unless its name contains "bwd" or
"backward" (TileGym's naming for gradient kernels). An operator is a kernel
file: its path without ".py", so its sub-folder (activation/, experimental/)
stays in the name."""
import argparse
import datetime
import json
import sys

# The batch's verdict order (BatchRow::irRank): "-" is a config not compared.
ORDER = ["PASS", "PASS_WITH_NOTES", "FAIL_FIXABLE", "-"]


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def rank(verdict):
    return ORDER.index(verdict) if verdict in ORDER else len(ORDER) - 1


def worst(verdicts):
    return max(verdicts, key=rank) if verdicts else "-"


def reason_of(r):
    reason = r["translate_reason"]
    if reason and r["translate_at"]:
        reason = f"{r['translate_at']}: {reason}"
    return reason or r["build_reason"] or r["ir_reason"]


def counts_text(counts):
    """'2 PASS_WITH_NOTES, 1 -' in the verdict order; '-' when none."""
    parts = [f"{counts[v]} {v}" for v in sorted(counts, key=rank) if counts[v]]
    return ", ".join(parts) if parts else "-"


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
    if doc.get("schema") != "tileport-batch/2":
        sys.exit(f"{a.batch_json}: not a tileport-batch/2 document")
    rows = doc["rows"]
    kernels = doc["kernels"]
    by_kernel = {}
    for r in rows:
        if r["kernel"] != "-":
            by_kernel.setdefault((r["file"], r["kernel"]), []).append(r)
    forward = [k for k in kernels if "bwd" not in k["kernel"] and "backward" not in k["kernel"]]

    def first(k):
        return by_kernel[(k["file"], k["kernel"])][0]

    def n(ks, key, value="yes"):
        return sum(1 for k in ks if first(k)[key] == value)

    fwd_worst = {v: sum(1 for k in forward if k["ir"] == v) for v in ORDER}
    fwd_configs = sum(k["configs"] for k in forward)
    s = doc["summary"]
    lines = [
        "<!-- SPDX-License-Identifier: MIT -->",
        "<!-- SPDX-FileCopyrightText: 2026 TilePort contributors -->",
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
        f"Forward kernels (name without `bwd`/`backward`): **{len(forward)}** with **{fwd_configs}** configs; "
        f"analyzed **{n(forward, 'analyzed')}**, translated **{n(forward, 'translated')}**, "
        f"built **{n(forward, 'builds')}**; worst IR verdict per kernel: {fwd_worst['PASS']} PASS, "
        f"{fwd_worst['PASS_WITH_NOTES']} PASS_WITH_NOTES, {fwd_worst['FAIL_FIXABLE']} FAIL_FIXABLE, "
        f"{fwd_worst['-']} not compared (`-`).",
        "",
        f"All: {s['files']} files, {s['kernels']} kernels, {s['configs']} configs; {s['analyzed']} analyzed, "
        f"{s['translated']} translated, {s['built']} built ({s['build_failed']} failed to build); IR per config: "
        f"{s['ir_pass']} PASS, {s['ir_pass_with_notes']} PASS_WITH_NOTES, {s['ir_fail_fixable']} FAIL_FIXABLE "
        f"from {s['ir_runs']} comparisons (configs of one specialization share one); {doc['elapsed_ms']} ms.",
        "",
        "A kernel's verdict is the worst over its configs: PASS < PASS_WITH_NOTES < FAIL_FIXABLE < `-` "
        "(a config with no comparison: no config, or a failed export or harness run).",
        "",
        "## Operators",
        "",
        "| operator | kernels | translated | configs | IR (worst) |",
        "|---|---:|---:|---:|---|",
    ]
    ops = {}
    for k in kernels:
        ops.setdefault(k["file"][:-3] if k["file"].endswith(".py") else k["file"], []).append(k)
    for op in sorted(ops):
        ks = ops[op]
        lines.append("| " + " | ".join(cell(x) for x in (
            op, len(ks), n(ks, "translated"), sum(k["configs"] for k in ks), worst([k["ir"] for k in ks]))) + " |")
    lines += [
        "",
        "## Kernels",
        "",
        "| file | kernel | configs | analyzed | translated | builds | IR per config | IR (worst) | time (ms) | reason |",
        "|---|---|---:|---|---|---|---|---|---:|---|",
    ]
    worst_row = {}
    for k in kernels:
        rs = by_kernel[(k["file"], k["kernel"])]
        worst_row[(k["file"], k["kernel"])] = next(
            (r for r in rs if r["config"] == k["ir_config"] and r["ir"] == k["ir"]), rs[0])
    for k in kernels:
        r0 = first(k)
        w = worst_row[(k["file"], k["kernel"])]
        reason = reason_of(w) or reason_of(r0)
        lines.append("| " + " | ".join(cell(x) for x in (
            k["file"], k["kernel"], k["configs"], r0["analyzed"], r0["translated"], r0["builds"],
            counts_text(k["ir_counts"]), k["ir"], k["time_ms"], reason)) + " |")
    files_without = [r for r in rows if r["kernel"] == "-"]
    if files_without:
        lines += ["", "Files without a kernel:", ""]
        for r in files_without:
            lines.append(f"- `{cell(r['file'])}`: {cell(reason_of(r))}")
    lines += ["", "## FAIL_FIXABLE configs", ""]
    fixable = [r for r in rows if r["ir"] == "FAIL_FIXABLE"]
    if not fixable:
        lines.append("None.")
    for r in fixable:
        rules = ", ".join(f"`{x}`" for x in r.get("ir_rules", [])) or "(no critical rule recorded)"
        shared = f" (as {r['shared_with']})" if r.get("shared_with") else ""
        lines.append(f"- `{cell(r['file'])}` {cell(r['kernel'])} [{cell(r['config'])}{cell(shared)}]: {rules}")
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
