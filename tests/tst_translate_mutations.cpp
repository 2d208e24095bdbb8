// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Bad input gets a diagnostic, never a crash: every kernel file of
// examples/ and tests/fixtures/, cut short at a dozen points and with one
// line deleted at a time, through the translator (analysis, the kernel IR
// lowering, its passes and the printer). Nothing may throw past the
// translator, and every diagnostic has its line and reason.

#include "RustTranslator.h"
#include "support/TestFiles.h"

#include <QDirIterator>
#include <QFile>
#include <QtTest>

using namespace tileport::rust;
using tileport::testing::kernelFiles;

namespace {

// The translation of one mutant; false (and *why) when it throws or gives
// a diagnostic that cannot be shown at a place. (A file that no longer
// imports cuda.tile has no kernel: the CLI says none was translated.)
bool translates(const QByteArray &source, QString *why)
{
    try {
        const TranslationResult r = RustTranslator::translateSource(source, QStringLiteral("mutant.py"), {});
        for (const TranslationDiagnostic &d : r.diagnostics)
            if (d.line < 1 || d.reason.isEmpty()) {
                *why = QStringLiteral("a diagnostic without a line or a reason: ") + d.toString();
                return false;
            }
        return true;
    } catch (...) {
        *why = QStringLiteral("an exception escaped the translator");
        return false;
    }
}

} // namespace

class TranslateMutations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void mutantsGetDiagnosticsNotCrashes()
    {
        int runs = 0;
        for (const QString &file : kernelFiles()) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray source = f.readAll();
            if (!source.contains("@ct.kernel"))
                continue;
            QString why;
            for (int i = 1; i <= 12; ++i) {
                const QByteArray cut = source.left(source.size() * i / 13);
                QVERIFY2(translates(cut, &why), qPrintable(QStringLiteral("%1 cut at %2 bytes: %3").arg(file).arg(cut.size()).arg(why)));
                ++runs;
            }
            const QList<QByteArray> lines = source.split('\n');
            for (qsizetype l = 0; l < lines.size(); ++l) {
                QList<QByteArray> rest = lines;
                rest.removeAt(l);
                QVERIFY2(translates(rest.join('\n'), &why),
                         qPrintable(QStringLiteral("%1 without line %2: %3").arg(file).arg(l + 1).arg(why)));
                ++runs;
            }
        }
        qInfo().noquote() << QStringLiteral("%1 mutants translated").arg(runs);
        QVERIFY(runs > 500);
    }
};

QTEST_GUILESS_MAIN(TranslateMutations)
#include "tst_translate_mutations.moc"
