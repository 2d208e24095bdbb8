// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "HostEntry.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace tileport::rust {

bool HostEntry::hasBlockOutput() const
{
    for (const Param &p : params)
        if (p.blockOutput)
            return true;
    return false;
}

int HostEntry::tensorIndex(const QString &name) const
{
    int i = 0;
    for (const Param &p : params) {
        if (!p.tensor)
            continue;
        if (p.name == name)
            return i;
        ++i;
    }
    return -1;
}

QJsonObject HostEntry::toJson() const
{
    QJsonArray ps;
    for (const Param &p : params) {
        QJsonObject o{{"name", p.name}, {"kind", p.tensor ? "tensor" : (p.strideOf.isEmpty() ? "scalar" : "stride")}};
        if (p.tensor) {
            o.insert(QStringLiteral("element"), p.element);
            o.insert(QStringLiteral("rank"), p.rank);
            o.insert(QStringLiteral("block_output"), p.blockOutput);
            if (p.blockOutput)
                o.insert(QStringLiteral("partition"), QJsonArray::fromStringList(p.partition));
        } else {
            o.insert(QStringLiteral("type"), p.scalarType);
            if (!p.strideOf.isEmpty())
                o.insert(QStringLiteral("stride_of"), QJsonObject{{"array", p.strideOf}, {"axis", p.strideAxis}});
        }
        ps.append(o);
    }
    QJsonObject o = signature.toJson();
    o.insert(QStringLiteral("symbol"), symbol());
    o.insert(QStringLiteral("module"), module);
    o.insert(QStringLiteral("params"), ps);
    return o;
}

bool HostEntry::fromKernel(const TranslatedKernel &kernel, const QString &module, HostEntry *out, QString *error)
{
    static const QRegularExpression head(QStringLiteral("^\\s*pub fn (\\w+)<.*>\\($"));
    static const QRegularExpression tensorRe(
        QStringLiteral("^\\s*(\\w+): &(mut )?Tensor<(\\w+), \\{ \\[([^\\]]*)\\] \\}>,$"));
    static const QRegularExpression scalarRe(QStringLiteral("^\\s*(\\w+): (f32|f64|i32|i64),$"));
    HostEntry e;
    e.signature = kernel.signature;
    e.module = module;
    bool inHeader = false, closed = false;
    for (const RustLine &l : kernel.lines) {
        if (!inHeader) {
            const auto m = head.match(l.text);
            inHeader = m.hasMatch() && m.captured(1) == kernel.signature.entry;
            continue;
        }
        if (l.text.trimmed() == QLatin1String(") {")) {
            closed = true;
            break;
        }
        Param p;
        if (const auto t = tensorRe.match(l.text); t.hasMatch()) {
            p.name = t.captured(1);
            p.tensor = true;
            p.blockOutput = !t.captured(2).isEmpty();
            p.element = t.captured(3);
            const QStringList dims = t.captured(4).split(QStringLiteral(", "), Qt::SkipEmptyParts);
            p.rank = int(dims.size());
            if (p.blockOutput)
                p.partition = dims;
        } else if (const auto s = scalarRe.match(l.text); s.hasMatch()) {
            p.name = s.captured(1);
            p.scalarType = s.captured(2);
            for (const EntrySignature::StrideParam &sp : kernel.signature.strideParams)
                if (sp.name == p.name) {
                    p.strideOf = sp.tensor;
                    p.strideAxis = sp.axis;
                }
        } else {
            *error = QStringLiteral("entry %1: the host writer does not know the parameter form '%2'")
                         .arg(kernel.signature.entry, l.text.trimmed());
            return false;
        }
        e.params.append(p);
    }
    if (!closed) {
        *error = QStringLiteral("entry %1: no entry header found in the generated lines").arg(kernel.signature.entry);
        return false;
    }
    *out = e;
    return true;
}

} // namespace tileport::rust
