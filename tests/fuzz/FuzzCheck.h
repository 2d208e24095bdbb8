// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The targets' invariant check: a broken invariant is a finding, so it says
// where before aborting (libFuzzer then keeps the input).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <source_location>

namespace tileport::fuzz {

inline void check(bool ok, const char *what = "", std::source_location where = std::source_location::current())
{
    if (ok)
        return;
    std::fprintf(stderr, "invariant broken at %s:%u: %s\n", where.file_name(), unsigned(where.line()), what);
    std::abort();
}

// A position a front-end reports: on a line of the input (or the one after
// its end, where an unterminated construct is reported), or 0 for "whole
// file".
inline bool inside(int line, int col, long long lines)
{
    return line == 0 || (line >= 1 && line <= lines + 1 && col >= 0);
}

} // namespace tileport::fuzz
