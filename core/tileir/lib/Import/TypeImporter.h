// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Bytecode/Module.h"

#include <mlir/IR/Types.h>

#include <string>
#include <vector>

namespace tileport::tileir {

// Turns entries of the bytecode type table into dialect types, once each.
class TypeImporter
{
public:
    TypeImporter(const bc::Module &module, mlir::MLIRContext &ctx);

    // A null type means failure; error() then says why.
    mlir::Type get(uint32_t index);
    const std::string &error() const { return m_error; }

private:
    mlir::Type build(const bc::Type &t);
    mlir::Type fail(const bc::Type &t, const std::string &what);

    const bc::Module &m_module;
    mlir::MLIRContext &m_ctx;
    std::vector<mlir::Type> m_cache;
    std::string m_error;
};

} // namespace tileport::tileir
