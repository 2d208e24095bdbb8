// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Runs the real `tileport` executable as a child process.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run tileport(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!p.waitForFinished(1800'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void doctorJsonReportsEveryComponent()
    {
        const Run r = tileport({QStringLiteral("doctor"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(root.value(QStringLiteral("ok")).toBool(), true);
        QStringList names;
        for (const QJsonValue &v : root.value(QStringLiteral("components")).toArray()) {
            const QJsonObject c = v.toObject();
            names << c.value(QStringLiteral("component")).toString();
            for (const char *key : {"status", "version", "path", "required"})
                QVERIFY2(c.contains(QLatin1String(key)), key);
        }
        const QStringList expected{QStringLiteral("Qt"), QStringLiteral("KF6 SyntaxHighlighting"), QStringLiteral("MLIR"),
                                   QStringLiteral("tree-sitter-python"), QStringLiteral("tree-sitter-rust"), QStringLiteral("TilePort resources"),
                                   QStringLiteral("python + cuda-tile"), QStringLiteral("cargo"), QStringLiteral("rustc"),
                                   QStringLiteral("CUDA headers"), QStringLiteral("libclang"),
                                   QStringLiteral("cutile crate build"), QStringLiteral("cutile 0.4.0 crate build"),
                                   QStringLiteral("tileiras"),
                                   QStringLiteral("cuobjdump"), QStringLiteral("nvdisasm"), QStringLiteral("GPU (nvidia-smi)")};
        QCOMPARE(names, expected);
    }

    void doctorFailsOnMissingRequiredTool()
    {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TILEPORT_CARGO"), QStringLiteral("/nonexistent/cargo"));
        const Run r = tileport({QStringLiteral("doctor"), QStringLiteral("--quick")}, env);
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.contains(QStringLiteral("missing")));
        QVERIFY(r.out.contains(QStringLiteral("/nonexistent/cargo")));
        QVERIFY(r.out.contains(QStringLiteral("fix: install Rust")));
    }

    void referenceExportsEveryConfigAndVersion()
    {
        QTemporaryDir out;
        const Run r = tileport({QStringLiteral("reference"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/vector_add.py"),
                                QStringLiteral("--out"), out.path()});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QStringList files = QDir(out.path()).entryList({QStringLiteral("*.tileirbc")}, QDir::Files, QDir::Name);
        QCOMPARE(files, QStringList({QStringLiteral("vector_add.f16_t512.v13.3.tileirbc"),
                                     QStringLiteral("vector_add.f16_t512.v13.4.tileirbc"),
                                     QStringLiteral("vector_add.f32_t1024.v13.3.tileirbc"),
                                     QStringLiteral("vector_add.f32_t1024.v13.4.tileirbc")}));
        QVERIFY(r.out.contains(QStringLiteral("Tile IR 13.4")));
        QFile f(QDir(out.path()).filePath(files.first()));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.read(8), QByteArray("\x7fTileIR\0", 8));
    }

    void referenceReportsBadInput()
    {
        const Run missing = tileport({QStringLiteral("reference"), QStringLiteral("/nonexistent/kernel.py")});
        QCOMPARE(missing.code, 2);
        QVERIFY(missing.err.contains(QStringLiteral("/nonexistent/kernel.py: no such file")));

        QTemporaryDir dir;
        QFile py(dir.filePath(QStringLiteral("broken.py")));
        py.open(QIODevice::WriteOnly);
        py.write("import cuda.tile as ct\n\n@ct.kernel\ndef k(a, T: ct.Constant[int]):\n    x = (\n");
        py.close();
        QFile cfg(dir.filePath(QStringLiteral("broken.tileport.json")));
        cfg.open(QIODevice::WriteOnly);
        cfg.write(R"({"kernel":"k","configs":[{"name":"c","params":[{"kind":"array","dtype":"float32","ndim":1},{"kind":"const","value":16}]}]})");
        cfg.close();
        const Run broken = tileport({QStringLiteral("reference"), py.fileName(), QStringLiteral("--out"), dir.path()});
        QCOMPARE(broken.code, 1);
        QVERIFY2(broken.out.contains(QStringLiteral("broken.py:5:")), qPrintable(broken.out));
        QVERIFY(broken.out.contains(QStringLiteral("syntax error")));

        // A kernel file without a KERNEL.tileport.json beside it.
        QTemporaryDir bare;
        const QString lone = bare.filePath(QStringLiteral("lone.py"));
        QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/python/smoke_kernels.py"), lone));
        const Run noConfig = tileport({QStringLiteral("reference"), lone});
        QCOMPARE(noConfig.code, 2);
        QVERIFY(noConfig.err.contains(QStringLiteral("no specialization config")));
    }

    void portStatusRerunReport()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s"));
        const QString src = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/python/smoke_kernels.py");
        // Stages A and C only: C has no generated IR to compare with.
        const Run port = tileport({QStringLiteral("port"), src, QStringLiteral("--stages"), QStringLiteral("A,C"),
                                   QStringLiteral("--session"), session});
        QCOMPARE(port.code, 1);
        QVERIFY2(port.out.contains(QStringLiteral("[A] PASS")), qPrintable(port.out));
        QVERIFY(port.out.contains(QStringLiteral("[C] BLOCKED (kernel)")));
        QVERIFY(port.out.contains(QStringLiteral("run stage B first")));
        QVERIFY(QFile::exists(session + QStringLiteral("/runs/001/events.jsonl")));

        const Run status = tileport({QStringLiteral("status"), session, QStringLiteral("--json")});
        QCOMPARE(status.code, 0);
        const QJsonObject table = QJsonDocument::fromJson(status.out.toUtf8()).object();
        QCOMPARE(table.value(QStringLiteral("run")).toInt(), 1);
        const QJsonArray rows = table.value(QStringLiteral("stages")).toArray();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0].toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("PASS"));
        QCOMPARE(rows[1].toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("BLOCKED"));

        // --json streams events as JSON Lines, then the table.
        const Run rerun = tileport({QStringLiteral("rerun"), session, QStringLiteral("--stage"), QStringLiteral("A"),
                                    QStringLiteral("--json")});
        QCOMPARE(rerun.code, 0);
        const QStringList lines = rerun.out.trimmed().split(QLatin1Char('\n'));
        QVERIFY(lines.size() > 3);
        for (const QString &line : lines)
            QVERIFY2(QJsonDocument::fromJson(line.toUtf8()).isObject(), qPrintable(line));
        QVERIFY(lines.first().contains(QStringLiteral("\"event\":\"run_started\"")));
        const QJsonArray after = QJsonDocument::fromJson(lines.last().toUtf8()).object().value(QStringLiteral("stages")).toArray();
        QCOMPARE(after.size(), 3);
        QCOMPARE(after[1].toObject().value(QStringLiteral("state")).toString(), QStringLiteral("stale"));

        const Run report = tileport({QStringLiteral("report"), session});
        QCOMPARE(report.code, 0);
        QVERIFY(report.out.startsWith(QStringLiteral("# smoke_vadd: ")));
        QCOMPARE(report.out.count(QStringLiteral("# Stage A, attempt 2")), 1);
        QVERIFY(!report.out.contains(QStringLiteral("# Stage C")));

        // The same run as one self-contained HTML page; stale stages left out.
        const Run html = tileport({QStringLiteral("report"), session, QStringLiteral("--html")});
        QCOMPARE(html.code, 0);
        QVERIFY(html.out.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY2(html.out.contains(QStringLiteral("<span class=\"badge good\">PASS</span>")), qPrintable(html.out.left(2000)));
        QVERIFY(html.out.contains(QStringLiteral("id=\"stage-A\"")));
        QVERIFY(!html.out.contains(QStringLiteral("id=\"stage-C\"")));
        QVERIFY(!html.out.contains(QStringLiteral("<script")));

        // rerun uses the runner recorded at port time unless --gpu names one.
        QFile info(session + QStringLiteral("/session.json"));
        QVERIFY(info.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(info.readAll()).object().value(QStringLiteral("info")).toObject().value(QStringLiteral("gpu")).toString(),
                 QStringLiteral("local"));
        const Run badGpu = tileport({QStringLiteral("rerun"), session, QStringLiteral("--stage"), QStringLiteral("A"),
                                     QStringLiteral("--gpu"), QStringLiteral("ftp://nowhere")});
        QVERIFY(badGpu.code != 0);
        QVERIFY2(badGpu.err.contains(QStringLiteral("--gpu ftp://nowhere")), qPrintable(badGpu.err));

        const Run bad = tileport({QStringLiteral("port"), src, QStringLiteral("--stages"), QStringLiteral("Q")});
        QCOMPARE(bad.code, 3);
        QVERIFY(bad.err.contains(QStringLiteral("bad stage list 'Q'")));
        QCOMPARE(tileport({QStringLiteral("status"), dir.filePath(QStringLiteral("nope"))}).code, 3);
    }

    // A Triton kernel through the CPU stages: A analyzes it with the
    // Triton front-end and exports the reference of the cuTile Python
    // equivalent its first config names (the second names none: its
    // reference comes from the desugared cuTile Python), B translates and
    // builds, C compares both.
    void portsATritonKernel()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s"));
        const Run port = tileport({QStringLiteral("port"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/triton/vector_add.py"),
                                   QStringLiteral("--stages"), QStringLiteral("A-C"), QStringLiteral("--session"), session});
        if (port.out.contains(QStringLiteral("BLOCKED (env)")))
            QSKIP("the toolchains are not set up; run scripts/setup");
        QVERIFY2(port.code == 0, qPrintable(port.out + port.err));
        QVERIFY2(port.out.contains(QStringLiteral("[A] PASS: vector_add.py analyzed (Triton)")), qPrintable(port.out));
        QVERIFY(port.out.contains(QStringLiteral("[B] COMPILED")));
        // f32_b1024 names cutile/vector_add.py's config as its equivalent;
        // f16_b512 names none and is exported from the desugared module.
        QVERIFY2(port.out.contains(QStringLiteral("1 from a named cuTile Python equivalent, 1 from the desugared cuTile Python")),
                 qPrintable(port.out));
        QVERIFY(port.out.contains(QStringLiteral("[C] PASS_WITH_NOTES: 2 config(s) compared")));
        const QDir run(session + QStringLiteral("/runs/001"));
        QVERIFY(QFile::exists(run.filePath(QStringLiteral("reference/vector_add.f32_b1024.tileirbc"))));
        QVERIFY(QFile::exists(run.filePath(QStringLiteral("reference/vector_add.f16_b512.tileirbc"))));
        QFile desugared(run.filePath(QStringLiteral("reference/triton.cutile.py")));
        QVERIFY(desugared.open(QIODevice::ReadOnly));
        QVERIFY(desugared.readAll().contains("ct.kernel"));
        QFile a(run.filePath(QStringLiteral("reports/stage_A.json")));
        QVERIFY(a.open(QIODevice::ReadOnly));
        const QJsonArray configs = QJsonDocument::fromJson(a.readAll()).object().value(QStringLiteral("evidence")).toObject()
                                       .value(QStringLiteral("configs")).toArray();
        QCOMPARE(configs.size(), 2);
        QVERIFY(configs[0].toObject().value(QStringLiteral("equivalent")).toString().contains(QStringLiteral("cutile/vector_add.py")));
        QVERIFY(configs[1].toObject().value(QStringLiteral("equivalent")).toString().startsWith(QStringLiteral("desugared: ")));
    }

    // A Triton file with no sidecar: stage A captures its configs from the
    // file's own launch (its __main__ block), fitted to the desugared
    // kernel (the bound the array carries dropped), and exports their
    // reference from the desugared cuTile Python; B and C follow.
    void portsAStandaloneTritonFile()
    {
        QTemporaryDir dir;
        QFile src(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/triton/vector_add.py"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        QFile copy(dir.filePath(QStringLiteral("add.py")));
        QVERIFY(copy.open(QIODevice::WriteOnly));
        copy.write(src.readAll() + "\n\nif __name__ == \"__main__\":\n    a = torch.randn(3000, device=\"cuda\")\n"
                                   "    launch(a, torch.randn(3000, device=\"cuda\"), block=512)\n");
        copy.close();
        const QString session = dir.filePath(QStringLiteral("s"));
        const Run port = tileport({QStringLiteral("port"), copy.fileName(), QStringLiteral("--stages"), QStringLiteral("A-C"),
                                   QStringLiteral("--session"), session});
        if (port.out.contains(QStringLiteral("BLOCKED (env)")))
            QSKIP("the toolchains are not set up; run scripts/setup");
        QVERIFY2(port.code == 0, qPrintable(port.out + port.err));
        QVERIFY2(port.out.contains(QStringLiteral("configs captured from the code")), qPrintable(port.out));
        QVERIFY(port.out.contains(QStringLiteral("[C] PASS_WITH_NOTES: 1 config(s) compared")));
        QFile f(session + QStringLiteral("/configs/add.tileport.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray params = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("configs")).toArray()
                                      .first().toObject().value(QStringLiteral("params")).toArray();
        QStringList names;
        for (const QJsonValue &p : params)
            names << p.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(names, (QStringList{QStringLiteral("x_ptr"), QStringLiteral("y_ptr"), QStringLiteral("out_ptr"), QStringLiteral("BLOCK")}));
    }

    // --cutile on every command that writes a crate: a target it does not
    // know is a usage error that names the targets, before any work; a
    // session records the one it was made with.
    void cutileTargetOption()
    {
        for (const char *cmd : {"translate", "port", "batch"}) {
            const Run bad = tileport({QLatin1String(cmd), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"),
                                      QStringLiteral("--cutile"), QStringLiteral("0.3")});
            QCOMPARE(bad.code, 2);
            QVERIFY2(bad.err.contains(QStringLiteral("0.5|0.4")), qPrintable(bad.err));
            const Run help = tileport({QLatin1String(cmd), QStringLiteral("--help")});
            QVERIFY2(help.out.contains(QStringLiteral("--cutile")), cmd);
        }
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s"));
        const Run port = tileport({QStringLiteral("port"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"),
                                   QStringLiteral("--stages"), QStringLiteral("A"), QStringLiteral("--session"), session,
                                   QStringLiteral("--cutile"), QStringLiteral("0.4")});
        QVERIFY2(port.code == 0, qPrintable(port.out + port.err));
        QFile info(QDir(session).filePath(QStringLiteral("session.json")));
        QVERIFY(info.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(info.readAll()).object().value(QStringLiteral("info")).toObject()
                     .value(QStringLiteral("toolchains")).toObject()
                     .value(QStringLiteral("cutile")).toString(),
                 QStringLiteral("0.4.0"));
        const Run again = tileport({QStringLiteral("port"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"),
                                    QStringLiteral("--stages"), QStringLiteral("A"), QStringLiteral("--session"), session,
                                    QStringLiteral("--cutile"), QStringLiteral("0.5")});
        QVERIFY2(again.err.contains(QStringLiteral("keeps cutile 0.4.0")), qPrintable(again.err));
    }

    void unknownCommandIsAnError()
    {
        const Run r = tileport({QStringLiteral("frobnicate")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("unknown command 'frobnicate'")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
