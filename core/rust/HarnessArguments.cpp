// SPDX-License-Identifier: MIT
#include "HarnessArguments.h"

#include "RustNames.h"

#include <QJsonArray>
#include <QJsonObject>

namespace tileport::rust {

QStringList HarnessArguments::forConfig(const EntrySignature &entry, const frontend::KernelConfig &config,
                                        const QString &outDir, const QString &target, const QString &version,
                                        QString *error)
{
    const auto param = [&](const QString &name) -> QJsonObject {
        for (const QJsonValue &v : config.params)
            if (v.toObject().value(QStringLiteral("name")).toString() == name)
                return v.toObject();
        return {};
    };
    QStringList generics;
    for (const EntrySignature::Generic &g : entry.generics) {
        if (g.isType) {
            const QString dt = RustNames::elementType(param(g.dtypeOf).value(QStringLiteral("dtype")).toString());
            if (dt.isEmpty()) {
                *error = QStringLiteral("config %1 gives no usable dtype for '%2'").arg(config.name, g.dtypeOf);
                return {};
            }
            generics << dt;
        } else {
            const QJsonValue v = param(g.constParam).value(QStringLiteral("value"));
            if (v.isBool())
                generics << (v.toBool() ? QStringLiteral("1") : QStringLiteral("0"));
            else if (v.isDouble() && v.toDouble() == double(qint64(v.toDouble())))
                generics << QString::number(qint64(v.toDouble()));
            else {
                *error = QStringLiteral("config %1 gives no int value for '%2'").arg(config.name, g.constParam);
                return {};
            }
        }
    }
    QStringList strides;
    for (const EntrySignature::TensorParam &t : entry.tensors) {
        QStringList dims;
        for (int i = 0; i + 1 < t.rank; ++i)
            dims << QStringLiteral("-1");
        dims << QStringLiteral("1");
        strides << t.name + QLatin1Char('=') + dims.join(QLatin1Char(','));
    }
    return {outDir, entry.entry, generics.join(QLatin1Char(',')), strides.join(QLatin1Char(';')), target, version};
}

} // namespace tileport::rust
