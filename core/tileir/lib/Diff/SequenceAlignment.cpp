// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/SequenceAlignment.h"

#include <llvm/ADT/DenseMap.h>

#include <algorithm>

namespace tileport::tileir::diff {

namespace {

using Pairs = std::vector<std::pair<uint32_t, uint32_t>>;

// Myers' greedy forward search. Frontier d is stored for k in [-d, d] so the
// path can be traced back; returns false (and adds nothing) when the edit
// distance exceeds maxD.
bool myers(std::span<const uint32_t> a, std::span<const uint32_t> b, uint32_t aBase, uint32_t bBase, uint32_t maxD,
           Pairs &out)
{
    const int64_t n = int64_t(a.size());
    const int64_t m = int64_t(b.size());
    const int64_t limit = std::min<int64_t>(n + m, maxD);
    // Frontier d occupies frontiers[offsets[d] .. offsets[d] + 2d], index k + d.
    std::vector<int32_t> frontiers;
    std::vector<size_t> offsets;
    std::vector<int32_t> v(size_t(2 * limit + 3), 0);
    const int64_t mid = limit + 1; // v[mid + k]
    int64_t finalD = -1;
    for (int64_t d = 0; d <= limit && finalD < 0; ++d) {
        for (int64_t k = -d; k <= d; k += 2) {
            int64_t x;
            if (k == -d || (k != d && v[size_t(mid + k - 1)] < v[size_t(mid + k + 1)]))
                x = v[size_t(mid + k + 1)]; // step down: b[y] inserted
            else
                x = v[size_t(mid + k - 1)] + 1; // step right: a[x] deleted
            int64_t y = x - k;
            while (x < n && y < m && a[size_t(x)] == b[size_t(y)]) {
                ++x;
                ++y;
            }
            v[size_t(mid + k)] = int32_t(x);
            if (x >= n && y >= m)
                finalD = d;
        }
        offsets.push_back(frontiers.size());
        for (int64_t k = -d; k <= d; ++k)
            frontiers.push_back(v[size_t(mid + k)]);
    }
    if (finalD < 0)
        return false;

    auto at = [&](int64_t d, int64_t k) { return int64_t(frontiers[offsets[size_t(d)] + size_t(k + d)]); };
    Pairs reversed;
    int64_t x = n, y = m;
    for (int64_t d = finalD; d > 0; --d) {
        const int64_t k = x - y;
        const bool down = k == -d || (k != d && at(d - 1, k - 1) < at(d - 1, k + 1));
        const int64_t prevK = down ? k + 1 : k - 1;
        const int64_t prevX = at(d - 1, prevK);
        const int64_t prevY = prevX - prevK;
        const int64_t snakeX = down ? prevX : prevX + 1;
        while (x > snakeX) {
            --x;
            --y;
            reversed.emplace_back(uint32_t(x), uint32_t(y));
        }
        x = prevX;
        y = prevY;
    }
    while (x > 0 && y > 0) {
        --x;
        --y;
        reversed.emplace_back(uint32_t(x), uint32_t(y));
    }
    for (auto it = reversed.rbegin(); it != reversed.rend(); ++it)
        out.emplace_back(aBase + it->first, bBase + it->second);
    return true;
}

// Elements that occur exactly once in each side, in `a` order, reduced to a
// longest increasing run of their `b` positions (patience sorting).
Pairs uniqueAnchors(std::span<const uint32_t> a, std::span<const uint32_t> b)
{
    llvm::DenseMap<uint32_t, std::pair<int64_t, int64_t>> seen; // value -> (pos in a or -2 if repeated, pos in b)
    for (size_t i = 0; i < a.size(); ++i) {
        auto [it, fresh] = seen.try_emplace(a[i], int64_t(i), -1);
        if (!fresh)
            it->second.first = -2;
    }
    for (size_t j = 0; j < b.size(); ++j) {
        auto it = seen.find(b[j]);
        if (it == seen.end())
            continue;
        it->second.second = it->second.second == -1 ? int64_t(j) : -2;
    }
    Pairs candidates;
    for (const auto &[value, pos] : seen)
        if (pos.first >= 0 && pos.second >= 0)
            candidates.emplace_back(uint32_t(pos.first), uint32_t(pos.second));
    std::sort(candidates.begin(), candidates.end());
    // Longest increasing subsequence on the b positions.
    std::vector<size_t> tails;       // index into candidates of the smallest tail per length
    std::vector<int64_t> prev(candidates.size(), -1);
    for (size_t i = 0; i < candidates.size(); ++i) {
        auto it = std::lower_bound(tails.begin(), tails.end(), candidates[i].second,
                                   [&](size_t t, uint32_t v) { return candidates[t].second < v; });
        if (it != tails.begin())
            prev[i] = int64_t(*(it - 1));
        if (it == tails.end())
            tails.push_back(i);
        else
            *it = i;
    }
    Pairs anchors;
    for (int64_t i = tails.empty() ? -1 : int64_t(tails.back()); i >= 0; i = prev[size_t(i)])
        anchors.push_back(candidates[size_t(i)]);
    std::reverse(anchors.begin(), anchors.end());
    return anchors;
}

void alignRange(std::span<const uint32_t> a, std::span<const uint32_t> b, uint32_t aBase, uint32_t bBase,
                const AlignmentOptions &options, Pairs &out)
{
    size_t prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) {
        out.emplace_back(aBase + uint32_t(prefix), bBase + uint32_t(prefix));
        ++prefix;
    }
    size_t suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
           a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
        ++suffix;
    const auto midA = a.subspan(prefix, a.size() - prefix - suffix);
    const auto midB = b.subspan(prefix, b.size() - prefix - suffix);
    const uint32_t midABase = aBase + uint32_t(prefix);
    const uint32_t midBBase = bBase + uint32_t(prefix);
    if (!midA.empty() && !midB.empty() && !myers(midA, midB, midABase, midBBase, options.maxEditDistance, out)) {
        // Too many edits for an exact search: split at unique anchors and
        // align the pieces between them.
        const Pairs anchors = uniqueAnchors(midA, midB);
        uint32_t i0 = 0, j0 = 0;
        for (const auto &[i, j] : anchors) {
            alignRange(midA.subspan(i0, i - i0), midB.subspan(j0, j - j0), midABase + i0, midBBase + j0, options, out);
            out.emplace_back(midABase + i, midBBase + j);
            i0 = i + 1;
            j0 = j + 1;
        }
        if (!anchors.empty())
            alignRange(midA.subspan(i0), midB.subspan(j0), midABase + i0, midBBase + j0, options, out);
    }
    for (size_t s = suffix; s > 0; --s)
        out.emplace_back(aBase + uint32_t(a.size() - s), bBase + uint32_t(b.size() - s));
}

} // namespace

std::vector<std::pair<uint32_t, uint32_t>> alignSequences(std::span<const uint32_t> a, std::span<const uint32_t> b,
                                                          const AlignmentOptions &options)
{
    Pairs out;
    alignRange(a, b, 0, 0, options, out);
    return out;
}

} // namespace tileport::tileir::diff
