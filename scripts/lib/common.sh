# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
# Shared helpers for the TilePort scripts: paths, logging, and entering the
# Debian 13 build root on hosts that need one.

TILEPORT_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
TILEPORT_CACHE=${TILEPORT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tileport}
TILEPORT_ROOT=${TILEPORT_ROOT:-$TILEPORT_CACHE/root-trixie}
TILEPORT_TOOLCHAINS=$TILEPORT_CACHE/toolchains
TILEPORT_BUILD=${TILEPORT_BUILD:-$TILEPORT_SRC/build}

say()  { printf '\033[1m[tileport]\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31m[tileport] error:\033[0m %s\n' "$*" >&2; exit 1; }

# Prints "native", "root" or "unsupported:<description>".
tileport_host_mode() {
    local id="" ver="" name="" osr=${TILEPORT_OS_RELEASE:-/etc/os-release}
    if [ -r "$osr" ]; then
        # shellcheck disable=SC1090
        . "$osr"
        id=${ID:-}; ver=${VERSION_ID:-}; name=${PRETTY_NAME:-$id $ver}
    fi
    if [ -n "${TILEPORT_FORCE_MODE:-}" ]; then echo "$TILEPORT_FORCE_MODE"; return; fi
    case "$id" in
        debian)
            case "$ver" in
                12) echo root ;;
                13|14) echo native ;;
                *) [ -z "$ver" ] && echo native || echo "unsupported:$name" ;;
            esac ;;
        ubuntu)
            if [ "${ver%%.*}" -ge 24 ] 2>/dev/null; then echo native; else echo "unsupported:$name"; fi ;;
        *) echo "unsupported:${name:-unknown system}" ;;
    esac
}

# Directories that belong to the build root and must never be shadowed.
_tileport_system_dir() {
    case "$1" in
        /|/bin|/boot|/dev|/etc|/lib|/lib32|/lib64|/libx32|/opt|/proc|/run|/sbin|/srv|/sys|/usr|/var|/mnt|/media|/home) return 0 ;;
        /bin/*|/boot/*|/dev/*|/etc/*|/lib/*|/lib32/*|/lib64/*|/proc/*|/run/*|/sbin/*|/sys/*|/usr/*|/var/*) return 0 ;;
    esac
    return 1
}

# Runs "$@" inside the build environment. In root mode that is a private
# mount namespace chrooted into the Debian 13 root, with /proc, /dev, /sys,
# the checkout, the cache, HOME, /tmp, the caller's directory and any extra
# directories in TILEPORT_EXTRA_BINDS (colon-separated) bound at their host
# paths, so that host paths mean the same inside.
tileport_in_env() {
    local mode; mode=$(tileport_host_mode)
    if [ "$mode" = native ]; then "$@"; return; fi
    [ "$mode" = root ] || die "unsupported system (${mode#unsupported:}); TilePort needs Debian 13, Ubuntu 24.04+, or Debian 12 with a build root"
    [ -f "$TILEPORT_ROOT/.tileport-packages" ] || die "no build root at $TILEPORT_ROOT; run ./scripts/setup"
    [ "$(id -u)" = 0 ] || die "entering the build root needs root (unshare + chroot); run as root or with sudo"
    local binds=("$HOME" "$TILEPORT_SRC" "$TILEPORT_CACHE" /tmp "$PWD")
    [ -n "${CARGO_HOME:-}" ] && binds+=("$CARGO_HOME")
    [ -n "${RUSTUP_HOME:-}" ] && binds+=("$RUSTUP_HOME")
    local py_home
    if [ -f "$TILEPORT_TOOLCHAINS/venv/pyvenv.cfg" ]; then
        py_home=$(sed -n 's/^home *= *//p' "$TILEPORT_TOOLCHAINS/venv/pyvenv.cfg")
        [ -n "$py_home" ] && binds+=("$(cd "$py_home/.." && pwd -P)")
    fi
    local IFS_SAVE=$IFS; IFS=:
    # shellcheck disable=SC2206
    [ -n "${TILEPORT_EXTRA_BINDS:-}" ] && binds+=($TILEPORT_EXTRA_BINDS)
    IFS=$IFS_SAVE
    local cwd=$PWD
    _tileport_system_dir "$cwd" && cwd=$TILEPORT_SRC
    local list; list=$(mktemp); printf '%s\n' "${binds[@]}" > "$list"
    unshare --mount --propagation private -- \
        bash "$TILEPORT_SRC/scripts/lib/enter-root.sh" "$TILEPORT_ROOT" "$list" "$cwd" "$@"
}

# Loads the toolchain environment written by setup (paths valid inside the
# build environment).
tileport_toolchain_env() {
    local f="$TILEPORT_TOOLCHAINS/env.sh"
    [ -f "$f" ] || die "toolchains are not set up; run ./scripts/setup"
    # shellcheck disable=SC1090
    . "$f"
}
