// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Bytecode/Type.h"

namespace tileport::tileir::bc {

std::string_view scalarName(ScalarKind kind)
{
    switch (kind) {
    case ScalarKind::I1: return "i1";
    case ScalarKind::I4: return "i4";
    case ScalarKind::I8: return "i8";
    case ScalarKind::I16: return "i16";
    case ScalarKind::I32: return "i32";
    case ScalarKind::I64: return "i64";
    case ScalarKind::F16: return "f16";
    case ScalarKind::BF16: return "bf16";
    case ScalarKind::F32: return "f32";
    case ScalarKind::TF32: return "tf32";
    case ScalarKind::F64: return "f64";
    case ScalarKind::F8E4M3FN: return "f8E4M3FN";
    case ScalarKind::F8E5M2: return "f8E5M2";
    case ScalarKind::F8E8M0FNU: return "f8E8M0FNU";
    case ScalarKind::F4E2M1FN: return "f4E2M1FN";
    case ScalarKind::F8E5M3FNU: return "f8E5M3FNU";
    }
    return "?";
}

unsigned scalarBitWidth(ScalarKind kind)
{
    switch (kind) {
    case ScalarKind::I1: return 1;
    case ScalarKind::I4: return 4;
    case ScalarKind::I8: return 8;
    case ScalarKind::I16: return 16;
    case ScalarKind::I32: return 32;
    case ScalarKind::I64: return 64;
    case ScalarKind::F16: return 16;
    case ScalarKind::BF16: return 16;
    case ScalarKind::F32: return 32;
    case ScalarKind::TF32: return 19;
    case ScalarKind::F64: return 64;
    case ScalarKind::F8E4M3FN:
    case ScalarKind::F8E5M2:
    case ScalarKind::F8E8M0FNU:
    case ScalarKind::F8E5M3FNU: return 8;
    case ScalarKind::F4E2M1FN: return 4;
    }
    return 0;
}

bool isIntegerScalar(ScalarKind kind)
{
    switch (kind) {
    case ScalarKind::I1:
    case ScalarKind::I4:
    case ScalarKind::I8:
    case ScalarKind::I16:
    case ScalarKind::I32:
    case ScalarKind::I64: return true;
    default: return false;
    }
}

} // namespace tileport::tileir::bc
