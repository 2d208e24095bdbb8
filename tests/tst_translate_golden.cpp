// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Every kernel file of examples/ and tests/fixtures/ through the translator
// against its golden text under tests/golden/translate/: each entry's lines
// with the Python lines they map to, its rustdoc, its signature, and every diagnostic
// and dropped arm. The golden texts were the legacy printer's output when
// the kernel IR took over (tst_kir_parity held them equal); a change to
// the translator's output shows here as a diff to review.
// TILEPORT_UPDATE_GOLDEN=1 rewrites them.

#include "RustTranslator.h"
#include "support/TestFiles.h"
#include "TritonAnalyzer.h"
#include "TritonTranslator.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace tileport;
using namespace tileport::rust;
using tileport::testing::kernelFiles;

namespace {

const QString kSource = QStringLiteral(TILEPORT_SOURCE_DIR);

// What the translator gives for one file, as text that reads well in a diff.
QString describe(const TranslationResult &r, const QString &file)
{
    // Paths as the repository names them, so the text is the same anywhere.
    const auto local = [&](QString t) { return t.replace(file, QDir(kSource).relativeFilePath(file)); };
    QStringList out;
    const CrateConfigs configs = CrateConfigs::besides(file);
    for (const TranslatedKernel &k : r.kernels) {
        out << QStringLiteral("== entry %1 (kernel %2)").arg(k.signature.entry, k.pythonName);
        // Its rustdoc as library() prints it, naming the sidecar's configs.
        for (const QString &l : r.entryDoc(k, configs).lines(4))
            out << QStringLiteral("doc %1").arg(l);
        for (const RustLine &l : k.lines)
            out << QStringLiteral("%1-%2 %3").arg(l.pyLine).arg(l.pyEndLine).arg(l.text);
        out << QString::fromUtf8(QJsonDocument(k.signature.toJson()).toJson(QJsonDocument::Compact));
    }
    for (const TranslationDiagnostic &d : r.diagnostics)
        out << QStringLiteral("== diagnostic ") + local(d.toString());
    for (const TranslationResult::DroppedArm &d : r.droppedArms)
        out << QStringLiteral("== dropped ") + local(d.toString());
    if (!r.error.isEmpty())
        out << QStringLiteral("== error ") + local(r.error);
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

class TranslateGolden : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyKernelFileMatchesItsGolden_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : kernelFiles())
            QTest::newRow(qPrintable(QDir(kSource).relativeFilePath(f))) << f;
    }

    void everyKernelFileMatchesItsGolden()
    {
        QFETCH(QString, file);
        const TranslationResult r = triton::TritonAnalyzer::isTritonFile(file) ? triton::TritonTranslator::translateFile(file, {})
                                                                                : RustTranslator::translateFile(file, {});
        const QString text = describe(r, file);
        const QString golden = kSource + QStringLiteral("/tests/golden/translate/") + QDir(kSource).relativeFilePath(file) + QStringLiteral(".txt");
        if (qEnvironmentVariableIsSet("TILEPORT_UPDATE_GOLDEN")) {
            QVERIFY(QDir().mkpath(QFileInfo(golden).absolutePath()));
            QFile out(golden);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text.toUtf8());
            return;
        }
        QFile in(golden);
        QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(golden + QStringLiteral(" is missing (TILEPORT_UPDATE_GOLDEN=1 writes it)")));
        const QString expected = QString::fromUtf8(in.readAll());
        if (text != expected) {
            // QCOMPARE cuts long texts: the output goes next to it to diff.
            const QString got = QDir::temp().filePath(QFileInfo(golden).fileName());
            QFile out(got);
            if (out.open(QIODevice::WriteOnly))
                out.write(text.toUtf8());
            QFAIL(qPrintable(QStringLiteral("%1 differs from its golden (diff %2 %3)").arg(file, golden, got)));
        }
    }
};

QTEST_GUILESS_MAIN(TranslateGolden)
#include "tst_translate_golden.moc"
