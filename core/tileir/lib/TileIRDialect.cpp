// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Dialect registration, constant materialisation and printer aliases.

#include "tileport/TileIR/TileIROps.h"

#include <mlir/IR/Builders.h>
#include <mlir/IR/OpImplementation.h>

using namespace mlir;

#include "tileport/TileIR/TileIRDialect.cpp.inc"

namespace tileport::tileir {

namespace {

// Debug-info attributes print as `#di_file`, `#di_subprogram1`, ... aliases.
struct TileIRAsmInterface : public OpAsmDialectInterface {
    using OpAsmDialectInterface::OpAsmDialectInterface;

    AliasResult getAlias(Attribute attr, raw_ostream &os) const override
    {
        if (isa<DIFileAttr>(attr))
            os << "di_file";
        else if (isa<DICompileUnitAttr>(attr))
            os << "di_compile_unit";
        else if (isa<DISubprogramAttr>(attr))
            os << "di_subprogram";
        else if (isa<DILexicalBlockAttr>(attr))
            os << "di_lexical_block";
        else
            return AliasResult::NoAlias;
        return AliasResult::OverridableAlias;
    }
};

} // namespace

void CudaTileDialect::initialize()
{
    registerTypes();
    registerAttributes();
    registerOps();
    addInterfaces<TileIRAsmInterface>();
}

Operation *CudaTileDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type,
                                                Location loc)
{
    auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value);
    if (!dense || !isa<TileType>(type) || dense.getType() != type)
        return nullptr;
    return ConstantOp::create(builder, loc, type, dense);
}

} // namespace tileport::tileir
