// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The front-end registry: each bundled example is given the front-end of
// its language, and that front-end does the language's part for real.
#include "Frontend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tileport;

class TestFrontends : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cutilePythonFile()
    {
        const QString file = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py");
        const Frontend &f = frontendFor(file);
        QCOMPARE(int(f.language()), int(Frontend::Language::CutilePython));
        QVERIFY(!f.isTriton());
        QVERIFY(f.capturesConfigs());
        QCOMPARE(f.kernelNames(file), QStringList{QStringLiteral("vector_add")});
        const rust::TranslationResult r = f.translate(file, {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.kernels.size(), 1);
        rust::HostBundleBuilder::Options o;
        o.source = file;
        f.configureBundle(o);
        QCOMPARE(o.reference, rust::HostBundleBuilder::Options().reference); // cuTile Python stays the reference
        QVERIFY(!o.translate);
    }

    void tritonFile()
    {
        const QString file = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/triton/vector_add.py");
        const Frontend &f = frontendFor(file);
        QCOMPARE(int(f.language()), int(Frontend::Language::Triton));
        QVERIFY(f.isTriton());
        QVERIFY(f.capturesConfigs()); // from its kernel[grid](...) launches
        QVERIFY(!f.kernelNames(file).isEmpty());
        // A captured launch names every Triton parameter; the file keeps
        // those of the desugared kernel (n_elements is the arrays' extent).
        const QByteArray captured = R"({"kernel": "vector_add", "configs": [{"name": "c", "params": [
            {"name": "x_ptr", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [64]},
            {"name": "y_ptr", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [64]},
            {"name": "out_ptr", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [64]},
            {"name": "n_elements", "kind": "scalar", "dtype": "int32", "value": 64},
            {"name": "BLOCK", "kind": "const", "value": 32}]}]})";
        const QJsonArray params = QJsonDocument::fromJson(f.capturedSidecar(file, captured)).object()
                                      .value(QStringLiteral("configs")).toArray().first().toObject()
                                      .value(QStringLiteral("params")).toArray();
        QStringList names;
        for (const QJsonValue &p : params)
            names << p.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(names, (QStringList{QStringLiteral("x_ptr"), QStringLiteral("y_ptr"), QStringLiteral("out_ptr"), QStringLiteral("BLOCK")}));
        const rust::TranslationResult r = f.translate(file, {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(!r.kernels.isEmpty());
        rust::HostBundleBuilder::Options o;
        o.source = file;
        f.configureBundle(o);
        QCOMPARE(o.reference, QStringLiteral("triton"));
        QVERIFY(o.translate);
        QVERIFY(!o.launches.isEmpty());
    }

    // A file that is not there is cuTile Python's to report on (the
    // analyzer's error), never a crash in the registry.
    // A pointer addressed through gathers is the flat tensor in the
    // desugared kernel: a contiguous 2-D capture becomes 1-D, a strided one
    // is left for the configs' check to name.
    void capturedGatherArraysAreFlattened()
    {
        const QString file = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/pointer_gather.py");
        const QByteArray captured = R"({"kernel": "column_sum", "configs": [
            {"name": "contiguous", "params": [
              {"name": "x_ptr", "kind": "array", "dtype": "float32", "ndim": 2, "shape": [64, 32], "strides": [32, 1]},
              {"name": "out_ptr", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [32], "strides": [1]},
              {"name": "n_rows", "kind": "scalar", "dtype": "int32", "value": 64},
              {"name": "n_cols", "kind": "scalar", "dtype": "int32", "value": 32},
              {"name": "stride_row", "kind": "scalar", "dtype": "int32", "value": 32},
              {"name": "BLOCK", "kind": "const", "value": 32}]},
            {"name": "strided", "params": [
              {"name": "x_ptr", "kind": "array", "dtype": "float32", "ndim": 2, "shape": [64, 32], "strides": [64, 1]},
              {"name": "out_ptr", "kind": "array", "dtype": "float32", "ndim": 1, "shape": [32], "strides": [1]},
              {"name": "n_rows", "kind": "scalar", "dtype": "int32", "value": 64},
              {"name": "n_cols", "kind": "scalar", "dtype": "int32", "value": 32},
              {"name": "stride_row", "kind": "scalar", "dtype": "int32", "value": 64},
              {"name": "BLOCK", "kind": "const", "value": 32}]}]})";
        const QJsonArray configs = QJsonDocument::fromJson(frontendFor(file).capturedSidecar(file, captured)).object()
                                       .value(QStringLiteral("configs")).toArray();
        const QJsonObject flat = configs[0].toObject().value(QStringLiteral("params")).toArray()[0].toObject();
        QCOMPARE(flat.value(QStringLiteral("ndim")).toInt(), 1);
        QCOMPARE(flat.value(QStringLiteral("shape")).toArray(), (QJsonArray{64 * 32}));
        QCOMPARE(flat.value(QStringLiteral("strides")).toArray(), (QJsonArray{1}));
        const QJsonObject strided = configs[1].toObject().value(QStringLiteral("params")).toArray()[0].toObject();
        QCOMPARE(strided.value(QStringLiteral("ndim")).toInt(), 2);
    }

    // An optional pointer's presence flag comes from the launch: a tensor
    // gives True, None gives False (the pointer stays a None parameter).
    void capturedOptionalPointersGiveTheirFlag()
    {
        const QString file = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/optional/masked_mean.py");
        const auto array = [](const char *name, QJsonArray shape, QJsonArray strides) {
            return QJsonObject{{"name", name}, {"kind", "array"}, {"dtype", "float32"}, {"ndim", shape.size()},
                               {"shape", shape}, {"strides", strides}};
        };
        const auto config = [&](const char *name, const QJsonObject &mask) {
            return QJsonObject{{"name", name}, {"kernel", "masked_mean"},
                               {"params", QJsonArray{array("x_ptr", {8, 64}, {64, 1}), mask, array("out_ptr", {8}, {1}),
                                                     QJsonObject{{"name", "n"}, {"kind", "scalar"}, {"dtype", "int32"}, {"value", 64}},
                                                     QJsonObject{{"name", "BLOCK"}, {"kind", "const"}, {"value", 64}}}}};
        };
        const QByteArray captured = QJsonDocument(QJsonObject{
            {"kernel", "masked_mean"},
            {"configs", QJsonArray{config("given", array("mask_ptr", {8, 64}, {64, 1})),
                                   config("absent", QJsonObject{{"name", "mask_ptr"}, {"kind", "none"}})}}}).toJson();
        const QJsonArray configs = QJsonDocument::fromJson(frontendFor(file).capturedSidecar(file, captured)).object()
                                       .value(QStringLiteral("configs")).toArray();
        QCOMPARE(configs.size(), 2);
        for (int i = 0; i < 2; ++i) {
            const QJsonArray params = configs[i].toObject().value(QStringLiteral("params")).toArray();
            QCOMPARE(params.size(), 6);
            const QJsonObject flag = params.last().toObject();
            QCOMPARE(flag.value(QStringLiteral("name")).toString(), QStringLiteral("mask_ptr__given"));
            QCOMPARE(flag.value(QStringLiteral("kind")).toString(), QStringLiteral("const"));
            QCOMPARE(flag.value(QStringLiteral("value")).toBool(), i == 0);
        }
    }

    void capturedStringConstexprsBecomeTheirInt()
    {
        // `ACT == "relu"`: each string the kernel compares ACT with is an
        // int in the port; a launch's string becomes its int (-1 for one
        // the kernel never names), the string kept for the Triton reference.
        const QString file = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/constructs/params.py");
        const auto config = [](const char *name, const char *act) {
            const auto array = [](const char *n) {
                return QJsonObject{{"name", n}, {"kind", "array"}, {"dtype", "float32"}, {"ndim", 1}, {"shape", QJsonArray{1024}}};
            };
            return QJsonObject{{"name", name}, {"kernel", "activate"},
                               {"params", QJsonArray{array("x_ptr"), array("y_ptr"),
                                                     QJsonObject{{"name", "n"}, {"kind", "scalar"}, {"dtype", "int32"}, {"value", 1000}},
                                                     QJsonObject{{"name", "ACT"}, {"kind", "const"}, {"value", act}},
                                                     QJsonObject{{"name", "BLOCK"}, {"kind", "const"}, {"value", 128}}}}};
        };
        const QByteArray captured = QJsonDocument(QJsonObject{
            {"kernel", "activate"},
            {"configs", QJsonArray{config("relu", "relu"), config("softsign", "softsign"), config("other", "gelu")}}}).toJson();
        const QJsonArray configs = QJsonDocument::fromJson(frontendFor(file).capturedSidecar(file, captured)).object()
                                       .value(QStringLiteral("configs")).toArray();
        QCOMPARE(configs.size(), 3);
        const QList<int> codes{0, 1, -1};
        const QStringList given{QStringLiteral("relu"), QStringLiteral("softsign"), QStringLiteral("gelu")};
        for (int i = 0; i < 3; ++i) {
            QJsonObject act;
            for (const QJsonValue &p : configs[i].toObject().value(QStringLiteral("params")).toArray())
                if (p.toObject().value(QStringLiteral("name")).toString() == QLatin1String("ACT"))
                    act = p.toObject();
            QVERIFY2(act.value(QStringLiteral("value")).isDouble(), qPrintable(QJsonDocument(act).toJson()));
            QCOMPARE(act.value(QStringLiteral("value")).toInt(), codes[i]);
            QCOMPARE(act.value(QStringLiteral("source_value")).toString(), given[i]);
        }
    }

    void missingFile()
    {
        const Frontend &f = frontendFor(QStringLiteral("/nonexistent/kernel.py"));
        QVERIFY(!f.isTriton());
        QVERIFY(f.kernelNames(QStringLiteral("/nonexistent/kernel.py")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFrontends)
#include "tst_frontends.moc"
