// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SystemDoctor.h"

#include "Grammars.h"
#include "ResourceDir.h"
#include "tileport/TileIR/MlirInfo.h"

#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>

namespace tileport {

namespace {

DoctorRow grammarRow(const QString &name, const QString &npmVersion, const TSLanguage *lang)
{
    DoctorRow row{QStringLiteral("tree-sitter-%1").arg(name)};
    row.fix = QStringLiteral("./scripts/setup fetches the pinned grammar; rebuild");
    const int abi = Grammars::abiVersion(lang);
    row.version = QStringLiteral("%1 (ABI %2, runtime accepts %3-%4)")
                      .arg(npmVersion).arg(abi).arg(Grammars::runtimeMinAbi()).arg(Grammars::runtimeMaxAbi());
    row.path = QStringLiteral("compiled in");
    const bool ok = abi >= Grammars::runtimeMinAbi() && abi <= Grammars::runtimeMaxAbi();
    row.status = ok ? DoctorRow::Status::Found : DoctorRow::Status::Broken;
    return row;
}

} // namespace

QList<DoctorRow> systemDoctorRows(const Doctor &doctor)
{
    QList<DoctorRow> rows;
    DoctorRow qt{QStringLiteral("Qt")};
    qt.status = DoctorRow::Status::Found;
    qt.version = QString::fromLatin1(qVersion());
    qt.path = QLibraryInfo::path(QLibraryInfo::LibrariesPath);
    rows << qt;

    const tileir::MlirInfo mlir = tileir::probeMlir();
    DoctorRow m{QStringLiteral("MLIR")};
    m.version = QString::fromStdString(mlir.version);
    m.path = QString::fromStdString(mlir.cmakeDir);
    m.status = mlir.contextOk ? DoctorRow::Status::Found : DoctorRow::Status::Broken;
    m.fix = QStringLiteral("install libmlir-22-dev (./scripts/setup does)");
    rows << m;

    rows << grammarRow(QStringLiteral("python"), Grammars::pythonVersion(), Grammars::python());
    rows << grammarRow(QStringLiteral("rust"), Grammars::rustVersion(), Grammars::rust());

    // The helper scripts and crate templates, where an installed or a
    // development build finds them (findResourceDir).
    DoctorRow res{QStringLiteral("TilePort resources")};
    res.path = findResourceDir();
    res.version = QStringLiteral("-");
    res.status = QFileInfo::exists(QDir(res.path).filePath(QStringLiteral("python/export_tileir.py"))) ? DoctorRow::Status::Found
                                                                                                     : DoctorRow::Status::Missing;
    res.fix = QStringLiteral("reinstall TilePort, or set TILEPORT_RESOURCE_DIR to its share/tileport");
    rows << res;
    rows << doctor.run();
    return rows;
}

} // namespace tileport
