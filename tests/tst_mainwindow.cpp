// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CodeEditor.h"
#include "IrDiffPane.h"
#include "MainWindow.h"
#include "StageListModel.h"

#include <KSyntaxHighlighting/Definition>

#include <QListView>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using namespace tileport::ui;

namespace {

// Number of distinct styles (colour, weight) KSyntaxHighlighting put on the line.
int coloursOnLine(CodeEditor *editor, const QString &needle)
{
    QTextBlock block = editor->document()->firstBlock();
    while (block.isValid() && !block.text().contains(needle))
        block = block.next();
    if (!block.isValid())
        return -1;
    QSet<QPair<QRgb, int>> colours;
    for (const QTextLayout::FormatRange &r : block.layout()->formats())
        colours.insert({r.format.foreground().color().rgba(), r.format.fontWeight()});
    return int(colours.size());
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hasThreePanesAndPipeline()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.findChild<CodeEditor *>(QStringLiteral("sourcePane")));
        QVERIFY(w.findChild<IrDiffPane *>(QStringLiteral("irDiffPane")));
        QVERIFY(w.findChild<CodeEditor *>(QStringLiteral("rustPane")));
        QVERIFY(w.findChild<CodeEditor *>(QStringLiteral("irReference")));
        QVERIFY(w.findChild<CodeEditor *>(QStringLiteral("irGenerated")));
        auto *pipeline = w.findChild<QListView *>(QStringLiteral("pipelinePanel"));
        QVERIFY(pipeline);
        QCOMPARE(pipeline->model()->rowCount(), 6);
        QCOMPARE(pipeline->model()->index(0, 0).data(StageListModel::StageIdRole).toString(), QStringLiteral("A"));
        QCOMPARE(pipeline->model()->index(5, 0).data(StageListModel::TitleRole).toString(), QStringLiteral("Perf diagnosis"));
        w.stageModel()->setVerdict(QLatin1Char('C'), QStringLiteral("PASS_WITH_NOTES"));
        QCOMPARE(pipeline->model()->index(2, 0).data(StageListModel::VerdictRole).toString(), QStringLiteral("PASS_WITH_NOTES"));
    }

    void highlightsPythonAndRust()
    {
        MainWindow w;
        QCOMPARE(w.sourcePane()->definitionName(), QStringLiteral("Python"));
        QCOMPARE(w.rustPane()->definitionName(), QStringLiteral("Rust"));
        QSignalSpy opened(&w, &MainWindow::sourceOpened);
        w.openSource(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/vector_add.py"));
        QVERIFY(opened.wait(5000));
        QCoreApplication::processEvents();
        // "def vector_add(a, b, c, TILE: ct.Constant[int]):" has a keyword, a name and punctuation.
        QVERIFY(coloursOnLine(w.sourcePane(), QStringLiteral("def vector_add")) >= 2);
        w.rustPane()->setPlainText(QStringLiteral("fn main() {\n    let x: i32 = 42; // answer\n}\n"));
        QCoreApplication::processEvents();
        QVERIFY(coloursOnLine(w.rustPane(), QStringLiteral("let x")) >= 3);
    }

    void highlightsTileIr()
    {
        MainWindow w;
        CodeEditor *ref = w.irDiffPane()->reference();
        QCOMPARE(ref->definitionName(), QStringLiteral("Tile IR"));
        ref->setPlainText(QStringLiteral("cuda_tile.module @kernels {\n"
                                         "  entry @k(%arg0: tile<ptr<f32>>) {\n"
                                         "    %0 = addf %a, %b rounding<zero> : tile<4xf32>\n"
                                         "    return\n  }\n}\n"));
        QCoreApplication::processEvents();
        // op, values, keyword, type and element type get distinct styles.
        const int colours = coloursOnLine(ref, QStringLiteral("%0 = addf"));
        QVERIFY2(colours >= 4, qPrintable(QString::number(colours)));
    }

    void themesChangeColours()
    {
        MainWindow w;
        w.setTheme(ThemeMode::Light);
        const QColor light = w.sourcePane()->palette().color(QPalette::Base);
        w.setTheme(ThemeMode::Dark);
        const QColor dark = w.sourcePane()->palette().color(QPalette::Base);
        QVERIFY(light.lightness() > 128);
        QVERIFY(dark.lightness() < 128);
        QCOMPARE(w.rustPane()->palette().color(QPalette::Base), dark);
    }

    void openingMissingFileReportsError()
    {
        MainWindow w;
        QSignalSpy failed(&w, &MainWindow::sourceOpenFailed);
        w.openSource(QStringLiteral("/nonexistent/kernel.py"));
        QVERIFY(failed.wait(5000));
        QVERIFY(failed.at(0).at(0).toString().startsWith(QStringLiteral("/nonexistent/kernel.py: ")));
        QVERIFY(w.sourcePane()->toPlainText().isEmpty());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
