// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Stages D and E in the pipeline. On a machine without a GPU they must end
// BLOCKED(env) with the runner's reason while A-C still run, after building
// the real host side (ffi.rs, the cdylib, the bundle); with a GPU, D must
// pass every config and E must measure them.
#include "LocalRunner.h"
#include "Orchestrator.h"
#include "ProcessRunner.h"
#include "StandardStages.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile");

QString outcomes(const RunSummary &s)
{
    QStringList parts;
    for (const StageOutcome &o : s.outcomes)
        parts << QStringLiteral("%1:%2%3").arg(o.stage, verdictName(o.verdict), o.owner ? QLatin1Char('/') + ownerName(*o.owner) : QString());
    return parts.join(QLatin1Char(' '));
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace

class TestHostStages : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    Toolchains m_tools = Toolchains::fromEnvironment();

    std::optional<Session> newSession(const QString &name, const QString &file, const QString &kernel)
    {
        QString error;
        auto s = Session::create(m_dir.filePath(name),
                                 {{QStringLiteral("source"), kExamples + QLatin1Char('/') + file}, {QStringLiteral("kernel"), kernel}},
                                 &error);
        if (!s)
            qWarning("%s", qPrintable(error));
        return s;
    }

private Q_SLOTS:
    void stagesBlockedWithoutGpu()
    {
        const QString noGpu = LocalRunner::driverProblem();
        if (noGpu.isEmpty())
            QSKIP("a GPU is present here; gpuStagesPass covers D and E");
        if (m_tools.cargo.isEmpty() || m_tools.python.isEmpty())
            QSKIP("needs cargo and the cuTile Python venv (run scripts/setup)");
        auto session = newSession(QStringLiteral("cpu"), QStringLiteral("vector_add.py"), QStringLiteral("vector_add"));
        QVERIFY(session);
        Orchestrator o(*session, m_tools);
        addStandardStages(o);
        const RunSummary s = o.runPipeline();
        QVERIFY2(s.ok, qPrintable(s.reason));
        // D is blocked by the environment; the CPU-only IR diff still runs.
        QCOMPARE(outcomes(s), QStringLiteral("A:PASS B:COMPILED D:BLOCKED/env C:PASS_WITH_NOTES"));
        const QDir run(session->runDirectory(s.run));
        const QJsonObject d = readJson(run.filePath(QStringLiteral("reports/stage_D.json")));
        QVERIFY2(d.value(QStringLiteral("reason")).toString().contains(noGpu), qPrintable(d.value(QStringLiteral("reason")).toString()));
        QVERIFY(QFile::exists(run.filePath(QStringLiteral("reports/stage_D.md"))));
        // The host side was built before the runner was asked: real files.
        for (const char *f : {"generated/crate/src/ffi.rs", "generated/host/bundle/run.sh", "generated/host/bundle/bundle.json",
                              "generated/host/bundle/tileport_host.py", "generated/host/bundle/kernel/vector_add.py",
                              "generated/host/bundle/kernel/vector_add.tileport.json"})
            QVERIFY2(QFile::exists(run.filePath(QLatin1String(f))), f);
        // The library carries the session crate's own name (sessions share a cargo target dir).
        const QString library = readJson(run.filePath(QStringLiteral("generated/host/bundle/bundle.json"))).value(QStringLiteral("library")).toString();
        QVERIFY2(QRegularExpression(QStringLiteral("^lib/libtileport_gen_vector_add_[0-9a-f]{8}\\.so$")).match(library).hasMatch(),
                 qPrintable(library));
        QFile so(run.filePath(QStringLiteral("generated/host/bundle/") + library));
        QVERIFY(so.open(QIODevice::ReadOnly));
        const QByteArray lib = so.readAll();
        QVERIFY(lib.startsWith("\x7f" "ELF"));
        QVERIFY(lib.contains("tileport_vector_add"));
        const QJsonObject bundle = readJson(run.filePath(QStringLiteral("generated/host/bundle/bundle.json")));
        QCOMPARE(bundle.value(QStringLiteral("configs")).toArray().size(), 2);
        QCOMPARE(bundle.value(QStringLiteral("launches")).toArray().first().toObject().value(QStringLiteral("function")).toString(),
                 QStringLiteral("launch"));
        // The wrapper is valid Python for the interpreter the runner uses.
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        QVERIFY2(!python.isEmpty(), "python3 not on PATH");
        ProcessSpec compile{python, {QStringLiteral("-m"), QStringLiteral("py_compile"),
                                     run.filePath(QStringLiteral("generated/host/bundle/tileport_host.py"))}};
        const ProcessResult pc = ProcessRunner::run(compile);
        QVERIFY2(pc.ok(), pc.standardError.constData());

        // E alone: blocked the same way, with the same reason.
        const RunSummary e = o.rerun(QLatin1Char('E'));
        QVERIFY2(e.ok, qPrintable(e.reason));
        const QJsonObject er = readJson(run.filePath(QStringLiteral("reports/stage_E.json")));
        QCOMPARE(er.value(QStringLiteral("verdict")).toString(), QStringLiteral("BLOCKED"));
        QCOMPARE(er.value(QStringLiteral("owner")).toString(), QStringLiteral("env"));
        QVERIFY(er.value(QStringLiteral("reason")).toString().contains(noGpu));
    }

    void gpuStagesPass()
    {
        const QString noGpu = LocalRunner::driverProblem();
        if (!noGpu.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no GPU here: %1").arg(noGpu)));
        auto session = newSession(QStringLiteral("gpu"), QStringLiteral("vector_add.py"), QStringLiteral("vector_add"));
        QVERIFY(session);
        Orchestrator o(*session, m_tools);
        addStandardStages(o);
        const RunSummary s = o.runPipeline();
        QVERIFY2(s.ok, qPrintable(s.reason));
        QVERIFY2(outcomes(s).startsWith(QStringLiteral("A:PASS B:COMPILED D:ALL_PASS E:")), qPrintable(outcomes(s)));
        const QJsonObject e = readJson(QDir(session->runDirectory(s.run)).filePath(QStringLiteral("reports/stage_E.json")));
        QVERIFY(e.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("geomean_ratio")).toDouble() > 0);
    }
};

QTEST_GUILESS_MAIN(TestHostStages)
#include "tst_host_stages.moc"
