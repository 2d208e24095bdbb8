// SPDX-License-Identifier: MIT
#include "EntrySignature.h"

#include <QJsonArray>

namespace tileport::rust {

QJsonObject EntrySignature::toJson() const
{
    QJsonArray gs, ts;
    for (const Generic &g : generics) {
        QJsonObject o{{"name", g.name}, {"kind", g.isType ? "dtype" : "const"}};
        if (g.isType)
            o.insert(QStringLiteral("dtype_of"), g.dtypeOf);
        else
            o.insert(QStringLiteral("param"), g.constParam);
        gs.append(o);
    }
    for (const TensorParam &t : tensors)
        ts.append(QJsonObject{{"name", t.name}, {"rank", t.rank}, {"block_output", t.blockOutput}});
    return QJsonObject{{"python_kernel", pythonKernel},
                       {"entry", entry},
                       {"generics", gs},
                       {"tensors", ts},
                       {"runtime_float_constants", QJsonArray::fromStringList(runtimeFloatConstants)}};
}

} // namespace tileport::rust
