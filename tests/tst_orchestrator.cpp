// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The orchestrator on real work: stage A analyzes a kernel file and exports
// its reference Tile IR with the real cuTile Python compiler, a B stage
// builds the cuTile Rust twin with cargo and KernelCompiler, and stage C
// diffs the two. Checks the verdicts, the reports, session.json, the event
// stream in events.jsonl, re-runs, routing on a CPU machine, cancellation.
#include "AnalyzeStage.h"
#include "IrDiffStage.h"
#include "Orchestrator.h"
#include "SassCompiler.h"
#include "StandardStages.h"
#include "support/RealCompilers.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

const QString kSource = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/python/smoke_kernels.py");

// Stage B for this test: the Rust twin of smoke_vadd, compiled for real.
class ProbeCompileStage : public Stage
{
public:
    QChar id() const override { return QLatin1Char('B'); }
    StageReport run(StageContext &ctx) override
    {
        StageReport r;
        const QString out = QDir(ctx.area(Session::Area::Generated)).filePath(QStringLiteral("probe"));
        const QString file = testing::runRustProbe(ctx.tools(), QStringLiteral("smoke_vadd"), QStringLiteral("13.3"),
                                                   QStringLiteral("128"), out);
        const bool ok = !file.startsWith(QLatin1String("error: "));
        r.validators << ValidatorResult{QStringLiteral("cargo build + KernelCompiler"), ok ? 0 : 1, ok ? QString() : file};
        if (ok)
            QFile::copy(file, QDir(ctx.area(Session::Area::Generated)).filePath(QStringLiteral("smoke_vadd.f32_b128.tileirbc")));
        r.verdict = ok ? Verdict::Compiled : Verdict::FailCompile;
        r.reason = ok ? QStringLiteral("probe crate built") : file;
        return r;
    }
};

QList<PipelineEvent> readEvents(const QString &path)
{
    QList<PipelineEvent> events;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return events;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.isEmpty())
            continue;
        PipelineEvent e;
        if (PipelineEvent::fromJson(QJsonDocument::fromJson(line).object(), e))
            events << e;
    }
    return events;
}

QString outcomes(const RunSummary &s)
{
    QStringList parts;
    for (const StageOutcome &o : s.outcomes)
        parts << QStringLiteral("%1:%2%3").arg(o.stage, verdictName(o.verdict), o.owner ? QLatin1Char('/') + ownerName(*o.owner) : QString());
    return parts.join(QLatin1Char(' '));
}

} // namespace

class TestOrchestrator : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    Toolchains m_tools = Toolchains::fromEnvironment();

    std::optional<Session> newSession(const QString &name, const QString &source = kSource)
    {
        QString error;
        auto s = Session::create(m_dir.filePath(name),
                                 {{QStringLiteral("source"), source}, {QStringLiteral("kernel"), QStringLiteral("smoke_vadd")}},
                                 &error);
        if (!s)
            qWarning("%s", qPrintable(error));
        return s;
    }

    static void addStages(Orchestrator &o, bool withB = true)
    {
        o.addStage(std::make_unique<AnalyzeStage>());
        if (withB)
            o.addStage(std::make_unique<ProbeCompileStage>());
        o.addStage(std::make_unique<IrDiffStage>());
    }

private Q_SLOTS:
    void cpuStagesEndToEnd()
    {
        auto session = newSession(QStringLiteral("e2e"));
        QVERIFY(session);
        Orchestrator o(*session, m_tools);
        addStages(o);
        o.setSelected({QLatin1Char('A'), QLatin1Char('B'), QLatin1Char('C')});
        QList<PipelineEvent> seen;
        o.setEventSink([&](const PipelineEvent &e) { seen << e; });
        const RunSummary s = o.runPipeline();
        QVERIFY2(s.ok && s.complete, qPrintable(s.reason));
        QCOMPARE(outcomes(s), QStringLiteral("A:PASS B:COMPILED C:PASS_WITH_NOTES"));

        const QDir run(session->runDirectory(s.run));
        for (const char *f : {"reports/stage_A.json", "reports/stage_A.md", "reports/stage_B.json", "reports/stage_C.json",
                              "reports/stage_C.md", "reports/diff_f32_b128.md", "reports/diff_f32_b128.json",
                              "reference/analysis.json", "reference/smoke_vadd.f32_b128.tileirbc",
                              "reference/smoke_vadd.f32_b128.mlir", "generated/smoke_vadd.f32_b128.tileirbc"})
            QVERIFY2(QFile::exists(run.filePath(QLatin1String(f))), f);
        QFile md(run.filePath(QStringLiteral("reports/stage_C.md")));
        QVERIFY(md.open(QIODevice::ReadOnly));
        QCOMPARE(md.readLine().trimmed(), QByteArray("VERDICT: PASS_WITH_NOTES"));
        // A hand-written sidecar: the launchers' facts were assumed, said once.
        QFile diff(run.filePath(QStringLiteral("reports/diff_f32_b128.json")));
        QVERIFY(diff.open(QIODevice::ReadOnly));
        int assumed = 0;
        for (const QJsonValue &f : QJsonDocument::fromJson(diff.readAll()).object().value(QStringLiteral("findings")).toArray())
            assumed += f.toObject().value(QStringLiteral("rule")).toString() == QLatin1String("launcher-facts-assumed");
        QCOMPARE(assumed, 1);
        QFile ir(run.filePath(QStringLiteral("reference/smoke_vadd.f32_b128.mlir")));
        QVERIFY(ir.open(QIODevice::ReadOnly));
        QVERIFY(ir.readAll().contains("entry @smoke_vadd"));

        // The stream in memory and on disk agree, and it is well formed.
        const QList<PipelineEvent> logged = readEvents(run.filePath(QStringLiteral("events.jsonl")));
        QCOMPARE(logged.size(), seen.size());
        QCOMPARE(logged.first().kind, PipelineEvent::Kind::RunStarted);
        QCOMPARE(logged.last().kind, PipelineEvent::Kind::RunFinished);
        QCOMPARE(logged.last().verdict, QStringLiteral("PIPELINE_COMPLETE"));
        QString verdicts;
        int progress = 0;
        for (const PipelineEvent &e : logged) {
            if (e.kind == PipelineEvent::Kind::Verdict)
                verdicts += e.stage + QLatin1Char('=') + e.verdict + QLatin1Char(' ');
            progress += e.kind == PipelineEvent::Kind::Progress;
        }
        QCOMPARE(verdicts, QStringLiteral("A=PASS B=COMPILED C=PASS_WITH_NOTES "));
        QVERIFY(progress >= 3);

        // session.json, reopened, has the history.
        QString error;
        auto again = Session::open(session->directory(), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->run(s.run)->stages.size(), 3);
        QCOMPARE(again->latest(s.run, QLatin1Char('C'))->verdict, QStringLiteral("PASS_WITH_NOTES"));

        // Re-running A keeps the run, adds an attempt and makes B and C stale.
        const RunSummary r = o.rerun(QLatin1Char('A'));
        QVERIFY2(r.ok, qPrintable(r.reason));
        QCOMPARE(r.run, s.run);
        QCOMPARE(session->latest(s.run, QLatin1Char('A'))->attempt, 2);
        QCOMPARE(session->latest(s.run, QLatin1Char('B'))->state, StageRecord::State::Stale);
        QCOMPARE(session->latest(s.run, QLatin1Char('C'))->state, StageRecord::State::Stale);
        // Both attempts' reports are kept.
        QVERIFY(QFile::exists(run.filePath(QStringLiteral("reports/stage_A.attempt1.json"))));
        QVERIFY(QFile::exists(run.filePath(QStringLiteral("reports/stage_A.attempt2.json"))));
        QFile a2(run.filePath(QStringLiteral("reports/stage_A.json")));
        QVERIFY(a2.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(a2.readAll()).object().value(QStringLiteral("attempt")).toInt(), 2);
    }

    void standardStagesPortAnExample()
    {
        // The stages the CLI and the IDE use: translate, cargo build, harness, diff.
        QString error;
        auto session = Session::create(m_dir.filePath(QStringLiteral("std")),
                                       {{QStringLiteral("source"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/saxpy.py")},
                                        {QStringLiteral("kernel"), QStringLiteral("saxpy")}},
                                       &error);
        QVERIFY2(session, qPrintable(error));
        Orchestrator o(*session, m_tools);
        addStandardStages(o);
        const RunSummary s = o.runPipeline();
        QVERIFY2(s.ok, qPrintable(s.reason));
        QCOMPARE(outcomes(s), QStringLiteral("A:PASS B:COMPILED D:BLOCKED/env C:PASS_WITH_NOTES"));
        const QDir run(session->runDirectory(s.run));
        for (const char *f : {"generated/crate/Cargo.toml", "generated/crate/src/lib.rs", "generated/crate/sourcemap.json",
                              "generated/saxpy.f32_t2048.tileirbc", "generated/saxpy.bf16_t1024.tileirbc",
                              "reports/diff_f32_t2048.md", "reports/diff_bf16_t1024.md", "logs/cargo_build.log"})
            QVERIFY2(QFile::exists(run.filePath(QLatin1String(f))), f);
        QFile lib(run.filePath(QStringLiteral("generated/crate/src/lib.rs")));
        QVERIFY(lib.open(QIODevice::ReadOnly));
        QVERIFY(lib.readAll().contains("#[cutile::entry"));

        // Stage F reads C's diffs: the port carries fewer assume facts than
        // cuTile Python's prologue, a difference worth a look for speed.
        const RunSummary f = o.rerun(QLatin1Char('F'));
        QVERIFY2(f.ok, qPrintable(f.reason));
        QCOMPARE(session->latest(s.run, QLatin1Char('F'))->verdict, QStringLiteral("FIXABLE"));
        QFile perf(run.filePath(QStringLiteral("reports/perf_f32_t2048.json")));
        QVERIFY(perf.open(QIODevice::ReadOnly));
        const QJsonArray differences = QJsonDocument::fromJson(perf.readAll()).object().value(QStringLiteral("differences")).toArray();
        QStringList ops;
        for (const QJsonValue &d : differences)
            ops << d.toObject().value(QStringLiteral("op")).toString();
        QVERIFY2(ops.contains(QStringLiteral("assume")), qPrintable(ops.join(QLatin1Char(' '))));
        QFile fReport(run.filePath(QStringLiteral("reports/stage_F.json")));
        QVERIFY(fReport.open(QIODevice::ReadOnly));
        // No cubins on a CPU run: the SASS comparison says why it was skipped.
        QVERIFY(QJsonDocument::fromJson(fReport.readAll()).object().value(QStringLiteral("reason")).toString().contains(
            QStringLiteral("SASS mix skipped")));

        // With both sides' cubins in the run (tileiras compiles them on the
        // CPU here, as a GPU run would leave them), F gives each side's mix.
        if (m_tools.tileiras.isEmpty() || m_tools.cuobjdump.isEmpty())
            QSKIP("no tileiras/cuobjdump (scripts/setup installs them): the SASS mix with cubins is not checked");
        const sass::SassCompiler compiler(m_tools);
        for (const char *side : {"reference", "generated"}) {
            const QString bc = run.filePath(QStringLiteral("%1/saxpy.f32_t2048.tileirbc").arg(QLatin1String(side)));
            const QString cubin = run.filePath(QStringLiteral("%1/saxpy.f32_t2048.cubin").arg(QLatin1String(side)));
            const sass::SideResult built = compiler.build(bc);
            QVERIFY2(built.ok(), qPrintable(built.error));
            QVERIFY(QFile::copy(built.cubinPath, cubin));
        }
        const RunSummary f2 = o.rerun(QLatin1Char('F'));
        QVERIFY2(f2.ok, qPrintable(f2.reason));
        QFile perf2(run.filePath(QStringLiteral("reports/perf_f32_t2048.json")));
        QVERIFY(perf2.open(QIODevice::ReadOnly));
        const QJsonObject mix = QJsonDocument::fromJson(perf2.readAll()).object().value(QStringLiteral("sass_mix")).toObject();
        for (const char *side : {"ref", "gen"}) {
            const QJsonObject m = mix.value(QLatin1String(side)).toObject();
            QVERIFY2(m.value(QStringLiteral("EXIT")).toInt() >= 1, side);
            QVERIFY2(m.value(QStringLiteral("LDG")).toInt() + m.value(QStringLiteral("STG")).toInt() >= 2, side);
        }
    }

    void fullTableOnACpuMachine()
    {
        // No D stage here: it is BLOCKED(env), the IR diff still runs, the run stops.
        auto session = newSession(QStringLiteral("table"));
        QVERIFY(session);
        Orchestrator o(*session, m_tools);
        addStages(o);
        const RunSummary s = o.runPipeline();
        QVERIFY2(s.ok, qPrintable(s.reason));
        QVERIFY(!s.complete);
        QCOMPARE(outcomes(s), QStringLiteral("A:PASS B:COMPILED D:BLOCKED/env C:PASS_WITH_NOTES"));
        QVERIFY(s.reason.contains(QStringLiteral("blocked by the environment")));
    }

    void diffWithoutGeneratedIrIsBlocked()
    {
        auto session = newSession(QStringLiteral("noB"));
        QVERIFY(session);
        Orchestrator o(*session, m_tools);
        addStages(o, /*withB=*/false);
        o.setSelected({QLatin1Char('A'), QLatin1Char('C')});
        const RunSummary s = o.runPipeline();
        QCOMPARE(outcomes(s), QStringLiteral("A:PASS C:BLOCKED/kernel"));
        QFile f(QDir(session->runDirectory(s.run)).filePath(QStringLiteral("reports/stage_C.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("reason")).toString().contains(
            QStringLiteral("run stage B first")));
    }

    void brokenKernelStopsAtA()
    {
        const QString bad = m_dir.filePath(QStringLiteral("broken.py"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("import cuda.tile as ct\n\n@ct.kernel\ndef smoke_vadd(a, b, out:\n    pass\n");
        f.close();
        auto session = newSession(QStringLiteral("broken"), bad);
        QVERIFY(session);
        Orchestrator o(*session, m_tools);
        addStages(o);
        const RunSummary s = o.runPipeline();
        QCOMPARE(outcomes(s), QStringLiteral("A:FAIL_FIXABLE/kernel"));
        QFile rep(QDir(session->runDirectory(s.run)).filePath(QStringLiteral("reports/stage_A.json")));
        QVERIFY(rep.open(QIODevice::ReadOnly));
        const QString reason = QJsonDocument::fromJson(rep.readAll()).object().value(QStringLiteral("reason")).toString();
        QVERIFY2(reason.startsWith(bad + QStringLiteral(":4:")), qPrintable(reason));
    }

    void cancellationInterruptsTheStage()
    {
        auto session = newSession(QStringLiteral("cancel"));
        QVERIFY(session);
        Orchestrator o(*session, m_tools);
        addStages(o);
        std::atomic_bool cancel{false};
        // Cancel as soon as stage A reports progress (it is then exporting).
        o.setEventSink([&](const PipelineEvent &e) {
            if (e.kind == PipelineEvent::Kind::Progress && e.stage == QLatin1Char('A'))
                cancel = true;
        });
        const RunSummary s = o.runPipeline(&cancel);
        QVERIFY(s.cancelled);
        QVERIFY(s.outcomes.isEmpty());
        QCOMPARE(session->latest(s.run, QLatin1Char('A'))->state, StageRecord::State::Interrupted);
        const QList<PipelineEvent> logged = readEvents(QDir(session->runDirectory(s.run)).filePath(QStringLiteral("events.jsonl")));
        QCOMPARE(logged.last().verdict, QStringLiteral("CANCELLED"));
    }
};

QTEST_GUILESS_MAIN(TestOrchestrator)
#include "tst_orchestrator.moc"
