// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Bytecode/Module.h"

#include "OpSpec.h"
#include "tileport/TileIR/Bytecode/Opcodes.h"

namespace tileport::tileir::bc {

std::string_view Instruction::name() const
{
    const auto info = opcodeInfo(opcode);
    return info ? info->name : std::string_view();
}

NamedAttribute FunctionBody::attribute(const Instruction &inst, size_t index) const
{
    using detail::AttrEncoding;
    const AttributeSlot &s = attributeSlots[inst.attributes + index];
    const detail::OpSpec *spec = detail::findOpSpec(inst.opcode);
    if (!spec || s.slot >= spec->attrs.size()) // only for pools not filled by the reader
        return {};
    const detail::AttrSpec &a = spec->attrs[s.slot];
    NamedAttribute out{a.key, {}};
    switch (a.encoding) {
    case AttrEncoding::Enum: out.value.value = EnumAttr{a.enumKind, s.value}; break;
    case AttrEncoding::Int32: out.value.value = IntegerAttr{s.value, std::nullopt}; break;
    case AttrEncoding::Bool: out.value.value = BoolAttr{s.value != 0}; break;
    case AttrEncoding::Dense:
        out.value.value = DenseAttr{s.value, inst.resultCount ? words[inst.words] : 0};
        break;
    case AttrEncoding::Unit: out.value.value = UnitAttr{}; break;
    case AttrEncoding::Int64:
    case AttrEncoding::String:
    case AttrEncoding::Hints:
    case AttrEncoding::Tagged:
    case AttrEncoding::TaggedArray:
    case AttrEncoding::I32Array:
    case AttrEncoding::BoolArray: out.value = richAttributes[s.value]; break;
    }
    return out;
}

std::optional<Attribute> FunctionBody::attribute(const Instruction &inst, std::string_view attrName) const
{
    const detail::OpSpec *spec = detail::findOpSpec(inst.opcode);
    for (size_t i = 0; spec && i < inst.attributeCount; ++i) {
        const uint8_t slot = attributeSlots[inst.attributes + i].slot;
        if (slot < spec->attrs.size() && spec->attrs[slot].key == attrName)
            return attribute(inst, i).value;
    }
    return std::nullopt;
}

const Function *Module::function(std::string_view name) const
{
    for (const Function &f : functions)
        if (f.name == name)
            return &f;
    return nullptr;
}

} // namespace tileport::tileir::bc
