// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/IrText.h"

#include <mlir/IR/BuiltinAttributes.h>

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/raw_ostream.h>

namespace tileport::tileir::diff {

namespace {

void eraseAll(std::string &s, llvm::StringRef what)
{
    for (size_t pos = s.find(what); pos != std::string::npos; pos = s.find(what, pos))
        s.erase(pos, what.size());
}

// Drops spaces inside square brackets (the printer emits `strides=[?,1]`,
// hand-written input may say `strides=[?, 1]`).
void squeezeBrackets(std::string &s)
{
    std::string out;
    out.reserve(s.size());
    int depth = 0;
    for (char c : s) {
        if (c == '[')
            ++depth;
        else if (c == ']' && depth > 0)
            --depth;
        if (depth > 0 && c == ' ')
            continue;
        out.push_back(c);
    }
    s.swap(out);
}

// Removes `, dim_map=[0,1,...]` when it is the identity permutation.
void dropIdentityDimMap(std::string &s)
{
    static constexpr llvm::StringLiteral key = ", dim_map=[";
    size_t pos = 0;
    while ((pos = s.find(key.data(), pos)) != std::string::npos) {
        const size_t open = pos + key.size();
        const size_t close = s.find(']', open);
        if (close == std::string::npos)
            return;
        llvm::SmallVector<llvm::StringRef> parts;
        llvm::StringRef(s).slice(open, close).split(parts, ',');
        bool identity = true;
        for (size_t i = 0; i < parts.size() && identity; ++i) {
            unsigned v = 0;
            identity = !parts[i].trim().getAsInteger(10, v) && v == i;
        }
        if (identity)
            s.erase(pos, close + 1 - pos);
        else
            pos = close;
    }
}

} // namespace

std::string normalizeTypeText(std::string text)
{
    eraseAll(text, "!cuda_tile.");
    squeezeBrackets(text);
    dropIdentityDimMap(text);
    return text;
}

std::string typeText(mlir::Type type)
{
    if (!type)
        return "<null>";
    std::string s;
    llvm::raw_string_ostream os(s);
    type.print(os);
    return normalizeTypeText(std::move(s));
}

std::string attrText(mlir::Attribute attr)
{
    if (!attr)
        return "<null>";
    std::string s;
    llvm::raw_string_ostream os(s);
    attr.print(os);
    eraseAll(s, "#cuda_tile.");
    eraseAll(s, "!cuda_tile.");
    return s;
}

bool isEmptyAttr(mlir::Attribute attr)
{
    if (!attr)
        return true;
    if (auto dict = llvm::dyn_cast<mlir::DictionaryAttr>(attr))
        return dict.empty();
    if (auto arr = llvm::dyn_cast<mlir::ArrayAttr>(attr))
        return llvm::all_of(arr, [](mlir::Attribute a) { return isEmptyAttr(a); });
    const std::string text = attrText(attr);
    return text == "optimization_hints<>" || text == "{}" || text == "[]";
}

// Types and attributes live in distinct storage, so their opaque pointers
// never collide in one index.
const std::string &TextCache::type(mlir::Type t)
{
    const void *key = t.getAsOpaquePointer();
    if (auto it = index_.find(key); it != index_.end())
        return *it->second;
    texts_.push_back(typeText(t));
    index_[key] = &texts_.back();
    return texts_.back();
}

const std::string &TextCache::attr(mlir::Attribute a)
{
    const void *key = a.getAsOpaquePointer();
    if (auto it = index_.find(key); it != index_.end())
        return *it->second;
    texts_.push_back(attrText(a));
    index_[key] = &texts_.back();
    return texts_.back();
}

} // namespace tileport::tileir::diff
