// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Toolchains.h"

#include "CutileTarget.h"

#include "ResourceDir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

namespace tileport {

namespace {

QString fromEnvOrPath(const QProcessEnvironment &env, const QString &var, const QString &exe)
{
    const QString v = env.value(var);
    if (!v.isEmpty())
        return v;
    return QStandardPaths::findExecutable(exe);
}

// The directory scripts/setup installs tileiras and cuobjdump into
// (toolchains/sass): named by env.sh, or where setup puts it under the cache,
// so that an env.sh written by an older setup still finds it.
QString sassBinDir(const QProcessEnvironment &env)
{
    QString dir = env.value(QStringLiteral("TILEPORT_SASS_DIR"));
    if (dir.isEmpty()) {
        QString cache = env.value(QStringLiteral("TILEPORT_CACHE"));
        if (cache.isEmpty()) {
            const QString xdg = env.value(QStringLiteral("XDG_CACHE_HOME"));
            cache = (xdg.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache") : xdg) + QStringLiteral("/tileport");
        }
        dir = cache + QStringLiteral("/toolchains/sass");
    }
    return dir + QStringLiteral("/nvidia/cu13/bin");
}

QString executableIn(const QString &dir, const QString &name)
{
    const QFileInfo f(QDir(dir).filePath(name));
    return f.isExecutable() ? f.absoluteFilePath() : QString();
}

} // namespace

Toolchains Toolchains::fromEnvironment(const QProcessEnvironment &env)
{
    Toolchains t;
    t.python = fromEnvOrPath(env, QStringLiteral("TILEPORT_PYTHON"), QStringLiteral("python3"));
    t.cargo = fromEnvOrPath(env, QStringLiteral("TILEPORT_CARGO"), QStringLiteral("cargo"));
    t.rustc = fromEnvOrPath(env, QStringLiteral("TILEPORT_RUSTC"), QStringLiteral("rustc"));
    t.cudaRoot = env.value(QStringLiteral("TILEPORT_CUDA_ROOT"), env.value(QStringLiteral("CUDA_TOOLKIT_PATH")));
    t.libclangDir = env.value(QStringLiteral("LIBCLANG_PATH"));
    t.cargoTargetDir = env.value(QStringLiteral("CARGO_TARGET_DIR"));
    // An unknown version is kept as given, so doctor and the crate writer
    // name it instead of quietly building another.
    const QString cutile = env.value(QStringLiteral("TILEPORT_CUTILE_VERSION"));
    t.cutileVersion = cutile.isEmpty() ? CutileTarget::defaultVersion() : CutileTarget::resolve(cutile, nullptr);
    if (t.cutileVersion.isEmpty())
        t.cutileVersion = cutile;
    t.resourceDir = findResourceDir(env);
    const QString sassBin = sassBinDir(env);
    t.tileiras = env.value(QStringLiteral("TILEPORT_TILEIRAS"));
    if (t.tileiras.isEmpty())
        t.tileiras = executableIn(sassBin, QStringLiteral("tileiras"));
    if (t.tileiras.isEmpty() && !t.python.isEmpty()) {
        // pip's nvidia-cuda-tileiras puts the binary beside the venv's packages.
        const QDir venv = QFileInfo(t.python).dir();
        const QStringList candidates = QDir(venv.absoluteFilePath(QStringLiteral("../lib")))
                                           .entryList({QStringLiteral("python3*")}, QDir::Dirs);
        for (const QString &py : candidates) {
            const QString p = venv.absoluteFilePath(
                QStringLiteral("../lib/%1/site-packages/nvidia/cu13/bin/tileiras").arg(py));
            if (QFileInfo(p).isExecutable()) {
                t.tileiras = QFileInfo(p).canonicalFilePath();
                break;
            }
        }
    }
    if (t.tileiras.isEmpty())
        t.tileiras = QStandardPaths::findExecutable(QStringLiteral("tileiras"));
    t.cuobjdump = env.value(QStringLiteral("TILEPORT_CUOBJDUMP"));
    if (t.cuobjdump.isEmpty())
        t.cuobjdump = executableIn(sassBin, QStringLiteral("cuobjdump"));
    if (t.cuobjdump.isEmpty() && !env.value(QStringLiteral("CUDA_HOME")).isEmpty())
        t.cuobjdump = executableIn(env.value(QStringLiteral("CUDA_HOME")) + QStringLiteral("/bin"), QStringLiteral("cuobjdump"));
    if (t.cuobjdump.isEmpty())
        t.cuobjdump = QStandardPaths::findExecutable(QStringLiteral("cuobjdump"));
    // cuobjdump -sass runs nvdisasm from PATH: prefer the one beside it.
    t.nvdisasm = env.value(QStringLiteral("TILEPORT_NVDISASM"));
    if (t.nvdisasm.isEmpty() && !t.cuobjdump.isEmpty())
        t.nvdisasm = executableIn(QFileInfo(t.cuobjdump).absolutePath(), QStringLiteral("nvdisasm"));
    if (t.nvdisasm.isEmpty())
        t.nvdisasm = executableIn(sassBin, QStringLiteral("nvdisasm"));
    if (t.nvdisasm.isEmpty())
        t.nvdisasm = QStandardPaths::findExecutable(QStringLiteral("nvdisasm"));
    bool ok = false;
    const int seconds = env.value(QStringLiteral("TILEPORT_TOOL_TIMEOUT")).toInt(&ok);
    if (ok && seconds > 0)
        t.toolTimeoutMs = seconds >= 24 * 3600 ? 24 * 3600'000 : seconds * 1000;
    return t;
}

QString Toolchains::cudaToolVersion(const QString &versionText)
{
    static const QRegularExpression re(QStringLiteral("release \\d+\\.\\d+, V(\\d+\\.\\d+\\.\\d+)"));
    const auto m = re.match(versionText);
    return m.hasMatch() ? m.captured(1) : QString();
}

QProcessEnvironment Toolchains::cargoEnvironment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!cudaRoot.isEmpty())
        env.insert(QStringLiteral("CUDA_TOOLKIT_PATH"), cudaRoot);
    if (!libclangDir.isEmpty())
        env.insert(QStringLiteral("LIBCLANG_PATH"), libclangDir);
    if (!cargoTargetDir.isEmpty())
        env.insert(QStringLiteral("CARGO_TARGET_DIR"), cargoTargetDir);
    return env;
}

} // namespace tileport
