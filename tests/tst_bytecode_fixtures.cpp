// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The bytecode reader on real compiler output generated at test time: cuTile
// Python (13.1 and 13.2 for sm_100, architecture-independent 13.3 and 13.4) and the
// cuTile Rust probe (13.2 for sm_100, 13.3 for sm_90). Asserts decoded content
// against the kernel sources, then feeds every truncation and many single-byte
// mutations of each file to the reader.
#include "support/DecodedOp.h"
#include "support/RealCompilers.h"
#include "support/SourceLines.h"
#include "tileport/TileIR/Bytecode/Dump.h"
#include "tileport/TileIR/Bytecode/Reader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;
using namespace tileport::tileir::bc;

namespace {

const QString kPythonDir = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/python/");
const QString kRustSource = QStringLiteral(TILEPORT_SOURCE_DIR "/resources/rust/tileport-probe/src/lib.rs");

QString q(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QJsonObject array(const char *dtype, int ndim)
{
    return testing::arrayParam(dtype, ndim);
}

QJsonObject constant(int v)
{
    return testing::constParam(v);
}

using testing::lineOf;

using tbc::DecodedOp;

// All instructions of a block tree in pre-order.
void collect(const std::vector<DecodedOp> &ins, std::vector<DecodedOp> &out)
{
    for (const DecodedOp &i : ins) {
        out.push_back(i);
        for (size_t r = 0; r < i.regionCount(); ++r)
            if (i.body->regions(*i.inst)[r].blockCount != 0)
                collect(i.block(r).instructions, out);
    }
}

std::vector<DecodedOp> all(const Module &m)
{
    std::vector<DecodedOp> out;
    collect(tbc::decodedBody(m, m.functions.at(0)).instructions, out);
    return out;
}

std::vector<DecodedOp> named(const Module &m, const char *name)
{
    std::vector<DecodedOp> out;
    for (const DecodedOp &i : all(m))
        if (i.name() == name)
            out.push_back(i);
    return out;
}

QStringList opNames(const std::vector<DecodedOp> &ins)
{
    QStringList names;
    for (const DecodedOp &i : ins)
        names << q(i.name());
    return names;
}

} // namespace

class TestBytecodeFixtures : public QObject
{
    Q_OBJECT
private:
    Toolchains m_tools = Toolchains::fromEnvironment();
    QTemporaryDir m_out;
    QMap<QString, QByteArray> m_files; // fixture name -> bytes

    QString exportPython(const QString &file, const QString &kernel, const QJsonArray &params, const QString &version)
    {
        return testing::exportPython(m_tools, kPythonDir + file, kernel, params, version,
                                     m_out.filePath(QStringLiteral("py_%1_%2.tileirbc").arg(kernel, version)));
    }

    QString runProbe(const QString &kernel, const QString &version, const QString &tile)
    {
        return testing::runRustProbe(m_tools, kernel, version, tile,
                                     m_out.filePath(QStringLiteral("rust_%1_%2").arg(kernel, version)));
    }

    void keep(const QString &name, const QString &path)
    {
        QVERIFY2(!path.startsWith(QLatin1String("error: ")), qPrintable(name + QLatin1String(": ") + path));
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        m_files[name] = f.readAll();
    }

    Module decode(const QString &name)
    {
        const QByteArray &b = m_files[name];
        ReadResult r = readModule(std::span(reinterpret_cast<const uint8_t *>(b.constData()), size_t(b.size())));
        if (!r.ok())
            qWarning("%s: %s", qPrintable(name), r.error.str().c_str());
        return r.ok() ? std::move(*r.module) : Module{};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_out.isValid());
        const QJsonArray vadd{array("float32", 1), array("float32", 1), array("float32", 1), constant(128)};
        const QJsonArray rowSum{array("float32", 2), array("float32", 1), constant(16), constant(64)};
        const QJsonArray matmul{array("float16", 2), array("float16", 2), array("float32", 2), array("float32", 2),
                                constant(64), constant(64), constant(32)};
        const QJsonArray softmax{array("float32", 2), array("float32", 2), constant(16), constant(128)};
        for (const char *v : {"13.1", "13.2", "13.3", "13.4"}) {
            const QString version = QString::fromLatin1(v);
            keep("py_vadd_" + version, exportPython("smoke_kernels.py", "smoke_vadd", vadd, version));
            keep("py_matmul_" + version, exportPython("reader_kernels.py", "reader_matmul", matmul, version));
            keep("py_softmax_" + version, exportPython("reader_kernels.py", "reader_softmax", softmax, version));
        }
        keep("py_rowsum_13.3", exportPython("smoke_kernels.py", "smoke_row_sum", rowSum, "13.3"));
        // Kernels only 13.4 encodes.
        const QJsonArray insert{array("float32", 2), array("float32", 2), constant(16), constant(32)};
        const QJsonArray powers{array("float32", 1), array("int32", 1), array("float32", 1), constant(64)};
        const QJsonArray unchecked{array("float32", 1), array("float64", 1), constant(64)};
        keep("py_insert_13.4", exportPython("v134_kernels.py", "v134_insert", insert, "13.4"));
        keep("py_powers_13.4", exportPython("v134_kernels.py", "v134_powers", powers, "13.4"));
        keep("py_unchecked_13.4", exportPython("v134_kernels.py", "v134_unchecked", unchecked, "13.4"));
        for (const char *v : {"13.2", "13.3"}) {
            const QString version = QString::fromLatin1(v);
            keep("rust_vadd_" + version, runProbe("smoke_vadd", version, "128"));
            keep("rust_rowsum_" + version, runProbe("smoke_row_sum", version, "64"));
        }
    }

    void pythonVaddAcrossVersions()
    {
        const QString src = kPythonDir + "smoke_kernels.py";
        QStringList previous;
        for (int minor : {1, 2, 3, 4}) {
            const Module m = decode(QStringLiteral("py_vadd_13.%1").arg(minor));
            QCOMPARE(m.version.minor, minor);
            QCOMPARE(m.functions.size(), size_t(1));
            const Function &f = m.functions[0];
            QVERIFY2(q(f.name).startsWith("smoke_vadd"), qPrintable(q(f.name)));
            QVERIFY(f.kernel);
            QCOMPARE(tbc::decodedBody(m, f).argumentTypes.size(), size_t(9)); // three arrays: base, shape, stride each
            QCOMPARE(q(typeToString(m, tbc::decodedBody(m, f).argumentTypes[0])), QStringLiteral("tile<ptr<f32>>"));
            QCOMPARE(named(m, "load_view_tko").size(), size_t(2));
            QCOMPARE(named(m, "store_view_tko").size(), size_t(1));
            QCOMPARE(named(m, "addf").size(), size_t(1));
            QCOMPARE(tbc::decodedBody(m, f).instructions.back().name(), std::string_view("return"));
            const DecodedOp add = named(m, "addf")[0];
            QCOMPARE(q(typeToString(m, add.resultTypes().at(0))), QStringLiteral("tile<128xf32>"));
            const auto loads = named(m, "load_view_tko");
            QCOMPARE(add.operands(), (std::vector<uint32_t>{loads[0].results()[0], loads[1].results()[0]}));
            QCOMPARE(q(typeToString(m, loads[0].resultTypes()[1])), QStringLiteral("token"));
            QCOMPARE(q(typeToString(m, named(m, "make_tensor_view")[0].resultTypes()[0])),
                     QStringLiteral("tensor_view<?xf32, strides=[1]>"));
            // Debug locations point at the kernel source.
            QVERIFY2(q(f.location.file).endsWith("smoke_kernels.py"), qPrintable(q(f.location.file)));
            QCOMPARE(f.location.line, lineOf(src, "def smoke_vadd"));
            QCOMPARE(add.location().line, lineOf(src, "tile=ta + tb"));
            QCOMPARE(loads[0].location().line, lineOf(src, "ta = ct.load"));
            QCOMPARE(loads[1].location().line, lineOf(src, "tb = ct.load"));
            QCOMPARE(named(m, "get_tile_block_id")[0].location().line, lineOf(src, "pid = ct.bid(0)"));
            const QStringList ops = opNames(tbc::decodedBody(m, f).instructions);
            if (!previous.isEmpty())
                QCOMPARE(ops, previous);
            previous = ops;
        }
    }

    void pythonMatmulLoopReductionSelect()
    {
        const QString src = kPythonDir + "reader_kernels.py";
        for (int minor : {1, 2, 3, 4}) {
            const Module m = decode(QStringLiteral("py_matmul_13.%1").arg(minor));
            QCOMPARE(m.functions.size(), size_t(1));
            const auto fors = named(m, "for");
            QCOMPARE(fors.size(), size_t(1));
            const DecodedOp loop = fors[0];
            QCOMPARE(loop.location().line, lineOf(src, "for k in range"));
            const tbc::DecodedBlock body = loop.block(0);
            // Where the compiler puts the partition views differs by version.
            std::vector<DecodedOp> core;
            for (const DecodedOp &i : body.instructions)
                if (i.name() != "make_partition_view")
                    core.push_back(i);
            QCOMPARE(core.size(), size_t(4));
            QCOMPARE(q(core[0].name()) + q(core[1].name()) + q(core[2].name()) + q(core[3].name()),
                     QStringLiteral("load_view_tkoload_view_tkommafcontinue"));
            const DecodedOp mma = core[2];
            QCOMPARE(q(typeToString(m, mma.resultTypes()[0])), QStringLiteral("tile<64x64xf32>"));
            QCOMPARE(q(typeToString(m, core[0].resultTypes()[0])), QStringLiteral("tile<64x32xf16>"));
            QCOMPARE(q(typeToString(m, core[1].resultTypes()[0])), QStringLiteral("tile<32x64xf16>"));
            // Value numbering inside the region: loads feed the mma, the iter
            // value is the accumulator, continue carries the product.
            QCOMPARE(mma.operands(),
                     (std::vector<uint32_t>{core[0].results()[0], core[1].results()[0], body.arguments[1]}));
            QCOMPARE(core[3].operands(), mma.results());
            QCOMPARE(mma.location().line, lineOf(src, "acc = ct.mma("));
            QVERIFY(!mma.attribute("fast_acc"));
            // The loop's initial accumulator is the all-zero 64x64 constant.
            const uint32_t init = loop.operands().at(3);
            std::optional<DecodedOp> zero;
            for (const DecodedOp &i : named(m, "constant"))
                if (!i.results().empty() && i.results()[0] == init && i.location().line == lineOf(src, "ct.full("))
                    zero = i;
            QVERIFY(zero);
            const auto zeroValue = zero->attribute("value");
            const DenseAttr *zeros = zeroValue->get<DenseAttr>();
            QCOMPARE(q(typeToString(m, zeros->type)), QStringLiteral("tile<64x64xf32>"));
            for (uint8_t byte : m.constants.at(zeros->constant).bytes)
                QCOMPARE(byte, uint8_t(0));

            // where(acc > 0.0, acc, acc * 0.125) -> cmpf, mulf by a float constant, select.
            const DecodedOp cmp = named(m, "cmpf").at(0);
            QCOMPARE(q(attributeToString(m, *cmp.attribute("comparison_predicate"))), QStringLiteral("greater_than"));
            QCOMPARE(cmp.operands().at(0), loop.results().at(0));
            const DecodedOp sel = named(m, "select").at(0);
            QCOMPARE(sel.location().line, lineOf(src, "acc = ct.where("));
            QCOMPARE(sel.operands().at(0), cmp.results().at(0));
            QCOMPARE(sel.operands().at(1), loop.results().at(0));
            bool eighth = false;
            for (const DecodedOp &c : named(m, "constant")) {
                const auto value = c.attribute("value");
                const DenseAttr *d = value->get<DenseAttr>();
                if (q(typeToString(m, d->type)) == QLatin1String("tile<f32>") &&
                    m.constants.at(d->constant).bytes == std::vector<uint8_t>{0x00, 0x00, 0x00, 0x3E})
                    eighth = true; // 0.125f
            }
            QVERIFY(eighth);
            QCOMPARE(named(m, "mulf").size(), size_t(1));

            // max over axis 1: a reduce whose region is maxf + yield, identity -inf.
            const DecodedOp red = named(m, "reduce").at(0);
            QCOMPARE(q(typeToString(m, red.resultTypes()[0])), QStringLiteral("tile<64xf32>"));
            QCOMPARE(opNames(red.block(0).instructions), (QStringList{"maxf", "yield"}));
            const auto identities = red.attribute("identities");
            const FloatAttr *identity = identities->get<ArrayAttr>()->elements.at(0).get<FloatAttr>();
            QVERIFY(identity);
            QCOMPARE(identity->bits, uint64_t(0xFF800000));
            QCOMPARE(red.location().line, lineOf(src, "ct.max(acc"));
            QCOMPARE(named(m, "store_view_tko").size(), size_t(2));
        }
    }

    void pythonSoftmaxPrintAndExp()
    {
        for (int minor : {1, 2, 3, 4}) {
            const Module m = decode(QStringLiteral("py_softmax_13.%1").arg(minor));
            QCOMPARE(m.functions.size(), size_t(1));
            const auto prints = named(m, "print_tko");
            QCOMPARE(prints.size(), size_t(1));
            const DecodedOp p = prints[0];
            QCOMPARE(q(p.attribute("str")->get<StringAttr>()->value), QStringLiteral("block %d\n"));
            // 13.1 print: no result and no token operand; 13.2+: both.
            QCOMPARE(p.results().size(), size_t(minor >= 2 ? 1 : 0));
            QCOMPARE(p.operandSegments().at(0), 1);
            if (minor >= 2)
                QCOMPARE(q(typeToString(m, p.resultTypes()[0])), QStringLiteral("token"));
            const DecodedOp e = named(m, "exp").at(0);
            QCOMPARE(q(attributeToString(m, *e.attribute("rounding_mode"))), QStringLiteral("full"));
            QCOMPARE(named(m, "reduce").size(), size_t(2));
            QCOMPARE(named(m, "divf").size(), size_t(1));
        }
    }

    void python13_4Kernels()
    {
        const QString src = kPythonDir + "v134_kernels.py";
        const Module ins = decode("py_insert_13.4");
        QCOMPARE(ins.version, kVersion13_4);
        const DecodedOp insert = named(ins, "insert").at(0);
        QCOMPARE(insert.location().line, lineOf(src, "ct.insert(whole"));
        QCOMPARE(q(typeToString(ins, insert.resultTypes().at(0))), QStringLiteral("tile<16x32xf32>"));
        // Operands: the inserted tile, the tile inserted into, one index per dimension.
        QCOMPARE(insert.operands().size(), size_t(4));
        QCOMPARE(insert.operands().at(1), named(ins, "load_view_tko").at(0).results().at(0));
        QCOMPARE(named(ins, "store_view_tko").at(0).operands().at(0), insert.results().at(0));
        // Bounds-checked views say so per index.
        QCOMPARE(q(attributeToString(ins, *named(ins, "load_view_tko").at(0).attribute("inbounds"))),
                 QStringLiteral("[false, false]"));

        const Module pw = decode("py_powers_13.4");
        const auto powi = named(pw, "fpowi");
        QCOMPARE(powi.size(), size_t(2));
        QCOMPARE(q(typeToString(pw, powi[0].resultTypes().at(0))), QStringLiteral("tile<64xf32>"));
        QVERIFY(named(pw, "pow").empty());

        const Module un = decode("py_unchecked_13.4");
        QCOMPARE(named(un, "gdc_wait_tko").size(), size_t(1));
        QCOMPARE(named(un, "gdc_launch_dependents_tko").size(), size_t(1));
        QCOMPARE(named(un, "gdc_wait_tko").at(0).location().line, lineOf(src, "ct.grid_dependency_control_wait()"));
        for (const char *op : {"load_view_tko", "store_view_tko"})
            QCOMPARE(q(attributeToString(un, *named(un, op).at(0).attribute("inbounds"))), QStringLiteral("[true]"));
        QCOMPARE(q(attributeToString(un, *named(un, "ftof").at(0).attribute("rounding_mode"))),
                 QStringLiteral("nearest_away"));
    }

    void rustProbeKernels()
    {
        QSet<QString> views[2];
        for (int minor : {2, 3}) {
            const Module m = decode(QStringLiteral("rust_vadd_13.%1").arg(minor));
            QCOMPARE(m.version.minor, minor);
            QCOMPARE(m.functions.size(), size_t(1));
            QVERIFY2(q(m.functions[0].name).contains("smoke_vadd"), qPrintable(q(m.functions[0].name)));
            QCOMPARE(named(m, "load_view_tko").size(), size_t(2));
            QCOMPARE(named(m, "store_view_tko").size(), size_t(1));
            const DecodedOp add = named(m, "addf").at(0);
            QCOMPARE(q(typeToString(m, add.resultTypes()[0])), QStringLiteral("tile<128xf32>"));
            QCOMPARE(add.location().line, lineOf(kRustSource, "out.store(ta + tb)"));
            QVERIFY(q(add.location().file).endsWith("lib.rs"));
            for (const DecodedOp &pv : named(m, "make_partition_view"))
                views[minor - 2].insert(q(typeToString(m, pv.resultTypes()[0])));

            const Module r = decode(QStringLiteral("rust_rowsum_13.%1").arg(minor));
            QCOMPARE(r.functions.size(), size_t(1));
            const DecodedOp red = named(r, "reduce").at(0);
            QCOMPARE(q(typeToString(r, red.resultTypes()[0])), QStringLiteral("tile<16xf32>"));
            QCOMPARE(opNames(red.block(0).instructions), (QStringList{"addf", "yield"}));
            QCOMPARE(q(typeToString(r, named(r, "load_view_tko").at(0).resultTypes()[0])),
                     QStringLiteral("tile<16x64xf32>"));
            QCOMPARE(red.location().line, lineOf(kRustSource, "reduce_sum(t, 1i32)"));
        }
        // 13.2 and 13.3 encode partition_view differently; decoded they agree.
        QVERIFY(views[0].contains("partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>"));
        QCOMPARE(views[0], views[1]);
    }

    void pythonAndRustVaddAgree()
    {
        const Module py = decode("py_vadd_13.3");
        const Module rs = decode("rust_vadd_13.3");
        for (const char *op : {"load_view_tko", "addf", "store_view_tko", "get_tile_block_id"}) {
            QVERIFY2(!named(py, op).empty() && !named(rs, op).empty(), op);
            QCOMPARE(typeToString(py, named(py, op)[0].resultTypes()[0]), typeToString(rs, named(rs, op)[0].resultTypes()[0]));
        }
        QVERIFY(q(dump(py)).contains("addf"));
        QVERIFY(q(dump(rs)).contains("tile<128xf32>"));
    }

    void everyTruncationOfRealFilesFails()
    {
        for (auto it = m_files.cbegin(); it != m_files.cend(); ++it) {
            const auto *data = reinterpret_cast<const uint8_t *>(it.value().constData());
            const size_t size = size_t(it.value().size());
            QVERIFY2(readModule(std::span(data, size)).ok(), qPrintable(it.key()));
            for (size_t n = 0; n < size; ++n) {
                const ReadResult r = readModule(std::span(data, n));
                QVERIFY2(!r.ok(), qPrintable(QStringLiteral("%1: prefix of %2 bytes accepted").arg(it.key()).arg(n)));
                QVERIFY2(r.error.offset <= n && !r.error.message.empty(), r.error.str().c_str());
            }
        }
    }

    void singleByteMutationsNeverCrash()
    {
        size_t accepted = 0, rejected = 0;
        for (auto it = m_files.cbegin(); it != m_files.cend(); ++it) {
            std::vector<uint8_t> bytes(it.value().begin(), it.value().end());
            for (size_t pos = 0; pos < bytes.size(); ++pos) {
                const uint8_t original = bytes[pos];
                for (uint8_t v : {uint8_t(original ^ 0xFF), uint8_t(0x00), uint8_t(0x80), uint8_t(original + 1),
                                  uint8_t(0x7F)}) {
                    if (v == original)
                        continue;
                    bytes[pos] = v;
                    const ReadResult r = readModule(bytes);
                    if (r.ok()) {
                        ++accepted;
                        QVERIFY(!dump(*r.module).empty());
                    } else {
                        ++rejected;
                        QVERIFY2(r.error.offset <= bytes.size() && !r.error.message.empty(), r.error.str().c_str());
                    }
                }
                bytes[pos] = original;
                // Changing the magic always fails at offset 0.
                if (pos < 8) {
                    bytes[pos] ^= 0x01;
                    const ReadResult r = readModule(bytes);
                    QCOMPARE(r.error.offset, uint64_t(0));
                    bytes[pos] = original;
                }
            }
        }
        qInfo("single-byte mutations: %zu rejected, %zu still decode", rejected, accepted);
    }
};

QTEST_GUILESS_MAIN(TestBytecodeFixtures)
#include "tst_bytecode_fixtures.moc"
