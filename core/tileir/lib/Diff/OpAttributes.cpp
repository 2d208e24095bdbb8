// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/OpAttributes.h"

#include "tileport/TileIR/Diff/IrText.h"
#include "tileport/TileIR/Diff/OpTable.h"

#include <mlir/IR/BuiltinAttributes.h>

namespace tileport::tileir::diff {

namespace {

mlir::DictionaryAttr unregisteredProperties(mlir::Operation *op)
{
    if (op->isRegistered() || op->getPropertiesStorageSize() == 0)
        return {};
    return llvm::dyn_cast_or_null<mlir::DictionaryAttr>(op->getPropertiesAsAttribute());
}

// No properties are stored as a null attribute: an empty `<{}>` would make
// two otherwise equal ops compare unequal.
mlir::Attribute propertiesOf(mlir::MLIRContext *ctx, llvm::ArrayRef<mlir::NamedAttribute> attrs)
{
    if (attrs.empty())
        return {};
    return mlir::DictionaryAttr::get(ctx, attrs);
}

} // namespace

llvm::SmallVector<mlir::NamedAttribute> allAttributes(mlir::Operation *op)
{
    llvm::SmallVector<mlir::NamedAttribute> out(op->getAttrs().begin(), op->getAttrs().end());
    if (auto props = unregisteredProperties(op)) {
        for (const mlir::NamedAttribute &p : props)
            if (!op->getDiscardableAttr(p.getName()))
                out.push_back(p);
    }
    llvm::sort(out, [](const mlir::NamedAttribute &a, const mlir::NamedAttribute &b) {
        return a.getName().strref() < b.getName().strref();
    });
    return out;
}

mlir::Attribute findAttribute(mlir::Operation *op, llvm::StringRef name)
{
    if (mlir::Attribute a = op->getAttr(name))
        return a;
    if (auto props = unregisteredProperties(op))
        return props.get(name);
    return {};
}

bool isDefaultValued(mlir::Operation *op, mlir::NamedAttribute attr, TextCache &texts)
{
    const OpInfo *info = lookupOp(op);
    if (!info)
        return false;
    for (const AttrDefault &d : info->defaults) {
        if (attr.getName().strref() != d.name)
            continue;
        if (d.value == "<empty>")
            return isEmptyAttr(attr.getValue());
        return texts.attr(attr.getValue()) == d.value;
    }
    return false;
}

llvm::SmallVector<mlir::NamedAttribute> comparableAttributes(mlir::Operation *op, TextCache &texts)
{
    const llvm::StringRef mnemonic = mnemonicOf(op);
    llvm::SmallVector<mlir::NamedAttribute> out;
    for (const mlir::NamedAttribute &a : allAttributes(op)) {
        if (isIgnoredAttribute(mnemonic, a.getName().strref()) || isDefaultValued(op, a, texts))
            continue;
        out.push_back(a);
    }
    return out;
}

bool removeAttribute(mlir::Operation *op, llvm::StringRef name)
{
    if (op->removeDiscardableAttr(name))
        return true;
    if (auto props = unregisteredProperties(op)) {
        if (!props.get(name))
            return false;
        llvm::SmallVector<mlir::NamedAttribute> kept;
        for (const mlir::NamedAttribute &a : props)
            if (a.getName().strref() != name)
                kept.push_back(a);
        return mlir::succeeded(op->setPropertiesFromAttribute(propertiesOf(op->getContext(), kept), nullptr));
    }
    if (op->isRegistered()) {
        const std::optional<mlir::Attribute> inherent = op->getInherentAttr(name);
        if (inherent && *inherent) {
            op->setInherentAttr(mlir::StringAttr::get(op->getContext(), name), mlir::Attribute());
            return true;
        }
    }
    return false;
}

unsigned dropDefaultAttributes(mlir::Operation *op, TextCache &texts)
{
    if (!lookupOp(op))
        return 0;
    unsigned dropped = 0;
    for (const mlir::NamedAttribute &a : llvm::to_vector(op->getDiscardableAttrs())) {
        if (isDefaultValued(op, a, texts)) {
            op->removeDiscardableAttr(a.getName());
            ++dropped;
        }
    }
    if (auto props = unregisteredProperties(op)) {
        llvm::SmallVector<mlir::NamedAttribute> kept;
        for (const mlir::NamedAttribute &a : props) {
            if (isDefaultValued(op, a, texts))
                ++dropped;
            else
                kept.push_back(a);
        }
        if (kept.size() != props.size() || kept.empty())
            (void)op->setPropertiesFromAttribute(propertiesOf(op->getContext(), kept), nullptr);
    }
    // A registered op keeps its inherent attributes: whether one may be unset
    // is the dialect's business (a required attribute cannot be), and its
    // printer already omits default values. comparableAttributes() filters
    // them when comparing.
    return dropped;
}

} // namespace tileport::tileir::diff
