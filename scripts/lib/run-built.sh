#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
# Shared body of the scripts/tileport and scripts/tileport-gui wrappers.
set -euo pipefail
. "$(dirname "$0")/common.sh"
prog=$1; shift
exe="$TILEPORT_BUILD/app/${prog#tileport-}/$prog"
[ "$prog" = tileport ] && exe="$TILEPORT_BUILD/app/cli/tileport"
[ "$prog" = tileport-gui ] && exe="$TILEPORT_BUILD/app/gui/tileport-gui"
[ -x "$exe" ] || die "$prog is not built yet; run ./scripts/build (or ./scripts/demo)"
tileport_toolchain_env

# Make the directory of every path-like argument reachable in the build root.
extra=()
for a in "$@"; do
    v=${a#--*=}
    case "$v" in -*) continue ;; esac
    case "$v" in */*|*.py|*.rs|*.json|*.tileirbc|*.mlir|*.png) ;; *) continue ;; esac
    p=$(realpath -m -- "$v")
    d=$p; [ -d "$d" ] || d=$(dirname "$p")
    while [ ! -e "$d" ]; do d=$(dirname "$d"); done
    _tileport_system_dir "$d" && [ "$d" != "$p" ] && [ -e "$p" ] && d=$p
    if _tileport_system_dir "$d"; then
        [ -e "$p" ] || die "$v: no such file or directory"
        continue
    fi
    # A kernel file is read with its project (package parents, tests,
    # benchmarks): make the project root reachable, not only its folder.
    r=$d
    while [ "$r" != / ] && ! _tileport_system_dir "$r"; do
        if [ -e "$r/pyproject.toml" ] || [ -e "$r/setup.py" ] || [ -e "$r/setup.cfg" ] || [ -e "$r/.git" ]; then
            d=$r; break
        fi
        r=$(dirname "$r")
    done
    extra+=("$d")
done
if [ ${#extra[@]} -gt 0 ]; then
    TILEPORT_EXTRA_BINDS=$(IFS=:; echo "${extra[*]}")
    export TILEPORT_EXTRA_BINDS
fi
tileport_in_env bash -c '. "$1/env.sh"; shift; exec "$@"' _ "$TILEPORT_TOOLCHAINS" "$exe" "$@"
