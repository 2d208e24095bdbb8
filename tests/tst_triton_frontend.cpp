// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The Triton front-end on real files: the bundled Triton examples and a
// fixture of constructs it must report. Checks the model (kernels, params,
// autotune configs, launches), the desugared cuTile text line by line and
// its map back to Triton lines, that the cuTile analyzer accepts that text,
// the generator's diagnostics mapped to Triton line:col, and the CLI's
// `analyze --json` for a Triton file.
#include "ModuleAnalyzer.h"
#include "TritonAnalyzer.h"
#include "TritonTranslator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace tileport;
using namespace tileport::triton;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/triton/");
const QString kFixture = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/unmapped.py");

const TritonKernel *kernel(const TritonModule &m, const QString &name)
{
    for (const TritonKernel &k : m.kernels)
        if (k.name == name)
            return &k;
    return nullptr;
}

// The desugared line with this text, and the Triton line it maps to (0: none).
int tritonLineOf(const TritonModule &m, const QString &line)
{
    const QStringList lines = m.cutileText.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].trimmed() == line)
            return m.tritonPosition(i + 1).first;
    return 0;
}

// The 1-based line of the first occurrence of `needle` in a file.
int lineOf(const QString &path, const QString &needle)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(needle))
            return i + 1;
    return 0;
}

const TritonIssue *issueAt(const TritonKernel &k, int line)
{
    for (const TritonIssue &i : k.unsupported)
        if (i.line == line)
            return &i;
    return nullptr;
}

} // namespace

class TestTritonFrontend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detectsTritonFiles()
    {
        QVERIFY(TritonAnalyzer::isTritonFile(kExamples + QStringLiteral("vector_add.py")));
        QVERIFY(!TritonAnalyzer::isTritonFile(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py")));
        QVERIFY(!TritonAnalyzer::isTritonFile(kExamples + QStringLiteral("missing.py")));
    }

    void vectorAdd()
    {
        const QString path = kExamples + QStringLiteral("vector_add.py");
        const TritonModule m = TritonAnalyzer::analyzeFile(path);
        QVERIFY(m.ok());
        QCOMPARE(m.kernels.size(), 1);
        const TritonKernel &k = m.kernels[0];
        QCOMPARE(k.name, QStringLiteral("vector_add"));
        QCOMPARE(k.decorators, QStringList{QStringLiteral("jit")});
        QVERIFY2(k.portable(), qPrintable(k.unsupported.value(0).reason));
        QCOMPARE(k.params.size(), 5);
        QCOMPARE(k.params[0].kind, TritonParam::Kind::Pointer);
        QCOMPARE(k.params[2].kind, TritonParam::Kind::Pointer);
        QCOMPARE(k.params[3].kind, TritonParam::Kind::Scalar);
        QVERIFY(k.params[3].consumed); // n_elements only bounds the mask
        QCOMPARE(k.params[4].kind, TritonParam::Kind::Constexpr);
        QCOMPARE(m.launches.size(), 1);
        QCOMPARE(m.launches[0].kernel, QStringLiteral("vector_add"));
        QCOMPARE(m.launches[0].grid, QStringLiteral("grid"));
        QCOMPARE(m.launches[0].args.size(), 5);
        QCOMPARE(m.launches[0].line, lineOf(path, QStringLiteral("vector_add[grid]")));

        QVERIFY(m.cutileText.contains(QStringLiteral("def vector_add(x_ptr, y_ptr, out_ptr, BLOCK: ct.Constant[int]):")));
        const QString load = QStringLiteral("x = ct.load(x_ptr, index=(pid,), shape=(BLOCK,), padding_mode=ct.PaddingMode.ZERO)");
        QCOMPARE(tritonLineOf(m, load), lineOf(path, QStringLiteral("x = tl.load")));
        QCOMPARE(tritonLineOf(m, QStringLiteral("ct.store(out_ptr, index=(pid,), tile=(x + y))")),
                 lineOf(path, QStringLiteral("tl.store(out_ptr")));
        QCOMPARE(tritonLineOf(m, QStringLiteral("pid = ct.bid(0)")), lineOf(path, QStringLiteral("tl.program_id")));

        // The desugared text is a portable cuTile module.
        const frontend::ModuleAnalysis a = frontend::ModuleAnalyzer::analyzeSource(m.cutileText.toUtf8(), path);
        QVERIFY(a.ok());
        QCOMPARE(a.kernels.size(), 1);
        QVERIFY(a.kernels[0].unsupported.isEmpty());
    }

    void rowKernelsUseLiftedTiles()
    {
        const QString path = kExamples + QStringLiteral("softmax.py");
        const TritonModule m = TritonAnalyzer::analyzeFile(path);
        const TritonKernel *k = kernel(m, QStringLiteral("softmax_row"));
        QVERIFY(k && k->portable());
        QVERIFY(m.cutileText.contains(QStringLiteral("def softmax_row(x_ptr, y_ptr, BLOCK: ct.Constant[int]):")));
        QVERIFY(m.cutileText.contains(QStringLiteral(
            "vals = ct.load(x_ptr, index=(row, 0), shape=(1, BLOCK), padding_mode=ct.PaddingMode.NEG_INF)")));
        QVERIFY(m.cutileText.contains(QStringLiteral("peak = ct.max(vals, axis=1, keepdims=True)")));
        QVERIFY(m.cutileText.contains(QStringLiteral("ct.store(y_ptr, index=(row, 0), tile=ct.astype(out, y_ptr.dtype))")));

        const QString ln = kExamples + QStringLiteral("layer_norm.py");
        const TritonModule l = TritonAnalyzer::analyzeFile(ln);
        const TritonKernel *lk = kernel(l, QStringLiteral("layer_norm"));
        QVERIFY2(lk && lk->portable(), lk && !lk->unsupported.isEmpty() ? qPrintable(lk->unsupported[0].reason) : "missing");
        // A stepped range becomes a walk over tile numbers; the column tile
        // index is the loop variable itself.
        QVERIFY(l.cutileText.contains(QStringLiteral("for off in range(ct.cdiv(n_cols, BLOCK)):")));
        QVERIFY(l.cutileText.contains(QStringLiteral(
            "part = ct.astype(ct.load(x_ptr, index=(row, off), shape=(1, BLOCK), padding_mode=ct.PaddingMode.ZERO), ct.float32)")));
        QVERIFY(l.cutileText.contains(QStringLiteral(
            "gain = ct.astype(ct.reshape(ct.load(w_ptr, index=(off,), shape=(BLOCK,), padding_mode=ct.PaddingMode.ZERO), (1, BLOCK)), ct.float32)")));
        QVERIFY(l.cutileText.contains(QStringLiteral(
            "ct.store(mean_ptr, index=(row,), tile=ct.reshape(ct.astype(mean, mean_ptr.dtype), (1,)))")));
        QVERIFY(l.cutileText.contains(QStringLiteral("def layer_norm(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, rstd_ptr, n_cols: int, eps, BLOCK: ct.Constant[int]):")));
        QCOMPARE(tritonLineOf(l, QStringLiteral("spread = spread + (centered * centered)")),
                 lineOf(ln, QStringLiteral("spread += centered")));
    }

    void matmulPointerTilesAndBlockPointers()
    {
        const QString path = kExamples + QStringLiteral("matmul.py");
        const TritonModule m = TritonAnalyzer::analyzeFile(path);
        const TritonKernel *k = kernel(m, QStringLiteral("matmul"));
        QVERIFY2(k && k->portable(), k && !k->unsupported.isEmpty() ? qPrintable(k->unsupported[0].reason) : "missing");
        QCOMPARE(k->decorators, (QStringList{QStringLiteral("autotune"), QStringLiteral("jit")}));
        QCOMPARE(k->autotuneConfigs.size(), 3);
        QCOMPARE(k->autotuneConfigs[1].values.value(0), qMakePair(QStringLiteral("BLOCK_M"), QStringLiteral("64")));
        QCOMPARE(k->autotuneConfigs[0].options.value(0), qMakePair(QStringLiteral("num_warps"), QStringLiteral("8")));
        QCOMPARE(k->autotuneKeys, (QStringList{QStringLiteral("M"), QStringLiteral("N"), QStringLiteral("K")}));
        // Pointers advanced once per iteration load at the loop index.
        QVERIFY(m.cutileText.contains(QStringLiteral(
            "a = ct.load(a_ptr, index=(pid_m, k), shape=(BLOCK_M, BLOCK_K), padding_mode=ct.PaddingMode.ZERO)")));
        QVERIFY(m.cutileText.contains(QStringLiteral(
            "b = ct.load(b_ptr, index=(k, pid_n), shape=(BLOCK_K, BLOCK_N), padding_mode=ct.PaddingMode.ZERO)")));
        QVERIFY(m.cutileText.contains(QStringLiteral("acc = ct.mma(a, b, acc)")));
        QVERIFY(m.cutileText.contains(QStringLiteral("ct.store(c_ptr, index=(pid_m, pid_n), tile=ct.astype(acc, c_ptr.dtype))")));

        const TritonModule b = TritonAnalyzer::analyzeFile(kExamples + QStringLiteral("matmul_block_ptr.py"));
        const TritonKernel *bk = kernel(b, QStringLiteral("matmul_block_ptr"));
        QVERIFY2(bk && bk->portable(), bk && !bk->unsupported.isEmpty() ? qPrintable(bk->unsupported[0].reason) : "missing");
        QVERIFY(b.cutileText.contains(QStringLiteral("for k in range(ct.cdiv(K, BLOCK_K)):")));
        QVERIFY(b.cutileText.contains(QStringLiteral(
            "a = ct.load(a_ptr, index=(pid_m, k), shape=(BLOCK_M, BLOCK_K), padding_mode=ct.PaddingMode.ZERO)")));
        QVERIFY(b.cutileText.contains(QStringLiteral(
            "b = ct.load(b_ptr, index=(k, pid_n), shape=(BLOCK_K, BLOCK_N), padding_mode=ct.PaddingMode.ZERO)")));
    }

    void pointerGathers()
    {
        // Accesses no view fits become ct.gather/ct.scatter on the flat
        // array; the others of the same shape stay views, and the notes say
        // which lowering each access got.
        const QString path = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/pointer_gather.py");
        const TritonModule m = TritonAnalyzer::analyzeFile(path);
        QVERIFY(m.ok());
        for (const TritonKernel &k : m.kernels)
            QVERIFY2(k.portable(), qPrintable(k.name + QStringLiteral(": ") + (k.unsupported.isEmpty() ? QString() : QString::number(k.unsupported[0].line) + QLatin1Char(' ') + k.unsupported[0].reason)));
        const auto has = [&](const QString &line) {
            return m.cutileText.split(QLatin1Char('\n')).contains(QStringLiteral("    ") + line)
                || m.cutileText.split(QLatin1Char('\n')).contains(QStringLiteral("        ") + line);
        };
        QVERIFY(has(QStringLiteral("x = ct.load(x_ptr, index=(pid,), shape=(BLOCK,), padding_mode=ct.PaddingMode.ZERO)")));
        QVERIFY(has(QStringLiteral("x = ct.gather(x_ptr, (pid * BLOCK + ct.arange(BLOCK, dtype=ct.int32)), mask=mask, padding_value=0.0)")));
        QVERIFY(has(QStringLiteral("ct.scatter(out_ptr, (pid * BLOCK + ct.arange(BLOCK, dtype=ct.int32)), (x * 2.0), mask=mask)")));
        // A pointer advanced by a stride in a loop is a loop-carried offset tile.
        QVERIFY(has(QStringLiteral("ptrs_offs = (ct.bid(0) * BLOCK + ct.arange(BLOCK, dtype=ct.int32))")));
        QVERIFY(has(QStringLiteral("ptrs_offs = (ptrs_offs + stride_row)")));
        // Offsets from loaded values; a 2-D gather with an & of broadcast masks.
        QVERIFY(has(QStringLiteral("x = ct.gather(x_ptr, (start + ct.arange(BLOCK, dtype=ct.int32)), "
                                   "mask=(ct.arange(BLOCK, dtype=ct.int32) < (end - start)), padding_value=0.0)")));
        QVERIFY(m.cutileText.contains(QStringLiteral("vals = ct.gather(table_ptr, ((ct.reshape(ids, (BLOCK_N, 1)) * stride_table) + ")));
        // An early return guarded by a loaded scalar: the rest is the else arm.
        QVERIFY(has(QStringLiteral("if ((label == ignore_index)).item():")));
        QVERIFY(has(QStringLiteral("else:")));
        QVERIFY(has(QStringLiteral("    x = ct.load(x_ptr, index=(row, 0), shape=(1, BLOCK), padding_mode=ct.PaddingMode.ZERO)")));
        const TritonKernel *g = kernel(m, QStringLiteral("shift_gather"));
        QVERIFY(g->notes.join(QLatin1Char('\n')).contains(QStringLiteral("'x_ptr' is read and written through pointer gathers")));
        QVERIFY(kernel(m, QStringLiteral("shift_view"))->notes.join(QLatin1Char('\n')).contains(QStringLiteral("a tile view of 'x_ptr'")));
        // The params say which arrays are flat (configs pass them 1-D).
        QVERIFY(g->params[0].flat && g->params[1].flat);
        QVERIFY(!kernel(m, QStringLiteral("shift_view"))->params[0].flat);

        const rust::TranslationResult r = TritonTranslator::translateFile(path, {});
        QVERIFY2(r.ok(), r.diagnostics.isEmpty() ? qPrintable(r.error) : qPrintable(r.diagnostics[0].toString()));
        QCOMPARE(r.kernels.size(), 7);
    }

    void helpersAreInlined()
    {
        // @triton.jit helpers inline at their calls (pointer arguments
        // included), module constants are substituted, libdevice functions
        // imported under a module-level try resolve; helpers get no entry.
        const QString path = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/helpers.py");
        const TritonModule m = TritonAnalyzer::analyzeFile(path);
        QVERIFY(m.ok());
        for (const QString name : {QStringLiteral("gelu_rows"), QStringLiteral("running_max")}) {
            const TritonKernel *k = kernel(m, name);
            QVERIFY2(k && k->portable(), k && !k->unsupported.isEmpty() ? qPrintable(k->unsupported[0].reason) : qPrintable(name));
        }
        QVERIFY(kernel(m, QStringLiteral("_gelu"))->helper);
        QVERIFY(!m.cutileText.contains(QStringLiteral("def _gelu")));
        const QString gelu = QStringLiteral("_gelu_2_y = ((0.5 * x) * (1.0 + ct.tanh((0.7978845608028654 * (x + (0.044715 * ((x * x) * x)))))))");
        QVERIFY(m.cutileText.contains(gelu));
        QVERIFY(m.cutileText.contains(QStringLiteral("if (MODE == 1):")));
        // The helper's lines map to the helper, in the Triton file.
        QCOMPARE(tritonLineOf(m, gelu), lineOf(path, QStringLiteral("y = 0.5 * x * (1.0 + tanh(")));
        const QStringList notes = kernel(m, QStringLiteral("gelu_rows"))->notes;
        QVERIFY(notes.contains(QStringLiteral("module constant GELU_TANH = 1 substituted")));
        QVERIFY(notes.contains(QStringLiteral("@triton.jit helper _load_row() inlined at line %1").arg(lineOf(path, QStringLiteral("x = _load_row(")))));
        // The pointer passed to the helper is an array parameter; its stride an int.
        QVERIFY(m.cutileText.contains(QStringLiteral("def gelu_rows(x_ptr, y_ptr, stride_x: int, n_cols: int, MODE: ct.Constant[int], BLOCK: ct.Constant[int]):")));

        const rust::TranslationResult r = TritonTranslator::translateFile(path, {});
        QVERIFY2(r.ok(), r.diagnostics.isEmpty() ? qPrintable(r.error) : qPrintable(r.diagnostics[0].toString()));
        QCOMPARE(r.kernels.size(), 2);

        // A helper's own refusal is reported at its line, and the kernel is not translated.
        const TritonModule bad = TritonAnalyzer::analyzeSource(QByteArrayLiteral(
            "import triton\nimport triton.language as tl\n\n@triton.jit\ndef _h(x, flag):\n    if flag > 0:\n        return x\n    return -x\n\n"
            "@triton.jit\ndef k(p, f, BLOCK: tl.constexpr):\n    o = tl.arange(0, BLOCK)\n    tl.store(p + o, _h(tl.load(p + o), f))\n"), QStringLiteral("bad.py"));
        const TritonKernel *k = kernel(bad, QStringLiteral("k"));
        QVERIFY(k && !k->portable());
        QCOMPARE(k->unsupported[0].line, 7);
        QVERIFY(k->unsupported[0].reason.contains(QStringLiteral("early return")));
    }

    void reportsUnmappedConstructs()
    {
        const TritonModule m = TritonAnalyzer::analyzeFile(kFixture);
        QVERIFY(m.ok());
        QCOMPARE(m.kernels.size(), 4);
        const auto expect = [&](const QString &name, const QString &lineText, const QString &column, const QString &construct) {
            const TritonKernel *k = kernel(m, name);
            QVERIFY2(k, qPrintable(name));
            QVERIFY(!k->portable());
            const int line = lineOf(kFixture, lineText);
            const TritonIssue *i = issueAt(*k, line);
            QVERIFY2(i, qPrintable(QStringLiteral("%1: nothing reported at line %2").arg(name).arg(line)));
            QVERIFY2(i->construct.contains(construct), qPrintable(i->construct));
            QFile f(kFixture);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))[line - 1];
            QCOMPARE(i->col, text.indexOf(column) + 1);
            QVERIFY(!i->reason.isEmpty());
        };
        expect(QStringLiteral("philox_dropout"), QStringLiteral("r = tl.randint"), QStringLiteral("tl.randint"), QStringLiteral("tl.randint"));
        expect(QStringLiteral("odd_padding"), QStringLiteral("h = tl.histogram"), QStringLiteral("tl.histogram"), QStringLiteral("tl.histogram"));
        expect(QStringLiteral("descriptor_copy"), QStringLiteral("in_desc.load"), QStringLiteral("in_desc.load"),
               QStringLiteral("TensorDescriptor"));
        QCOMPARE(kernel(m, QStringLiteral("descriptor_copy"))->params[0].kind, TritonParam::Kind::Descriptor);
        // Only kernels that map reach the cuTile text.
        QVERIFY(m.cutileText.contains(QStringLiteral("def doubled_tile(")));
        QVERIFY(!m.cutileText.contains(QStringLiteral("def philox_dropout(")));
    }

    void randBecomesPhilox()
    {
        // tl.rand(seed, offsets) calls a generated Philox helper (10 rounds,
        // Triton's constants); the module carries it once, and it lowers.
        const QString path = kExamples + QStringLiteral("dropout.py");
        const TritonModule m = TritonAnalyzer::analyzeFile(path);
        QVERIFY(m.ok());
        QVERIFY2(kernel(m, QStringLiteral("dropout"))->portable(), qPrintable(m.cutileText));
        QCOMPARE(m.cutileText.count(QStringLiteral("def _tileport_philox_rand(seed, offsets):")), 1);
        QVERIFY(m.cutileText.contains(QStringLiteral("u = _tileport_philox_rand(seed, ")));
        QCOMPARE(m.cutileText.count(QStringLiteral("pa = c0 * 0xD2511F53")), 10);
        QCOMPARE(m.cutileText.count(QStringLiteral("k0 + 0x9E3779B9")), 9);
        QCOMPARE(m.cutileText.count(QStringLiteral("k1 + 0xBB67AE85")), 9);
        const rust::TranslationResult r = TritonTranslator::translateFile(path, {});
        QVERIFY2(r.ok(), r.diagnostics.isEmpty() ? qPrintable(r.error) : qPrintable(r.diagnostics[0].toString()));
        QCOMPARE(r.kernels.size(), 1);

        // Other forms are reported, not guessed.
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("rounds.py")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("import triton\nimport triton.language as tl\n\n\n@triton.jit\n"
                "def k(x_ptr, seed, BLOCK: tl.constexpr):\n"
                "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                "    tl.store(x_ptr + offs, tl.rand(seed, offs, n_rounds=7))\n");
        f.close();
        const TritonModule bad = TritonAnalyzer::analyzeFile(f.fileName());
        const TritonKernel *k = kernel(bad, QStringLiteral("k"));
        QVERIFY(k && !k->portable());
        QCOMPARE(k->unsupported[0].construct, QStringLiteral("tl.rand n_rounds"));
        QCOMPARE(k->unsupported[0].line, 8);
        QCOMPARE(k->unsupported[0].col, 57);
        QVERIFY(!bad.cutileText.contains(QStringLiteral("_tileport_philox_rand")));
    }

    void inKernelTensorDescriptors()
    {
        // tl.make_tensor_descriptor is a view of its base; desc.load/store at
        // block-multiple offsets are ct.load/ct.store at tile indices.
        const QString path = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/descriptor.py");
        const TritonModule m = TritonAnalyzer::analyzeFile(path);
        QVERIFY(m.ok());
        const TritonKernel *k = kernel(m, QStringLiteral("scale_tiles"));
        QVERIFY2(k && k->portable(), qPrintable(k && !k->unsupported.isEmpty() ? k->unsupported[0].reason : m.cutileText));
        QVERIFY2(m.cutileText.contains(QStringLiteral(
                     "tile = ct.load(x_ptr, index=(pid_m, pid_n), shape=(BM, BN), padding_mode=ct.PaddingMode.ZERO)")),
                 qPrintable(m.cutileText));
        QVERIFY2(m.cutileText.contains(QStringLiteral("ct.store(y_ptr, index=(pid_m, pid_n), tile=")), qPrintable(m.cutileText));
        QVERIFY(m.cutileText.contains(QStringLiteral("def scale_tiles(x_ptr, y_ptr, BM: ct.Constant[int], BN: ct.Constant[int]):")));
        const rust::TranslationResult r = TritonTranslator::translateFile(path, {});
        QCOMPARE(r.kernels.size(), 1);
        QCOMPARE(r.kernels[0].pythonName, QStringLiteral("scale_tiles"));

        // An offset that is no multiple of the block is reported where it is written.
        const TritonKernel *u = kernel(m, QStringLiteral("unaligned"));
        QVERIFY(u && !u->portable());
        QCOMPARE(u->unsupported[0].construct, QStringLiteral("descriptor offset"));
        QCOMPARE(u->unsupported[0].line, lineOf(path, QStringLiteral("tile = x_desc.load([tl.program_id(0) * BM + 1")));
    }

    void hostTensorDescriptors()
    {
        // The launch wraps x and y in TensorDescriptor.from_tensor(t, [bm, bn])
        // and passes BM=bm, BN=bn: the kernel's descriptors are views of
        // arrays with (BM, BN) blocks.
        const QString path = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/host_descriptor.py");
        const TritonModule m = TritonAnalyzer::analyzeFile(path);
        QVERIFY(m.ok());
        const TritonKernel *k = kernel(m, QStringLiteral("scale_blocks"));
        QVERIFY2(k && k->portable(), qPrintable(k && !k->unsupported.isEmpty() ? k->unsupported[0].reason : m.cutileText));
        QCOMPARE(k->descriptorBlocks.value(QStringLiteral("x_desc")), (QStringList{QStringLiteral("BM"), QStringLiteral("BN")}));
        QVERIFY2(m.cutileText.contains(QStringLiteral("def scale_blocks(x_desc, y_desc, BM: ct.Constant[int], BN: ct.Constant[int]):")),
                 qPrintable(m.cutileText));
        QVERIFY(m.cutileText.contains(QStringLiteral(
            "tile = ct.load(x_desc, index=(pid_m, pid_n), shape=(BM, BN), padding_mode=ct.PaddingMode.ZERO)")));
        QVERIFY(m.cutileText.contains(QStringLiteral("ct.store(y_desc, index=(pid_m, pid_n), tile=")));
        QCOMPARE(m.launches.size(), 1);
        QCOMPARE(m.launches[0].descriptorTensors.value(QStringLiteral("x_desc")), QStringLiteral("x"));
        QCOMPARE(m.launches[0].descriptorTensors.value(QStringLiteral("y_desc")), QStringLiteral("y"));
        const rust::TranslationResult r = TritonTranslator::translateFile(path, {});
        QVERIFY2(r.ok(), r.diagnostics.isEmpty() ? qPrintable(r.error) : qPrintable(r.diagnostics[0].toString()));

        // A config list that may carry a pre_hook (here one is written) can
        // reset the block shape: the descriptor stays unmapped.
        QFile src(path);
        QVERIFY(src.open(QIODevice::ReadOnly));
        QByteArray text = src.readAll();
        text.replace("@triton.jit\n", "@triton.autotune(configs=[triton.Config({}, pre_hook=None)], key=[])\n@triton.jit\n");
        const TritonModule hooked = TritonAnalyzer::analyzeSource(text, path);
        const TritonKernel *h = kernel(hooked, QStringLiteral("scale_blocks"));
        QVERIFY(h && !h->portable());
        QCOMPARE(h->unsupported[0].construct, QStringLiteral("TensorDescriptor.load"));
        QVERIFY(h->unsupported[0].reason.contains(QStringLiteral("pre_hook")));

        // A pre_hook that sets the block shapes from the config's constants
        // (nargs["ROWS"], ...) gives them, over the launch's placeholder; a
        // persistent loop starting at the program id walks row blocks.
        const QString hookPath = QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/triton/host_descriptor_prehook.py");
        const TritonModule p = TritonAnalyzer::analyzeFile(hookPath);
        const TritonKernel *pk = kernel(p, QStringLiteral("scale_rows_persistent"));
        QVERIFY2(pk && pk->portable(), pk && !pk->unsupported.isEmpty() ? qPrintable(pk->unsupported[0].reason) : "missing");
        QCOMPARE(pk->descriptorBlocks.value(QStringLiteral("x_desc")), (QStringList{QStringLiteral("ROWS"), QStringLiteral("COLS")}));
        QVERIFY(p.cutileText.contains(QStringLiteral("for blk in range(ct.cdiv(ct.cdiv(M, ROWS) - ct.bid(0), NUM_PROGRAMS)):")));
        QVERIFY(p.cutileText.contains(QStringLiteral("ct.load(x_desc, index=((ct.bid(0) + blk * NUM_PROGRAMS), 0), shape=(ROWS, COLS)")));
        const rust::TranslationResult pr = TritonTranslator::translateFile(hookPath, {});
        QVERIFY2(pr.ok(), pr.diagnostics.isEmpty() ? qPrintable(pr.error) : qPrintable(pr.diagnostics[0].toString()));
    }

    void generatorDiagnosticsPointAtTriton()
    {
        // doubled_tile maps, but the generator refuses its integer power:
        // the diagnostic names the Triton line, not the desugared one.
        rust::RustTranslator::Options o;
        const rust::TranslationResult r = TritonTranslator::translateFile(kFixture, o);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const int zeros = lineOf(kFixture, QStringLiteral("acc = tl.zeros([BLOCK], dtype=tl.int32) ** 2"));
        bool sawGenerator = false, sawRand = false;
        for (const rust::TranslationDiagnostic &d : r.diagnostics) {
            QCOMPARE(d.file, kFixture);
            if (d.kernel == QLatin1String("doubled_tile")) {
                sawGenerator = true;
                QCOMPARE(d.line, zeros);
            }
            sawRand = sawRand || (d.kernel == QLatin1String("philox_dropout") && d.line == lineOf(kFixture, QStringLiteral("tl.randint")));
        }
        QVERIFY(sawGenerator);
        QVERIFY(sawRand);
        QVERIFY(r.kernels.isEmpty());
    }

    void translatedLinesMapToTritonLines()
    {
        const QString path = kExamples + QStringLiteral("rms_norm.py");
        const rust::TranslationResult r = TritonTranslator::translateFile(path, {});
        QVERIFY2(r.ok(), r.diagnostics.isEmpty() ? qPrintable(r.error) : qPrintable(r.diagnostics[0].toString()));
        QCOMPARE(r.kernels.size(), 1);
        const int def = lineOf(path, QStringLiteral("def rms_norm("));
        const int end = lineOf(path, QStringLiteral("tl.store(y_row"));
        int mapped = 0;
        for (const rust::RustLine &l : r.kernels[0].lines) {
            if (l.pyLine == 0)
                continue;
            ++mapped;
            QVERIFY2(l.pyLine >= def && l.pyLine <= end, qPrintable(QStringLiteral("%1 -> %2").arg(l.text).arg(l.pyLine)));
        }
        QVERIFY(mapped > 10);
    }

    void analyzeCliJson()
    {
        QProcess p;
        p.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("analyze"), kExamples + QStringLiteral("matmul.py"), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(60'000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport.triton-analysis/1"));
        const QJsonArray kernels = doc.value(QStringLiteral("kernels")).toArray();
        QCOMPARE(kernels.size(), 1);
        const QJsonObject k = kernels[0].toObject();
        QCOMPARE(k.value(QStringLiteral("constexprs")).toArray().size(), 3);
        QCOMPARE(k.value(QStringLiteral("autotune")).toObject().value(QStringLiteral("configs")).toArray().size(), 3);
        QCOMPARE(k.value(QStringLiteral("params")).toArray()[3].toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("scalar"));
        QCOMPARE(doc.value(QStringLiteral("launches")).toArray().size(), 1);
        QVERIFY(doc.value(QStringLiteral("cutile")).toString().contains(QStringLiteral("@ct.kernel")));
        QVERIFY(doc.contains(QStringLiteral("config"))); // the sidecar was checked

        QProcess q;
        q.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("analyze"), kFixture});
        QVERIFY(q.waitForFinished(60'000));
        QCOMPARE(q.exitCode(), 0);
        const QString summary = QString::fromUtf8(q.readAllStandardOutput());
        QVERIFY(summary.contains(QStringLiteral("%1:%2:").arg(kFixture).arg(lineOf(kFixture, QStringLiteral("r = tl.randint")))));
    }
};

QTEST_GUILESS_MAIN(TestTritonFrontend)
#include "tst_triton_frontend.moc"
