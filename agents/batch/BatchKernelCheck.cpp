// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchKernelCheck.h"

#include "BatchProcessText.h"
#include "CrateBuild.h"
#include "CrateWriter.h"
#include "ProcessRunner.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>

namespace tileport {

BatchKernelCheck::Result BatchKernelCheck::build(const Setup &setup, const rust::TranslationResult &file,
                                                 const BatchFileTranslator::KernelPlan &plan, const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    Result out;
    const auto finish = [&] {
        out.elapsedMs = timer.elapsed();
        return out;
    };
    const QDir work(setup.workDir);
    const rust::TranslatedKernel &kernel = file.kernels.at(plan.translated);
    if (setup.tools.cargo.isEmpty()) {
        out.built = BatchRow::Step::No;
        out.buildReason = QStringLiteral("no cargo (run scripts/setup; see tileport doctor)");
        return finish();
    }

    // A crate with this kernel's entries alone, so that its build verdict is its own.
    rust::TranslationResult single = file;
    single.kernels.clear();
    for (const rust::TranslatedKernel &k : file.kernels)
        if (k.pythonName == kernel.pythonName)
            single.kernels.append(k);
    single.diagnostics.clear();
    const QByteArray tag = QCryptographicHash::hash((setup.relativePath + QLatin1Char('\n') + kernel.pythonName).toUtf8(),
                                                    QCryptographicHash::Sha1)
                               .toHex()
                               .left(8);
    single.crateName += QLatin1Char('-') + QString::fromLatin1(tag);
    single.libName = QString(single.crateName).replace(QLatin1Char('-'), QLatin1Char('_'));
    rust::CrateWriter::Options w = setup.crate;
    if (!plan.configs.isEmpty()) {
        w.configs.file = plan.configsFile;
        w.configs.configs = plan.configs;
    }
    const QString crate = work.filePath(QStringLiteral("crate"));
    if (const QString e = rust::CrateWriter::write(single, crate, w); !e.isEmpty()) {
        out.built = BatchRow::Step::No;
        out.buildReason = QStringLiteral("write crate: %1").arg(e);
        return finish();
    }

    rust::CrateBuild::Options buildOptions;
    buildOptions.crateDir = crate;
    buildOptions.timeoutMs = setup.timeoutMs;
    buildOptions.cancel = cancel;
    buildOptions.logFile = work.filePath(QStringLiteral("cargo_build.log"));
    const rust::CrateBuild::Result built = rust::CrateBuild::run(buildOptions, setup.tools);
    out.built = built.ok() ? BatchRow::Step::Yes : BatchRow::Step::No;
    if (!built.ok()) {
        out.buildReason = batchtext::failure(QStringLiteral("cargo build"), built.process);
        return finish();
    }
    QString why;
    out.harness = rust::CrateBuild::harnessPath(crate, setup.tools, &why);
    if (out.harness.isEmpty()) {
        out.built = BatchRow::Step::No;
        out.buildReason = why;
    }
    return finish();
}

} // namespace tileport
