// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
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
        const FunctionBody &body = f.body;
        const Block &entry = body.entry();
        m_out += std::string(f.kernel ? "entry" : "func") + " @" + std::string(f.name) + "(";
        const auto args = body.arguments(entry);
        const auto argTypes = body.argumentTypes(entry);
        for (size_t i = 0; i < args.size(); ++i)
            m_out += (i ? ", " : "") + value(args[i]) + ": " + typeToString(m_module, argTypes[i]);
        m_out += ")";
        if (f.hints)
            m_out += " optimization_hints=" + attributeToString(m_module, Attribute{*f.hints});
        location(f.location);
        m_out += "\n";
        for (const Instruction &inst : body.instructions(entry))
            instruction(body, inst, 1);
    }

    static std::string value(uint32_t id) { return "%" + std::to_string(id); }

    void location(const Location &loc)
    {
        if (m_options.locations && loc.known())
            m_out += "  loc(" + std::string(loc.file) + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column) + ")";
    }

    void instruction(const FunctionBody &body, const Instruction &inst, unsigned indent)
    {
        m_out.append(2 * indent, ' ');
        const auto results = inst.results();
        for (size_t i = 0; i < results.size(); ++i)
            m_out += (i ? ", " : "") + value(results[i]);
        if (!results.empty())
            m_out += " = ";
        m_out += inst.name();
        const auto operands = body.operands(inst);
        for (size_t i = 0; i < operands.size(); ++i)
            m_out += (i ? ", " : " ") + value(operands[i]);
        const auto segments = body.operandSegments(inst);
        if (inst.attributeCount != 0 || !segments.empty()) {
            m_out += " {";
            for (size_t i = 0; i < inst.attributeCount; ++i) {
                const NamedAttribute a = body.attribute(inst, i);
                m_out += (i ? ", " : "");
                m_out += a.name;
                if (!a.value.get<UnitAttr>())
                    m_out += " = " + attributeToString(m_module, a.value);
            }
            if (!segments.empty()) {
                m_out += inst.attributeCount == 0 ? "operandSegmentSizes = [" : ", operandSegmentSizes = [";
                for (size_t i = 0; i < segments.size(); ++i)
                    m_out += (i ? ", " : "") + std::to_string(segments[i]);
                m_out += "]";
            }
            m_out += "}";
        }
        const auto resultTypes = body.resultTypes(inst);
        if (!resultTypes.empty()) {
            m_out += " : ";
            for (size_t i = 0; i < resultTypes.size(); ++i)
                m_out += (i ? ", " : "") + typeToString(m_module, resultTypes[i]);
        }
        if (m_options.offsets) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "  @0x%llx", static_cast<unsigned long long>(inst.offset));
            m_out += buf;
        }
        location(m_module.location(inst));
        for (const Region &r : body.regions(inst)) {
            m_out += " {";
            for (const Block &b : body.blocks(r)) {
                m_out += "\n";
                const auto args = body.arguments(b);
                if (!args.empty()) {
                    const auto argTypes = body.argumentTypes(b);
                    m_out.append(2 * indent + 2, ' ');
                    m_out += "(";
                    for (size_t i = 0; i < args.size(); ++i)
                        m_out += (i ? ", " : "") + value(args[i]) + ": " + typeToString(m_module, argTypes[i]);
                    m_out += "):\n";
                }
                for (const Instruction &inner : body.instructions(b))
                    instruction(body, inner, indent + 1);
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
