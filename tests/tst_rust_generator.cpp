// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The generator without cargo: emitted lines for known kernels, refusals
// with file:line:col, other kernels still produced, the source map and
// harness arguments.

#include "CrateWriter.h"
#include "HarnessArguments.h"
#include "KernelConfigFile.h"
#include "RustTranslator.h"
#include "Toolchains.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tileport::rust;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile");

QString entryText(const TranslationResult &r, const QString &kernel)
{
    for (const TranslatedKernel &k : r.kernels)
        if (k.pythonName == kernel) {
            QStringList lines;
            for (const RustLine &l : k.lines)
                lines << l.text.trimmed();
            return lines.join(QLatin1Char('\n'));
        }
    return {};
}

// `text` holds `expected` with each temporary (`t3_`) standing for any
// temporary: the numbering follows how many lets come before, which the
// lit tests pin; these checks are about the shape of each line.
bool hasLine(const QString &text, const QString &expected)
{
    QString pattern = QRegularExpression::escape(expected);
    pattern.replace(QRegularExpression(QStringLiteral("\\bt[0-9]+_")), QStringLiteral("t[0-9]+_"));
    return QRegularExpression(pattern).match(text).hasMatch();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const char *kMixed = R"PY(import cuda.tile as ct


@ct.kernel
def scale_rows(x, y, TILE: ct.Constant[int]):
    row = ct.bid(0)
    t = ct.load(x, index=(row, 0), shape=(1, TILE), padding_mode=ct.PaddingMode.ZERO)
    t = ct.astype(t, ct.float32)
    ct.store(y, index=(row, 0), tile=ct.astype(t * 2.0 + 1.0, y.dtype))


@ct.kernel
def looping(x, y, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    acc = ct.load(x, index=(pid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    for i in range(4):
        break
    ct.store(y, index=(pid,), tile=ct.astype(acc, y.dtype))


@ct.kernel
def bad_shape(x, y, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(pid * 2,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, index=(pid,), tile=t)
)PY";


// A method call on a call: the receiver (a load) is lowered once.
const char *kMethodChain = R"PY(import cuda.tile as ct


@ct.kernel
def chained(x, y, TM: ct.Constant[int], TN: ct.Constant[int]):
    dt = ct.float32 if x.dtype == ct.float16 else x.dtype
    t = ct.load(x, index=(ct.bid(0), 0), shape=(TM, TN)).astype(dt)
    s = ct.load(x, index=(ct.bid(0), 1), shape=(TM, TN)).astype(x.dtype)
    ct.store(y, index=(ct.bid(0), 0), tile=(t + s.astype(dt)).astype(y.dtype))
)PY";

// fma contraction across names, as cuTile Python rewrites its SSA IR.
const char *kProducts = R"PY(import cuda.tile as ct


@ct.kernel
def products(x, y, out, TILE: ct.Constant[int]):
    a = ct.load(x, index=(ct.bid(0),), shape=(TILE,))
    b = ct.load(y, index=(ct.bid(0),), shape=(TILE,))
    once = a * b
    fused = once + a
    twice = a * a
    kept = twice + b + twice
    p = a * 2.0
    q = b * 3.0
    left = p + q
    moved = b * b
    a = a + 1.0
    late = moved - a
    ct.store(out, index=(ct.bid(0),), tile=fused + kept + left + late)
)PY";

const char *kPythonSemantics = R"PY(import cuda.tile as ct

PAD = ct.PaddingMode.ZERO


def scaled(t, factor):
    doubled = t * factor
    return doubled


@ct.kernel
def floor_ops(x, y, GROUP: ct.Constant[int], TILE: ct.Constant[int]):
    pid = ct.bid(0)
    q = pid // GROUP
    r = pid % GROUP
    t = ct.load(x, index=(q,), shape=(TILE,), padding_mode=PAD)
    ct.store(y, index=(r,), tile=t)


@ct.kernel
def gathers(x, y, z, TILE: ct.Constant[int]):
    offs = ct.bid(0) * TILE + ct.arange(TILE, dtype=ct.int32)
    v = ct.gather(x, offs, padding_value=0)
    row = ct.gather(z, (ct.bid(1), offs))
    ct.scatter(y, offs, ct.astype(v, y.dtype) + ct.astype(row, y.dtype))


@ct.kernel
def branches(x, y, MODE: ct.Constant[int], TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid,), shape=(TILE,), padding_mode=PAD), ct.float32)
    if MODE > 0:
        out = scaled(t, 2.0)
        step = 1
    else:
        out = t
        step = 2
    for i in range(0, ct.num_blocks(0), step):
        out = out + 1.0
    ct.store(y, index=(pid,), tile=ct.astype(out, y.dtype))
)PY";

const char *kDtypeEntries = R"PY(import cuda.tile as ct

PAD = ct.PaddingMode.ZERO


@ct.kernel
def mm_like(a, b, c, T: ct.Constant[int]):
    dtype = ct.tfloat32 if a.dtype == ct.float32 else a.dtype
    x = ct.load(a, index=(ct.bid(0), 0), shape=(T, T), padding_mode=PAD)
    y = ct.load(b, index=(0, ct.bid(1)), shape=(T, T), padding_mode=PAD)
    acc = ct.full((T, T), 0, dtype=ct.float32)
    acc = ct.mma(ct.astype(x, dtype), ct.astype(y, dtype), acc)
    ct.store(c, index=(ct.bid(0), ct.bid(1)), tile=ct.astype(acc, c.dtype))


@ct.kernel
def reduce_scan(x, y, z, T: ct.Constant[int], USE_TMA: ct.Constant[bool]):
    t = ct.astype(ct.load(x, index=(0, 0), shape=(T, T), padding_mode=PAD), ct.float32)
    m = ct.max(t)
    if USE_TMA:
        lo = ct.maximum(0, ct.astype(m, ct.int32))
    else:
        lo = 0
    s = ct.cumsum(ct.sum(t - m, axis=1), axis=0)
    ct.store(y, index=(lo,), tile=s, allow_tma=USE_TMA, latency=2)
    ct.store(z, index=(0, 0, 0, 0, 0), tile=ct.reshape(t, (1, 1, 1, T, T)), order=(0, 1, 2, 3, 4))


@ct.kernel
def transposed_store(x, y, T: ct.Constant[int]):
    t = ct.load(x, index=(0, 0), shape=(T, T), padding_mode=PAD)
    ct.store(y, index=(0, 0), tile=t, order=(1, 0))
)PY";

// Loop liveness: names a loop body re-binds without carrying them are
// iteration-local; carried ones must keep their type; a ct.Constant `if`
// that re-binds a name with another shape splits the kernel per arm.
const char *kLoops = R"PY(import cuda.tile as ct

PAD = ct.PaddingMode.ZERO


@ct.kernel
def body_locals(x, y, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid, 0), shape=(1, TILE), padding_mode=PAD)
    first = ct.astype(ct.reshape(t, (TILE,)), ct.float32)
    acc = ct.zeros((TILE,), ct.float32)
    for j in range(4):
        t = ct.load(x, index=(j, 0), shape=(1, TILE), padding_mode=PAD)
        t = ct.reshape(t, (TILE,))
        acc = acc + ct.astype(t, ct.float32)
    ct.store(y, index=(pid,), tile=ct.astype(acc + first, y.dtype))


@ct.kernel
def carried_change(x, y, TILE: ct.Constant[int]):
    t = ct.load(x, index=(0, 0), shape=(1, TILE), padding_mode=PAD)
    for j in range(4):
        t = ct.reshape(t, (TILE,))
    ct.store(y, index=(0,), tile=t)


@ct.kernel
def read_after(x, y, TILE: ct.Constant[int]):
    t = ct.load(x, index=(0, 0), shape=(1, TILE), padding_mode=PAD)
    for j in range(4):
        t = ct.reshape(ct.load(x, index=(j, 0), shape=(1, TILE), padding_mode=PAD), (TILE,))
    ct.store(y, index=(0,), tile=t)


@ct.kernel
def masked(y, MASK: ct.Constant[bool], TILE: ct.Constant[int]):
    rows = ct.reshape(ct.arange(TILE, dtype=ct.int32), (TILE, 1))
    n = 4
    if MASK:
        n = 2
    acc = ct.zeros((TILE, TILE), ct.float32)
    for j in range(n):
        cols = ct.reshape(j * TILE + ct.arange(TILE, dtype=ct.int32), (1, TILE))
        valid = cols < 100
        if MASK:
            valid = valid & (cols <= rows)
        acc = acc + ct.where(valid, 1.0, 0.0)
    ct.store(y, index=(0, 0), tile=ct.astype(acc, y.dtype))
)PY";

// A block-id store index cutile bounds at launch; a computed one (a swizzle,
// a persistent loop's row) it cannot, so that store goes unchecked.
const char *const kStoreIndices = R"PY(
import cuda.tile as ct


@ct.kernel
def store_indices(x, y, z, N: ct.Constant[int], TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    ct.store(y, index=(pid,), tile=t)
    ct.store(y, index=(0,), tile=t)
    ct.store(z, index=((pid % 4) * 2 + pid // 4,), tile=t)
    for row in range(ct.bid(0), N, ct.num_blocks(0)):
        ct.store(z, index=(row,), tile=t)
)PY";

// `acc += x * y` on tiles contracts to one fma, as Python's does; on
// integers it stays a multiply and an add.
const char *const kAugmentedProducts = R"PY(
import cuda.tile as ct


@ct.kernel
def augmented_products(x, y, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.astype(ct.load(x, index=(pid,), shape=(TILE,)), ct.float32)
    acc = ct.full((TILE,), 0.0, dtype=ct.float32)
    acc += t * t
    acc -= t * 0.5
    n = pid
    n += pid * 2
    ct.store(y, index=(n,), tile=ct.astype(acc, y.dtype))
)PY";

// An arm on a ct.Constant holds a call outside the cuTile API, as kernels
// do for a mode their launches never select; the refusal outside any such
// arm (line 25) refuses the whole second kernel.
const char *const kGuardedArms = R"PY(
import cuda.tile as ct


@ct.kernel
def guarded(x, y, TILE: ct.Constant[int], MODE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    if MODE:
        t = ct.not_in_the_api(t) * t
    else:
        t = t * 2.0
    ct.store(y, index=(pid,), tile=t)


@ct.kernel
def both_arms(x, y, TILE: ct.Constant[int], MODE: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid,), shape=(TILE,))
    if MODE:
        t = ct.not_in_the_api(t)
    else:
        t = ct.nor_this_one(t)
    ct.store(y, index=(pid,), tile=t)
    t = ct.nor_this_one(t)
)PY";

// `if BLOCK_N != 1:` re-binds m with another rank: the arm where it is
// false knows BLOCK_N == 1, which makes [BLOCK_N] broadcast against
// [BLOCK_N, BLOCK_D] as Python's rules allow.
const char *const kPinnedRows = R"PY(
import cuda.tile as ct


@ct.kernel
def pinned_rows(x, y, mean, BLOCK_N: ct.Constant[int], BLOCK_D: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid, 0), shape=(BLOCK_N, BLOCK_D))
    m = ct.load(mean, index=(pid,), shape=(BLOCK_N,))
    if BLOCK_N != 1:
        m = m[:, None]
    ct.store(y, index=(pid, 0), tile=t - m)
)PY";

// s holds a mul that s * w reads too: cuTile Python tries that mul first
// for `s + a * b`, cannot fuse it and fuses nothing; u holds a load, so
// `u + a * b` contracts.
const char *const kMulBoundLhs = R"PY(
import cuda.tile as ct


@ct.kernel
def mul_bound(x, w, y, z, v, TILE: ct.Constant[int]):
    pid = ct.bid(0)
    a = ct.load(x, index=(pid,), shape=(TILE,))
    b = ct.load(w, index=(pid,), shape=(TILE,))
    s = a * 2.0
    r = s * b
    s = s + a * b
    u = ct.load(y, index=(pid,), shape=(TILE,))
    u = u + a * b
    ct.store(y, index=(pid,), tile=s)
    ct.store(z, index=(pid,), tile=u)
    ct.store(v, index=(pid,), tile=r)
)PY";

} // namespace

class TestRustGenerator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void vectorAddGolden()
    {
        const TranslationResult r = RustTranslator::translateFile(kExamples + QStringLiteral("/vector_add.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.moduleName, QStringLiteral("vector_add"));
        QCOMPARE(r.crateName, QStringLiteral("tileport-gen-vector-add"));
        const QString text = entryText(r, QStringLiteral("vector_add"));
        // One element type shared by a, b and c (unified through `lhs + rhs`
        // and the store); TILE a const generic; c written at the block index.
        QVERIFY2(text.contains(QStringLiteral("pub fn vector_add<E: ElementType, const TILE: i32>(")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("a: &Tensor<E, { [-1] }>,")));
        QVERIFY(text.contains(QStringLiteral("c: &mut Tensor<E, { [TILE] }>,")));
        QVERIFY(text.contains(QStringLiteral("let pid: i32 = get_tile_block_id().0;")));
        QVERIFY(text.contains(QStringLiteral("let lhs: Tile<E, { [TILE] }> = a.load_tile(shape![TILE], [pid]);")));
        QVERIFY(text.contains(QStringLiteral("c.store(")));
        const EntrySignature &s = r.kernels.first().signature;
        QCOMPARE(s.generics.size(), 2);
        QVERIFY(s.generics[0].isType);
        QCOMPARE(s.generics[1].constParam, QStringLiteral("TILE"));
        QCOMPARE(s.tensors.size(), 3);
        QVERIFY(s.tensors[2].blockOutput);
    }

    void computedStoreIndexIsUnchecked()
    {
        const TranslationResult r = RustTranslator::translateSource(kStoreIndices, QStringLiteral("stores.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QString text = entryText(r, QStringLiteral("store_indices"));
        QVERIFY2(text.contains(QStringLiteral("_.store(t, [pid]);")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("_.store(t, [0i32]);")));
        QCOMPARE(text.count(QStringLiteral(".store_unchecked(t, [")), 2);
        QVERIFY(text.contains(QStringLiteral(".store_unchecked(t, [row]) };")));
    }

    void augmentedProductIsFma()
    {
        const TranslationResult r = RustTranslator::translateSource(kAugmentedProducts, QStringLiteral("aug.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QString text = entryText(r, QStringLiteral("augmented_products"));
        QCOMPARE(text.count(QStringLiteral("fma(")), 2);
        QVERIFY2(text.contains(QStringLiteral("fma(t, t, acc, rounding::NearestEven, ftz::Disabled)")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("negf(t)")));
        QVERIFY(!text.contains(QStringLiteral("acc + ")));
        QVERIFY(text.contains(QStringLiteral("pid * 2i32")));
    }

    void unloweredArmIsDropped()
    {
        const TranslationResult r = RustTranslator::translateSource(kGuardedArms, QStringLiteral("guarded.py"), {});
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        // guarded: its MODE arm is dropped, its other arm is an entry.
        QCOMPARE(r.droppedArms.size(), 1);
        const TranslationResult::DroppedArm &d = r.droppedArms.first();
        QCOMPARE(d.pythonKernel, QStringLiteral("guarded"));
        QCOMPARE(d.why.line, 10);
        QCOMPARE(d.why.construct, QStringLiteral("unknown cuTile call"));
        QCOMPARE(d.choices.size(), 1);
        QCOMPARE(d.choices.first().condition, QStringLiteral("MODE"));
        QVERIFY(d.choices.first().value);
        QVERIFY2(d.toString().startsWith(QStringLiteral("guarded.py:10:")), qPrintable(d.toString()));
        const QString text = entryText(r, QStringLiteral("guarded"));
        QVERIFY2(!text.contains(QStringLiteral("not_in_the_api")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("2.0f32")), qPrintable(text));
        const auto params = [](int mode) {
            return QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("x")}, {QStringLiteral("kind"), QStringLiteral("array")},
                                          {QStringLiteral("dtype"), QStringLiteral("float32")}},
                              QJsonObject{{QStringLiteral("name"), QStringLiteral("MODE")}, {QStringLiteral("kind"), QStringLiteral("const")},
                                          {QStringLiteral("value"), mode}}};
        };
        QVERIFY(r.entryForConfig(QStringLiteral("guarded"), params(0)));
        QVERIFY(!r.entryForConfig(QStringLiteral("guarded"), params(1)));
        const QString why = r.noEntryReason(QStringLiteral("guarded"), params(1), QStringLiteral("mode1"));
        QVERIFY2(why.contains(QStringLiteral("`MODE`")) && why.contains(QStringLiteral("guarded.py:10:")), qPrintable(why));
        // both_arms: the unguarded refusal on line 25 refuses it as a whole.
        QVERIFY(entryText(r, QStringLiteral("both_arms")).isEmpty());
        QVERIFY(std::any_of(r.diagnostics.cbegin(), r.diagnostics.cend(), [](const TranslationDiagnostic &t) {
            return t.kernel == QLatin1String("both_arms") && t.line == 25;
        }));
    }

    void decidedComparisonPinsTheConstant()
    {
        const TranslationResult r = RustTranslator::translateSource(kPinnedRows, QStringLiteral("pinned.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error + (r.diagnostics.isEmpty() ? QString() : r.diagnostics.first().toString())));
        QCOMPARE(r.kernels.size(), 2);
        for (const TranslatedKernel &k : r.kernels) {
            const bool pinned = k.signature.entry.contains(QStringLiteral("not_block_n_1"));
            const bool generic = std::any_of(k.signature.generics.cbegin(), k.signature.generics.cend(),
                                             [](const EntrySignature::Generic &g) { return g.constParam == QLatin1String("BLOCK_N"); });
            QVERIFY2(generic != pinned, qPrintable(k.signature.entry));
            QStringList lines;
            for (const RustLine &l : k.lines)
                lines << l.text;
            if (pinned)
                QVERIFY2(lines.join(QLatin1Char('\n')).contains(QStringLiteral("shape![1, BLOCK_D]")), qPrintable(lines.join(QLatin1Char('\n'))));
        }
        const auto params = [](int rows) {
            return QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("BLOCK_N")}, {QStringLiteral("kind"), QStringLiteral("const")},
                                          {QStringLiteral("value"), rows}}};
        };
        QVERIFY(r.entryForConfig(QStringLiteral("pinned_rows"), params(1))->signature.entry.contains(QStringLiteral("not_block_n_1")));
        QVERIFY(!r.entryForConfig(QStringLiteral("pinned_rows"), params(8))->signature.entry.contains(QStringLiteral("not_block_n_1")));
    }

    void mulBoundLhsContractsNothing()
    {
        const TranslationResult r = RustTranslator::translateSource(kMulBoundLhs, QStringLiteral("mulbound.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QString text = entryText(r, QStringLiteral("mul_bound"));
        QCOMPARE(text.count(QStringLiteral("fma(")), 1);
        QVERIFY2(text.contains(QStringLiteral("fma(a, b, u,")), qPrintable(text));
    }

    void layerNormGolden()
    {
        const TranslationResult r = RustTranslator::translateFile(kExamples + QStringLiteral("/layer_norm.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QString text = entryText(r, QStringLiteral("layer_norm"));
        // Float ct.Constant -> runtime f32; loop-carried tiles -> let mut;
        // a*b+c -> fma as cuTile Python contracts it; mean_out is f32 by use.
        QVERIFY(text.contains(QStringLiteral("EPS: f32,")));
        QVERIFY(text.contains(QStringLiteral("let mut total: Tile<f32, { [1, TILE_N] }> = constant(0.0f32, shape![1, TILE_N]);")));
        QVERIFY(text.contains(QStringLiteral("for j in 0i32..chunks {")));
        QVERIFY(text.contains(QStringLiteral("rounding::NearestEven, ftz::Disabled)")));
        QVERIFY(text.contains(QStringLiteral("fma(")));
        QVERIFY(text.contains(QStringLiteral("mean_out: &mut Tensor<f32, { [1] }>,")));
        QVERIFY(text.contains(QStringLiteral("unsafe { y.partition_full_mut(shape![1, TILE_N]) };")));
        QVERIFY(text.contains(QStringLiteral("let cols: i32 = x.shape()[1];")));
    }

    void bmmGolden()
    {
        const TranslationResult r = RustTranslator::translateFile(kExamples + QStringLiteral("/bmm.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QString text = entryText(r, QStringLiteral("bmm"));
        // mma keeps the f32 accumulator; the operands share one element type.
        QVERIFY2(text.contains(QStringLiteral("let mut acc: Tile<f32, { [TILE_M, TILE_N] }> = "
                                              "constant(0.0f32, shape![TILE_M, TILE_N]);")), qPrintable(text));
        QVERIFY(hasLine(text, QStringLiteral("acc = mma(t1_, t2_, acc);")));
        QVERIFY(hasLine(text, QStringLiteral("let k_tiles: i32 = num_tiles(&t0_, 2i32);")));
        QVERIFY(text.contains(QStringLiteral("b: &Tensor<E0, { [-1, -1, -1] }>,")));
        QVERIFY(text.contains(QStringLiteral("c: &Tensor<E1, { [-1, -1, -1] }>,")));
    }

    void softmaxChunkedGolden()
    {
        const TranslationResult r = RustTranslator::translateFile(kExamples + QStringLiteral("/softmax.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.kernels.size(), 2);
        const QString text = entryText(r, QStringLiteral("softmax_chunked"));
        // NEG_INF (a module constant) and ct.maximum; NEG_INF padding.
        QVERIFY2(text.contains(QStringLiteral("let mut peak: Tile<f32, { [1, 1] }> = constant(f32::NEG_INFINITY, shape![1, 1]);")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("nan::Disabled, ftz::Disabled);")));
        QVERIFY(text.contains(QStringLiteral("padding::NegInf")));
    }

    void refusalsKeepOtherKernels()
    {
        const TranslationResult r = RustTranslator::translateSource(kMixed, QStringLiteral("mixed.py"), {});
        QVERIFY(r.error.isEmpty());
        QCOMPARE(r.kernels.size(), 1);
        QCOMPARE(r.kernels.first().pythonName, QStringLiteral("scale_rows"));
        QStringList diags;
        for (const TranslationDiagnostic &d : r.diagnostics)
            diags << d.toString();
        QCOMPARE(diags.size(), 2);
        QVERIFY2(diags[0].startsWith(QStringLiteral("mixed.py:17:9: error: break")), qPrintable(diags[0]));
        QVERIFY2(diags[1].startsWith(QStringLiteral("mixed.py:24:40: error: non-constant tile shape:")), qPrintable(diags[1]));
        const QString text = entryText(r, QStringLiteral("scale_rows"));
        QVERIFY2(hasLine(text, QStringLiteral("let t0_: Tile<f32, { [1, TILE] }> = constant(2.0f32, shape![1, TILE]);")),
                 qPrintable(text));
        QVERIFY(hasLine(text, QStringLiteral("fma(t, t0_, t1_, rounding::NearestEven, ftz::Disabled)")));
        // y is stored at (row, 0), not the block index: a read-only tensor.
        QVERIFY(text.contains(QStringLiteral("y: &Tensor<E1, { [-1, -1] }>,")));
    }

    void pythonSemanticsAndControlFlow()
    {
        const TranslationResult r = RustTranslator::translateSource(kPythonSemantics, QStringLiteral("sem.py"), {});
        QVERIFY(r.error.isEmpty());
        QStringList diags;
        for (const TranslationDiagnostic &d : r.diagnostics)
            diags << d.toString();
        QVERIFY2(diags.isEmpty(), qPrintable(diags.join(QLatin1Char('\n'))));
        QCOMPARE(r.kernels.size(), 3);

        // Python's floor division and modulo, never Rust's truncating / and %.
        const QString floorOps = entryText(r, QStringLiteral("floor_ops"));
        QVERIFY2(hasLine(floorOps, QStringLiteral("divi(t0_, t1_, rounding::NegativeInf)")), qPrintable(floorOps));
        QVERIFY(floorOps.contains(QStringLiteral("remi(")));
        QVERIFY(floorOps.contains(QStringLiteral("select(")));
        QVERIFY(!floorOps.contains(QStringLiteral(" / ")) && !floorOps.contains(QStringLiteral(" % ")));
        // The module-level PaddingMode alias gives the zero-padded load.
        QVERIFY(floorOps.contains(QStringLiteral(".load_tile(shape![TILE], [q])")));

        // Gathers and scatters of every rank go through pointer lanes, as
        // cuTile Python lowers them: the index widened to u64 (so the bounds
        // compare is unsigned), the last axis multiplied by its constant
        // stride 1, the others by stride parameters of the entry.
        const QString gathers = entryText(r, QStringLiteral("gathers"));
        QVERIFY2(hasLine(gathers, QStringLiteral("let t3_: Tile<u64, { [TILE] }> = exti(offs);")), qPrintable(gathers));
        QVERIFY(hasLine(gathers, QStringLiteral("lt_tile(t3_, t7_)")));
        QVERIFY(hasLine(gathers, QStringLiteral("let t9_: Tile<u64, { [TILE] }> = constant(1u64, shape![TILE]);")));
        QVERIFY(hasLine(gathers, QStringLiteral("let t10_: Tile<u64, { [TILE] }> = t3_ * t9_;")));
        QVERIFY(hasLine(gathers, QStringLiteral("addptr_tile(t13_, t10_)")));
        // cutile reads `E::ZERO` only as a constant's value: the padding of a
        // generic element type converts an f32 zero.
        QVERIFY(hasLine(gathers, QStringLiteral("let t15_: E0 = convert_scalar(0.0f32);")));
        QVERIFY(hasLine(gathers, QStringLiteral("load_ptr_tko(\nt14_,\nordering::Weak,\nNone::<scope::TileBlock>,\nSome(t8_),\nSome(t15_),\n"
                                                "Some(get_tensor_token(x)),\nLatency::<0>,\n) };")));
        // z[(bid(1), offs)]: the scalar row broadcast to the lanes, its
        // stride the entry's z_stride0 (after z), the two bounds and-ed.
        QVERIFY(hasLine(gathers, QStringLiteral("let t16_: i32 = get_tile_block_id().1;\nlet t17_: Tile<i32, { [] }> = scalar_to_tile(t16_);")));
        QVERIFY(gathers.contains(QStringLiteral("z: &Tensor<E2, { [-1, -1] }>,\nz_stride0: i32,")));
        QVERIFY(hasLine(gathers, QStringLiteral("let t26_: Tile<i32, { [] }> = scalar_to_tile(z_stride0);")));
        QVERIFY(hasLine(gathers, QStringLiteral("let t37_: Tile<bool, { [TILE] }> = andi(t25_, t36_);")));
        QVERIFY(hasLine(gathers, QStringLiteral("let t40_: Tile<u64, { [TILE] }> = t30_ + t39_;")));
        QVERIFY(gathers.contains(QStringLiteral("get_tensor_base(y)")));
        QVERIFY(hasLine(gathers, QStringLiteral("store_ptr_tko(\nt61_,\nt49_,\nordering::Weak,\nNone::<scope::TileBlock>,\nSome(t55_),\n")));
        QVERIFY(!gathers.contains(QStringLiteral("_view_raw(")));
        // Every gathered array is offset by a constant last stride; only z
        // has a stride parameter.
        for (const TranslatedKernel &k : r.kernels)
            if (k.pythonName == QLatin1String("gathers")) {
                for (const EntrySignature::TensorParam &t : k.signature.tensors)
                    QVERIFY(t.unitLastStride);
                QCOMPARE(k.signature.strideParams.size(), 1);
                QCOMPARE(k.signature.strideParams[0].name, QStringLiteral("z_stride0"));
                QCOMPARE(k.signature.strideParams[0].tensor, QStringLiteral("z"));
            }

        // A const-generic if: the names bound in both arms are declared
        // before it; the helper is inlined with its locals renamed.
        const QString branches = entryText(r, QStringLiteral("branches"));
        QVERIFY2(branches.contains(QStringLiteral("if MODE > 0i32 {")), qPrintable(branches));
        QVERIFY(branches.contains(QStringLiteral("let mut out_out_")));
        QVERIFY(branches.contains(QStringLiteral("let mut step_out_")));
        QVERIFY(branches.contains(QStringLiteral("let scaled_1_doubled: Tile<f32, { [TILE] }>")));
        QVERIFY(branches.contains(QStringLiteral("get_num_tile_blocks().0")));
        QVERIFY(branches.contains(QStringLiteral(".step_by(")));
    }

    void methodChainLowersReceiverOnce()
    {
        const TranslationResult r = RustTranslator::translateSource(kMethodChain, QStringLiteral("chain.py"), {});
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        for (const TranslatedKernel &k : r.kernels) {
            QStringList lines;
            for (const RustLine &l : k.lines)
                lines << l.text.trimmed();
            const QString text = lines.join(QLatin1Char('\n'));
            QVERIFY2(text.count(QStringLiteral(".load_tile(")) + text.count(QStringLiteral("load_view_tko(")) == 2,
                     qPrintable(text));
        }
        QVERIFY(!r.kernels.isEmpty());
    }

    void fmaAcrossNames()
    {
        const TranslationResult r = RustTranslator::translateSource(kProducts, QStringLiteral("products.py"), {});
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        const QString text = entryText(r, QStringLiteral("products"));
        // once (one use, by +), p (the left of p + q) and moved (one use,
        // by -; a is bound again in between, but moved does not read it)
        // contract; twice is read twice and q is the right product of a
        // sum whose left contracts, so both stay muls. Each product's
        // operands are converted where Python evaluates them (p's 2.0
        // before q's 3.0).
        QCOMPARE(text.count(QStringLiteral("fma(")), 3);
        QVERIFY2(text.contains(QStringLiteral("fma(a, b, a, rounding::NearestEven, ftz::Disabled)")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("let twice: Tile<E, { [TILE] }> = a * a;")));
        QVERIFY2(hasLine(text, QStringLiteral("let q: Tile<E, { [TILE] }> = b * t6_;")), qPrintable(text));
        QVERIFY(hasLine(text, QStringLiteral("fma(a, t4_, q, rounding::NearestEven, ftz::Disabled)")));
        QVERIFY(hasLine(text, QStringLiteral("let t9_: Tile<E, { [TILE] }> = negf(a);")));
        QVERIFY(hasLine(text, QStringLiteral("fma(b, b, t9_, rounding::NearestEven, ftz::Disabled)")));
        QVERIFY(!text.contains(QStringLiteral("let once:")));
        QVERIFY(!text.contains(QStringLiteral("let moved:")));
    }

    void entryServesOnlyItsConcreteElementTypes()
    {
        // An array the lowering fixed to f32 (unified with an f32 tile) takes
        // f32 configs only; a generic one takes any dtype.
        EntrySignature s;
        s.entry = QStringLiteral("k");
        s.generics << EntrySignature::Generic{QStringLiteral("E0"), true, QStringLiteral("b"), QString()};
        s.tensors << EntrySignature::TensorParam{QStringLiteral("a"), 2, false, QStringLiteral("f32")}
                  << EntrySignature::TensorParam{QStringLiteral("b"), 1, false, QStringLiteral("E0")};
        const EntrySignature back = EntrySignature::fromJson(s.toJson());
        QCOMPARE(back.tensors.size(), 2);
        QCOMPARE(back.tensors[0].element, QStringLiteral("f32"));
        const QHash<QString, QString> f32{{QStringLiteral("a"), QStringLiteral("float32")}, {QStringLiteral("b"), QStringLiteral("float16")}};
        const QHash<QString, QString> f16{{QStringLiteral("a"), QStringLiteral("float16")}, {QStringLiteral("b"), QStringLiteral("float16")}};
        QVERIFY(back.serves(f32));
        QVERIFY(!back.serves(f16));
        QVERIFY(back.serves({})); // a config without dtypes decides nothing
    }

    void dtypeEntriesReductionsAndScans()
    {
        const TranslationResult r = RustTranslator::translateSource(kDtypeEntries, QStringLiteral("dt.py"), {});
        QVERIFY(r.error.isEmpty());
        QStringList diags;
        for (const TranslationDiagnostic &d : r.diagnostics)
            diags << d.toString();
        // A store order other than the identity has no cuTile Rust form.
        QCOMPARE(diags.size(), 1);
        QVERIFY2(diags[0].startsWith(QStringLiteral("dt.py:32:39: error: ct.store order: only the identity order")), qPrintable(diags[0]));

        // `a.dtype == ct.float32` gives an entry with a's element type fixed
        // (the tf32 arm) and a generic entry for the other dtypes.
        QStringList entries;
        for (const TranslatedKernel &k : r.kernels)
            entries << k.signature.entry;
        QCOMPARE(entries, (QStringList{QStringLiteral("mm_like"), QStringLiteral("mm_like_a_f32"), QStringLiteral("reduce_scan")}));
        const TranslatedKernel &generic = r.kernels[0], &f32 = r.kernels[1];
        QCOMPARE(f32.signature.fixedDtypes.value(QStringLiteral("a")), QStringLiteral("float32"));
        QCOMPARE(generic.signature.otherThan.value(QStringLiteral("a")), QStringList{QStringLiteral("float32")});
        QStringList f32Lines, genericLines;
        for (const RustLine &l : f32.lines)
            f32Lines << l.text.trimmed();
        for (const RustLine &l : generic.lines)
            genericLines << l.text.trimmed();
        QVERIFY2(f32Lines.join(QLatin1Char('\n')).contains(QStringLiteral("a: &Tensor<f32, { [-1, -1] }>,")), qPrintable(f32Lines.join(QLatin1Char('\n'))));
        QVERIFY(f32Lines.join(QLatin1Char('\n')).contains(QStringLiteral("Tile<tf32, { [T, T] }>")));
        QVERIFY2(!genericLines.join(QLatin1Char('\n')).contains(QStringLiteral("tf32")), qPrintable(genericLines.join(QLatin1Char('\n'))));
        const QHash<QString, QString> f32Config{{QStringLiteral("a"), QStringLiteral("float32")}, {QStringLiteral("b"), QStringLiteral("float32")}};
        const QHash<QString, QString> f16Config{{QStringLiteral("a"), QStringLiteral("float16")}, {QStringLiteral("b"), QStringLiteral("float16")}};
        QCOMPARE(r.entryFor(QStringLiteral("mm_like"), f32Config)->signature.entry, QStringLiteral("mm_like_a_f32"));
        QCOMPARE(r.entryFor(QStringLiteral("mm_like"), f16Config)->signature.entry, QStringLiteral("mm_like"));
        QVERIFY(!r.entryFor(QStringLiteral("nope")));
        // tileport-crate.json carries what selects the entry; it reads back.
        const EntrySignature back = EntrySignature::fromJson(generic.signature.toJson());
        QCOMPARE(back.toJson(), generic.signature.toJson());
        QCOMPARE(back.otherThan, generic.signature.otherThan);
        QCOMPARE(EntrySignature::fromJson(f32.signature.toJson()).fixedDtypes, f32.signature.fixedDtypes);

        // A full reduction reduces axis 0 once per axis (as cuTile Python
        // does); cumsum is a scan; allow_tma from a ct.Constant picks the
        // store form; a rank-0 tile joins a literal arm as a scalar; rank 5.
        const QString rs = entryText(r, QStringLiteral("reduce_scan"));
        QCOMPARE(rs.count(QStringLiteral("reduce_max(")), 2);
        QVERIFY2(rs.contains(QStringLiteral("Tile<f32, { [] }> = reduce_max(")), qPrintable(rs));
        QVERIFY(rs.contains(QStringLiteral("scan_sum(")));
        QVERIFY(rs.contains(QStringLiteral("reverse::Forward, 0.0f32)")));
        QVERIFY(rs.contains(QStringLiteral("if USE_TMA != 0i32 {\nunsafe { store_view_tko_mut(")));
        QVERIFY(rs.contains(QStringLiteral("tma::Enabled,\n) };\n} else {\nunsafe { store_view_tko_mut(")));
        QVERIFY(rs.contains(QStringLiteral("= tile_to_scalar(")));
        QVERIFY(rs.contains(QStringLiteral("z: &Tensor<E2, { [-1, -1, -1, -1, -1] }>,")) || rs.contains(QStringLiteral("{ [-1, -1, -1, -1, -1] }>")));
        QVERIFY(rs.contains(QStringLiteral("shape![1, 1, 1, T, T]")));
    }

    void loopLivenessAndConstantSplits()
    {
        const TranslationResult r = RustTranslator::translateSource(kLoops, QStringLiteral("loops.py"), {});
        QVERIFY(r.error.isEmpty());
        QStringList diags;
        for (const TranslationDiagnostic &d : r.diagnostics)
            diags << d.toString();
        // t is read before the body binds it (carried) or read after the loop:
        // it must keep its type, so the shape change is refused.
        QCOMPARE(diags.size(), 2);
        QVERIFY2(diags[0].startsWith(QStringLiteral("loops.py:23:9: error: loop-carried variable: 't' changes type inside a loop or an if arm")),
                 qPrintable(diags[0]));
        QVERIFY2(diags[1].startsWith(QStringLiteral("loops.py:31:9: error: loop-carried variable: 't' changes type inside a loop or an if arm")),
                 qPrintable(diags[1]));

        // The body's own t is a fresh `let` each iteration, free to change
        // shape; acc is carried (`let mut`, assigned in place).
        const QString locals = entryText(r, QStringLiteral("body_locals"));
        QVERIFY2(locals.contains(QStringLiteral("let mut acc: Tile<f32, { [TILE] }>")), qPrintable(locals));
        QVERIFY(locals.contains(QStringLiteral("let t: Tile<E0, { [1, TILE] }> = x.load_tile(shape![1, TILE], [j, 0i32]);")));
        QVERIFY(locals.contains(QStringLiteral("let t: Tile<E0, { [TILE] }> = t.reshape(shape![TILE]);")));
        QVERIFY(locals.contains(QStringLiteral("acc = ")));
        QVERIFY(!locals.contains(QStringLiteral("let mut t")));

        // `valid` changes shape only when MASK: one entry per arm, every
        // `if MASK` decided in it, the choice recorded for config selection.
        QStringList entries;
        for (const TranslatedKernel &k : r.kernels)
            if (k.pythonName == QLatin1String("masked"))
                entries << k.signature.entry;
        QCOMPARE(entries, (QStringList{QStringLiteral("masked__mask"), QStringLiteral("masked__not_mask")}));
        for (const TranslatedKernel &k : r.kernels) {
            if (k.pythonName != QLatin1String("masked"))
                continue;
            const bool on = k.signature.entry == QLatin1String("masked__mask");
            QCOMPARE(k.signature.constChoices.size(), 1);
            QCOMPARE(k.signature.constChoices.first().condition, QStringLiteral("MASK"));
            QCOMPARE(k.signature.constChoices.first().value, on);
            QStringList lines;
            for (const RustLine &l : k.lines)
                lines << l.text.trimmed();
            const QString text = lines.join(QLatin1Char('\n'));
            QVERIFY2(!text.contains(QStringLiteral("if MASK")), qPrintable(text));
            QCOMPARE(text.contains(QStringLiteral("let valid: Tile<bool, { [TILE, TILE] }> = andi(")), on);
            QCOMPARE(text.contains(QStringLiteral("let n: i32 = 2i32;")), on);
            const QJsonObject json = k.signature.toJson();
            QCOMPARE(json.value(QStringLiteral("const_choices")).toArray().size(), 1);
        }
        const QHash<QString, QString> dtypes{{QStringLiteral("y"), QStringLiteral("float32")}};
        QCOMPARE(r.entryFor(QStringLiteral("masked"), dtypes, {{QStringLiteral("MASK"), true}})->signature.entry, QStringLiteral("masked__mask"));
        QCOMPARE(r.entryFor(QStringLiteral("masked"), dtypes, {{QStringLiteral("MASK"), false}})->signature.entry,
                 QStringLiteral("masked__not_mask"));
    }

    void missingPinnedLockIsAnError()
    {
        // Resources without the probe crate's Cargo.lock: no crate is written
        // rather than one cargo would resolve with unpinned versions.
        QTemporaryDir empty, out;
        tileport::Toolchains tools;
        tools.resourceDir = empty.path();
        const CrateWriter::Options w = CrateWriter::optionsFor(tools);
        const TranslationResult r = RustTranslator::translateFile(kExamples + QStringLiteral("/vector_add.py"), {});
        QVERIFY(r.ok());
        const QString error = CrateWriter::write(r, out.path(), w);
        QVERIFY2(error.contains(QStringLiteral("Cargo.lock")) && error.contains(QStringLiteral("unpinned")), qPrintable(error));
        QVERIFY(!QFile::exists(out.filePath(QStringLiteral("Cargo.toml"))));
    }

    void unknownKernelIsAnError()
    {
        RustTranslator::Options o;
        o.kernel = QStringLiteral("nope");
        const TranslationResult r = RustTranslator::translateSource(kMixed, QStringLiteral("mixed.py"), o);
        QVERIFY(r.error.contains(QStringLiteral("no kernel named 'nope'")));
    }

    // --cutile 0.4: the older release, pinned by its own probe's lock
    // (a package of another name), recorded in tileport-crate.json and
    // read back by the host side; an unknown version is refused.
    void crateForCutile04()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const TranslationResult r = RustTranslator::translateFile(kExamples + QStringLiteral("/saxpy.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        tileport::Toolchains tools;
        tools.resourceDir = QStringLiteral(TILEPORT_SOURCE_DIR "/resources");
        tools.cutileVersion = tileport::CutileTarget::resolve(QStringLiteral("0.4"), nullptr);
        QCOMPARE(tools.cutileVersion, QStringLiteral("0.4.0"));
        const CrateWriter::Options o = CrateWriter::optionsFor(tools);
        QVERIFY2(o.lockError.isEmpty(), qPrintable(o.lockError));
        QCOMPARE(CrateWriter::write(r, dir.path(), o), QString());
        const QByteArray toml = readAll(dir.filePath(QStringLiteral("Cargo.toml")));
        QVERIFY(toml.contains("cutile = \"=0.4.0\""));
        const QByteArray lock = readAll(dir.filePath(QStringLiteral("Cargo.lock")));
        QVERIFY(lock.contains("name = \"tileport-gen-saxpy\""));
        QVERIFY(lock.contains("name = \"cutile\"\nversion = \"0.4.0\""));
        QVERIFY2(!lock.contains("tileport-probe"), lock.constData());
        TranslationResult back;
        QString error;
        QVERIFY2(TranslationResult::fromManifest(dir.path(), &back, &error), qPrintable(error));
        QCOMPARE(back.cutileVersion, QStringLiteral("0.4.0"));

        tools.cutileVersion = QStringLiteral("0.3.1");
        const CrateWriter::Options bad = CrateWriter::optionsFor(tools);
        QVERIFY2(bad.lockError.contains(QStringLiteral("0.5.0 or 0.4.0")), qPrintable(bad.lockError));
        QVERIFY(CrateWriter::write(r, dir.filePath(QStringLiteral("bad")), bad).contains(QStringLiteral("not a target")));
        QCOMPARE(tileport::CutileTarget::resolve(QStringLiteral("0.5"), nullptr), QStringLiteral("0.5.0"));
        QCOMPARE(tileport::CutileTarget::resolve(QStringLiteral("0.4.0"), nullptr), QStringLiteral("0.4.0"));
        QVERIFY(tileport::CutileTarget::resolve(QStringLiteral("0.45"), nullptr).isEmpty());
    }

    void crateFilesAndSourceMap()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const TranslationResult r = RustTranslator::translateFile(kExamples + QStringLiteral("/saxpy.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        CrateWriter::Options o;
        o.probeLock = QString::fromUtf8(readAll(QStringLiteral(TILEPORT_SOURCE_DIR "/resources/rust/tileport-probe/Cargo.lock")));
        QVERIFY(!o.probeLock.isEmpty());
        QCOMPARE(CrateWriter::write(r, dir.filePath(QStringLiteral("a")), o), QString());
        QCOMPARE(CrateWriter::write(r, dir.filePath(QStringLiteral("b")), o), QString());
        for (const char *f : {"Cargo.toml", "Cargo.lock", "src/lib.rs", "src/bin/ir-harness.rs", "sourcemap.json",
                              "tileport-crate.json"}) {
            const QByteArray a = readAll(dir.filePath(QStringLiteral("a/") + QLatin1String(f)));
            QVERIFY2(!a.isEmpty(), f);
            QCOMPARE(a, readAll(dir.filePath(QStringLiteral("b/") + QLatin1String(f))));
        }
        // The default target is cutile 0.5.0: the manifest, the lock and
        // tileport-crate.json agree on it.
        const QByteArray toml = readAll(dir.filePath(QStringLiteral("a/Cargo.toml")));
        QVERIFY(toml.contains("cutile = \"=0.5.0\""));
        QVERIFY(toml.contains("cutile-ir = \"=0.5.0\""));
        const QByteArray lock = readAll(dir.filePath(QStringLiteral("a/Cargo.lock")));
        QVERIFY(lock.contains("name = \"tileport-gen-saxpy\""));
        QVERIFY(lock.contains("name = \"cutile\"\nversion = \"0.5.0\""));
        QVERIFY(!lock.contains("tileport-probe"));
        QCOMPARE(QJsonDocument::fromJson(readAll(dir.filePath(QStringLiteral("a/tileport-crate.json")))).object().value(QStringLiteral("cutile")).toString(),
                 QStringLiteral("0.5.0"));
        const QByteArray lib = readAll(dir.filePath(QStringLiteral("a/src/lib.rs")));
        QCOMPARE(QString::fromUtf8(lib), r.library()); // as the printer laid it out: nothing rewrites it
        // Every line of the store statement maps back to saxpy.py line 12.
        const QList<QByteArray> rustLines = lib.split('\n');
        int storeLine = 0;
        for (int i = 0; i < rustLines.size(); ++i)
            if (rustLines[i].contains("partition_full_mut"))
                storeLine = i + 1;
        QVERIFY(storeLine > 0);
        const QJsonObject map = QJsonDocument::fromJson(readAll(dir.filePath(QStringLiteral("a/sourcemap.json")))).object();
        bool found = false;
        for (const QJsonValue &v : map.value(QStringLiteral("lines")).toArray())
            if (v.toObject().value(QStringLiteral("rust")).toInt() == storeLine) {
                QCOMPARE(v.toObject().value(QStringLiteral("python")).toArray(), QJsonArray{12});
                found = true;
            }
        QVERIFY(found);

        // A statement the printer breaks over lines: each of its lines maps
        // to the statement's Python lines.
        const TranslationResult soft = RustTranslator::translateFile(kExamples + QStringLiteral("/softmax.py"), {});
        QVERIFY2(soft.ok(), qPrintable(soft.error));
        QList<QList<int>> softMap;
        const QStringList softLines = soft.library(&softMap).split(QLatin1Char('\n'));
        const qsizetype open = softLines.indexOf(QRegularExpression(QStringLiteral(".*make_partition_view\\(")));
        QVERIFY2(open > 0, qPrintable(softLines.join(QLatin1Char('\n'))));
        QVERIFY(!softMap[open].isEmpty());
        qsizetype close = open + 1;
        while (close < softLines.size() && softLines[close].trimmed() != QLatin1String(") };")) {
            QCOMPARE(softMap[close], softMap[open]);
            QVERIFY(softLines[close].trimmed().endsWith(QLatin1Char(',')));
            ++close;
        }
        QVERIFY(close - open > 2);
        QCOMPARE(softMap[close], softMap[open]);
    }

    // README.md, LICENSING.md and Cargo.toml's package fields; the rustdoc
    // of every entry (kernel and def line, generics, variant, configs),
    // mapped to the def line in the source map; the same bytes twice.
    void crateReadmeAndDocs()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString py = kExamples + QStringLiteral("/rms_norm.py");
        const TranslationResult r = RustTranslator::translateFile(py, {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        CrateWriter::Options o;
        o.probeLock = QString::fromUtf8(readAll(QStringLiteral(TILEPORT_SOURCE_DIR "/resources/rust/tileport-probe/Cargo.lock")));
        o.configs = CrateConfigs::besides(py);
        QCOMPARE(o.configs.file, QStringLiteral("rms_norm.tileport.json"));
        QCOMPARE(CrateWriter::write(r, dir.filePath(QStringLiteral("a")), o), QString());
        QCOMPARE(CrateWriter::write(r, dir.filePath(QStringLiteral("b")), o), QString());
        for (const char *f : {"README.md", "LICENSING.md", "src/lib.rs", "sourcemap.json"})
            QCOMPARE(readAll(dir.filePath(QStringLiteral("a/") + QLatin1String(f))), readAll(dir.filePath(QStringLiteral("b/") + QLatin1String(f))));

        const QString toml = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("a/Cargo.toml"))));
        QVERIFY(toml.contains(QStringLiteral("description = \"cuTile Rust port of the kernels of rms_norm.py, generated by TilePort\"")));
        QVERIFY(toml.contains(QStringLiteral("readme = \"README.md\"")));
        QVERIFY(toml.contains(QStringLiteral("license-file = \"LICENSING.md\"")));
        QVERIFY(!toml.contains(QStringLiteral("license =")));
        QVERIFY(readAll(dir.filePath(QStringLiteral("a/LICENSING.md"))).contains("translation of that file, and its terms are that file's"));

        const QString readme = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("a/README.md"))));
        for (const char *want : {"# tileport-gen-rms-norm\n", "kernels of `rms_norm.py`, for cutile 0.5.0",
                                 "regenerate it rather than edit it (`tileport translate rms_norm.py -o DIR`)",
                                 "| `rms_norm` (`rms_norm.py:8`) | `rms_norm::rms_norm` | `f32_eps1e-6_t1024`, `bf16_eps1e-5_t512` |",
                                 "cargo build --release", "cargo doc --no-deps",
                                 "cargo run --release --bin tileport-gen-rms-norm-ir-harness -- ir-out rms_norm f32,f32,f32,1024 'x=-1,1;w=1;y=-1,1' sm_90 13.3",
                                 "`LICENSING.md`"})
            QVERIFY2(readme.contains(QLatin1String(want)), want);

        QList<QList<int>> map;
        const QStringList lib = r.library(&map, o.configs).split(QLatin1Char('\n'));
        QCOMPARE(lib.join(QLatin1Char('\n')).toUtf8(), readAll(dir.filePath(QStringLiteral("a/src/lib.rs"))));
        QVERIFY(lib.first().startsWith(QStringLiteral("//! cuTile Rust port of the kernels of `rms_norm.py`, generated by TilePort")));
        QVERIFY(lib.contains(QStringLiteral("//! - `rms_norm::rms_norm`: the kernel `rms_norm` (`rms_norm.py:8`)")));
        const qsizetype first = lib.indexOf(QStringLiteral("    /// Port of the Python kernel `rms_norm` (`rms_norm.py:8`)."));
        const qsizetype entry = lib.indexOf(QStringLiteral("    #[cutile::entry()]"));
        QVERIFY2(first > 0 && entry > first, qPrintable(lib.join(QLatin1Char('\n'))));
        const QStringList doc = lib.mid(first, entry - first);
        for (const char *want : {"    /// - `E0`: the element type of `x`.", "    /// - `TILE_N`: the compile-time constant `TILE_N` of the Python kernel.",
                                 "    /// - `EPS`: a float constant of the Python kernel, passed at run time as `f32` (no float const generics in Rust).",
                                 "    /// Serves `f32_eps1e-6_t1024`, `bf16_eps1e-5_t512` of `rms_norm.tileport.json`.",
                                 // EPS keeps its Python name: the lint is allowed on this entry alone, and says why.
                                 "    #[allow(non_snake_case)]"})
            QVERIFY2(doc.contains(QLatin1String(want)), want);
        // Doc lines map to the kernel's def line; the crate's docs to nothing.
        for (qsizetype i = first; i < entry; ++i)
            if (lib[i].trimmed().startsWith(QStringLiteral("///")))
                QCOMPARE(map[i], QList<int>{8});
        QVERIFY(map[0].isEmpty());

        // Without the sidecar the docs say nothing of configs.
        QVERIFY(!r.library().contains(QStringLiteral("# Configs")));

        // A kernel with one entry per ct.Constant arm and one per tested
        // dtype: each entry says which it is, each config is named on the
        // entry that serves it.
        const QString fa = kExamples + QStringLiteral("/flash_attention.py");
        const TranslationResult f = RustTranslator::translateFile(fa, {});
        QVERIFY2(f.ok(), qPrintable(f.error));
        const CrateConfigs faConfigs = CrateConfigs::besides(fa);
        QCOMPARE(f.kernels.size(), 2);
        const QStringList causal = f.entryDoc(f.kernels[0], faConfigs).lines(0);
        QVERIFY2(causal.contains(QStringLiteral("/// - Taken when `CAUSAL` is true.")), qPrintable(causal.join(QLatin1Char('\n'))));
        QVERIFY(causal.contains(QStringLiteral("/// Serves `f16_causal_d64` of `flash_attention.tileport.json`.")));
        QVERIFY(f.entryDoc(f.kernels[1], faConfigs).lines(0).contains(QStringLiteral("/// Serves `bf16_full_d128` of `flash_attention.tileport.json`.")));
        const QString mmPy = kExamples + QStringLiteral("/matmul.py");
        const TranslationResult mm = RustTranslator::translateFile(mmPy, {});
        QVERIFY2(mm.ok(), qPrintable(mm.error));
        const QString mmLib = mm.library(nullptr, CrateConfigs::besides(mmPy));
        QVERIFY(mmLib.contains(QStringLiteral("    /// - For `a` of dtype `float32`.")));
        QVERIFY(mmLib.contains(QStringLiteral("    /// - For `a` of any dtype but `float32` (entries of their own take those).")));
        QVERIFY(mmLib.contains(QStringLiteral("    /// Serves `f32_tf32_64x64x32` of `matmul.tileport.json`.")));
    }

    void harnessArgumentsFromConfig()
    {
        const TranslationResult r = RustTranslator::translateFile(kExamples + QStringLiteral("/saxpy.py"), {});
        QVERIFY2(r.ok(), qPrintable(r.error));
        tileport::frontend::KernelConfigFile cfg;
        QVERIFY(cfg.load(kExamples + QStringLiteral("/saxpy.tileport.json")));
        QString error;
        const QStringList args = HarnessArguments::forConfig(r.kernels.first().signature, cfg.configs[1],
                                                             QStringLiteral("/out"), QStringLiteral("sm_100"),
                                                             QStringLiteral("13.3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // alpha is a runtime f32 (inferred from alpha * f32 tile); x and y
        // keep separate element types, as in the Python signature.
        // Its arrays have shapes: contiguous, aligned tensors' launcher facts.
        QCOMPARE(args.mid(0, 6), (QStringList{"/out", "saxpy", "bf16,bf16,1024", "x=1;y=1", "sm_100", "13.3"}));
        QVERIFY2(args.value(6).startsWith(QLatin1String("x=16/1/16/1;y=16/1/16/1")), qPrintable(args.value(6)));
    }
};

QTEST_GUILESS_MAIN(TestRustGenerator)
#include "tst_rust_generator.moc"
