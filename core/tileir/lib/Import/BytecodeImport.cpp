// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Import/BytecodeImport.h"

#include "AttributeImporter.h"
#include "TypeImporter.h"

#include "tileport/TileIR/Bytecode/Reader.h"
#include "tileport/TileIR/TileIRDialect.h"

#include <mlir/IR/Builders.h>
#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/IR/Diagnostics.h>
#include <mlir/IR/Verifier.h>

#include <llvm/ADT/DenseMap.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <thread>
#include <unordered_map>

namespace tileport::tileir {

namespace {

std::string hex(uint64_t v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// Builds the dialect ops for one module; value ids follow the bytecode's
// scoped numbering, so the id -> value map is simply overwritten as ids are
// reused by later scopes.
class Importer
{
public:
    Importer(const bc::Module &m, mlir::MLIRContext &ctx)
        : m_module(m)
        , m_ctx(ctx)
        , m_types(m, ctx)
        , m_attrs(m, ctx, m_types)
    {
    }

    ImportResult run();

private:
    mlir::Location location(const bc::Location &loc)
    {
        if (!loc.known())
            return mlir::UnknownLoc::get(&m_ctx);
        return mlir::FileLineColLoc::get(&m_ctx, llvm::StringRef(loc.file.data(), loc.file.size()), unsigned(loc.line),
                                         unsigned(loc.column));
    }
    bool fail(uint64_t offset, const std::string &what)
    {
        if (m_error.empty())
            m_error = "offset " + std::to_string(offset) + ": " + what;
        return false;
    }
    bool bindValue(uint32_t id, mlir::Value v)
    {
        if (id >= m_values.size())
            m_values.resize(id + 1);
        m_values[id] = v;
        return true;
    }
    // The op's name, looked up once per opcode rather than once per op.
    mlir::OperationName operationName(const bc::Instruction &inst)
    {
        auto it = m_names.find(inst.opcode);
        if (it == m_names.end()) {
            const mlir::OperationName name("cuda_tile." + std::string(inst.name()), &m_ctx);
            it = m_names.emplace(inst.opcode, name).first;
        }
        return it->second;
    }
    // Instruction locations, converted once per Module::locations entry.
    mlir::Location instructionLocation(uint32_t index)
    {
        if (m_locations.empty())
            m_locations.resize(m_module.locations.size());
        std::optional<mlir::Location> &loc = m_locations[index];
        if (!loc)
            loc = location(m_module.locations[index]);
        return *loc;
    }
    bool fillBlock(mlir::Block &block, const bc::Block &src, uint64_t offset);
    mlir::Operation *build(const bc::Instruction &inst);

    const bc::Module &m_module;
    mlir::MLIRContext &m_ctx;
    TypeImporter m_types;
    AttributeImporter m_attrs;
    std::vector<mlir::Value> m_values;
    const bc::FunctionBody *m_body = nullptr; // of the function being imported
    std::unordered_map<uint32_t, mlir::OperationName> m_names;
    std::vector<std::optional<mlir::Location>> m_locations;
    llvm::DenseMap<mlir::Operation *, uint64_t> m_offsets;
    std::string m_error;
};

bool Importer::fillBlock(mlir::Block &block, const bc::Block &src, uint64_t offset)
{
    const auto types = m_body->argumentTypes(src);
    const auto ids = m_body->arguments(src);
    for (size_t i = 0; i < types.size(); ++i) {
        mlir::Type t = m_types.get(types[i]);
        if (!t)
            return fail(offset, m_types.error());
        bindValue(ids[i], block.addArgument(t, mlir::UnknownLoc::get(&m_ctx)));
    }
    for (const bc::Instruction &inst : m_body->instructions(src)) {
        mlir::Operation *op = build(inst);
        if (!op)
            return false;
        block.push_back(op);
    }
    return true;
}

mlir::Operation *Importer::build(const bc::Instruction &inst)
{
    const bc::FunctionBody &body = *m_body;
    mlir::OperationState state(instructionLocation(inst.location), operationName(inst));
    if (!state.name.isRegistered()) {
        fail(inst.offset, "opcode 0x" + hex(inst.opcode).substr(2) + " (" + std::string(inst.name()) +
                              ") is not an op of the dialect");
        return nullptr;
    }
    for (uint32_t t : body.resultTypes(inst)) {
        mlir::Type ty = m_types.get(t);
        if (!ty) {
            fail(inst.offset, m_types.error());
            return nullptr;
        }
        state.types.push_back(ty);
    }
    for (uint32_t id : body.operands(inst)) {
        if (id >= m_values.size() || !m_values[id]) {
            fail(inst.offset, "operand %" + std::to_string(id) + " is not defined here");
            return nullptr;
        }
        state.operands.push_back(m_values[id]);
    }
    for (size_t i = 0; i < inst.attributeCount; ++i) {
        const bc::NamedAttribute a = body.attribute(inst, i);
        // All-false inbounds is what files before 13.4 imply: left out, a
        // 13.4 file reads as the same IR as its 13.3 twin.
        if (const auto *flags = a.value.get<bc::BoolArrayAttr>();
            flags && std::find(flags->values.begin(), flags->values.end(), true) == flags->values.end())
            continue;
        mlir::Attribute attr;
        if (const auto *d = a.value.get<bc::DenseAttr>(); d && !state.types.empty())
            attr = m_attrs.dense(d->constant, state.types.front()); // typed by the op's result
        else
            attr = m_attrs.get(inst.name(), a.name, a.value);
        if (!attr) {
            fail(inst.offset, std::string(a.name) + ": " + m_attrs.error());
            return nullptr;
        }
        state.addAttribute(llvm::StringRef(a.name.data(), a.name.size()), attr);
    }
    if (const auto segments = body.operandSegments(inst); !segments.empty()) {
        const llvm::ArrayRef<int32_t> sizes(segments.data(), segments.size());
        state.addAttribute("operandSegmentSizes", mlir::DenseI32ArrayAttr::get(&m_ctx, sizes));
    }
    for (const bc::Region &r : body.regions(inst)) {
        mlir::Region *region = state.addRegion();
        for (const bc::Block &b : body.blocks(r)) {
            auto *block = new mlir::Block();
            region->push_back(block);
            if (!fillBlock(*block, b, inst.offset))
                return nullptr;
        }
    }
    mlir::Operation *op = mlir::Operation::create(state);
    m_offsets[op] = inst.offset;
    const auto results = inst.results();
    for (size_t i = 0; i < results.size() && i < op->getNumResults(); ++i)
        bindValue(results[i], op->getResult(unsigned(i)));
    return op;
}

ImportResult Importer::run()
{
    ImportResult result;
    mlir::OpBuilder b(&m_ctx);
    m_ctx.getOrLoadDialect<CudaTileDialect>();

    mlir::OperationState modState(mlir::UnknownLoc::get(&m_ctx), "cuda_tile.module");
    modState.addAttribute("sym_name", b.getStringAttr("kernels"));
    if (m_module.producer)
        modState.addAttribute("producer", b.getStringAttr(llvm::StringRef(m_module.producer->data(), m_module.producer->size())));
    mlir::Region *modRegion = modState.addRegion();
    auto *modBlock = new mlir::Block();
    modRegion->push_back(modBlock);
    mlir::OwningOpRef<mlir::Operation *> module(mlir::Operation::create(modState));

    for (const bc::Global &g : m_module.globals) {
        mlir::Type t = m_types.get(g.type);
        mlir::Attribute value = t ? m_attrs.dense(g.constant, t) : mlir::Attribute();
        if (!value) {
            fail(g.offset, !m_types.error().empty() ? m_types.error() : m_attrs.error());
            result.error = m_error;
            return result;
        }
        mlir::OperationState gs(mlir::UnknownLoc::get(&m_ctx), "cuda_tile.global");
        gs.addAttribute("sym_name", b.getStringAttr(llvm::StringRef(g.name.data(), g.name.size())));
        gs.addAttribute("value", value);
        gs.addAttribute("alignment", b.getI64IntegerAttr(int64_t(g.alignment)));
        if (g.isConstant)
            gs.addAttribute("constant", b.getUnitAttr());
        if (g.isPrivate)
            gs.addAttribute("symbol_visibility", m_attrs.get("global", "symbol_visibility",
                                                             bc::Attribute{bc::EnumAttr{bc::EnumKind::SymbolVisibility, 1}}));
        mlir::Operation *op = mlir::Operation::create(gs);
        m_offsets[op] = g.offset;
        modBlock->push_back(op);
    }

    for (const bc::Function &f : m_module.functions) {
        auto fnType = mlir::dyn_cast_or_null<mlir::FunctionType>(m_types.get(f.signature));
        if (!fnType) {
            fail(f.offset, "function signature is not a function type");
            result.error = m_error;
            return result;
        }
        mlir::OperationState es(location(f.location), "cuda_tile.entry");
        es.addAttribute("sym_name", b.getStringAttr(llvm::StringRef(f.name.data(), f.name.size())));
        es.addAttribute("function_type", mlir::TypeAttr::get(fnType));
        if (f.hints) {
            mlir::Attribute hints = m_attrs.get("entry", "optimization_hints", bc::Attribute{*f.hints});
            if (!hints) {
                fail(f.offset, m_attrs.error());
                result.error = m_error;
                return result;
            }
            es.addAttribute("optimization_hints", hints);
        }
        mlir::Region *region = es.addRegion();
        auto *block = new mlir::Block();
        region->push_back(block);
        m_values.clear();
        for (unsigned i = 0; i < fnType.getNumInputs(); ++i)
            bindValue(i, block->addArgument(fnType.getInput(i), location(f.location)));
        bool ok = true;
        m_body = &f.body;
        for (const bc::Instruction &inst : f.body.instructions(f.body.entry())) {
            mlir::Operation *op = build(inst);
            if (!op) {
                ok = false;
                break;
            }
            block->push_back(op);
        }
        mlir::Operation *entry = mlir::Operation::create(es);
        m_offsets[entry] = f.offset;
        modBlock->push_back(entry);
        if (!ok) {
            result.error = m_error;
            return result;
        }
    }

    // Verify op by op so that a failure can name the instruction's offset.
    // Only this thread's diagnostics: another module may be loading on the
    // same context at the same time.
    std::string diag;
    const std::thread::id self = std::this_thread::get_id();
    mlir::ScopedDiagnosticHandler capture(&m_ctx, [&](mlir::Diagnostic &d) {
        if (std::this_thread::get_id() != self)
            return mlir::failure();
        if (diag.empty())
            diag = d.str();
        return mlir::success();
    });
    uint64_t badOffset = 0;
    module->walk([&](mlir::Operation *op) {
        if (!diag.empty())
            return mlir::WalkResult::interrupt();
        if (mlir::failed(mlir::verify(op, /*verifyRecursively=*/false))) {
            badOffset = m_offsets.lookup(op);
            return mlir::WalkResult::interrupt();
        }
        return mlir::WalkResult::advance();
    });
    if (!diag.empty()) {
        result.error = "offset " + std::to_string(badOffset) + ": the decoded module does not verify: " + diag;
        return result;
    }
    result.module = std::move(module);
    return result;
}

} // namespace

ImportResult importBytecode(const bc::Module &module, mlir::MLIRContext &ctx)
{
    return Importer(module, ctx).run();
}

ImportResult importBytecode(std::span<const uint8_t> bytes, mlir::MLIRContext &ctx)
{
    bc::ReadResult read = bc::readModule(bytes);
    if (!read.ok()) {
        ImportResult r;
        r.error = read.error.str();
        return r;
    }
    return importBytecode(*read.module, ctx);
}

ImportResult importBytecodeFile(const std::string &path, mlir::MLIRContext &ctx)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        ImportResult r;
        r.error = path + ": cannot open";
        return r;
    }
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ImportResult r = importBytecode(std::span<const uint8_t>(bytes), ctx);
    if (!r.ok())
        r.error = path + ": " + r.error;
    return r;
}

} // namespace tileport::tileir
