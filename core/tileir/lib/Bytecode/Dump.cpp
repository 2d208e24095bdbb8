// SPDX-License-Identifier: MIT
#include "ValueFormat.h"
#include "tileport/TileIR/Bytecode/Dump.h"

#include <cstdio>

namespace tileport::tileir::bc {

namespace {

class Dumper
{
public:
    Dumper(const Module &m, const DumpOptions &o)
        : m_module(m)
        , m_options(o)
    {
    }

    std::string run()
    {
        m_out = "tileir " + m_module.version.str();
        if (m_module.producer)
            m_out += " producer \"" + std::string(*m_module.producer) + "\"";
        m_out += "\n";
        for (const Global &g : m_module.globals) {
            m_out += "global " + std::string(g.isPrivate ? "private " : "") + (g.isConstant ? "constant " : "") + "@" +
                     std::string(g.name);
            if (g.alignment)
                m_out += " alignment = " + std::to_string(g.alignment);
            m_out += " " + detail::formatDense(m_module, g.constant, g.type) + " : " + typeToString(m_module, g.type) +
                     "\n";
        }
        for (const Function &f : m_module.functions)
            function(f);
        return std::move(m_out);
    }

private:
    void function(const Function &f)
    {
        m_out += std::string(f.kernel ? "entry" : "func") + " @" + std::string(f.name) + "(";
        for (size_t i = 0; i < f.body.arguments.size(); ++i)
            m_out += (i ? ", " : "") + value(f.body.arguments[i]) + ": " +
                     typeToString(m_module, f.body.argumentTypes[i]);
        m_out += ")";
        if (f.hints)
            m_out += " optimization_hints=" + attributeToString(m_module, Attribute{*f.hints});
        location(f.location);
        m_out += "\n";
        for (const Instruction &inst : f.body.instructions)
            instruction(inst, 1);
    }

    static std::string value(uint32_t id) { return "%" + std::to_string(id); }

    void location(const Location &loc)
    {
        if (m_options.locations && loc.known())
            m_out += "  loc(" + std::string(loc.file) + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column) + ")";
    }

    void instruction(const Instruction &inst, unsigned indent)
    {
        m_out.append(2 * indent, ' ');
        for (size_t i = 0; i < inst.results.size(); ++i)
            m_out += (i ? ", " : "") + value(inst.results[i]);
        if (!inst.results.empty())
            m_out += " = ";
        m_out += inst.name;
        for (size_t i = 0; i < inst.operands.size(); ++i)
            m_out += (i ? ", " : " ") + value(inst.operands[i]);
        if (!inst.attributes.empty() || !inst.operandSegments.empty()) {
            m_out += " {";
            for (size_t i = 0; i < inst.attributes.size(); ++i) {
                const NamedAttribute &a = inst.attributes[i];
                m_out += (i ? ", " : "");
                m_out += a.name;
                if (!a.value.get<UnitAttr>())
                    m_out += " = " + attributeToString(m_module, a.value);
            }
            if (!inst.operandSegments.empty()) {
                m_out += inst.attributes.empty() ? "operandSegmentSizes = [" : ", operandSegmentSizes = [";
                for (size_t i = 0; i < inst.operandSegments.size(); ++i)
                    m_out += (i ? ", " : "") + std::to_string(inst.operandSegments[i]);
                m_out += "]";
            }
            m_out += "}";
        }
        if (!inst.resultTypes.empty()) {
            m_out += " : ";
            for (size_t i = 0; i < inst.resultTypes.size(); ++i)
                m_out += (i ? ", " : "") + typeToString(m_module, inst.resultTypes[i]);
        }
        if (m_options.offsets) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "  @0x%llx", static_cast<unsigned long long>(inst.offset));
            m_out += buf;
        }
        location(inst.location);
        for (const Region &r : inst.regions) {
            m_out += " {";
            for (const Block &b : r.blocks) {
                m_out += "\n";
                if (!b.arguments.empty()) {
                    m_out.append(2 * indent + 2, ' ');
                    m_out += "(";
                    for (size_t i = 0; i < b.arguments.size(); ++i)
                        m_out += (i ? ", " : "") + value(b.arguments[i]) + ": " +
                                 typeToString(m_module, b.argumentTypes[i]);
                    m_out += "):\n";
                }
                for (const Instruction &inner : b.instructions)
                    instruction(inner, indent + 1);
                m_out.append(2 * indent, ' ');
            }
            m_out += "}";
        }
        m_out += "\n";
    }

    const Module &m_module;
    const DumpOptions &m_options;
    std::string m_out;
};

} // namespace

std::string dump(const Module &module, const DumpOptions &options)
{
    return Dumper(module, options).run();
}

} // namespace tileport::tileir::bc
