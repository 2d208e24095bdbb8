// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// `tileport ir decode`, `ir canon` and `ir diff` run as real child processes:
// exit codes per verdict, the JSON report checked against the documented
// schema (docs/ir-diff-schema.json), and diagnostics for unreadable input.
#include "support/BytecodeBuilder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run tileport(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!p.waitForFinished(120'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// Checks `value` against the subset of JSON Schema the report schema uses:
// type (string or list), required, properties, items, enum, const, $ref to
// #/$defs/..., additionalProperties: false. Returns "" or the first problem.
QString validate(const QJsonValue &value, const QJsonObject &schema, const QJsonObject &root, const QString &where)
{
    if (schema.contains(QStringLiteral("$ref"))) {
        const QString ref = schema.value(QStringLiteral("$ref")).toString();
        const QString name = ref.section(QLatin1Char('/'), -1);
        return validate(value, root.value(QStringLiteral("$defs")).toObject().value(name).toObject(), root, where);
    }
    if (schema.contains(QStringLiteral("type"))) {
        QStringList types;
        const QJsonValue t = schema.value(QStringLiteral("type"));
        if (t.isArray())
            for (const QJsonValue &v : t.toArray())
                types << v.toString();
        else
            types << t.toString();
        auto is = [&](const QString &type) {
            if (type == QLatin1String("object"))
                return value.isObject();
            if (type == QLatin1String("array"))
                return value.isArray();
            if (type == QLatin1String("string"))
                return value.isString();
            if (type == QLatin1String("boolean"))
                return value.isBool();
            if (type == QLatin1String("null"))
                return value.isNull();
            if (type == QLatin1String("integer"))
                return value.isDouble() && value.toDouble() == double(qint64(value.toDouble()));
            if (type == QLatin1String("number"))
                return value.isDouble();
            return false;
        };
        if (std::none_of(types.begin(), types.end(), is))
            return where + QStringLiteral(": not of type ") + types.join(QLatin1Char('|'));
    }
    if (schema.contains(QStringLiteral("enum")) && !schema.value(QStringLiteral("enum")).toArray().contains(value))
        return where + QStringLiteral(": value not in enum");
    if (schema.contains(QStringLiteral("const")) && schema.value(QStringLiteral("const")) != value)
        return where + QStringLiteral(": value differs from const");
    if (value.isObject()) {
        const QJsonObject obj = value.toObject();
        for (const QJsonValue &r : schema.value(QStringLiteral("required")).toArray())
            if (!obj.contains(r.toString()))
                return where + QStringLiteral(": missing ") + r.toString();
        const QJsonObject props = schema.value(QStringLiteral("properties")).toObject();
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            if (props.contains(it.key())) {
                const QString problem = validate(it.value(), props.value(it.key()).toObject(), root, where + QLatin1Char('.') + it.key());
                if (!problem.isEmpty())
                    return problem;
            } else if (schema.value(QStringLiteral("additionalProperties")) == QJsonValue(false)) {
                return where + QStringLiteral(": undocumented field ") + it.key();
            }
        }
    }
    if (value.isArray() && schema.contains(QStringLiteral("items"))) {
        const QJsonArray arr = value.toArray();
        for (int i = 0; i < arr.size(); ++i) {
            const QString problem = validate(arr[i], schema.value(QStringLiteral("items")).toObject(), root,
                                             where + QStringLiteral("[%1]").arg(i));
            if (!problem.isEmpty())
                return problem;
        }
    }
    return {};
}

} // namespace

class TestIrCli : public QObject
{
    Q_OBJECT

    QTemporaryDir dir_;
    QString ref_;
    QByteArray refText_;

    // Writes the reference with one edit applied (the edit must apply).
    QString variant(const char *name, const QByteArray &from, const QByteArray &to)
    {
        QByteArray text = refText_;
        if (!text.contains(from))
            qFatal("edit for %s does not apply", name);
        text.replace(from, to);
        const QString path = dir_.filePath(QLatin1String(name));
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        ref_ = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/tileir/kernel_ref.mlir");
        refText_ = readFile(ref_);
    }

    void exitCodesFollowTheVerdict()
    {
        const Run same = tileport({QStringLiteral("ir"), QStringLiteral("diff"), ref_,
                                   variant("renamed.mlir", "%acc0", "%init")});
        QVERIFY2(same.code == 0, qPrintable(same.out + same.err));
        QVERIFY(same.out.startsWith(QStringLiteral("# Tile IR diff: PASS\n")));

        const Run notes = tileport({QStringLiteral("ir"), QStringLiteral("diff"), ref_,
                                    variant("latency.mlir", "latency = 3}> : partition_view<tile=(32x64)",
                                            "latency = 4}> : partition_view<tile=(32x64)")});
        QVERIFY2(notes.code == 2, qPrintable(notes.out + notes.err));
        QVERIFY(notes.out.contains(QStringLiteral("PASS_WITH_NOTES")));

        const Run fail = tileport({QStringLiteral("ir"), QStringLiteral("diff"), ref_,
                                   variant("noftz.mlir", "mulf %e, %sb flush_to_zero :", "mulf %e, %sb :")});
        QVERIFY2(fail.code == 1, qPrintable(fail.out + fail.err));
        QVERIFY(fail.out.contains(QStringLiteral("**flush-to-zero** `mulf` (owner: kernel)")));
        QVERIFY(fail.out.contains(QStringLiteral("kernel.py:31:9")));
        QVERIFY(fail.out.contains(QStringLiteral("| op | ref | gen | delta |")));
    }

    void jsonMatchesTheDocumentedSchema()
    {
        const QString gen = variant("hints.mlir", "occupancy = 2", "occupancy = 4");
        const QString jsonOut = dir_.filePath(QStringLiteral("report.json"));
        const QString mdOut = dir_.filePath(QStringLiteral("report.md"));
        const Run r = tileport({QStringLiteral("ir"), QStringLiteral("diff"), ref_, gen, QStringLiteral("--json"),
                                QStringLiteral("--json-out"), jsonOut, QStringLiteral("--markdown-out"), mdOut});
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &err);
        QCOMPARE(err.error, QJsonParseError::NoError);
        const QJsonObject schema =
            QJsonDocument::fromJson(readFile(QStringLiteral(TILEPORT_SOURCE_DIR "/docs/ir-diff-schema.json"))).object();
        QVERIFY(!schema.isEmpty());
        const QString problem = validate(doc.object(), schema, schema, QStringLiteral("$"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        const QJsonObject root = doc.object();
        QCOMPARE(root.value(QStringLiteral("verdict")).toString(), QStringLiteral("FAIL_FIXABLE"));
        QCOMPARE(root.value(QStringLiteral("owner")).toString(), QStringLiteral("host"));
        const QJsonObject finding = root.value(QStringLiteral("findings")).toArray().first().toObject();
        QCOMPARE(finding.value(QStringLiteral("rule")).toString(), QStringLiteral("entry-hints"));
        QCOMPARE(finding.value(QStringLiteral("ref")).toString(), QStringLiteral("2"));
        QCOMPARE(finding.value(QStringLiteral("gen")).toString(), QStringLiteral("4"));
        // The same report went to the files.
        QCOMPARE(QJsonDocument::fromJson(readFile(jsonOut)), doc);
        QVERIFY(readFile(mdOut).startsWith("# Tile IR diff: FAIL_FIXABLE"));

        // A passing report validates too (nulls where nothing applies).
        const Run pass = tileport({QStringLiteral("ir"), QStringLiteral("diff"), ref_, ref_, QStringLiteral("--json")});
        QCOMPARE(pass.code, 0);
        const QString p2 = validate(QJsonDocument::fromJson(pass.out.toUtf8()).object(), schema, schema, QStringLiteral("$"));
        QVERIFY2(p2.isEmpty(), qPrintable(p2));
    }

    void canonPrintsTheCanonicalForm()
    {
        const Run r = tileport({QStringLiteral("ir"), QStringLiteral("canon"), ref_});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(QStringLiteral("cuda_tile.module @kernels {\n")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("    %v0 = constant <f32: 0.000000e+00> : tile<64x64xf32>\n")));
        QVERIFY(!r.out.contains(QStringLiteral("producer")));
        QVERIFY(!r.out.contains(QStringLiteral("%acc0")));
        // Canonicalizing the canonical form changes nothing.
        QFile f(dir_.filePath(QStringLiteral("canon.mlir")));
        f.open(QIODevice::WriteOnly);
        f.write(r.out.toUtf8());
        f.close();
        const Run again = tileport({QStringLiteral("ir"), QStringLiteral("canon"), f.fileName()});
        QCOMPARE(again.code, 0);
        QCOMPARE(again.out, r.out);
    }

    void decodeWritesTheDialectText()
    {
        // A 13.3 file with a global, the producer and an entry reading the global.
        tbc::ModuleBuilder mb(3);
        const uint32_t i32 = mb.scalar(tbc::I32);
        const uint32_t g = mb.tile(i32, {2});
        const uint32_t p = mb.tile(mb.ptr(i32), {});
        mb.global("table", g, mb.constant({7, 0, 0, 0, 9, 0, 0, 0}), 16, true, true);
        mb.producer("tileport-test");
        mb.entry("k", mb.function({}), tbc::cat({tbc::enc({0x2C, p, mb.str("table")}), tbc::enc({0x5C, 0, 0})}));
        const tbc::Bytes bytes = mb.build();
        const QString file = dir_.filePath(QStringLiteral("g.tileirbc"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(reinterpret_cast<const char *>(bytes.data()), qint64(bytes.size()));
        f.close();

        const Run r = tileport({QStringLiteral("ir"), QStringLiteral("decode"), file});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("cuda_tile.module @kernels")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("producer = \"tileport-test\"")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("@table")) && r.out.contains(QStringLiteral("get_global")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("entry @k()")), qPrintable(r.out));

        // -o writes the same text, which decodes (parses) back to itself.
        const QString out = dir_.filePath(QStringLiteral("g.mlir"));
        QCOMPARE(tileport({QStringLiteral("ir"), QStringLiteral("decode"), file, QStringLiteral("-o"), out}).code, 0);
        QCOMPARE(QString::fromUtf8(readFile(out)), r.out);
        const Run again = tileport({QStringLiteral("ir"), QStringLiteral("decode"), out});
        QCOMPARE(again.code, 0);
        QCOMPARE(again.out, r.out);
        // Bytecode and its text diff as equal.
        QCOMPARE(tileport({QStringLiteral("ir"), QStringLiteral("diff"), file, out}).code, 0);

        const Run withLocs = tileport({QStringLiteral("ir"), QStringLiteral("decode"), file, QStringLiteral("--locations")});
        QCOMPARE(withLocs.code, 0);
        QVERIFY2(withLocs.out.contains(QStringLiteral("loc(")), qPrintable(withLocs.out));

        // A file newer than 13.4 is refused with the offset of the version field.
        tbc::Bytes newer = bytes;
        newer[9] = 5;
        const QString v135 = dir_.filePath(QStringLiteral("v135.tileirbc"));
        QFile n(v135);
        QVERIFY(n.open(QIODevice::WriteOnly));
        n.write(reinterpret_cast<const char *>(newer.data()), qint64(newer.size()));
        n.close();
        const Run refused = tileport({QStringLiteral("ir"), QStringLiteral("decode"), v135});
        QCOMPARE(refused.code, 3);
        QVERIFY2(refused.err.contains(QStringLiteral("offset 9")) && refused.err.contains(QStringLiteral("13.5")),
                 qPrintable(refused.err));
    }

    void unreadableInputIsReportedWithAPosition()
    {
        // A syntax error (the loop's range loses its closing parenthesis) ...
        const QByteArray loop = "%acc = for %k in (%zero to %kt, step %one) :";
        const int line = refText_.left(refText_.indexOf(loop)).count('\n') + 1;
        const QString broken = variant("broken.mlir", loop, "%acc = for %k in (%zero to %kt, step %one :");
        const Run r = tileport({QStringLiteral("ir"), QStringLiteral("diff"), ref_, broken});
        QCOMPARE(r.code, 3);
        QVERIFY(r.out.isEmpty());
        const QRegularExpression position(QRegularExpression::escape(broken) + QStringLiteral(":%1:\\d+: error: ").arg(line));
        QVERIFY2(position.match(r.err).hasMatch(), qPrintable(r.err));
        // ... and IR the dialect's verifier rejects (a tile dim that is not a power of two).
        const QString invalid = variant("invalid.mlir", "%acc0 = constant <f32: 0.000000e+00> : tile<64x64xf32>",
                                        "%acc0 = constant <f32: 0.000000e+00> : tile<64x48xf32>");
        const Run v = tileport({QStringLiteral("ir"), QStringLiteral("canon"), invalid});
        QCOMPARE(v.code, 3);
        QVERIFY2(QRegularExpression(QRegularExpression::escape(invalid) + QStringLiteral(":\\d+:\\d+: error: ")).match(v.err).hasMatch(),
                 qPrintable(v.err));

        const Run missing = tileport({QStringLiteral("ir"), QStringLiteral("canon"), QStringLiteral("/nonexistent/k.mlir")});
        QCOMPARE(missing.code, 3);
        QVERIFY2(missing.err.contains(QStringLiteral("/nonexistent/k.mlir: cannot read")), qPrintable(missing.err));

        QFile bc(dir_.filePath(QStringLiteral("k.tileirbc")));
        bc.open(QIODevice::WriteOnly);
        bc.write(QByteArray("\x7fTileIR\0\x0d\x03\x00\x00", 12));
        bc.close();
        const Run bytecode = tileport({QStringLiteral("ir"), QStringLiteral("diff"), bc.fileName(), ref_});
        QCOMPARE(bytecode.code, 3);
        QVERIFY2(bytecode.err.contains(bc.fileName() + QStringLiteral(": offset 12: file ends without the end-of-bytecode marker")),
                 qPrintable(bytecode.err));

        const Run usage = tileport({QStringLiteral("ir"), QStringLiteral("diff"), ref_});
        QCOMPARE(usage.code, 3);
        QVERIFY(usage.err.contains(QStringLiteral("usage: tileport ir")));
        const Run unknown = tileport({QStringLiteral("ir"), QStringLiteral("frob")});
        QCOMPARE(unknown.code, 3);
        QVERIFY(unknown.err.contains(QStringLiteral("unknown subcommand 'frob'")));
    }
};

QTEST_GUILESS_MAIN(TestIrCli)
#include "tst_ir_cli.moc"
