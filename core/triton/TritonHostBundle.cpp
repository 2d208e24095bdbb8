// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonHostBundle.h"

#include "TritonAnalyzer.h"
#include "TritonTranslator.h"

#include <QJsonObject>

namespace tileport::triton {

QJsonArray TritonHostBundle::launchesJson(const TritonModule &m)
{
    QJsonArray out;
    for (const TritonLaunch &l : m.launches) {
        QJsonObject descriptors;
        for (auto it = l.descriptorTensors.cbegin(); it != l.descriptorTensors.cend(); ++it)
            descriptors.insert(it.key(), it.value());
        out.append(QJsonObject{{QStringLiteral("kernel"), l.kernel},
                               {QStringLiteral("function"), l.function},
                               {QStringLiteral("grid"), l.grid},
                               {QStringLiteral("args"), QJsonArray::fromStringList(l.args)},
                               {QStringLiteral("descriptors"), descriptors},
                               {QStringLiteral("line"), l.line}});
    }
    return out;
}

void TritonHostBundle::configure(rust::HostBundleBuilder::Options &o)
{
    o.translate = [](const QString &path, const rust::RustTranslator::Options &options) {
        return TritonTranslator::translateFile(path, options);
    };
    o.launches = launchesJson(TritonAnalyzer::analyzeFile(o.source));
    o.reference = QStringLiteral("triton");
}

} // namespace tileport::triton
