// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ValueFormat.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace tileport::tileir::bc::detail {

namespace {

std::string hexBits(uint64_t bits, unsigned width)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%0*llX", int((width + 3) / 4), static_cast<unsigned long long>(bits));
    return buf;
}

float halfToFloat(uint16_t h)
{
    const uint32_t sign = uint32_t(h >> 15) << 31;
    const int exp = (h >> 10) & 0x1F;
    const uint32_t mant = h & 0x3FF;
    float v;
    if (exp == 0)
        v = std::ldexp(float(mant), -24);
    else
        v = std::ldexp(float(mant | 0x400), exp - 25);
    return sign ? -v : v; // callers handle exp == 31 (NaN/Inf) before
}

template<class T> std::string shortest(T v)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".e") == std::string::npos)
        s += ".0";
    return s;
}

} // namespace

std::string formatScalarBits(ScalarKind kind, uint64_t bits)
{
    const unsigned width = scalarBitWidth(kind);
    if (kind == ScalarKind::I1)
        return (bits & 1) ? "true" : "false";
    if (isIntegerScalar(kind)) {
        int64_t v = int64_t(bits);
        if (width < 64 && (bits >> (width - 1)) & 1)
            v = int64_t(bits | (~uint64_t(0) << width));
        return std::to_string(v);
    }
    switch (kind) {
    case ScalarKind::F16:
        if (((bits >> 10) & 0x1F) == 0x1F)
            break;
        return shortest(halfToFloat(uint16_t(bits)));
    case ScalarKind::BF16:
    case ScalarKind::F32: {
        const uint32_t b = kind == ScalarKind::BF16 ? uint32_t(bits) << 16 : uint32_t(bits);
        float f;
        std::memcpy(&f, &b, sizeof f);
        if (!std::isfinite(f))
            break;
        return shortest(f);
    }
    case ScalarKind::F64: {
        double d;
        std::memcpy(&d, &bits, sizeof d);
        if (!std::isfinite(d))
            break;
        return shortest(d);
    }
    default: break;
    }
    return hexBits(bits, width);
}

std::string formatDense(const Module &module, uint32_t constant, uint32_t tileType)
{
    if (constant >= module.constants.size() || tileType >= module.types.size())
        return "<bad constant>";
    const Type &tile = module.types[tileType];
    if (tile.kind != TypeKind::Tile || tile.element >= module.types.size() ||
        module.types[tile.element].kind != TypeKind::Scalar)
        return "<bad constant>";
    const ScalarKind kind = module.types[tile.element].scalar;
    const auto &bytes = module.constants[constant].bytes;
    uint64_t n = 1;
    for (int64_t d : tile.shape)
        n *= uint64_t(d > 0 ? d : 1);
    std::string out = "<" + std::string(scalarName(kind)) + ": ";
    const unsigned width = (scalarBitWidth(kind) + 7) / 8;
    auto element = [&](uint64_t i) -> uint64_t {
        if (kind == ScalarKind::I1) {
            if (bytes.size() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF))
                return bytes[0] & 1;
            return i / 8 < bytes.size() ? (bytes[i / 8] >> (i % 8)) & 1 : 0;
        }
        uint64_t v = 0;
        for (unsigned b = 0; b < width && i * width + b < bytes.size(); ++b)
            v |= uint64_t(bytes[i * width + b]) << (8 * b);
        return v;
    };
    const bool splat = n == 1 || (kind == ScalarKind::I1 ? bytes.size() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF)
                                                         : bytes.size() == width);
    if (splat) {
        out += formatScalarBits(kind, element(0));
    } else {
        out += "[";
        constexpr uint64_t kShown = 16;
        for (uint64_t i = 0; i < n && i < kShown; ++i)
            out += (i ? ", " : "") + formatScalarBits(kind, element(i));
        if (n > kShown)
            out += ", ... (" + std::to_string(n) + " elements)";
        out += "]";
    }
    return out + ">";
}

} // namespace tileport::tileir::bc::detail
