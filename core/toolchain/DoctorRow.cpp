// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "DoctorRow.h"

namespace tileport {

QString DoctorRow::statusText() const
{
    switch (status) {
    case Status::Found:
        return QStringLiteral("found");
    case Status::Missing:
        return QStringLiteral("missing");
    case Status::Broken:
        return QStringLiteral("broken");
    }
    return {};
}

QJsonObject DoctorRow::toJson() const
{
    QJsonObject o{{QStringLiteral("component"), component},
                  {QStringLiteral("status"), statusText()},
                  {QStringLiteral("required"), required},
                  {QStringLiteral("version"), version},
                  {QStringLiteral("path"), path}};
    if (status != Status::Found)
        o.insert(QStringLiteral("fix"), fix);
    if (!detail.isEmpty())
        o.insert(QStringLiteral("detail"), detail);
    return o;
}

} // namespace tileport
