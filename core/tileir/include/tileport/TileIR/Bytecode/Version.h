// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <compare>
#include <string>

namespace tileport::tileir::bc {

// A bytecode format version (major.minor), ordered.
struct Version {
    int major = 0;
    int minor = 0;

    auto operator<=>(const Version &) const = default;
    std::string str() const { return std::to_string(major) + "." + std::to_string(minor); }
};

inline constexpr Version kVersion13_1{13, 1};
inline constexpr Version kVersion13_2{13, 2};
inline constexpr Version kVersion13_3{13, 3};
inline constexpr Version kVersion13_4{13, 4};

} // namespace tileport::tileir::bc
