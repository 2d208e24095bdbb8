// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TypeImporter.h"

#include "tileport/TileIR/Bytecode/Module.h"

#include <mlir/IR/BuiltinAttributes.h>

#include <map>
#include <string>

namespace tileport::tileir {

// Turns decoded bytecode attributes into MLIR attributes of our dialect.
class AttributeImporter
{
public:
    AttributeImporter(const bc::Module &module, mlir::MLIRContext &ctx, TypeImporter &types);

    // `op` and `name` pick the integer width of untyped op attributes.
    mlir::Attribute get(std::string_view op, std::string_view name, const bc::Attribute &attr);
    mlir::Attribute dense(uint32_t constant, mlir::Type type);
    const std::string &error() const { return m_error; }

private:
    mlir::Attribute enumAttr(const bc::EnumAttr &e);
    mlir::Attribute typed(const bc::Attribute &attr); // array elements, dictionary values
    mlir::DictionaryAttr dictionary(const std::vector<bc::NamedAttribute> &entries);
    mlir::Attribute fail(const std::string &what);

    const bc::Module &m_module;
    mlir::MLIRContext &m_ctx;
    TypeImporter &m_types;
    std::map<std::pair<int, uint32_t>, mlir::Attribute> m_enumCache;
    std::string m_error;
};

} // namespace tileport::tileir
