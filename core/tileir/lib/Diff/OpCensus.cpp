// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/OpCensus.h"

#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/IrText.h"
#include "tileport/TileIR/Diff/OpAttributes.h"
#include "tileport/TileIR/Diff/OpTable.h"
#include "tileport/TileIR/Diff/TypeFacts.h"

#include <mlir/IR/BuiltinOps.h>

#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <cctype>

#include <cstdlib>

namespace tileport::tileir::diff {

namespace {

bool isIdentChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '"';
}

// `div_by<N>` (any trailing arguments) on a pointer to `element`
// ("ptr<f32>"), where N divides the element's byte size.
bool impliedByPointee(const std::string &predicate, const std::string &element)
{
    static const std::pair<const char *, int> sizes[] = {
        {"i8", 1}, {"i16", 2}, {"f16", 2}, {"bf16", 2}, {"i32", 4}, {"f32", 4}, {"tf32", 4}, {"i64", 8}, {"f64", 8}};
    const size_t lt = predicate.find('<');
    if (lt == std::string::npos || predicate.compare(0, lt, "div_by") != 0)
        return false;
    const long n = std::strtol(predicate.c_str() + lt + 1, nullptr, 10);
    std::string pointee = element;
    if (pointee.rfind("ptr<", 0) == 0 && pointee.back() == '>')
        pointee = pointee.substr(4, pointee.size() - 5);
    for (const auto &[name, bytes] : sizes)
        if (pointee == name)
            return n > 0 && bytes % n == 0;
    return false;
}

} // namespace

std::vector<HintEntry> parseHints(const std::string &text)
{
    // Scan "name = {" (an arch) and "name = value" inside braces.
    std::vector<HintEntry> out;
    std::vector<std::string> archStack;
    size_t i = 0;
    const size_t n = text.size();
    while (i < n) {
        if (text[i] == '}') {
            if (!archStack.empty())
                archStack.pop_back();
            ++i;
            continue;
        }
        if (!isIdentChar(text[i])) {
            ++i;
            continue;
        }
        size_t start = i;
        while (i < n && isIdentChar(text[i]))
            ++i;
        std::string name = text.substr(start, i - start);
        name.erase(std::remove(name.begin(), name.end(), '"'), name.end());
        size_t j = i;
        while (j < n && text[j] == ' ')
            ++j;
        if (j >= n || text[j] != '=')
            continue;
        ++j;
        while (j < n && text[j] == ' ')
            ++j;
        if (j < n && text[j] == '{') {
            archStack.push_back(name);
            i = j + 1;
            continue;
        }
        size_t end = j;
        while (end < n && text[end] != ',' && text[end] != '}' && text[end] != '>')
            ++end;
        std::string value = llvm::StringRef(text).slice(j, end).trim().str();
        if (const size_t colon = value.find(" : "); colon != std::string::npos)
            value.resize(colon); // "2 : i32" -> "2"
        if (!archStack.empty())
            out.push_back({archStack.back(), name, value});
        i = end;
    }
    return out;
}

OpCensus OpCensus::of(mlir::Operation *root, TextCache &texts)
{
    OpCensus c;
    // Types are uniqued: read each one's facts once.
    llvm::DenseMap<const void *, size_t> factIndex;
    std::vector<TypeFacts> facts;
    auto factsOf = [&](mlir::Type t) -> const TypeFacts & {
        auto [it, fresh] = factIndex.try_emplace(t.getAsOpaquePointer(), facts.size());
        if (fresh) {
            facts.push_back(TypeFacts::parse(texts.type(t)));
            const TypeFacts &f = facts.back();
            if (f.kind == TypeFacts::Kind::Tile)
                c.tileShapes.insert(f.shapeText());
            if (f.isTileLike())
                c.elementTypes.insert(f.element);
        }
        return facts[it->second];
    };
    // View layouts are counted per value, like the op text diff_ir.sh greps.
    auto noteValue = [&](mlir::Type t) {
        for (const std::string &part : factsOf(t).layout)
            c.layouts.insert(part);
    };
    llvm::DenseMap<const void *, std::vector<mlir::Operation *>> byName;

    root->walk([&](mlir::Operation *op) {
        const OpInfo *info = lookupOp(op);
        if (llvm::isa<mlir::ModuleOp>(op) || (info && info->has(ModuleOp)))
            return;
        byName[op->getName().getAsOpaquePointer()].push_back(op);
        ++c.totalOps;
        for (mlir::Value r : op->getResults())
            noteValue(r.getType());
        for (mlir::Region &region : op->getRegions())
            for (mlir::Block &block : region)
                for (mlir::BlockArgument arg : block.getArguments())
                    noteValue(arg.getType());
        if (!info)
            return;
        const std::string kind = mnemonicOf(op).str();

        if (info->has(Reduce)) {
            std::string key = kind;
            if (mlir::Attribute dim = findAttribute(op, "dim"))
                key += " dim=" + texts.attr(dim);
            if (mlir::Attribute ids = findAttribute(op, "identities"))
                key += " " + texts.attr(ids);
            c.reduceIdentities.insert(key);
        }
        if (info->has(Mma) && op->getNumOperands() > 2)
            c.mmaAccumulators.insert(kind + " " + texts.type(op->getOperand(2).getType()));
        if (findAttribute(op, "flush_to_zero"))
            c.flushToZero[kind].push_back(op);
        for (const char *name : {"rounding_mode", "rounding"}) {
            mlir::Attribute a = findAttribute(op, name);
            if (!a || isDefaultValued(op, mlir::NamedAttribute(mlir::StringAttr::get(op->getContext(), name), a), texts))
                continue;
            c.explicitRounding[kind].push_back(op);
            if (llvm::StringRef(texts.attr(a)).contains("approx"))
                c.approx[kind].push_back(op);
        }
        if (mlir::Attribute hints = findAttribute(op, "optimization_hints")) {
            for (const HintEntry &h : parseHints(texts.attr(hints))) {
                if (info->has(Function)) {
                    const std::string key = h.arch + "|" + h.key;
                    c.entryHints[key].insert(h.value);
                    c.entryHintOps[key].push_back(op);
                } else if (h.key == "allow_tma") {
                    (h.value == "true" ? c.allowTmaTrue : c.allowTmaFalse).push_back(op);
                } else if (h.key == "latency") {
                    c.latencies.insert(kind + " " + h.arch + " latency=" + h.value);
                }
            }
        }
        if (info->has(Assume) && op->getNumOperands() == 1) {
            mlir::Attribute pred = findAttribute(op, "predicate");
            if (pred && llvm::StringRef(texts.attr(pred)).starts_with("div_by")) {
                const TypeFacts &f = factsOf(op->getOperand(0).getType());
                if (f.pointerElement || f.kind == TypeFacts::Kind::Pointer) {
                    // div_by<N> on a ptr<T> with N dividing sizeof(T) says
                    // nothing the pointer type does not: no alignment fact.
                    // A one-element pointer tile computed in the kernel (not
                    // an entry argument) is one scalar access: its alignment
                    // gives no vector width.
                    bool oneElement = true;
                    for (int64_t d : f.shape)
                        oneElement = oneElement && d == 1;
                    const bool lane = oneElement && !llvm::isa<mlir::BlockArgument>(op->getOperand(0));
                    if (!impliedByPointee(texts.attr(pred), f.element))
                        (lane ? c.laneDivBy : c.pointerDivBy).push_back(op);
                }
                else if (f.isScalarNumber()) {
                    c.scalarDivBy.push_back(op);
                    unsigned long long n = 0;
                    llvm::StringRef text(texts.attr(pred));
                    text = text.drop_front(text.find('<') + 1);
                    if (!text.consumeInteger(10, n) && n >= 16)
                        ++c.scalarDivBy16;
                }
            }
        }
        if (info->has(PointerMemory) && (kind == "load_ptr_tko" || kind == "store_ptr_tko"))
            c.pointerMemoryOps.push_back(op);
        if (kind == "divi" || kind == "remi") {
            for (mlir::Value v : op->getOperands()) {
                const OpInfo *def = v.getDefiningOp() ? lookupOp(v.getDefiningOp()) : nullptr;
                if (def && def->has(BlockId)) {
                    c.blockSwizzle.push_back(op);
                    break;
                }
            }
        }
    });
    for (auto &[name, ops] : byName) {
        const std::string kind = mnemonicOf(ops.front()).str();
        c.counts[kind] = ops.size();
        c.opsByKind[kind] = std::move(ops);
    }
    return c;
}

} // namespace tileport::tileir::diff
