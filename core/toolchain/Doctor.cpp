// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Doctor.h"
#include "CutileTarget.h"
#include "ProcessRunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

namespace tileport {

namespace {

using Status = DoctorRow::Status;

QString firstLine(const QByteArray &bytes)
{
    return QString::fromUtf8(bytes).trimmed().section(QLatin1Char('\n'), 0, 0).trimmed();
}

QString lastLines(const QByteArray &bytes, int n = 3)
{
    const QStringList lines = QString::fromUtf8(bytes).trimmed().split(QLatin1Char('\n'));
    return lines.mid(qMax(0, lines.size() - n)).join(QStringLiteral(" | "));
}

// Runs `program args` and fills version/status from its first output line.
DoctorRow probe(DoctorRow row, const QString &program, const QStringList &args, int timeoutMs = 20'000,
                QString (*versionOf)(const QString &) = nullptr)
{
    if (program.isEmpty() || !QFileInfo(program).isExecutable()) {
        row.status = Status::Missing;
        row.path = program;
        return row;
    }
    row.path = program;
    ProcessSpec spec{program, args};
    spec.timeoutMs = timeoutMs;
    const ProcessResult r = ProcessRunner::run(spec);
    if (!r.ok()) {
        row.status = Status::Broken;
        row.detail = QStringLiteral("%1 %2 %3: %4").arg(program, args.join(QLatin1Char(' ')), r.describe(),
                                                        lastLines(r.standardError));
        return row;
    }
    row.status = Status::Found;
    row.version = firstLine(r.standardOutput.isEmpty() ? r.standardError : r.standardOutput);
    if (versionOf) {
        const QString v = versionOf(QString::fromUtf8(r.standardOutput));
        if (!v.isEmpty())
            row.version = v;
    }
    return row;
}

// An NVIDIA tool: its version line ("13.3.36") rather than its first line.
DoctorRow probeCudaTool(DoctorRow row, const QString &program)
{
    return probe(row, program, {QStringLiteral("--version")}, 20'000, &Toolchains::cudaToolVersion);
}

} // namespace

Doctor::Doctor(Toolchains tools)
    : m_tools(std::move(tools))
{
}

QList<DoctorRow> Doctor::run() const
{
    QList<DoctorRow> rows;
    rows << checkPython();
    rows << checkRustTool(QStringLiteral("cargo"), m_tools.cargo);
    rows << checkRustTool(QStringLiteral("rustc"), m_tools.rustc);
    rows << checkCudaHeaders();
    rows << checkLibclang();
    // Every cutile target: the one ports use now first, then the others.
    QStringList versions{m_tools.cutileVersion};
    for (const QString &v : CutileTarget::supported())
        if (!versions.contains(v))
            versions << v;
    for (const QString &v : versions)
        rows << checkCutileBuild(v);
    rows << checkTileiras();
    rows << checkCuobjdump();
    rows << checkNvdisasm();
    rows << checkGpu();
    return rows;
}

DoctorRow Doctor::checkPython() const
{
    DoctorRow row{QStringLiteral("python + cuda-tile")};
    row.fix = QStringLiteral("run ./scripts/setup (creates the venv with cuda-tile), or set TILEPORT_PYTHON");
    if (m_tools.python.isEmpty() || !QFileInfo(m_tools.python).isExecutable()) {
        row.path = m_tools.python;
        return row;
    }
    row.path = m_tools.python;
    ProcessSpec spec{m_tools.python,
                     {QStringLiteral("-c"),
                      QStringLiteral("import sys, importlib.metadata as m, cuda.tile\n"
                                     "print('python %d.%d.%d' % sys.version_info[:3], 'cuda-tile', m.version('cuda-tile'))")}};
    spec.timeoutMs = 60'000;
    const ProcessResult r = ProcessRunner::run(spec);
    if (!r.ok()) {
        row.status = Status::Broken;
        row.detail = QStringLiteral("import cuda.tile %1: %2").arg(r.describe(), lastLines(r.standardError));
        return row;
    }
    row.status = Status::Found;
    row.version = firstLine(r.standardOutput);
    return row;
}

DoctorRow Doctor::checkRustTool(const QString &name, const QString &path) const
{
    DoctorRow row{name};
    row.fix = QStringLiteral("install Rust >= 1.89 with rustup, then ./scripts/setup");
    return probe(row, path, {QStringLiteral("--version")});
}

int Doctor::cudaHeaderVersion(const QString &cudaRoot)
{
    QFile f(QDir(cudaRoot).filePath(QStringLiteral("include/cuda.h")));
    if (cudaRoot.isEmpty() || !f.open(QIODevice::ReadOnly))
        return 0;
    static const QRegularExpression re(QStringLiteral("^#define CUDA_VERSION (\\d+)"),
                                       QRegularExpression::MultilineOption);
    const auto m = re.match(QString::fromLatin1(f.readAll()));
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

DoctorRow Doctor::checkCudaHeaders() const
{
    DoctorRow row{QStringLiteral("CUDA headers")};
    row.fix = QStringLiteral("run ./scripts/setup (assembles CUDA 13.3 headers from NVIDIA's wheels), or set CUDA_TOOLKIT_PATH to a 13.2+ toolkit");
    row.path = m_tools.cudaRoot;
    const int v = cudaHeaderVersion(m_tools.cudaRoot);
    if (v == 0)
        return row;
    row.version = QStringLiteral("%1.%2").arg(v / 1000).arg((v % 1000) / 10);
    const bool curand = QFileInfo::exists(QDir(m_tools.cudaRoot).filePath(QStringLiteral("include/curand.h")));
    if (v < 13020 || !curand) {
        row.status = Status::Broken;
        row.detail = v < 13020 ? QStringLiteral("cutile needs CUDA headers >= 13.2")
                               : QStringLiteral("curand.h is missing");
        return row;
    }
    row.status = Status::Found;
    return row;
}

DoctorRow Doctor::checkLibclang() const
{
    DoctorRow row{QStringLiteral("libclang")};
    row.fix = QStringLiteral("install libclang-22-dev (./scripts/setup does) and set LIBCLANG_PATH");
    row.path = m_tools.libclangDir;
    const QStringList libs = QDir(m_tools.libclangDir).entryList({QStringLiteral("libclang.so*"),
                                                                   QStringLiteral("libclang-*.so*")},
                                                                  QDir::Files, QDir::Name);
    if (m_tools.libclangDir.isEmpty() || libs.isEmpty())
        return row;
    row.status = Status::Found;
    row.path = QDir(m_tools.libclangDir).filePath(libs.constLast());
    static const QRegularExpression ver(QStringLiteral("llvm-(\\d+)"));
    const auto m = ver.match(m_tools.libclangDir);
    row.version = m.hasMatch() ? m.captured(1) : libs.constLast();
    return row;
}

DoctorRow Doctor::checkCutileBuild(const QString &version) const
{
    // The target in use keeps the plain name; another is named by version.
    DoctorRow row{version == m_tools.cutileVersion ? QStringLiteral("cutile crate build")
                                                   : QStringLiteral("cutile %1 crate build").arg(version)};
    row.version = version;
    row.fix = QStringLiteral("run ./scripts/setup (fills the cargo cache); needs cargo, CUDA headers and libclang");
    if (QString e; CutileTarget::resolve(version, &e).isEmpty()) {
        row.status = Status::Broken;
        row.detail = e + QStringLiteral(" (TILEPORT_CUTILE_VERSION)");
        return row;
    }
    if (version != m_tools.cutileVersion)
        row.required = false;
    const QString manifest = QDir(CutileTarget::of(version).probeDir(m_tools.resourceDir)).filePath(QStringLiteral("Cargo.toml"));
    row.path = manifest;
    if (m_quick) {
        row.status = Status::Found;
        row.detail = QStringLiteral("not built (--quick)");
        return row;
    }
    if (!QFileInfo::exists(manifest)) {
        row.detail = QStringLiteral("probe crate not found");
        return row;
    }
    if (m_tools.cargo.isEmpty()) {
        row.detail = QStringLiteral("cargo not found");
        return row;
    }
    if (m_progress)
        m_progress(QStringLiteral("building the cutile %1 probe crate (minutes when the cache is cold)").arg(version));
    ProcessSpec spec{m_tools.cargo,
                     {QStringLiteral("build"), QStringLiteral("--offline"), QStringLiteral("--release"),
                      QStringLiteral("--quiet"), QStringLiteral("--manifest-path"), manifest}};
    spec.environment = m_tools.cargoEnvironment();
    spec.timeoutMs = 30 * 60'000;
    const ProcessResult r = ProcessRunner::run(spec);
    if (!r.ok()) {
        row.status = Status::Broken;
        row.detail = QStringLiteral("cargo build %1: %2").arg(r.describe(), lastLines(r.standardError, 4));
        return row;
    }
    row.status = Status::Found;
    row.detail = QStringLiteral("built in %1 s").arg(r.elapsedMs / 1000.0, 0, 'f', 1);
    return row;
}

QString Doctor::pinnedTileirasVersion()
{
    return QStringLiteral("13.4.92"); // scripts/lib/pins.sh TILEPORT_TILEIRAS_VERSION (tst_setup_scripts checks)
}

DoctorRow Doctor::checkTileiras() const
{
    DoctorRow row{QStringLiteral("tileiras")};
    row.required = false;
    row.fix = QStringLiteral("optional, for `tileport sass`: ./scripts/setup installs tileiras %1 with libnvvm and "
                             "ptxas into toolchains/sass (or set TILEPORT_TILEIRAS)").arg(pinnedTileirasVersion());
    row = probeCudaTool(row, m_tools.tileiras);
    if (row.status != Status::Found)
        return row;
    // tileiras loads ../lib/libnvvm.so.4 and runs ./ptxas from its own
    // directory; without them it starts but every compile fails.
    const QDir bin = QFileInfo(m_tools.tileiras).dir();
    QStringList missing;
    if (!QFileInfo(bin.filePath(QStringLiteral("ptxas"))).isExecutable())
        missing << QStringLiteral("ptxas");
    if (!QFileInfo::exists(bin.filePath(QStringLiteral("../lib/libnvvm.so.4"))))
        missing << QStringLiteral("../lib/libnvvm.so.4");
    if (!missing.isEmpty()) {
        row.status = Status::Broken;
        row.detail = QStringLiteral("beside it, missing: %1").arg(missing.join(QStringLiteral(", ")));
    } else if (row.version != pinnedTileirasVersion()) {
        row.detail = QStringLiteral("the pinned version is %1; SASS from another version is not comparable with it")
                         .arg(pinnedTileirasVersion());
    }
    return row;
}

DoctorRow Doctor::checkCuobjdump() const
{
    DoctorRow row{QStringLiteral("cuobjdump")};
    row.required = false;
    row.fix = QStringLiteral("optional, for `tileport sass`: ./scripts/setup installs cuobjdump %1 into toolchains/sass "
                             "(or set TILEPORT_CUOBJDUMP)").arg(pinnedTileirasVersion());
    return probeCudaTool(row, m_tools.cuobjdump);
}

DoctorRow Doctor::checkNvdisasm() const
{
    DoctorRow row{QStringLiteral("nvdisasm")};
    row.required = false;
    row.fix = QStringLiteral("optional, cuobjdump -sass runs it: ./scripts/setup installs nvdisasm %1 into "
                             "toolchains/sass (or set TILEPORT_NVDISASM)").arg(pinnedTileirasVersion());
    return probeCudaTool(row, m_tools.nvdisasm);
}

DoctorRow Doctor::checkGpu() const
{
    DoctorRow row{QStringLiteral("GPU (nvidia-smi)")};
    row.required = false;
    row.fix = QStringLiteral("optional: stages D and E need an NVIDIA GPU (sm_80+) with driver r580+");
    row = probe(row, QStandardPaths::findExecutable(QStringLiteral("nvidia-smi")),
                {QStringLiteral("--query-gpu=name,driver_version,compute_cap"), QStringLiteral("--format=csv,noheader")});
    return row;
}

} // namespace tileport
