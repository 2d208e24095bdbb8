#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Puts an SPDX-FileCopyrightText line beside each file's SPDX-License-Identifier
line, in the same comment syntax; --check lists the files that lack one.

Usage: scripts/lib/spdx_copyright.py [--check] [FILE...]   (default: git ls-files)

Run it once on main, with no branch in flight: a line added to every C++
and TableGen file rebuilds every object of every checkout that merges it.
"""
import re
import subprocess
import sys

TEXT = "SPDX-FileCopyrightText: 2026 TilePort contributors"
# A header comment: "// ...", "# ...", "-- ...", ".\\\" ..." or "<!-- ... -->".
HEADER = re.compile(r'^(\s*(?://|#|--|\.\\")\s*|<!--\s*)SPDX-License-Identifier:\s*\S+(\s*-->)?\s*$')
FIRST_LINES = 5  # only a header: text that quotes the tag further down is left alone
# Inputs whose line numbers tests and docs quote (kernels, fixtures, lit
# tests): a line more would move every file:line:col; REUSE.toml covers them.
LINE_EXACT = re.compile(r'^(examples/|tests/(fixtures|lit|capture|host)/)')


def fix(path, check):
    if LINE_EXACT.match(path):
        return False
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
        return False
    head = lines[:FIRST_LINES + 1]
    if any("SPDX-FileCopyrightText:" in line for line in head):
        return False
    for i, line in enumerate(lines[:FIRST_LINES]):
        m = HEADER.match(line)
        if m:
            if check:
                return True
            lines.insert(i + 1, m.group(1) + TEXT + (m.group(2) or ""))
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
            return True
    return False


def main(argv):
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    if not files:
        files = subprocess.run(["git", "ls-files"], check=True, capture_output=True, text=True).stdout.split()
    touched = [p for p in files if fix(p, check)]
    for p in touched:
        print(("missing: " if check else "added: ") + p)
    return 1 if check and touched else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
