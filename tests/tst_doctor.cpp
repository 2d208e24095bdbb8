// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SystemDoctor.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

QString writeScript(const QTemporaryDir &dir, const QString &name, const QByteArray &body)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}

const DoctorRow *row(const QList<DoctorRow> &rows, const QString &component)
{
    for (const auto &r : rows)
        if (r.component == component)
            return &r;
    return nullptr;
}

} // namespace

class TestDoctor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The suite runs inside the environment scripts/setup prepared, so every
    // required component must be found for real.
    void setUpEnvironmentIsComplete()
    {
        Doctor doctor(Toolchains::fromEnvironment());
        doctor.setQuick(true);
        const auto rows = systemDoctorRows(doctor);
        for (const QString &name : {QStringLiteral("Qt"), QStringLiteral("MLIR"), QStringLiteral("tree-sitter-python"),
                                    QStringLiteral("tree-sitter-rust"), QStringLiteral("TilePort resources"), QStringLiteral("python + cuda-tile"),
                                    QStringLiteral("cargo"), QStringLiteral("rustc"),
                                    QStringLiteral("CUDA headers"), QStringLiteral("libclang")}) {
            const DoctorRow *r = row(rows, name);
            QVERIFY2(r, qPrintable(name));
            QVERIFY2(r->status == DoctorRow::Status::Found, qPrintable(name + QStringLiteral(": ") + r->detail));
            QVERIFY2(!r->version.isEmpty(), qPrintable(name));
        }
        QVERIFY(row(rows, QStringLiteral("MLIR"))->version.startsWith(QStringLiteral("22.")));
        QVERIFY(row(rows, QStringLiteral("python + cuda-tile"))->version.contains(QStringLiteral("cuda-tile 1.7.0")));
        QVERIFY(Doctor::cudaHeaderVersion(Toolchains::fromEnvironment().cudaRoot) >= 13020);
        // Optional components are reported but never block.
        QVERIFY(!row(rows, QStringLiteral("GPU (nvidia-smi)"))->required);
        QVERIFY(!row(rows, QStringLiteral("tileiras"))->blocking());
    }

    void brokenAndMissingToolsAreReported()
    {
        QTemporaryDir dir;
        Toolchains t;
        t.python = writeScript(dir, QStringLiteral("python"), "echo 'ModuleNotFoundError: cuda' >&2; exit 1\n");
        t.cargo = dir.filePath(QStringLiteral("no-cargo"));
        t.rustc = writeScript(dir, QStringLiteral("rustc"), "echo 'rustc 1.95.0 (test)'\n");
        Doctor doctor(t);
        const DoctorRow py = doctor.checkPython();
        QCOMPARE(py.status, DoctorRow::Status::Broken);
        QVERIFY(py.detail.contains(QStringLiteral("ModuleNotFoundError")));
        QVERIFY(py.blocking());
        const DoctorRow cargo = doctor.checkRustTool(QStringLiteral("cargo"), t.cargo);
        QCOMPARE(cargo.status, DoctorRow::Status::Missing);
        QVERIFY(cargo.toJson().value(QStringLiteral("fix")).toString().contains(QStringLiteral("rustup")));
        const DoctorRow rustc = doctor.checkRustTool(QStringLiteral("rustc"), t.rustc);
        QCOMPARE(rustc.status, DoctorRow::Status::Found);
        QCOMPARE(rustc.version, QStringLiteral("rustc 1.95.0 (test)"));
    }

    // The SASS tools: optional, found where scripts/setup installs them,
    // and a tileiras without the ptxas and libnvvm beside it is broken.
    void sassToolsAreReportedWithTheirVersion()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        Doctor doctor(tools);
        const DoctorRow tileiras = doctor.checkTileiras();
        const DoctorRow cuobjdump = doctor.checkCuobjdump();
        QVERIFY(!tileiras.required && !cuobjdump.required);
        QVERIFY(tileiras.fix.contains(QStringLiteral("scripts/setup")));
        if (tileiras.status == DoctorRow::Status::Missing)
            QSKIP("no tileiras here (scripts/setup with TILEPORT_NO_SASS?)");
        QCOMPARE(tileiras.status, DoctorRow::Status::Found);
        QCOMPARE(tileiras.version, Doctor::pinnedTileirasVersion());
        QVERIFY2(tileiras.detail.isEmpty(), qPrintable(tileiras.detail));
        QCOMPARE(cuobjdump.status, DoctorRow::Status::Found);
        QCOMPARE(cuobjdump.version, Doctor::pinnedTileirasVersion());
        const DoctorRow nvdisasm = doctor.checkNvdisasm();
        QCOMPARE(nvdisasm.status, DoctorRow::Status::Found);
        QCOMPARE(nvdisasm.version, cuobjdump.version);

        QTemporaryDir dir;
        Toolchains lone;
        lone.tileiras = writeScript(dir, QStringLiteral("tileiras"),
                                    "echo 'Cuda compilation tools, release 13.3, V13.3.36'\n");
        const DoctorRow broken = Doctor(lone).checkTileiras();
        QCOMPARE(broken.status, DoctorRow::Status::Broken);
        QCOMPARE(broken.version, QStringLiteral("13.3.36"));
        QVERIFY2(broken.detail.contains(QStringLiteral("ptxas")), qPrintable(broken.detail));
    }

    void oldCudaHeadersAreBroken()
    {
        QTemporaryDir dir;
        QDir(dir.path()).mkpath(QStringLiteral("include"));
        QFile h(dir.filePath(QStringLiteral("include/cuda.h")));
        h.open(QIODevice::WriteOnly);
        h.write("#pragma once\n#define CUDA_VERSION 13000\n");
        h.close();
        Toolchains t;
        t.cudaRoot = dir.path();
        const DoctorRow r = Doctor(t).checkCudaHeaders();
        QCOMPARE(r.status, DoctorRow::Status::Broken);
        QCOMPARE(r.version, QStringLiteral("13.0"));
        QVERIFY(r.detail.contains(QStringLiteral("13.2")));
    }
};

QTEST_GUILESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
