// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "EntryDoc.h"

#include "DerivedGeneric.h"
#include "TranslationResult.h"

#include <algorithm>

namespace tileport::rust {

namespace {

QString code(const QString &text) { return QLatin1Char('`') + text + QLatin1Char('`'); }

QString codeList(QStringList names)
{
    for (QString &n : names)
        n = code(n);
    return names.join(QStringLiteral(", "));
}

// QHash iterates in no fixed order; the docs must be the same bytes each time.
template<typename T>
QStringList sortedKeys(const QHash<QString, T> &h)
{
    QStringList keys = h.keys();
    std::sort(keys.begin(), keys.end());
    return keys;
}

QStringList genericItems(const EntrySignature &sig)
{
    QStringList out;
    for (const EntrySignature::Generic &g : sig.generics) {
        if (g.isType)
            out << QStringLiteral("%1: the element type of %2.").arg(code(g.name), code(g.dtypeOf));
        else if (g.isDerived())
            out << QStringLiteral("%1: a tile dimension computed from the constants, %2; launch with that value "
                                  "(stable Rust cannot compute it from the other generics).")
                       .arg(code(g.name), code(DerivedGeneric::text(g.derived)));
        else
            out << QStringLiteral("%1: the compile-time constant %2 of the Python kernel.").arg(code(g.name), code(g.constParam));
    }
    return out;
}

QStringList variantLines(const EntrySignature &sig)
{
    QStringList out;
    for (const QString &a : sortedKeys(sig.fixedDtypes))
        out << QStringLiteral("For %1 of dtype %2.").arg(code(a), code(sig.fixedDtypes.value(a)));
    for (const QString &a : sortedKeys(sig.otherThan))
        out << QStringLiteral("For %1 of any dtype but %2 (entries of their own take those).").arg(code(a), codeList(sig.otherThan.value(a)));
    for (const EntrySignature::ConstChoice &c : sig.constChoices)
        out << QStringLiteral("Taken when %1 is %2.").arg(code(c.condition), c.value ? QStringLiteral("true") : QStringLiteral("false"));
    if (sig.storesComputeType)
        out << QStringLiteral("An array is typed `tf32`, which no array holds: no config runs this entry.");
    if (sig.minTarget != QLatin1String("sm_90"))
        out << QStringLiteral("Compiles for %1 and newer.").arg(code(sig.minTarget));
    return out;
}

QStringList parameterItems(const TranslatedKernel &entry)
{
    const EntrySignature &sig = entry.signature;
    QStringList out;
    for (const EntrySignature::Param &p : sig.params) {
        if (p.list)
            out << QStringLiteral("%1, %2: the list %3 as a table, per item its base, shape and strides as `i64` words, "
                                  "and its number of items.")
                       .arg(code(p.name), code(p.name + QStringLiteral("_len")), code(p.name));
        else if (!p.strideOf.isEmpty())
            out << QStringLiteral("%1: the stride of %2 along axis %3 (the host passes the tensor's own).")
                       .arg(code(p.name), code(p.strideOf))
                       .arg(p.strideAxis);
        else if (sig.runtimeFloatConstants.contains(p.name))
            out << QStringLiteral("%1: a float constant of the Python kernel, passed at run time as %2 (no float const generics in Rust).")
                       .arg(code(p.name), code(p.scalarType));
        else if (p.blockOutput)
            out << QStringLiteral("%1: written at the block index, one %2 tile per block.")
                       .arg(code(p.name), code(p.partition.join(QStringLiteral(" x "))));
    }
    if (!entry.unusedParams.isEmpty())
        out << QStringLiteral("Unused by the kernel, so not parameters of the port: %1.").arg(codeList(entry.unusedParams));
    return out;
}

} // namespace

DocComment EntryDoc::of(const TranslatedKernel &entry, const QString &pythonFile, const QString &sidecar,
                        const QList<frontend::KernelConfig> &kernelConfigs, const QList<frontend::KernelConfig> &served)
{
    const EntrySignature &sig = entry.signature;
    DocComment doc;
    doc.paragraph({QStringLiteral("Port of the Python kernel %1 (%2).")
                       .arg(code(entry.pythonName), code(QStringLiteral("%1:%2").arg(pythonFile).arg(entry.defLine)))});
    if (const QStringList g = genericItems(sig); !g.isEmpty())
        doc.list(g, QStringLiteral("Generics"));
    if (const QStringList v = variantLines(sig); !v.isEmpty())
        doc.list(v, QStringLiteral("Variant"));
    if (const QStringList p = parameterItems(entry); !p.isEmpty())
        doc.list(p, QStringLiteral("Parameters"));
    if (!sidecar.isEmpty()) {
        QStringList names;
        for (const frontend::KernelConfig &c : served)
            names << c.name;
        if (!names.isEmpty())
            doc.paragraph({QStringLiteral("Serves %1 of %2.").arg(codeList(names), code(sidecar))}, QStringLiteral("Configs"));
        else if (!kernelConfigs.isEmpty())
            doc.paragraph({QStringLiteral("No config of %1 runs on this entry (another entry of the kernel serves them).").arg(code(sidecar))},
                          QStringLiteral("Configs"));
        else
            doc.paragraph({QStringLiteral("%1 has no config of this kernel.").arg(code(sidecar))}, QStringLiteral("Configs"));
    }
    if (std::any_of(sig.params.cbegin(), sig.params.cend(), [](const EntrySignature::Param &p) { return p.list; }))
        doc.paragraph({QStringLiteral("Each list table must hold its length's rows of the item words above, valid for the launch.")},
                      QStringLiteral("Safety"));
    return doc;
}

} // namespace tileport::rust
