# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
# Runs inside a private mount namespace (see tileport_in_env): mounts the
# kernel file systems and the host directories listed in $2 into the build
# root $1, then runs the command chrooted, in directory $3.
set -e
root=$1; list=$2; cwd=$3; shift 3
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --rbind /sys "$root/sys" 2>/dev/null || true
cp -f /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
bound=()
# Shortest paths first, so a directory already visible through a parent's
# bind is not bound twice.
while IFS= read -r d; do
    [ -n "$d" ] || continue
    d=$(realpath -m "$d")
    [ -e "$d" ] || continue
    covered=
    for b in "${bound[@]}"; do
        case "$d/" in "$b"/*) covered=1; break ;; esac
    done
    [ -z "$covered" ] || continue
    bound+=("$d")
    if [ -d "$d" ]; then
        mkdir -p "$root$d"
    else
        mkdir -p "$(dirname "$root$d")"
        [ -e "$root$d" ] || : > "$root$d"
    fi
    mount --bind "$d" "$root$d"
done < <(awk '{ print length($0) "\t" $0 }' "$list" | sort -n | cut -f2-)
rm -f "$list"
exec chroot "$root" /usr/bin/env -C "$cwd" "$@"
