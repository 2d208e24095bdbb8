// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// What a reviewer reads, at common window sizes, on real inputs without the
// toolchain: no key column of the IR diff elides its text (the count
// table's op names, the selected row's ops in the details pane), the
// changes are marked inside the op text, findings are walked from the
// keyboard, the benchmark chart shows its axis titles and config names
// whole at 1280x800, a failed stage says why and what fixes it, a file of
// several kernels lists them, and the layout is remembered.
#include "BenchmarksPane.h"
#include "CodeEditor.h"
#include "DiffFindingsModel.h"
#include "DiffRowsModel.h"
#include "IrAlignment.h"
#include "IrChangeMarks.h"
#include "IrDiffDetails.h"
#include "IrDiffPane.h"
#include "KernelSelectorModel.h"
#include "MainWindow.h"
#include "OpCountModel.h"
#include "OpDeltaMatrixModel.h"
#include "PipelineController.h"
#include "SassAlignment.h"
#include "SassPane.h"
#include "SassParser.h"
#include "SassRowsModel.h"
#include "PipelineEvent.h"
#include "RunArtifacts.h"
#include "SassDetails.h"
#include "StageListModel.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QStyleOptionComboBox>
#include <QDir>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QValueAxis>

using namespace tileport;
using namespace tileport::ui;

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString kFixture = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/tileir/kernel_ref.mlir");
const QString kBench = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/bench/softmax.bench.json");

// The fixture against an edited copy: exp loses its approx rounding and
// mulf its flush_to_zero (critical findings), and the row index is divided
// by 2 twice instead of by 4 once (a changed constant, an inserted divi:
// the counts move, operands change).
AlignedDiff editedDiff()
{
    const QByteArray ref = readFile(kFixture);
    QByteArray gen = ref;
    gen.replace("%e = exp %acc rounding<approx>", "%e = exp %acc");
    gen.replace("%es = mulf %e, %sb flush_to_zero", "%es = mulf %e, %sb");
    gen.replace("%row = divi %bx, %four signed : tile<i32> loc(\"kernel.py\":22:11)",
                "%two = constant <i32: 2> : tile<i32> loc(\"kernel.py\":22:30)\n"
                "    %half = divi %bx, %two signed : tile<i32> loc(\"kernel.py\":22:11)\n"
                "    %row = divi %half, %two signed : tile<i32> loc(\"kernel.py\":22:11)");
    return IrAlignment::computeFromText(ref, gen);
}

// The fixture against a copy whose first load lost allow_tma: the critical
// allow-tma finding names both loads of the reference (a finding about
// several ops), the note about allow_tma = false the changed one.
AlignedDiff allowTmaDiff()
{
    const QByteArray ref = readFile(kFixture);
    QByteArray gen = ref;
    gen.replace("%va[%row, %k] optimization_hints = <sm_100 = {allow_tma = true", "%va[%row, %k] optimization_hints = <sm_100 = {allow_tma = false");
    return IrAlignment::computeFromText(ref, gen);
}

int rowWith(const AlignedDiff &d, const QString &needle, int from = 0)
{
    for (int i = from; i < d.rows.size(); ++i)
        if (d.refText(d.rows[i]).contains(needle))
            return i;
    return -1;
}

// A window at a common size with the defaults (no saved layout).
void showAt(MainWindow &w, int width, int height)
{
    w.resize(width, height);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCoreApplication::processEvents();
}

// The texts the chart's scene shows (axis labels and titles, bar labels, legend).
QStringList chartTexts(QChartView *view, QList<QRectF> *rects = nullptr)
{
    QStringList out;
    for (QGraphicsItem *item : view->scene()->items())
        if (auto *t = dynamic_cast<QGraphicsTextItem *>(item); t && t->isVisible() && !t->toPlainText().isEmpty()) {
            out << t->toPlainText();
            if (rects)
                rects->append(t->sceneBoundingRect());
        }
    return out;
}

} // namespace

class TestGuiReadable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // Layouts saved by other runs must not change what these tests see.
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
    }

    void changesAreMarkedInsideTheOpText()
    {
        const AlignedDiff d = editedDiff();
        QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
        const int exp = rowWith(d, QStringLiteral("= exp "));
        QVERIFY(exp >= 0);
        const AlignedRow &row = d.rows[exp];
        QCOMPARE(row.kind, AlignedRow::Kind::Changed);
        const QString ref = d.refText(row);
        const QList<IrChangeMarks::Span> marks = IrChangeMarks::find(ref, row.edits, IrChangeMarks::Side::Ref);
        QVERIFY(!marks.isEmpty());
        QStringList marked;
        for (const IrChangeMarks::Span &m : marks)
            marked << ref.mid(m.start, m.length);
        QVERIFY2(marked.join(QLatin1Char('|')).contains(QStringLiteral("approx")), qPrintable(marked.join(QLatin1Char('|'))));
        // The generated side has no rounding to point at.
        QVERIFY(IrChangeMarks::find(d.genText(row), row.edits, IrChangeMarks::Side::Gen).isEmpty());
        // The constant's changed value is marked where the op spells it.
        const int four = rowWith(d, QStringLiteral("constant <i32: 4>"));
        QVERIFY(four >= 0);
        const QString constant = d.refText(d.rows[four]);
        const QList<IrChangeMarks::Span> valueMarks = IrChangeMarks::find(constant, d.rows[four].edits, IrChangeMarks::Side::Ref);
        QCOMPARE(valueMarks.size(), 1);
        QVERIFY2(constant.mid(valueMarks[0].start, valueMarks[0].length).contains(QLatin1Char('4')), qPrintable(constant));
        // A changed operand: the divi now divides the halved index.
        bool operandMarked = false;
        for (const AlignedRow &r : d.rows)
            for (const IrChange &c : r.edits)
                if (c.kind == QLatin1String("operand") && r.genOp >= 0)
                    operandMarked = operandMarked || !IrChangeMarks::find(d.genText(r), r.edits, IrChangeMarks::Side::Gen).isEmpty();
        QVERIFY(operandMarked);
        // Operands: the i-th %value after the mnemonic, not a result.
        const QString mulf = QStringLiteral("%es = mulf %e, %sb flush_to_zero : tile<64x64xf32>");
        QCOMPARE(mulf.mid(IrChangeMarks::operand(mulf, 1).start, IrChangeMarks::operand(mulf, 1).length), QStringLiteral("%sb"));
        QCOMPARE(IrChangeMarks::operand(mulf, 2).length, 0);
    }

    void opCountTableShowsWholeOpNamesSortedByDelta()
    {
        const AlignedDiff d = editedDiff();
        QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
        for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
            MainWindow w;
            showAt(w, size.width(), size.height());
            w.irDiffPane()->setDiff(d);
            QCoreApplication::processEvents();
            QTableView *view = w.irDiffPane()->countTable();
            OpCountModel *counts = w.irDiffPane()->opCounts();
            QVERIFY(counts->rowCount() > 5);
            QVERIFY(view->isVisible());
            int previous = INT_MAX;
            bool moved = false;
            for (int r = 0; r < counts->rowCount(); ++r) {
                const QModelIndex op = counts->index(r, OpCountModel::OpColumn);
                const int abs = op.data(OpCountModel::AbsDeltaRole).toInt();
                QVERIFY2(abs <= previous, "the counts are sorted by |Δ|, largest first");
                previous = abs;
                moved = moved || abs > 0;
                // The name fits its cell, and the cell lies inside the viewport.
                const QString name = op.data().toString();
                const QFontMetrics fm(op.data(Qt::FontRole).value<QFont>());
                const QRect cell = view->visualRect(op);
                QVERIFY2(fm.horizontalAdvance(name) + 6 <= cell.width(),
                         qPrintable(QStringLiteral("%1: %2 px of text in a %3 px cell").arg(name).arg(fm.horizontalAdvance(name)).arg(cell.width())));
                QVERIFY2(cell.left() >= 0 && view->visualRect(counts->index(r, OpCountModel::DeltaColumn)).right() <= view->viewport()->width(),
                         qPrintable(QStringLiteral("%1: row cut at the viewport's edge (%2 px wide)").arg(name).arg(view->viewport()->width())));
            }
            QVERIFY(moved); // the inserted divi moved its count
            QCOMPARE(counts->index(0, OpCountModel::DeltaColumn).data(OpCountModel::DeltaRole).toInt() != 0, true);
        }
    }

    void selectedRowShowsItsOpsWholeWithFindings()
    {
        const AlignedDiff d = editedDiff();
        for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
            MainWindow w;
            showAt(w, size.width(), size.height());
            IrDiffPane *pane = w.irDiffPane();
            pane->setDiff(d);
            QCoreApplication::processEvents();
            // Ctrl+F7: the critical row (exp lost its approx rounding).
            QSignalSpy activated(pane, &IrDiffPane::rowActivated);
            pane->nextCriticalAction()->trigger();
            QCOMPARE(activated.size(), 1);
            const int row = pane->selectedRow();
            QVERIFY(row >= 0);
            QVERIFY(d.rows[row].critical);
            QVERIFY(d.refText(d.rows[row]).contains(QStringLiteral("exp")));
            QCoreApplication::processEvents();

            IrDiffDetails *details = pane->details();
            // The whole op, character for character, in an editor that wraps it within its width and height.
            for (CodeEditor *e : {details->reference(), details->generated()}) {
                const QString full = e == details->reference() ? d.refText(d.rows[row]) : d.genText(d.rows[row]);
                QCOMPARE(e->toPlainText(), full);
                QVERIFY(!e->toPlainText().contains(QChar(0x2026)));
                QCOMPARE(e->horizontalScrollBar()->maximum(), 0);
                QVERIFY(e->isVisible());
                const QTextBlock block = e->document()->firstBlock();
                QVERIFY(block.layout()->lineCount() >= 1);
                for (int l = 0; l < block.layout()->lineCount(); ++l)
                    QVERIFY(block.layout()->lineAt(l).naturalTextWidth() <= e->viewport()->width());
                QCOMPARE(e->verticalScrollBar()->maximum(), 0); // all its lines are in view
            }
            // Its findings with rule, severity and owner.
            DiffFindingsModel *findings = details->findings();
            QVERIFY(findings->rowCount() >= 1);
            bool rounding = false;
            for (int i = 0; i < findings->rowCount(); ++i) {
                const QModelIndex f = findings->index(i, 0);
                QVERIFY(!f.data(DiffFindingsModel::OwnerRole).toString().isEmpty());
                rounding = rounding || (f.data(DiffFindingsModel::RuleRole).toString() == QLatin1String("rounding-approx")
                                        && f.data(DiffFindingsModel::SeverityRole).toString() == QLatin1String("critical"));
            }
            QVERIFY(rounding);
            // The row itself is expanded: tall enough for its wrapped text in each column.
            QTableView *table = pane->table();
            const QModelIndex current = table->currentIndex();
            QVERIFY(table->selectionModel()->isRowSelected(current.row(), {}));
            QVERIFY(table->selectionModel()->isSelected(current.siblingAtColumn(0)));
            QVERIFY(table->selectionModel()->isSelected(current.siblingAtColumn(1)));
            const int oneLine = table->verticalHeader()->defaultSectionSize();
            const QFontMetrics fm(current.data(Qt::FontRole).value<QFont>());
            const int refWidth = fm.horizontalAdvance(current.data().toString());
            if (refWidth > table->columnWidth(0))
                QVERIFY2(table->rowHeight(current.row()) >= 2 * fm.lineSpacing(),
                         qPrintable(QStringLiteral("%1 px of text in a %2 px column, row %3 px high")
                                        .arg(refWidth).arg(table->columnWidth(0)).arg(table->rowHeight(current.row()))));
            QVERIFY(table->rowHeight(current.row()) >= oneLine);
        }
    }

    void findingOfSeveralOpsSelectsThemAllWithTheirLines()
    {
        const AlignedDiff d = allowTmaDiff();
        QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
        // The two loads, in order (the printer names their values anew).
        const int x = rowWith(d, QStringLiteral("load_view_tko")), y = rowWith(d, QStringLiteral("load_view_tko"), x + 1);
        QVERIFY(x > 0 && y > x);
        bool spans = false;
        for (const IrFinding &f : d.findings)
            spans = spans || (f.rule == QLatin1String("allow-tma") && f.rows.contains(x) && f.rows.contains(y));
        QVERIFY2(spans, "the allow-tma finding names both loads");
        // The run as the window shows it: the kernel file's lines 26 and 27
        // are the loads', and the crate's lines 40 and 41 were generated from them.
        QTemporaryDir dir;
        QFile map(dir.filePath(QStringLiteral("sourcemap.json")));
        QVERIFY(map.open(QIODevice::WriteOnly));
        map.write(R"({"schema": "tileport-sourcemap/1", "lines": [{"rust": 40, "python": [26]}, {"rust": 41, "python": [27]}, {"rust": 50, "python": [33]}]})");
        map.close();
        RunArtifacts a;
        a.pythonFile = dir.filePath(QStringLiteral("kernel.py"));
        a.sourcemapFile = map.fileName();
        a.hasDiff = true;
        a.diff = d;
        for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
            MainWindow w;
            showAt(w, size.width(), size.height());
            w.showArtifacts(a);
            IrDiffPane *pane = w.irDiffPane();
            // Ctrl+F7 reaches the first load; its finding selects the second too, in both columns.
            pane->nextCriticalAction()->trigger();
            QCoreApplication::processEvents();
            QCOMPARE(pane->selectedRow(), x);
            QCOMPARE(pane->selectedRows(), (QList<int>{x, y}));
            QTableView *table = pane->table();
            for (int r : {x, y})
                for (int c : {0, 1})
                    QVERIFY(table->selectionModel()->isSelected(pane->visibleRows()->mapFromSource(pane->rowsModel()->index(r, c))));
            // Only the current row is expanded.
            const QModelIndex second = pane->visibleRows()->mapFromSource(pane->rowsModel()->index(y, 0));
            QCOMPARE(table->rowHeight(second.row()), table->verticalHeader()->defaultSectionSize());
            // Both loads' Python lines and the Rust lines generated from them.
            QCOMPARE(w.currentLinks().python, (QList<int>{26, 27}));
            QCOMPARE(w.currentLinks().rust, (QList<int>{40, 41}));
            QVERIFY(w.currentLinks().irRows.contains(x) && w.currentLinks().irRows.contains(y));
            QCOMPARE(w.sourcePane()->linkedLines(), (QList<int>{26, 27}));
            QCOMPARE(w.rustPane()->linkedLines(), (QList<int>{40, 41}));
            // A click on a row no finding names selects that row alone.
            const int store = rowWith(d, QStringLiteral("store_view_tko"));
            QVERIFY(store > y);
            const QModelIndex storeIndex = pane->visibleRows()->mapFromSource(pane->rowsModel()->index(store, 0));
            table->scrollTo(storeIndex);
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(storeIndex).center());
            QCoreApplication::processEvents();
            QCOMPARE(pane->selectedRows(), QList<int>{store});
            QCOMPARE(w.currentLinks().python, QList<int>{33});
            // A click on the second load selects the first with it again (after the click's own selection).
            table->scrollTo(second);
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(second).center());
            QCoreApplication::processEvents();
            QCOMPARE(pane->selectedRow(), y);
            QCOMPARE(pane->selectedRows(), (QList<int>{x, y}));
        }
    }

    void walkingVisitsEveryDifferenceInOrder()
    {
        const AlignedDiff d = editedDiff();
        IrDiffPane pane;
        pane.resize(900, 600);
        pane.show();
        pane.setDiff(d);
        QList<int> expected;
        for (int i = 0; i < d.rows.size(); ++i)
            if (pane.rowsModel()->isDifference(i))
                expected << i;
        QVERIFY(expected.size() >= 4); // exp, mulf, the constant, the inserted divi, ...
        QList<int> visited;
        for (int i = 0; i < expected.size(); ++i) {
            pane.nextDifferenceAction()->trigger();
            visited << pane.selectedRow();
        }
        QCOMPARE(visited, expected);
        pane.nextDifferenceAction()->trigger(); // wraps to the first
        QCOMPARE(pane.selectedRow(), expected.first());
        pane.previousDifferenceAction()->trigger(); // and back to the last
        QCOMPARE(pane.selectedRow(), expected.last());
        // Hidden matching rows are skipped; differences stay reachable.
        pane.setHideMatching(true);
        pane.nextDifferenceAction()->trigger();
        QCOMPARE(pane.selectedRow(), expected.first());
        // No critical finding in an identical diff: the walk says so.
        const QByteArray ref = readFile(kFixture);
        pane.setDiff(IrAlignment::computeFromText(ref, ref));
        QSignalSpy ended(&pane, &IrDiffPane::walkEnded);
        QCOMPARE(pane.walk(DiffRowsModel::Walk::NextCritical), -1);
        QCOMPARE(ended.size(), 1);
    }

    void chartShowsAxisTitlesAndConfigNamesWhole()
    {
        const QJsonArray configs = QJsonDocument::fromJson(readFile(kBench)).object().value(QStringLiteral("configs")).toArray();
        QVERIFY(configs.size() >= 2);
        MainWindow w;
        showAt(w, 1280, 800);
        auto *tabs = w.findChild<QTabWidget *>(QStringLiteral("bottomTabs"));
        QVERIFY(tabs);
        tabs->setCurrentWidget(w.benchmarksPane());
        // The fixture as this run, and an earlier run of it 10% slower per config.
        QTemporaryDir dir;
        QJsonArray slower;
        for (const QJsonValue &v : configs) {
            QJsonObject o = v.toObject();
            o.insert(QStringLiteral("ratio"), o.value(QStringLiteral("ratio")).toDouble() * 1.1);
            slower.append(o);
        }
        QFile earlier(dir.filePath(QStringLiteral("earlier.json")));
        QVERIFY(earlier.open(QIODevice::WriteOnly));
        earlier.write(QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("tileport-results/1")},
                                                {QStringLiteral("configs"), slower}})
                          .toJson());
        earlier.close();
        QVERIFY(w.benchmarksPane()->showReport(kBench, earlier.fileName(), QStringLiteral("run 2"), QStringLiteral("run 1")));
        QCoreApplication::processEvents();
        QTest::qWait(50);
        QChartView *view = w.benchmarksPane()->chartView();
        QVERIFY(view->isVisible());
        QVERIFY2(view->height() >= 150, qPrintable(QString::number(view->height())));

        QList<QRectF> rects;
        const QStringList texts = chartTexts(view, &rects);
        const QRectF visible = view->mapToScene(view->viewport()->rect()).boundingRect();
        auto shownWhole = [&](const QString &text) {
            for (int i = 0; i < texts.size(); ++i)
                if (texts[i] == text)
                    return visible.contains(rects[i]);
            return false;
        };
        QChart *chart = w.benchmarksPane()->chart();
        QStringList titles;
        for (QAbstractAxis *a : chart->axes())
            if (a->isVisible() && !a->titleText().isEmpty())
                titles << a->titleText();
        QCOMPARE(titles.size(), 2);
        for (const QString &t : titles)
            QVERIFY2(shownWhole(t), qPrintable(QStringLiteral("axis title '%1' not shown whole; shown: %2").arg(t, texts.join(QStringLiteral(" | ")))));
        for (const QJsonValue &c : configs) {
            const QString name = c[QStringLiteral("config")].toString();
            QVERIFY2(shownWhole(name), qPrintable(QStringLiteral("config '%1' not shown whole; shown: %2").arg(name, texts.join(QStringLiteral(" | ")))));
        }
        // A value on each bar of both series.
        const QString first = QString::number(configs.first()[QStringLiteral("ratio")].toDouble(), 'g', 3);
        QVERIFY2(texts.contains(first), qPrintable(first + QStringLiteral(" in ") + texts.join(QStringLiteral(" | "))));
        QCOMPARE(w.benchmarksPane()->comparison().earlier.size(), configs.size());
        // The reference lines: parity, the gate, the geomean.
        QStringList names;
        for (QAbstractSeries *s : chart->series())
            names << s->name();
        QVERIFY(names.contains(QStringLiteral("1.00 (parity)")));
        QVERIFY(names.contains(QStringLiteral("gate 1.05")));
        QVERIFY(names.filter(QStringLiteral("geomean ")).size() == 1);
    }

    void failedStageSaysWhyAndWhatFixesIt()
    {
        StageListModel m;
        PipelineEvent e;
        e.kind = PipelineEvent::Kind::Verdict;
        e.stage = QLatin1Char('A');
        e.verdict = QStringLiteral("FAIL_FIXABLE");
        e.owner = QStringLiteral("host");
        e.text = QStringLiteral("no configs captured for kernel _scale_rows_kernel: no test or benchmark launched it; "
                                "name a launch with `tileport port --call 'EXPR'` (or --tests FILE), or write scale_rows.tileport.json beside the file");
        m.applyEvent(e);
        PipelineEvent fin = e;
        fin.kind = PipelineEvent::Kind::StageFinished;
        m.applyEvent(fin);
        const QString shown = m.index(0).data().toString();
        const QStringList lines = shown.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[1].contains(QStringLiteral("no configs captured for kernel _scale_rows_kernel")), qPrintable(shown));
        QVERIFY2(lines[1].contains(QStringLiteral("Capture configurations")), qPrintable(shown));
        QVERIFY2(!lines[1].contains(QStringLiteral("tileport port --call")), qPrintable(shown)); // the IDE's action, not the CLI's
        QCOMPARE(m.index(0).data(StageListModel::FixRole).toString().isEmpty(), false);
        // A passing stage keeps one line.
        e.verdict = QStringLiteral("PASS");
        e.text = QStringLiteral("analyzed");
        m.applyEvent(e);
        QCOMPARE(m.index(0).data().toString().count(QLatin1Char('\n')), 0);
    }

    void fileOfSeveralKernelsListsThemAndOffersACapture()
    {
        // A TileGym-style op file: two kernels, no sidecar.
        const QString file = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/capture/tilekit/src/tilekit/ops/cutile/scale_rows.py");
        MainWindow w;
        QSignalSpy opened(&w, &MainWindow::sourceOpened);
        w.openSource(file);
        QVERIFY(opened.wait(10000));
        QCOMPARE(w.kernelModel()->kernels(), (QStringList{QStringLiteral("_scale_rows_kernel"), QStringLiteral("_scale_rows_persistent_kernel")}));
        QCOMPARE(w.configSelector()->count(), 2);
        QCOMPARE(w.configSelector()->currentText(), QStringLiteral("_scale_rows_kernel"));
        QVERIFY(w.needsConfigs());
        // Run does not fail: it offers the capture, and starts nothing yet.
        QVERIFY(!w.requestRun());
        QVERIFY2(w.noticeText().contains(QStringLiteral("no launch configurations yet")), qPrintable(w.noticeText()));
        QVERIFY(w.noticeText().contains(QStringLiteral("_scale_rows_kernel")));
        QVERIFY(!w.controller()->isRunning());
        // With a sidecar's configs there is nothing to offer.
        w.kernelModel()->setConfigs({{QStringLiteral("_scale_rows_kernel"), QStringLiteral("f32"), 0, false}}, QStringLiteral("sidecar"));
        QVERIFY(!w.needsConfigs());
        // The selector shows a long config name, captured once the window is up, whole at 1280x800 inside the window.
        showAt(w, 1280, 800);
        const QString longest = QStringLiteral("scale_rows_persistent__test_scale_rows_persistent_f32_4096x8192_s0.5");
        w.kernelModel()->setConfigs({{QStringLiteral("_scale_rows_persistent_kernel"), longest, 3, true}}, QStringLiteral("capture"));
        QCoreApplication::processEvents();
        QTest::qWait(50); // the menu bar lays its corner out on a timer
        QComboBox *box = w.configSelector();
        box->setCurrentIndex(w.kernelModel()->rowOfConfig(QStringLiteral("_scale_rows_persistent_kernel.") + longest));
        QCoreApplication::processEvents();
        QCOMPARE(box->currentText(), QStringLiteral("_scale_rows_persistent_kernel.") + longest);
        QVERIFY(box->isVisible());
        QStyleOptionComboBox opt;
        opt.initFrom(box);
        opt.currentText = box->currentText();
        const QRect field = box->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, box);
        QVERIFY2(box->fontMetrics().horizontalAdvance(box->currentText()) <= field.width(),
                 qPrintable(QStringLiteral("%1 px of text in a %2 px field").arg(box->fontMetrics().horizontalAdvance(box->currentText())).arg(field.width())));
        QVERIFY(box->mapTo(&w, QPoint(box->width(), 0)).x() <= w.width());
    }

    void opDeltasPerConfigFromStageCReports()
    {
        // A run's reports as stages A and C write them: two configs, their diff JSON beside stage C's.
        QTemporaryDir run;
        QVERIFY(QDir(run.path()).mkpath(QStringLiteral("reports")));
        auto write = [&](const QString &name, const QJsonObject &o) {
            QFile f(run.filePath(QStringLiteral("reports/") + name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(o).toJson());
        };
        auto counts = [](std::initializer_list<std::tuple<const char *, int, int>> rows) {
            QJsonArray a;
            for (const auto &[op, ref, gen] : rows)
                a.append(QJsonObject{{QStringLiteral("op"), QLatin1String(op)}, {QStringLiteral("ref"), ref}, {QStringLiteral("gen"), gen},
                                     {QStringLiteral("delta"), gen - ref}});
            return a;
        };
        write(QStringLiteral("stage_A.json"), QJsonObject{{QStringLiteral("evidence"), QJsonObject{{QStringLiteral("configs"), QJsonArray{
            QJsonObject{{QStringLiteral("kernel"), QStringLiteral("k")}, {QStringLiteral("config"), QStringLiteral("f32")}},
            QJsonObject{{QStringLiteral("kernel"), QStringLiteral("k")}, {QStringLiteral("config"), QStringLiteral("f16")}}}}}}});
        write(QStringLiteral("stage_C.json"), QJsonObject{{QStringLiteral("evidence"), QJsonObject{{QStringLiteral("configs"), QJsonArray{
            QJsonObject{{QStringLiteral("config"), QStringLiteral("f32")}, {QStringLiteral("report"), QStringLiteral("reports/diff_f32.md")}},
            QJsonObject{{QStringLiteral("config"), QStringLiteral("f16")}, {QStringLiteral("report"), QStringLiteral("reports/diff_f16.md")}}}}}}});
        write(QStringLiteral("diff_f32.json"), QJsonObject{{QStringLiteral("op_counts"), counts({{"addf", 1, 1}, {"assume", 20, 17}, {"cmpi", 0, 1}})}});
        write(QStringLiteral("diff_f16.json"), QJsonObject{{QStringLiteral("op_counts"), counts({{"addf", 1, 1}, {"assume", 20, 20}, {"cmpi", 0, 1}, {"ftof", 0, 2}})}});
        const QList<ConfigOpDeltas> deltas = ConfigOpDeltas::readRun(run.path());
        QCOMPARE(deltas.size(), 2);
        QCOMPARE(deltas[0].config, QStringLiteral("k.f32"));
        IrDiffPane pane;
        pane.setOpDeltas(deltas, QStringLiteral("k.f16"));
        OpDeltaMatrixModel *m = pane.opDeltas();
        // Ops that moved somewhere, largest |Δ| first; addf never moved.
        QCOMPARE(m->ops(), (QStringList{QStringLiteral("assume"), QStringLiteral("ftof"), QStringLiteral("cmpi")}));
        QCOMPARE(m->index(0, 0).data(OpDeltaMatrixModel::DeltaRole).toInt(), -3);
        QCOMPARE(m->index(0, 0).data().toString(), QStringLiteral("-3"));
        QCOMPARE(m->index(1, 1).data().toString(), QStringLiteral("+2"));
        QCOMPARE(m->index(1, 0).data().toString(), QString()); // f16 keeps its assumes
        QVERIFY(m->index(1, 0).data(OpDeltaMatrixModel::CurrentRole).toBool());
        QVERIFY(!m->index(0, 0).data(OpDeltaMatrixModel::CurrentRole).toBool());
        QCOMPARE(m->headerData(0, Qt::Vertical, Qt::DisplayRole).toString(), QStringLiteral("f32"));
        QCOMPARE(m->headerData(0, Qt::Vertical, Qt::ToolTipRole).toString(), QStringLiteral("k.f32"));
    }

    void machineCodeIsAlignedSideBySide()
    {
        // A listing as cuobjdump prints it, and a generated one that renames
        // a register, adds an instruction and changes another's opcode.
        const QString ref = QStringLiteral(R"(Resource usage:
 Common:
  GLOBAL:0
 Function k:
  REG:24 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:560 TEXTURE:0 SURFACE:0 SAMPLER:0

	code for sm_90a
	.target	sm_90a

		Function : k
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0010*/                   S2R R0, SR_TID.X ;
        /*0020*/                   ISETP.GE.AND P0, PT, R0, c[0x0][0x210], PT ;
        /*0030*/               @P0 EXIT ;
        /*0040*/                   LDG.E R2, desc[UR4][R4.64] ;
        /*0050*/                   FADD R2, R2, R2 ;
        /*0060*/                   STG.E desc[UR4][R4.64], R2 ;
        /*0070*/                   EXIT ;
		..........
)");
        QString gen = ref;
        gen.replace(QStringLiteral("S2R R0, SR_TID.X"), QStringLiteral("S2R R3, SR_TID.X"));
        gen.replace(QStringLiteral("FADD R2, R2, R2 ;"), QStringLiteral("FMUL R2, R2, 2 ;\n        /*0058*/                   FADD R2, R2, RZ ;"));
        gen.replace(QStringLiteral("REG:24"), QStringLiteral("REG:26"));
        const sass::ParseResult r = sass::parseListing(ref), g = sass::parseListing(gen);
        QVERIFY2(r.ok() && g.ok(), qPrintable(r.error + g.error));
        const SassSideBySide a = SassSideBySide::align(r.module, g.module);
        QCOMPARE(a.verdict, QStringLiteral("SASS_DIFFERS"));
        QStringList kinds;
        for (const SassRow &row : a.rows)
            kinds << QString::number(int(row.kind));
        SassPane pane;
        pane.setAlignment(a);
        SassRowsModel *rows = pane.rows();
        QCOMPARE(rows->index(0, 0).data(SassRowsModel::KindRole).toString(), QStringLiteral("function"));
        // Whole instructions on both sides, in order; the renamed register is matched up to registers.
        int s2r = -1, changed = -1, inserted = -1;
        for (int i = 0; i < rows->rowCount(); ++i) {
            const QString kind = rows->index(i, 0).data(SassRowsModel::KindRole).toString();
            if (rows->index(i, 0).data().toString().startsWith(QLatin1String("S2R")))
                s2r = i;
            if (kind == QLatin1String("changed") && changed < 0)
                changed = i;
            if (kind == QLatin1String("inserted"))
                inserted = i;
        }
        QVERIFY(s2r > 0);
        QCOMPARE(rows->index(s2r, 0).data(SassRowsModel::KindRole).toString(), QStringLiteral("matched"));
        QVERIFY(rows->index(s2r, 0).data(SassRowsModel::RegistersOnlyRole).toBool());
        QCOMPARE(rows->index(s2r, 1).data().toString(), QStringLiteral("S2R R3, SR_TID.X"));
        QVERIFY2(changed > 0, qPrintable(kinds.join(QLatin1Char(' '))));
        QVERIFY(rows->index(changed, 0).data().toString().startsWith(QLatin1String("FADD")));
        QVERIFY(rows->index(changed, 1).data().toString().startsWith(QLatin1String("FMUL")));
        QVERIFY2(inserted > changed, qPrintable(kinds.join(QLatin1Char(' '))));
        QVERIFY(rows->index(inserted, 0).data().toString().isEmpty());
        // The resources side by side, the moved one first.
        QCOMPARE(pane.resources()->index(0, 0).data(OpCountModel::OpRole).toString(), QStringLiteral("registers"));
        QCOMPARE(pane.resources()->index(0, 0).data(OpCountModel::DeltaRole).toInt(), 2);
        QVERIFY(pane.status().contains(QStringLiteral("SASS_DIFFERS")));
        // The walk steps through the differing instructions only.
        QCOMPARE(pane.walk(true), changed);
        QCOMPARE(pane.walk(true), inserted);
        QCOMPARE(pane.walk(true), changed); // wraps
        QCOMPARE(pane.walk(false), inserted);
    }

    void machineCodeFollowsTheIrDiffConventionsAndLinksThroughTileIr()
    {
        // The listings with the line table nvdisasm -g prints for a --lineinfo
        // cubin: the load comes from kernel.py line 26 (the first load_view_tko
        // of the IR fixture), the arithmetic from line 31 (its mulf).
        const QString head = QStringLiteral(R"(	code for sm_90a
	.target	sm_90a

		Function : k
	//## File "/work/kernels/kernel.py", line 21
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0010*/                   S2R R0, SR_TID.X ;
	//## File "/work/kernels/kernel.py", line 26
        /*0040*/                   LDG.E R2, desc[UR4][R4.64] ;
	//## File "/work/kernels/kernel.py", line 31
)");
        const QString ref = head + QStringLiteral("        /*0050*/                   FADD R2, R2, R2 ;\n"
                                                  "        /*0060*/                   STG.E desc[UR4][R4.64], R2 ;\n"
                                                  "        /*0070*/                   EXIT ;\n");
        const QString gen = head + QStringLiteral("        /*0050*/                   FMUL R2, R2, 2 ;\n"
                                                  "        /*0060*/                   STG.E desc[UR4][R4.64], R2 ;\n"
                                                  "        /*0070*/                   EXIT ;\n");
        const sass::ParseResult r = sass::parseListing(ref), g = sass::parseListing(gen);
        QVERIFY2(r.ok() && g.ok(), qPrintable(r.error + g.error));
        const SassSideBySide a = SassSideBySide::align(r.module, g.module);
        const AlignedDiff d = editedDiff();
        IrDiffPane pane;
        pane.resize(1000, 700);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        pane.setDiff(d);
        pane.showMachineCodeTab();
        pane.setMachineCode(a);
        QCoreApplication::processEvents();
        SassPane *sass = pane.machineCode();
        SassRowsModel *rows = sass->rows();
        int ldg = -1, changed = -1;
        for (int i = 0; i < rows->rowCount(); ++i) {
            if (rows->index(i, 0).data().toString().startsWith(QLatin1String("LDG")))
                ldg = i;
            if (rows->index(i, 0).data(SassRowsModel::KindRole).toString() == QLatin1String("changed"))
                changed = i;
        }
        QVERIFY(ldg > 0 && changed > ldg);
        QCOMPARE(rows->index(ldg, 0).data(SassRowsModel::LocRole).toString(), QStringLiteral("/work/kernels/kernel.py:26"));
        QVERIFY(rows->hasSourceLines());
        // Every instruction whole in its cell: never elided, never cut.
        QTableView *table = sass->table();
        for (int i = 0; i < rows->rowCount(); ++i)
            for (int c : {0, 1}) {
                const QModelIndex cell = rows->index(i, c);
                if (cell.data(SassRowsModel::KindRole).toString() == QLatin1String("function"))
                    continue;
                const QFontMetrics fm(cell.data(Qt::FontRole).value<QFont>());
                QVERIFY2(fm.horizontalAdvance(cell.data().toString()) + 6 <= table->columnWidth(c),
                         qPrintable(cell.data().toString()));
            }
        // What differs is marked inside the changed row: the opcode and the last operand, on both sides.
        auto marked = [&](int row, int column) {
            QStringList out;
            const QString text = rows->index(row, column).data().toString();
            for (const QVariant &v : rows->index(row, column).data(SassRowsModel::MarksRole).toList())
                out << text.mid(v.toPoint().x(), v.toPoint().y());
            return out;
        };
        QCOMPARE(marked(changed, 0), (QStringList{QStringLiteral("FADD"), QStringLiteral("R2")}));
        QCOMPARE(marked(changed, 1), (QStringList{QStringLiteral("FMUL"), QStringLiteral("2")}));
        QVERIFY(marked(ldg, 0).isEmpty());
        // The details pane: both instructions whole, marked, with where they come from.
        QSignalSpy linked(&pane, &IrDiffPane::machineCodeRowActivated);
        sass->selectRow(changed);
        QCOMPARE(linked.size(), 1);
        SassDetails *details = sass->details();
        QCOMPARE(details->reference()->toPlainText(), QStringLiteral("FADD R2, R2, R2"));
        QCOMPARE(details->generated()->toPlainText(), QStringLiteral("FMUL R2, R2, 2"));
        QCOMPARE(details->reference()->extraSelections().size(), 2);
        QVERIFY2(details->title().contains(QStringLiteral("kernel.py:31")), qPrintable(details->title()));
        // The instruction links to the Tile IR ops at its line: the mulf (and the broadcast) of line 31.
        const QList<int> irRows = linked.first().at(1).value<QList<int>>();
        const int mulf = rowWith(d, QStringLiteral("= mulf "));
        QVERIFY2(irRows.contains(mulf), qPrintable(QString::number(irRows.size())));
        QVERIFY(details->tileIr()->isVisibleTo(details));
        QVERIFY2(details->tileIr()->toPlainText().contains(QStringLiteral("mulf")), qPrintable(details->tileIr()->toPlainText()));
        QVERIFY(details->tileIrTitle().contains(QStringLiteral("kernel.py:31")));
        // The load's instruction: the first load_view_tko (line 26).
        sass->selectRow(ldg);
        QCOMPARE(linked.last().at(1).value<QList<int>>(), QList<int>{rowWith(d, QStringLiteral("load_view_tko"))});
        // The other way: an IR op linked marks the instructions compiled from its line.
        pane.setLinkedRows({rowWith(d, QStringLiteral("load_view_tko"))});
        QVERIFY(rows->index(ldg, 0).data(SassRowsModel::LinkedRole).toBool());
        QVERIFY(!rows->index(changed, 0).data(SassRowsModel::LinkedRole).toBool());
        // The current row is expanded as in the Aligned tab; F7 walks the differing instructions.
        QCOMPARE(pane.walk(DiffRowsModel::Walk::NextDifference), changed);
    }

    void layoutIsRemembered()
    {
        QList<int> panes, details;
        {
            MainWindow w;
            showAt(w, 1280, 800);
            auto *split = w.findChild<QSplitter *>(QStringLiteral("panesSplit"));
            QVERIFY(split);
            // The defaults give each code pane a readable width and the diff the most.
            const QList<int> sizes = split->sizes();
            QCOMPARE(sizes.size(), 3);
            QVERIFY2(sizes[0] >= 300 && sizes[2] >= 300 && sizes[1] > sizes[0], qPrintable(QStringLiteral("%1 %2 %3").arg(sizes[0]).arg(sizes[1]).arg(sizes[2])));
            split->setSizes({500, 400, 380});
            panes = split->sizes();
            w.irDiffPane()->setReferenceShare(0.3);
            w.close(); // saves
        }
        MainWindow again;
        QVERIFY(again.restoreLayout());
        showAt(again, 1280, 800);
        QCOMPARE(again.findChild<QSplitter *>(QStringLiteral("panesSplit"))->sizes(), panes);
        QCOMPARE(again.irDiffPane()->referenceShare(), 0.3);
        QSettings().remove(QStringLiteral("layout"));
    }

private:
    QTemporaryDir m_settingsDir;
};

QTEST_MAIN(TestGuiReadable)
#include "tst_gui_readable.moc"
