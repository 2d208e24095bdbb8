// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Helpers shared by the classifier's translation units.
#pragma once

#include "tileport/TileIR/Diff/DiffModel.h"

#include <mlir/IR/Operation.h>

#include <map>
#include <string>
#include <vector>

namespace tileport::tileir::diff::detail {

// Integer arithmetic, selects, compares and conversions: deltas up to this
// are workarounds (index arithmetic a port spells differently).
inline constexpr size_t kSmallArithSlack = 4;
// diff_ir.sh: float arithmetic deltas up to 2 are workarounds.
inline constexpr size_t kFloatArithSlack = 2;

inline std::string join(const std::vector<std::string> &items, const char *sep = ", ")
{
    std::string out;
    for (const std::string &s : items) {
        if (!out.empty())
            out += sep;
        out += s;
    }
    return out;
}

// Elements of `a` not matched in `b` (multiset difference), as "x" or "x ×n".
template <typename Set>
std::vector<std::string> minus(const Set &a, const Set &b)
{
    std::map<std::string, long> count;
    for (const std::string &s : a)
        ++count[s];
    for (const std::string &s : b)
        --count[s];
    std::vector<std::string> out;
    for (const auto &[s, n] : count)
        if (n > 0)
            out.push_back(n == 1 ? s : s + " ×" + std::to_string(n));
    return out;
}

inline std::string signedDelta(size_t ref, size_t gen)
{
    const long d = long(gen) - long(ref);
    return (d > 0 ? "+" : "") + std::to_string(d);
}

inline void appendRef(std::vector<OpRef> &list, size_t &omitted, const OpRef &ref)
{
    if (list.size() < Finding::kMaxListedOps)
        list.push_back(ref);
    else
        ++omitted;
}

inline const std::vector<mlir::Operation *> &opsOr(const std::map<std::string, std::vector<mlir::Operation *>> &m,
                                            const std::string &key)
{
    static const std::vector<mlir::Operation *> none;
    auto it = m.find(key);
    return it == m.end() ? none : it->second;
}

} // namespace tileport::tileir::diff::detail
