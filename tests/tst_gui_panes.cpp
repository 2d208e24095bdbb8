// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The IDE's models and panes on real inputs, without the toolchain: the
// structural differ's alignment of a real module against an edited copy,
// a generated crate's source map linking Python and Rust lines, the
// benchmarks chart from a real H200 report, the Problems parser, the stage
// panel's live state.
#include "BenchmarksPane.h"
#include "CodeEditor.h"
#include "CrateWriter.h"
#include "DiffRowsModel.h"
#include "IdeSettings.h"
#include "IrAlignment.h"
#include "SettingsDialog.h"
#include "Doctor.h"
#include "IrDiffPane.h"
#include "OpCountModel.h"
#include "PipelineEvent.h"
#include "ProblemsModel.h"
#include "RustTranslator.h"
#include "SourceLinks.h"
#include "StageListModel.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QComboBox>
#include <QChart>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QCompleter>
#include <QLineEdit>
#include <QLineSeries>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>

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

} // namespace

class TestGuiPanes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void identicalModulesAlignEveryOp()
    {
        const QByteArray ref = readFile(kFixture);
        QVERIFY(!ref.isEmpty());
        const AlignedDiff d = IrAlignment::computeFromText(ref, ref);
        QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
        QCOMPARE(d.verdict, QStringLiteral("PASS"));
        QCOMPARE(d.changed + d.inserted + d.deleted, 0);
        int ops = 0;
        for (const AlignedRow &r : d.rows) {
            QVERIFY(r.kind == AlignedRow::Kind::Matched || r.kind == AlignedRow::Kind::Function);
            if (r.kind == AlignedRow::Kind::Matched) {
                ++ops;
                QCOMPARE(d.refText(r), d.genText(r));
                QCOMPARE(r.refPath, r.genPath);
            }
        }
        QVERIFY(ops > 20);
        // Locations survive: the loads sit on kernel.py:26 and :27.
        bool located = false;
        for (const AlignedRow &r : d.rows)
            located = located || (d.refText(r).contains(QStringLiteral("load_view_tko")) && r.refLoc.line == 26);
        QVERIFY(located);
    }

    void editedModuleShowsChangesAndCriticalFindings()
    {
        const QByteArray ref = readFile(kFixture);
        QByteArray gen = ref;
        // The generated side loses exp's approx rounding (critical) and one constant op is gone.
        QVERIFY(gen.contains("%e = exp %acc rounding<approx>"));
        gen.replace("%e = exp %acc rounding<approx>", "%e = exp %acc");
        const AlignedDiff d = IrAlignment::computeFromText(ref, gen);
        QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
        QCOMPARE(d.verdict, QStringLiteral("FAIL_FIXABLE"));
        const AlignedRow *exp = nullptr;
        QStringList texts;
        static const QRegularExpression expOp(QStringLiteral(R"(\bexp\b)"));
        for (const AlignedRow &r : d.rows) {
            texts << d.refText(r);
            if (d.refText(r).contains(expOp))
                exp = &r;
        }
        QVERIFY2(exp, qPrintable(texts.join(QLatin1Char('\n'))));
        QCOMPARE(exp->kind, AlignedRow::Kind::Changed);
        QVERIFY(exp->critical);
        QVERIFY2(exp->changes.join(QLatin1Char(';')).contains(QStringLiteral("rounding")), qPrintable(exp->changes.join(QLatin1Char(';'))));
        QVERIFY(d.genText(*exp).contains(QStringLiteral("exp")));
        bool criticalFinding = false;
        for (const IrFinding &f : d.findings)
            criticalFinding = criticalFinding || (f.severity == QLatin1String("critical") && f.rule == QLatin1String("rounding-approx"));
        QVERIFY(criticalFinding);

        // The pane: summary, op counts, the marked line, the hide-matching toggle.
        IrDiffPane pane;
        pane.setDiff(d);
        QVERIFY(pane.summary().startsWith(QStringLiteral("FAIL_FIXABLE")));
        QVERIFY(pane.summary().contains(QStringLiteral("1 changed")));
        QVERIFY(pane.opCounts()->rowCount() > 5);
        DiffRowsModel *rows = pane.rowsModel();
        const int expRow = int(exp - d.rows.constData());
        QCOMPARE(rows->index(expRow, 0).data(DiffRowsModel::KindRole).toString(), QStringLiteral("changed"));
        QVERIFY(rows->index(expRow, 0).data(DiffRowsModel::CriticalRole).toBool());
        QVERIFY(rows->index(expRow, 0).data(DiffRowsModel::MarkedTextRole).toString().contains(QStringLiteral("rounding")));
        int differing = 0;
        for (const AlignedRow &r : d.rows)
            differing += r.kind != AlignedRow::Kind::Matched;
        QCOMPARE(differing, 2); // the function header and the exp row
        pane.setHideMatching(true);
        QVERIFY(pane.hideMatching());
        QCOMPARE(pane.visibleRows()->rowCount(), differing);
        pane.setHideMatching(false);
        QCOMPARE(pane.visibleRows()->rowCount(), d.rows.size());
    }

    // Huge modules go into the Text tab without highlighting (which would
    // hold the UI thread for seconds); small ones keep it, and a small text
    // after a huge one gets it back.
    void hugeTextsAreNotHighlighted()
    {
        CodeEditor e(QStringLiteral("Tile IR"));
        QVERIFY(e.isHighlighting());
        QString huge;
        for (int i = 0; i <= CodeEditor::kHighlightLineLimit; ++i)
            huge += QStringLiteral("%%%1 = cuda_tile.addi %%a, %%b : tile<i32>\n").arg(i);
        e.setDocumentText(huge);
        QVERIFY(!e.isHighlighting());
        QCOMPARE(e.document()->blockCount(), CodeEditor::kHighlightLineLimit + 2);
        QVERIFY(e.toolTip().contains(QStringLiteral("Highlighting is off")));
        e.setDocumentText(QStringLiteral("cuda_tile.module @m {}\n"));
        QVERIFY(e.isHighlighting());
        QVERIFY(e.toolTip().isEmpty());
    }

    void unreadableIrIsADiagnostic()
    {
        const AlignedDiff d = IrAlignment::computeFromText("cuda_tile.module @m {\n  entry @k() {\n    bogus_op\n", readFile(kFixture));
        QVERIFY(!d.error.isEmpty());
        QVERIFY2(d.error.contains(QStringLiteral("ref:")), qPrintable(d.error));
        QVERIFY(d.rows.isEmpty());
    }

    void sourcemapLinksPythonRustAndIr()
    {
        // A real crate from the translator and its sourcemap.json.
        const QString py = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py");
        const rust::TranslationResult t = rust::RustTranslator::translateFile(py, {});
        QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
        QTemporaryDir dir;
        QCOMPARE(rust::CrateWriter::write(t, dir.path(), {}), QString());
        SourceLinks links;
        QString error;
        QVERIFY2(links.loadSourcemap(dir.filePath(QStringLiteral("sourcemap.json")), &error), qPrintable(error));
        const QStringList rs = QString::fromUtf8(readFile(dir.filePath(QStringLiteral("src/lib.rs")))).split(QLatin1Char('\n'));
        // vector_add.py line 9 is "lhs = ct.load(a, ...)".
        const auto fromLoad = links.fromPython(9);
        QVERIFY(!fromLoad.rust.isEmpty());
        for (int l : fromLoad.rust)
            QVERIFY2(rs.value(l - 1).contains(QStringLiteral("load")) || rs.value(l - 1).contains(QStringLiteral("lhs")),
                     qPrintable(rs.value(l - 1)));
        QVERIFY(links.fromRust(fromLoad.rust.first()).python.contains(9));
        QVERIFY(links.linkedPythonLines().contains(9));
        QCOMPARE(links.nextLinkedPythonLine(8), 9);
        QVERIFY(links.fromPython(9999).rust.isEmpty()); // past the end of the file: nothing linked
        QVERIFY(links.fromPython(9999).irRows.isEmpty());

        // IR rows located in the Python file join the links.
        AlignedDiff d;
        AlignedRow row;
        row.refLoc = IrLoc{QStringLiteral("/elsewhere/vector_add.py"), 9, 11};
        d.rows << AlignedRow{} << row;
        links.setDiff(d, py);
        QCOMPARE(links.fromPython(9).irRows, QList<int>{1});
        QVERIFY(links.fromIrRow(1).python.contains(9));
        QCOMPARE(links.fromIrRow(1).rust, fromLoad.rust);

        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"schema\": \"tileport-sourcemap/1\", \"lines\": [");
        bad.close();
        QVERIFY(!links.loadSourcemap(bad.fileName(), &error));
        QVERIFY2(error.startsWith(bad.fileName() + QStringLiteral(": offset")), qPrintable(error));
    }

    void benchmarksChartFromARealReport()
    {
        const QJsonObject raw = QJsonDocument::fromJson(readFile(kBench)).object();
        const QJsonArray configs = raw.value(QStringLiteral("configs")).toArray();
        QVERIFY(configs.size() >= 2);
        BenchmarksPane pane;
        QVERIFY(pane.showReport(kBench));
        QCOMPARE(pane.report().rows.size(), configs.size());
        QCOMPARE(pane.report().geomean, raw.value(QStringLiteral("geomean_ratio")).toDouble());
        QCOMPARE(pane.report().rows.first().ratio, configs.first()[QStringLiteral("ratio")].toDouble());
        QCOMPARE(pane.report().gpu, QStringLiteral("NVIDIA H200"));
        QCOMPARE(pane.chart()->series().size(), 4); // bars, parity, gate, geomean
        auto *bars = qobject_cast<QAbstractBarSeries *>(pane.chart()->series().first());
        QVERIFY(bars);
        QCOMPARE(bars->barSets().size(), 1); // no earlier run: one series
        QCOMPARE(bars->barSets().first()->count(), int(configs.size()));
        // Horizontal bars, first config on top: the last bar is the first config's.
        QCOMPARE(bars->barSets().first()->at(int(configs.size()) - 1), configs.first()[QStringLiteral("ratio")].toDouble());
        auto *parity = qobject_cast<QLineSeries *>(pane.chart()->series().at(1));
        QVERIFY(parity);
        QCOMPARE(parity->at(0).x(), 1.0);
        auto *gate = qobject_cast<QLineSeries *>(pane.chart()->series().at(2));
        QVERIFY(gate);
        QCOMPARE(gate->at(0).x(), 1.05);
        QVERIFY(pane.caption().contains(QString::number(raw.value(QStringLiteral("geomean_ratio")).toDouble(), 'f', 3)));
        QCOMPARE(pane.report().passes(), raw.value(QStringLiteral("geomean_ratio")).toDouble() <= 1.05);

        // The same rows as stage E writes them (evidence.results).
        QTemporaryDir dir;
        QFile stageE(dir.filePath(QStringLiteral("stage_E.json")));
        QVERIFY(stageE.open(QIODevice::WriteOnly));
        stageE.write(QJsonDocument(QJsonObject{{QStringLiteral("stage"), QStringLiteral("E")},
                                               {QStringLiteral("evidence"), QJsonObject{{QStringLiteral("results"), configs},
                                                                                        {QStringLiteral("geomean_ratio"), 1.2},
                                                                                        {QStringLiteral("gate"), 1.05}}}})
                         .toJson());
        stageE.close();
        QVERIFY(pane.showReport(stageE.fileName()));
        QCOMPARE(pane.report().geomean, 1.2);
        QVERIFY(!pane.report().passes());

        QVERIFY(!pane.showReport(dir.filePath(QStringLiteral("missing.json"))));
        QVERIFY(pane.caption().startsWith(dir.filePath(QStringLiteral("missing.json"))));
    }

    void problemsParseLocations()
    {
        ProblemsModel::Problem p;
        QVERIFY(ProblemsModel::parseLocation(QStringLiteral("/k/vector_add.py:9:11: unsupported call"), p));
        QCOMPARE(p.file, QStringLiteral("/k/vector_add.py"));
        QCOMPARE(p.line, 9);
        QCOMPARE(p.column, 11);
        QCOMPARE(p.message, QStringLiteral("unsupported call"));
        QVERIFY(ProblemsModel::parseLocation(QStringLiteral("config f32: src/lib.rs:14: mismatched types"), p));
        QCOMPARE(p.line, 14);
        QCOMPARE(p.column, 0);
        QVERIFY(!ProblemsModel::parseLocation(QStringLiteral("no cargo (run scripts/setup)"), p));

        ProblemsModel m;
        PipelineEvent e;
        e.kind = PipelineEvent::Kind::Verdict;
        e.stage = QLatin1Char('A');
        e.verdict = QStringLiteral("FAIL_FIXABLE");
        e.owner = QStringLiteral("kernel");
        e.text = QStringLiteral("/k/vector_add.py:8:20: syntax error");
        m.applyEvent(e);
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(m.index(0).data(ProblemsModel::LineRole).toInt(), 8);
        e.verdict = QStringLiteral("PASS");
        m.applyEvent(e);
        QCOMPARE(m.rowCount(), 1); // a success is no problem
        e.kind = PipelineEvent::Kind::StageStarted;
        m.applyEvent(e);
        QCOMPARE(m.rowCount(), 0); // a stage that runs again drops its old problems
    }

    void settingsRoundTripWithoutTheKey()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("tileport.ini"));
        IdeSettings s;
        s.gpuRunner = QStringLiteral("ssh://ana@gpu1:2222/srv/tp");
        s.theme = ThemeMode::Dark;
        s.modelEndpoint = QStringLiteral("http://127.0.0.1:8080/v1");
        s.modelName = QStringLiteral("repair-model");
        s.toolPaths.insert(QStringLiteral("cargo"), QStringLiteral("/opt/rust/bin/cargo"));
        s.cutileVersion = QStringLiteral("0.4.0");
        QCOMPARE(s.validate(), QString());
        {
            QSettings store(ini, QSettings::IniFormat);
            s.save(store);
        }
        QSettings store(ini, QSettings::IniFormat);
        const IdeSettings back = IdeSettings::load(store);
        QCOMPARE(back.gpuRunner, s.gpuRunner);
        QCOMPARE(back.theme, ThemeMode::Dark);
        QCOMPARE(back.modelEndpoint, s.modelEndpoint);
        QCOMPARE(back.modelName, s.modelName);
        QCOMPARE(back.toolPaths.value(QStringLiteral("cargo")), QStringLiteral("/opt/rust/bin/cargo"));
        QCOMPARE(back.cutileVersion, QStringLiteral("0.4.0"));

        IdeSettings bad = s;
        bad.gpuRunner = QStringLiteral("ssh://gpu1");
        QVERIFY(bad.validate().startsWith(QStringLiteral("GPU runner 'ssh://gpu1': ")));
        IdeSettings slurm = s;
        slurm.gpuRunner = QStringLiteral("slurm://gpu?gres=gpu:1&time=30");
        QCOMPARE(slurm.validate(), QString());
        bad.gpuRunner = QStringLiteral("slurm://gpu?time=soon");
        QVERIFY(bad.validate().contains(QStringLiteral("not a Slurm time limit")));
        bad = s;
        bad.modelEndpoint = QStringLiteral("ftp://x");
        QVERIFY(bad.validate().contains(QStringLiteral("not an http(s) URL")));
        bad = s;
        bad.cutileVersion = QStringLiteral("0.3.1");
        QVERIFY2(bad.validate().contains(QStringLiteral("0.5.0 or 0.4.0")), qPrintable(bad.validate()));

        // The dialog: a bad runner keeps it open with the reason; a typed key
        // goes to the keychain (or its error is shown), never to QSettings.
        SettingsDialog dialog(back);
        // The cutile target offers both releases and shows the stored one.
        QCOMPARE(dialog.cutileBox()->count(), 2);
        QCOMPARE(dialog.cutileBox()->currentText(), QStringLiteral("0.4.0"));
        QCOMPARE(dialog.settings().cutileVersion, QStringLiteral("0.4.0"));
        // The runner field offers the three kinds, Slurm among them.
        const auto *kinds = dialog.field(QStringLiteral("gpu_runner"))->completer();
        QVERIFY(kinds);
        QStringList offered;
        for (int i = 0; i < kinds->model()->rowCount(); ++i)
            offered << kinds->model()->index(i, 0).data().toString();
        QVERIFY2(offered.contains(QStringLiteral("slurm://")) && offered.contains(QStringLiteral("ssh://")), qPrintable(offered.join(u' ')));
        dialog.field(QStringLiteral("gpu_runner"))->setText(QStringLiteral("ssh://gpu1"));
        dialog.apply();
        QVERIFY(dialog.message().startsWith(QStringLiteral("GPU runner")));
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        dialog.field(QStringLiteral("gpu_runner"))->setText(QStringLiteral("local"));
        const QString secret = QStringLiteral("sk-test-%1").arg(QDateTime::currentMSecsSinceEpoch());
        dialog.field(QStringLiteral("api_key"))->setText(secret);
        QSignalSpy applied(&dialog, &SettingsDialog::applied);
        QSignalSpy failed(&dialog, &SettingsDialog::keychainFailed);
        dialog.apply();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() + failed.size() == 1, 30000);
        if (!failed.isEmpty())
            QVERIFY(failed.first().first().toString().startsWith(QStringLiteral("keychain (TilePort/model-api-key): ")));
        dialog.settings().save(store);
        store.sync();
        QFile f(ini);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray stored = f.readAll();
        QVERIFY(stored.contains("gpu_runner=local"));
        QVERIFY(!stored.contains(secret.toUtf8()));
    }

    void doctorPathsPrefillTools()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        if (tools.cargo.isEmpty())
            QSKIP("no cargo on this machine: nothing for the doctor to find");
        Doctor doctor(tools);
        const QMap<QString, QString> found = IdeSettings::pathsFromDoctor({doctor.checkRustTool(QStringLiteral("cargo"), tools.cargo)});
        QCOMPARE(found.value(QStringLiteral("cargo")), tools.cargo);
        IdeSettings s;
        s.toolPaths.insert(QStringLiteral("rustc"), QStringLiteral("/mine/rustc"));
        s.fillMissingTools(found);
        QCOMPARE(s.toolPaths.value(QStringLiteral("cargo")), tools.cargo);
        QCOMPARE(s.toolPaths.value(QStringLiteral("rustc")), QStringLiteral("/mine/rustc"));
    }

    void stagePanelFollowsEvents()
    {
        StageListModel m;
        auto ev = [](PipelineEvent::Kind k, char stage, const QString &text = {}, const QString &verdict = {}) {
            PipelineEvent e;
            e.kind = k;
            e.stage = stage ? QChar(QLatin1Char(stage)) : QChar();
            e.text = text;
            e.verdict = verdict;
            return e;
        };
        m.applyEvent(ev(PipelineEvent::Kind::StageStarted, 'B'));
        QCOMPARE(m.index(1).data(StageListModel::StateRole).toString(), QStringLiteral("running"));
        QVERIFY(m.anyRunning());
        m.applyEvent(ev(PipelineEvent::Kind::Progress, 'B', QStringLiteral("cargo build")));
        QCOMPARE(m.index(1).data(StageListModel::StepRole).toString(), QStringLiteral("cargo build"));
        QVERIFY(m.index(1).data(Qt::DisplayRole).toString().contains(QStringLiteral("cargo build")));
        QTest::qWait(20);
        QVERIFY(m.index(1).data(StageListModel::ElapsedMsRole).toLongLong() >= 20);
        m.applyEvent(ev(PipelineEvent::Kind::Verdict, 'B', QStringLiteral("cargo build failed"), QStringLiteral("FAIL_COMPILE")));
        PipelineEvent fin = ev(PipelineEvent::Kind::StageFinished, 'B', {}, QStringLiteral("FAIL_COMPILE"));
        fin.elapsedMs = 1234;
        m.applyEvent(fin);
        QCOMPARE(m.index(1).data(StageListModel::ElapsedMsRole).toLongLong(), 1234);
        QCOMPARE(m.index(1).data(StageListModel::VerdictRole).toString(), QStringLiteral("FAIL_COMPILE"));
        QCOMPARE(m.index(1).data(StageListModel::BadgeColorRole).value<QColor>(), QColor(0xd0, 0x36, 0x36));
        QCOMPARE(m.index(1).data(StageListModel::LogRole).toStringList(),
                 (QStringList{QStringLiteral("started"), QStringLiteral("cargo build"), QStringLiteral("FAIL_COMPILE: cargo build failed")}));
        // Re-running A marks the finished B stale.
        m.applyEvent(ev(PipelineEvent::Kind::StageStarted, 'A'));
        QCOMPARE(m.index(1).data(StageListModel::StateRole).toString(), QStringLiteral("stale"));
        // A cancelled run leaves nothing running.
        m.applyEvent(ev(PipelineEvent::Kind::RunFinished, 0, {}, QStringLiteral("CANCELLED")));
        QVERIFY(!m.anyRunning());
    }
};

QTEST_MAIN(TestGuiPanes)
#include "tst_gui_panes.moc"
