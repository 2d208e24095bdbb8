// SPDX-License-Identifier: MIT
#include "tileport/TileIR/Bytecode/Module.h"

namespace tileport::tileir::bc {

const Attribute *Instruction::attribute(std::string_view attrName) const
{
    for (const NamedAttribute &a : attributes)
        if (a.name == attrName)
            return &a.value;
    return nullptr;
}

const Function *Module::function(std::string_view name) const
{
    for (const Function &f : functions)
        if (f.name == name)
            return &f;
    return nullptr;
}

} // namespace tileport::tileir::bc
