// SPDX-License-Identifier: MIT
#include "Toolchains.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
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

// resources/ sits beside the checkout's build dir, or is named explicitly.
QString findResourceDir(const QProcessEnvironment &env)
{
    const QString v = env.value(QStringLiteral("TILEPORT_RESOURCE_DIR"));
    if (!v.isEmpty())
        return v;
#ifdef TILEPORT_SOURCE_RESOURCE_DIR
    return QStringLiteral(TILEPORT_SOURCE_RESOURCE_DIR);
#else
    return QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(QStringLiteral("../share/tileport"));
#endif
}

} // namespace

Toolchains Toolchains::fromEnvironment(const QProcessEnvironment &env)
{
    Toolchains t;
    t.python = fromEnvOrPath(env, QStringLiteral("TILEPORT_PYTHON"), QStringLiteral("python3"));
    t.cargo = fromEnvOrPath(env, QStringLiteral("TILEPORT_CARGO"), QStringLiteral("cargo"));
    t.rustc = fromEnvOrPath(env, QStringLiteral("TILEPORT_RUSTC"), QStringLiteral("rustc"));
    t.rustfmt = fromEnvOrPath(env, QStringLiteral("TILEPORT_RUSTFMT"), QStringLiteral("rustfmt"));
    t.cudaRoot = env.value(QStringLiteral("TILEPORT_CUDA_ROOT"), env.value(QStringLiteral("CUDA_TOOLKIT_PATH")));
    t.libclangDir = env.value(QStringLiteral("LIBCLANG_PATH"));
    t.cargoTargetDir = env.value(QStringLiteral("CARGO_TARGET_DIR"));
    t.cutileVersion = env.value(QStringLiteral("TILEPORT_CUTILE_VERSION"), QStringLiteral("0.4.0"));
    t.resourceDir = findResourceDir(env);
    t.tileiras = env.value(QStringLiteral("TILEPORT_TILEIRAS"));
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
    return t;
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
