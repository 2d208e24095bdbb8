// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace tileport::tileir::diff {

struct AlignmentOptions {
    // Myers' search keeps one frontier per edit distance; beyond this many
    // edits a segment is split at unique common elements (patience anchors)
    // instead, and a segment without anchors is left unaligned. Bounds time
    // and memory on inputs that have little in common.
    uint32_t maxEditDistance = 2000;
};

// Index pairs (i, j), increasing in both, of a common subsequence of `a` and
// `b`: a longest one whenever the edit distance of every segment stays within
// options.maxEditDistance. Common prefix and suffix are matched first; the
// middle uses Myers' O((N+M)·D) algorithm.
std::vector<std::pair<uint32_t, uint32_t>> alignSequences(std::span<const uint32_t> a, std::span<const uint32_t> b,
                                                          const AlignmentOptions &options = {});

} // namespace tileport::tileir::diff
