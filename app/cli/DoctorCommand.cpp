// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "SystemDoctor.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

namespace {

tileport::DoctorRow kf6Row()
{
    tileport::DoctorRow row{QStringLiteral("KF6 SyntaxHighlighting")};
    row.version = QStringLiteral(TILEPORT_KF6_VERSION);
    row.path = QStringLiteral(TILEPORT_KF6_LIBRARY);
    row.fix = QStringLiteral("install libkf6syntaxhighlighting-dev (./scripts/setup does)");
    row.status = QFileInfo::exists(row.path) ? tileport::DoctorRow::Status::Found
                                              : tileport::DoctorRow::Status::Missing;
    return row;
}

} // namespace

int runDoctorCommand(CommandLine &cl)
{
    const bool json = cl.isSet(QStringLiteral("json"));
    const bool quick = cl.isSet(QStringLiteral("quick"));
    tileport::Doctor doctor(tileport::Toolchains::fromEnvironment());
    doctor.setQuick(quick);
    doctor.setProgress([](const QString &msg) { QTextStream(stderr) << "doctor: " << msg << "...\n"; });
    QList<tileport::DoctorRow> rows = tileport::systemDoctorRows(doctor);
    rows.insert(1, kf6Row());

    bool blocking = false;
    for (const auto &r : rows)
        blocking = blocking || r.blocking();

    QTextStream out(stdout);
    if (json) {
        QJsonArray arr;
        for (const auto &r : rows)
            arr.append(r.toJson());
        const QJsonObject root{{QStringLiteral("components"), arr}, {QStringLiteral("ok"), !blocking}};
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else {
        for (const auto &r : rows) {
            const QString status = r.status == tileport::DoctorRow::Status::Found ? r.statusText()
                : r.required ? r.statusText()
                             : r.statusText() + QStringLiteral(" (optional)");
            out << QStringLiteral("%1 %2 %3 %4").arg(status, -18).arg(r.component, -24)
                       .arg(r.version.isEmpty() ? QStringLiteral("-") : r.version, -28)
                       .arg(r.path.isEmpty() ? QStringLiteral("-") : r.path)
                << '\n';
            if (!r.detail.isEmpty())
                out << QStringLiteral("%1 %2\n").arg(QString(), -43).arg(r.detail);
            if (r.status != tileport::DoctorRow::Status::Found)
                out << QStringLiteral("%1 fix: %2\n").arg(QString(), -43).arg(r.fix);
        }
        out << (blocking ? "doctor: a required component is missing or broken\n"
                         : "doctor: all required components found\n");
    }
    return blocking ? 1 : 0;
}
