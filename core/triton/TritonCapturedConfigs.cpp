// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TritonCapturedConfigs.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>

namespace tileport::triton {

namespace {

// `params` in the order of the kernel's signature, by name; nullopt when a
// parameter has no name (then nothing is changed).
std::optional<QJsonArray> fitted(const QJsonArray &params, const frontend::KernelInfo &k)
{
    QHash<QString, QJsonObject> byName;
    for (const QJsonValue &v : params) {
        const QString name = v.toObject().value(QStringLiteral("name")).toString();
        if (name.isEmpty())
            return std::nullopt;
        byName.insert(name, v.toObject());
    }
    QJsonArray out;
    for (const frontend::KernelParam &p : k.params)
        if (byName.contains(p.name))
            out << byName.value(p.name); // a missing one: the configs' check names it
    return out;
}

} // namespace

int fitToDesugared(frontend::KernelConfigFile &configs, const frontend::ModuleAnalysis &desugared)
{
    int changed = 0;
    for (frontend::KernelConfig &c : configs.configs) {
        const frontend::KernelInfo *k = desugared.kernel(c.kernel);
        const std::optional<QJsonArray> f = k ? fitted(c.params, *k) : std::nullopt;
        if (f && *f != c.params) {
            c.params = *f;
            ++changed;
        }
    }
    return changed;
}

QByteArray fitSidecar(const QByteArray &sidecar, const frontend::ModuleAnalysis &desugared)
{
    const QJsonDocument doc = QJsonDocument::fromJson(sidecar);
    if (!doc.isObject())
        return sidecar;
    QJsonObject root = doc.object();
    const QString fileKernel = root.value(QStringLiteral("kernel")).toString();
    QJsonArray configs = root.value(QStringLiteral("configs")).toArray();
    for (qsizetype i = 0; i < configs.size(); ++i) {
        QJsonObject c = configs[i].toObject();
        const frontend::KernelInfo *k = desugared.kernel(c.value(QStringLiteral("kernel")).toString(fileKernel));
        if (const std::optional<QJsonArray> f = k ? fitted(c.value(QStringLiteral("params")).toArray(), *k) : std::nullopt) {
            c.insert(QStringLiteral("params"), *f);
            configs[i] = c;
        }
    }
    root.insert(QStringLiteral("configs"), configs);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace tileport::triton
