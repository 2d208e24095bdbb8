#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
# Times the launch capture of a whole kernel directory (every file in one
# `capture_configs.py --each` run) on one core, REPEATS times, and prints
# the configs captured and the median wall and CPU seconds.
# Usage: bench/bench_capture.sh CUTILE_DIR [REPEATS]   (e.g. a TileGym
# checkout's src/tilegym/ops/cutile; target: at most 60 s on one core)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd -P)
. "$here/scripts/lib/common.sh"
tileport_toolchain_env
dir=$(cd "${1:?usage: bench/bench_capture.sh CUTILE_DIR [REPEATS]}" && pwd -P)
repeats=${2:-3}
# The project root (tests and benchmarks live there) must be reachable in the build root.
root=$dir
while [ "$root" != / ] && ! [ -e "$root/pyproject.toml" ] && ! [ -e "$root/setup.py" ] && ! [ -e "$root/.git" ]; do
    root=$(dirname "$root")
done
[ "$root" = / ] && root=$dir
export TILEPORT_EXTRA_BINDS=$root
tileport_in_env bash -c '
    . "$1/env.sh"; src=$2; dir=$3; repeats=$4
    mapfile -t files < <(find "$dir" -name "*.py" | sort)
    TIMEFORMAT="%R %U %S"
    for i in $(seq "$repeats"); do
        out=$(mktemp)
        t=$( { time taskset -c 0 "$TILEPORT_PYTHON" "$src/resources/python/capture_configs.py" --each "${files[@]}" \
                 >"$out" 2>/dev/null; } 2>&1 )
        configs=$("$TILEPORT_PYTHON" -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(len(s[\"configs\"]) for s in d[\"files\"].values()))" "$out")
        read -r wall user sys <<<"$t"
        echo "run $i: ${#files[@]} files, $configs configs, wall $wall s, cpu $("$TILEPORT_PYTHON" -c "print(round($user + $sys, 2))") s"
        rm -f "$out"
    done
' _ "$TILEPORT_TOOLCHAINS" "$TILEPORT_SRC" "$dir" "$repeats"
