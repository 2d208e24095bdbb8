// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The kernel IR lowering beside the legacy one: every kernel file of
// examples/ and tests/fixtures/ translated both ways. Where the kernel IR
// lowers a kernel, its entry (every line, its source lines, its signature)
// must be the legacy one byte for byte, and a file it lowers whole gives the
// same library; it must never lower what the legacy path refuses.

#include "RustTranslator.h"
#include "TritonAnalyzer.h"
#include "TritonTranslator.h"

#include <QDirIterator>

#include <algorithm>
#include <QJsonDocument>
#include <QtTest>

using namespace tileport;
using namespace tileport::rust;

namespace {

TranslationResult translate(const QString &file, RustTranslator::Lowering lowering)
{
    RustTranslator::Options o;
    o.lowering = lowering;
    return triton::TritonAnalyzer::isTritonFile(file) ? triton::TritonTranslator::translateFile(file, o)
                                                       : RustTranslator::translateFile(file, o);
}

QStringList kernelFiles()
{
    QStringList out;
    for (const char *dir : {"examples", "tests/fixtures"}) {
        QDirIterator it(QStringLiteral(TILEPORT_SOURCE_DIR "/") + QLatin1String(dir), {QStringLiteral("*.py")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            out << it.next();
    }
    out.sort();
    return out;
}

QString describe(const TranslatedKernel &k)
{
    QStringList lines;
    for (const RustLine &l : k.lines)
        lines << QStringLiteral("%1-%2 %3").arg(l.pyLine).arg(l.pyEndLine).arg(l.text);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n')
         + QString::fromUtf8(QJsonDocument(k.signature.toJson()).toJson(QJsonDocument::Compact));
}

} // namespace

class KirParity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyLoweredEntryMatchesTheLegacyOne();
};

void KirParity::everyLoweredEntryMatchesTheLegacyOne()
{
    const QStringList files = kernelFiles();
    QVERIFY2(files.size() > 20, qPrintable(QString::number(files.size())));
    int legacyKernels = 0, kirKernels = 0, wholeFiles = 0;
    QStringList lowered;
    for (const QString &file : files) {
        const TranslationResult legacy = translate(file, RustTranslator::Lowering::Legacy);
        const TranslationResult kir = translate(file, RustTranslator::Lowering::Kir);
        if (!legacy.error.isEmpty()) {
            QCOMPARE(kir.error.isEmpty(), false); // a file both must refuse whole
            continue;
        }
        QVERIFY2(kir.error.isEmpty(), qPrintable(file + QStringLiteral(": ") + kir.error));
        legacyKernels += int(legacy.kernels.size());
        for (const TranslatedKernel &k : kir.kernels) {
            const TranslatedKernel *match = nullptr;
            for (const TranslatedKernel &l : legacy.kernels)
                if (l.signature.entry == k.signature.entry)
                    match = &l;
            QVERIFY2(match, qPrintable(QStringLiteral("%1: the kernel IR lowers %2, which the legacy path refuses").arg(file, k.signature.entry)));
            if (describe(k) != describe(*match)) {
                // QCOMPARE cuts long texts: both go to files to diff.
                const QString base = QDir::temp().filePath(QStringLiteral("kir-parity-") + k.signature.entry);
                for (const auto &[suffix, text] : {std::pair{QStringLiteral(".kir"), describe(k)}, std::pair{QStringLiteral(".legacy"), describe(*match)}}) {
                    QFile f(base + suffix);
                    if (f.open(QIODevice::WriteOnly))
                        f.write(text.toUtf8());
                }
                QFAIL(qPrintable(QStringLiteral("%1: %2 differs (diff %3.legacy %3.kir)").arg(file, k.signature.entry, base)));
            }
            ++kirKernels;
            lowered << QFileInfo(file).fileName() + QLatin1Char(':') + k.signature.entry;
        }
        // A kernel the kernel IR lowers gets every entry the legacy path gives it.
        for (const TranslatedKernel &l : legacy.kernels) {
            const bool kernelLowered = std::any_of(kir.kernels.cbegin(), kir.kernels.cend(),
                                                   [&](const TranslatedKernel &k) { return k.pythonName == l.pythonName; });
            const bool entryLowered = std::any_of(kir.kernels.cbegin(), kir.kernels.cend(),
                                                  [&](const TranslatedKernel &k) { return k.signature.entry == l.signature.entry; });
            QVERIFY2(!kernelLowered || entryLowered,
                     qPrintable(QStringLiteral("%1: the kernel IR lowers %2 without its entry %3").arg(file, l.pythonName, l.signature.entry)));
        }
        if (!kir.kernels.isEmpty() && kir.kernels.size() == legacy.kernels.size() && kir.diagnostics.isEmpty()) {
            QCOMPARE(kir.markedLibrary(), legacy.markedLibrary());
            ++wholeFiles;
        }
    }
    qInfo().noquote() << QStringLiteral("kernel IR: %1 of %2 legacy entries lowered identically, %3 whole files: %4")
                             .arg(kirKernels).arg(legacyKernels).arg(wholeFiles).arg(lowered.join(QStringLiteral(", ")));
    // The constructs moved so far: these kernels must go through the IR.
    for (const char *k : {"vector_add.py:vector_add", "saxpy.py:saxpy", "tile_ops.py:double_tiles", "tile_ops.py:copy_vec",
                          "smoke_kernels.py:smoke_vadd", "smoke_kernels.py:smoke_row_sum", "blocked_sum.py:_blocked_sum_kernel", "bmm.py:bmm",
                          "transpose.py:transpose", "matmul.py:matmul", "matmul_block_ptr.py:matmul_block_ptr",
                          "scale_rows.py:_scale_rows_kernel", "scale_rows.py:_scale_rows_persistent_kernel",
                          "descriptor.py:scale_tiles", "host_descriptor.py:scale_blocks", "softmax.py:softmax_row",
                          "softmax.py:softmax_chunked", "rms_norm.py:rms_norm", "bit_mix.py:bit_mix",
                          "reader_kernels.py:reader_matmul", "layer_norm.py:layer_norm"})
        QVERIFY2(lowered.contains(QLatin1String(k)), k);
}

QTEST_GUILESS_MAIN(KirParity)
#include "tst_kir_parity.moc"
