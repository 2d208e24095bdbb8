// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The cuTile Python front-end on the bundled examples and on hand-written
// inputs: import aliases, helpers, constants, ByTarget, tuning, launch sites,
// non-kernel code, syntax errors and unsupported constructs.
#include "KernelConfigFile.h"
#include "LoopLiveness.h"
#include "ModuleAnalyzer.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport::frontend;

namespace {

const QString kExamples = QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile");

ModuleAnalysis analyze(const char *source) { return ModuleAnalyzer::analyzeSource(QByteArray(source), QStringLiteral("test.py")); }

const KernelParam *param(const KernelInfo &k, const QString &name)
{
    for (const KernelParam &p : k.params)
        if (p.name == name)
            return &p;
    return nullptr;
}

int countOps(const KernelInfo &k, const QString &name)
{
    int n = 0;
    for (const OpUse &o : k.ops)
        n += o.name == name ? 1 : 0;
    return n;
}

QStringList variantNames(const KernelInfo &k)
{
    QStringList out;
    for (const KernelVariant &v : k.variants)
        out.append(v.name);
    return out;
}

// "line:col construct" for every unsupported construct of a kernel.
QStringList unsupportedList(const KernelInfo &k)
{
    QStringList out;
    for (const UnsupportedConstruct &u : k.unsupported)
        out.append(QStringLiteral("%1 %2").arg(u.range.start(), u.construct));
    return out;
}

const AutotuneSite *tuning(const ModuleAnalysis &m, const QString &kind, int nth = 0)
{
    for (const AutotuneSite &a : m.autotune)
        if (a.kind == kind && nth-- == 0)
            return &a;
    return nullptr;
}

} // namespace

class TestFrontendAnalysis : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void examples_data();
    void examples();
    void vectorAdd();
    void matmul();
    void rope();
    void flashAttention();
    void dropoutAndGelu();
    void softmaxLayerNormSplitK();
    void importAliases();
    void notCuTile();
    void constantAliases();
    void moduleConstants();
    void helpersAndParameterFlow();
    void byTargetAndOptions();
    void autotune();
    void launchSites();
    void nonKernelCode();
    void syntaxErrors_data();
    void syntaxErrors();
    void unsupportedConstructs();
    void recursion();
    void variants();
    void parameterInference();
    void fileErrors();
    void deepNesting();
    void sidecarValidation();
    void loopLiveness();
};

void TestFrontendAnalysis::examples_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = QDir(kExamples).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 13);
    for (const QString &f : files)
        QTest::newRow(qPrintable(f)) << QDir(kExamples).filePath(f);
}

// Every example: parses cleanly, every kernel is portable and fully typed,
// every launch resolves with the right argument count, and the sidecar
// agrees with the analysis.
void TestFrontendAnalysis::examples()
{
    QFETCH(QString, file);
    const ModuleAnalysis m = ModuleAnalyzer::analyzeFile(file);
    QVERIFY2(m.ok(), qPrintable(m.error + (m.syntaxErrors.isEmpty() ? QString() : m.syntaxErrors.front().message)));
    QVERIFY(!m.kernels.isEmpty());
    for (const KernelInfo &k : m.kernels) {
        QVERIFY2(k.portable(), qPrintable(k.name + QLatin1Char(' ') + unsupportedList(k).join(QLatin1Char(','))));
        QVERIFY2(k.notes.isEmpty(), qPrintable(k.name + QStringLiteral(": ") + k.notes.join(QStringLiteral("; "))));
        QVERIFY(!k.variants.isEmpty());
        for (const KernelParam &p : k.params) {
            QVERIFY2(p.kind != KernelParam::Kind::Unknown, qPrintable(k.name + QLatin1Char('.') + p.name));
            if (p.kind == KernelParam::Kind::Array)
                QVERIFY2(p.rank >= 1, qPrintable(k.name + QLatin1Char('.') + p.name));
            if (p.kind == KernelParam::Kind::Constant)
                QVERIFY2(!p.constantType.isEmpty(), qPrintable(p.name));
        }
        for (const TileShape &s : k.tileShapes)
            QVERIFY2(s.constant, qPrintable(s.op + s.range.start()));
    }
    QVERIFY(!m.launches.isEmpty());
    for (const LaunchSite &l : m.launches) {
        QVERIFY2(!l.kernel.isEmpty(), qPrintable(l.kernelExpression));
        QVERIFY2(l.argsMatch, qPrintable(l.range.start()));
    }
    KernelConfigFile cfg;
    QVERIFY2(cfg.load(KernelConfigFile::pathFor(file)), qPrintable(cfg.diagnostics.isEmpty() ? QString() : cfg.diagnostics.front().message));
    QVERIFY(cfg.configs.size() >= 2);
    const QList<ConfigDiagnostic> diags = cfg.validate(m);
    QVERIFY2(diags.isEmpty(), qPrintable(diags.isEmpty() ? QString() : diags.front().message));
    for (const KernelConfig &c : cfg.configs)
        QVERIFY2(c.hasTolerance, qPrintable(c.name));
}

void TestFrontendAnalysis::vectorAdd()
{
    const ModuleAnalysis m = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/vector_add.py"));
    QCOMPARE(m.kernels.size(), 1);
    const KernelInfo &k = m.kernels.front();
    QCOMPARE(k.name, QStringLiteral("vector_add"));
    QCOMPARE(k.nameRange.line, 7);
    QCOMPARE(k.nameRange.col, 5);
    QCOMPARE(k.params.size(), 4);
    for (const char *n : {"a", "b", "c"}) {
        const KernelParam *p = param(k, QString::fromLatin1(n));
        QCOMPARE(p->kind, KernelParam::Kind::Array);
        QCOMPARE(p->rank, 1);
    }
    QVERIFY(param(k, QStringLiteral("a"))->loaded && !param(k, QStringLiteral("a"))->stored);
    QVERIFY(param(k, QStringLiteral("c"))->stored && !param(k, QStringLiteral("c"))->loaded);
    QCOMPARE(param(k, QStringLiteral("TILE"))->kind, KernelParam::Kind::Constant);
    QCOMPARE(param(k, QStringLiteral("TILE"))->constantType, QStringLiteral("int"));
    QCOMPARE(countOps(k, QStringLiteral("load")), 2);
    QCOMPARE(countOps(k, QStringLiteral("store")), 1);
    QCOMPARE(countOps(k, QStringLiteral("bid")), 1);
    const OpUse &load = k.ops[1];
    QCOMPARE(load.name, QStringLiteral("load"));
    QCOMPARE(load.qualified, QStringLiteral("cuda.tile.load"));
    QCOMPARE(load.range.line, 9);
    QCOMPARE(load.range.col, 11);
    QCOMPARE(load.arguments.size(), 4);
    QCOMPARE(load.arguments[2].keyword, QStringLiteral("shape"));
    QCOMPARE(load.arguments[2].text, QStringLiteral("(TILE,)"));
    QCOMPARE(k.tileShapes.size(), 2);
    QCOMPARE(k.tileShapes[0].dims, QStringList{QStringLiteral("TILE")});
    QCOMPARE(variantNames(k), QStringList{QStringLiteral("default")});
    QCOMPARE(m.launches.size(), 1);
    const LaunchSite &l = m.launches.front();
    QCOMPARE(l.function, QStringLiteral("launch"));
    QCOMPARE(l.kernel, QStringLiteral("vector_add"));
    QCOMPARE(l.gridDims, (QStringList{QStringLiteral("ct.cdiv(a.shape[0], tile)"), QStringLiteral("1"), QStringLiteral("1")}));
    QCOMPARE(l.argList.size(), 4);
    QCOMPARE(l.expectedArgs, 4);
}

void TestFrontendAnalysis::matmul()
{
    const ModuleAnalysis m = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/matmul.py"));
    QVERIFY(m.ok());
    QCOMPARE(m.kernels.size(), 2);
    QCOMPARE(m.constants.size(), 1);
    QCOMPARE(m.constants[0].name, QStringLiteral("GROUP_SIZE_M"));
    QCOMPARE(m.constants[0].value.i, 8);

    const KernelInfo *plain = m.kernel(QStringLiteral("matmul"));
    QVERIFY(plain);
    QCOMPARE(plain->helpers, (QStringList{QStringLiteral("swizzle"), QStringLiteral("mma_operand")}));
    QCOMPARE(variantNames(*plain), QStringList{QStringLiteral("default")});
    // The tf32 cast is a constant (dtype) branch in a helper, not a variant.
    bool dtypeBranch = false;
    for (const SpecializationPoint &s : plain->specialization)
        dtypeBranch = dtypeBranch || (s.kind == QLatin1String("dtype_branch") && s.name == QLatin1String("tile.dtype == ct.float32"));
    QVERIFY(dtypeBranch);
    QCOMPARE(countOps(*plain, QStringLiteral("mma")), 1);
    QCOMPARE(countOps(*plain, QStringLiteral("astype")), 2); // store cast + the helper's tf32 cast
    QCOMPARE(param(*plain, QStringLiteral("a"))->rank, 2);

    const KernelInfo *pers = m.kernel(QStringLiteral("matmul_persistent"));
    QVERIFY(pers);
    QCOMPARE(pers->options.size(), 2);
    QCOMPARE(pers->options[0].name, QStringLiteral("num_ctas"));
    QVERIFY(pers->options[0].byTarget);
    QCOMPARE(pers->options[0].targets.size(), 2);
    QCOMPARE(pers->options[0].targets[0], (QPair<QString, QString>(QStringLiteral("sm_100"), QStringLiteral("2"))));
    QCOMPARE(pers->options[0].targets[1], (QPair<QString, QString>(QStringLiteral("default"), QStringLiteral("1"))));
    QCOMPARE(pers->options[1].evaluated, QStringLiteral("1"));
    QCOMPARE(param(*pers, QStringLiteral("TRANSPOSE_B"))->constantType, QStringLiteral("bool"));
    QCOMPARE(variantNames(*pers), (QStringList{QStringLiteral("TRANSPOSE_B"), QStringLiteral("not_TRANSPOSE_B")}));
    const BranchPoint *bp = nullptr;
    for (const BranchPoint &b : pers->branchPoints)
        if (b.variantForming)
            bp = &b;
    QVERIFY(bp);
    QCOMPARE(bp->range.line, 53);
    QVERIFY(bp->differences.contains(QStringLiteral("shape:load(TILE_N, TILE_K)")));
    QVERIFY(bp->differences.contains(QStringLiteral("shape:load(TILE_K, TILE_N)")));
    QVERIFY(bp->differences.contains(QStringLiteral("shape_op:transpose")));
    bool persistentLoop = false;
    for (const ControlFlowItem &c : pers->controlFlow)
        persistentLoop = persistentLoop || (c.kind == QLatin1String("for") && c.header.startsWith(QLatin1String("tile_id in range(ct.bid(0)")));
    QVERIFY(persistentLoop);

    // Host side: the search, its configurations, the re-hinted launch.
    const AutotuneSite *search = tuning(m, QStringLiteral("exhaustive_search"));
    QVERIFY(search);
    QCOMPARE(search->kernel, QStringLiteral("matmul_persistent"));
    QCOMPARE(search->searchSpace, QStringLiteral("TUNE_SPACE"));
    QCOMPARE(search->configs.size(), 3);
    QCOMPARE(search->configs[1].values.size(), 5);
    QCOMPARE(search->configs[1].values[1], (QPair<QString, QString>(QStringLiteral("TILE_N"), QStringLiteral("256"))));
    QCOMPARE(search->hintsFn, QStringLiteral("hints_of"));
    const AutotuneSite *list = tuning(m, QStringLiteral("config_list"));
    QVERIFY(list);
    QCOMPARE(list->name, QStringLiteral("TUNE_SPACE"));
    const AutotuneSite *hints = tuning(m, QStringLiteral("replace_hints"));
    QVERIFY(hints);
    QCOMPARE(hints->kernel, QStringLiteral("matmul_persistent"));
    QCOMPARE(hints->hints.size(), 2);
    QCOMPARE(m.launches.size(), 2);
    QCOMPARE(m.launches[1].kernel, QStringLiteral("matmul_persistent"));
    QCOMPARE(m.launches[1].kernelExpression, QStringLiteral("tuned"));
    QCOMPARE(m.launches[1].hints.size(), 2);
    QCOMPARE(m.launches[1].hints[0].name, QStringLiteral("num_ctas"));
}

void TestFrontendAnalysis::rope()
{
    const ModuleAnalysis m = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/rope.py"));
    const KernelInfo &k = m.kernels.front();
    // q and k are reached only through `for t in ct.static_iter((q, k))`.
    for (const char *n : {"q", "k"}) {
        const KernelParam *p = param(k, QString::fromLatin1(n));
        QCOMPARE(p->kind, KernelParam::Kind::Array);
        QCOMPARE(p->rank, 4);
        QVERIFY(p->loaded && p->stored);
    }
    QCOMPARE(param(k, QStringLiteral("cos"))->rank, 2);
    QCOMPARE(k.helpers, QStringList{QStringLiteral("rotate")});
    QVERIFY(k.controlFlow.front().staticIter);
}

void TestFrontendAnalysis::flashAttention()
{
    const ModuleAnalysis m = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/flash_attention.py"));
    const KernelInfo &k = m.kernels.front();
    QCOMPARE(param(k, QStringLiteral("sm_scale"))->kind, KernelParam::Kind::Scalar);
    QCOMPARE(param(k, QStringLiteral("heads"))->kind, KernelParam::Kind::Scalar);
    QCOMPARE(param(k, QStringLiteral("heads"))->dtype, QStringLiteral("int32"));
    QCOMPARE(param(k, QStringLiteral("q"))->rank, 4);
    QVERIFY(param(k, QStringLiteral("q"))->shapeRead);
    QCOMPARE(param(k, QStringLiteral("CAUSAL"))->constantType, QStringLiteral("bool"));
    // CAUSAL changes a loop bound and a mask: constant branches, no variants.
    int causal = 0;
    for (const BranchPoint &b : k.branchPoints) {
        QVERIFY(!b.variantForming);
        causal += b.arms.front().condition == QLatin1String("CAUSAL") ? 1 : 0;
    }
    QCOMPARE(causal, 2);
    QCOMPARE(variantNames(k), QStringList{QStringLiteral("default")});
    QCOMPARE(m.constants.size(), 2);
    QCOMPARE(m.constants[1].name, QStringLiteral("NEG_INF"));
    QCOMPARE(m.constants[1].value.toString(), QStringLiteral("-inf"));
    bool order = false;
    for (const OpUse &o : k.ops)
        for (const OpUse::Argument &a : o.arguments)
            order = order || (a.keyword == QLatin1String("order") && a.text == QLatin1String("(0, 1, 3, 2)"));
    QVERIFY(order);
}

void TestFrontendAnalysis::dropoutAndGelu()
{
    const ModuleAnalysis d = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/dropout.py"));
    const KernelInfo &k = d.kernels.front();
    QCOMPARE(param(k, QStringLiteral("P"))->constantType, QStringLiteral("float"));
    QCOMPARE(param(k, QStringLiteral("SEED"))->constantType, QStringLiteral("int"));
    QCOMPARE(param(k, QStringLiteral("TRAINING"))->constantType, QStringLiteral("bool"));
    QCOMPARE(k.helpers, (QStringList{QStringLiteral("uniform"), QStringLiteral("mix32")}));
    QCOMPARE(countOps(k, QStringLiteral("gather")), 1);
    QCOMPARE(countOps(k, QStringLiteral("scatter")), 1);
    QCOMPARE(countOps(k, QStringLiteral("bitwise_xor")), 3);
    QCOMPARE(d.constants.size(), 2);
    QCOMPARE(d.constants[0].value.i, 0x045D9F3B);
    QCOMPARE(param(k, QStringLiteral("x"))->rank, 1);

    const ModuleAnalysis g = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/gelu.py"));
    const KernelInfo &gk = g.kernels.front();
    QCOMPARE(gk.helpers, (QStringList{QStringLiteral("gelu_tanh"), QStringLiteral("sigmoid"), QStringLiteral("tanh_approx")}));
    QCOMPARE(gk.branchPoints.size(), 1);
    QCOMPARE(gk.branchPoints[0].arms.size(), 2);
    QCOMPARE(gk.branchPoints[0].arms[1].condition, QStringLiteral("not (APPROXIMATE == 1)"));
    QVERIFY(!gk.branchPoints[0].variantForming);
    // sigmoid is reached from the kernel and from tanh_approx.
    QCOMPARE(g.helper(QStringLiteral("sigmoid"))->calledBy, (QStringList{QStringLiteral("gelu"), QStringLiteral("tanh_approx")}));
}

void TestFrontendAnalysis::softmaxLayerNormSplitK()
{
    const ModuleAnalysis s = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/softmax.py"));
    QCOMPARE(s.kernels.size(), 2);
    int loops = 0;
    for (const ControlFlowItem &c : s.kernel(QStringLiteral("softmax_chunked"))->controlFlow)
        loops += c.kind == QLatin1String("for") ? 1 : 0;
    QCOMPARE(loops, 3);
    QCOMPARE(s.launches.size(), 2);
    QCOMPARE(s.launches[1].kernel, QStringLiteral("softmax_chunked"));

    const ModuleAnalysis l = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/layer_norm.py"));
    const KernelInfo &lk = l.kernels.front();
    QCOMPARE(param(lk, QStringLiteral("EPS"))->constantType, QStringLiteral("float"));
    QCOMPARE(param(lk, QStringLiteral("mean_out"))->rank, 1);
    QCOMPARE(param(lk, QStringLiteral("x"))->rank, 2);

    const ModuleAnalysis k = ModuleAnalyzer::analyzeFile(kExamples + QStringLiteral("/splitk_reduce.py"));
    const KernelOption &occ = k.kernels.front().options.front();
    QCOMPARE(occ.name, QStringLiteral("occupancy"));
    QVERIFY(occ.byTarget && occ.constant);
    QCOMPARE(occ.targets.size(), 2);
    QCOMPARE(occ.targets[0].first, QStringLiteral("sm_80"));
    QCOMPARE(param(k.kernels.front(), QStringLiteral("partials"))->rank, 3);
}

void TestFrontendAnalysis::importAliases()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as tile
import cuda.tile
from cuda import tile as t2
from cuda.tile import kernel, load as ld, Constant

@tile.kernel
def k1(a, N: tile.Constant[int]):
    x = tile.load(a, (0,), (N,))

@cuda.tile.kernel()
def k2(a, N: Constant[int]):
    x = ld(a, (0,), (N,))

@t2.kernel
def k3(a):
    t2.store(a, (0,), t2.zeros((4,), t2.float32))

@kernel
def k4(a):
    pass
)PY");
    QVERIFY(m.ok());
    QCOMPARE(m.kernels.size(), 4);
    QCOMPARE(m.kernels[0].name, QStringLiteral("k1"));
    QCOMPARE(param(m.kernels[0], QStringLiteral("N"))->constantType, QStringLiteral("int"));
    QCOMPARE(param(m.kernels[1], QStringLiteral("N"))->constantType, QStringLiteral("int"));
    QCOMPARE(m.kernels[1].ops.front().qualified, QStringLiteral("cuda.tile.load"));
    QCOMPARE(m.kernels[1].ops.front().callee, QStringLiteral("ld"));
    QCOMPARE(param(m.kernels[1], QStringLiteral("a"))->rank, 1);
    QCOMPARE(m.kernels[2].ops.size(), 2);
    QCOMPARE(m.kernels[3].name, QStringLiteral("k4"));

    const ModuleAnalysis w = analyze("from cuda.tile import *\n\n@kernel\ndef k(a):\n    store(a, (bid(0),), zeros((8,), float16))\n");
    QCOMPARE(w.kernels.size(), 1);
    QCOMPARE(countOps(w.kernels[0], QStringLiteral("zeros")), 1);
    QCOMPARE(param(w.kernels[0], QStringLiteral("a"))->dtype, QString());
    QVERIFY(w.kernels[0].portable());
}

void TestFrontendAnalysis::notCuTile()
{
    // Same spellings, other modules: nothing here is a cuTile kernel.
    const ModuleAnalysis m = analyze(R"PY(import triton.language as ct
from mylib import kernel

@ct.kernel
def a(x):
    pass

@kernel
def b(x):
    pass

def kernel_like():
    ct = None
)PY");
    QVERIFY(m.ok());
    QCOMPARE(m.kernels.size(), 0);
}

void TestFrontendAnalysis::constantAliases()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct
from tilegym.utils import ConstFloat

ConstInt = ct.Constant[int]
ConstBool = ct.Constant[bool]

@ct.kernel
def k(x, BLOCK: ConstInt, EVEN: ConstBool, EPS: ConstFloat, ANY: ct.Constant = 4, FLAG: ct.Constant[bool] = False):
    t = ct.load(x, (ct.bid(0),), (BLOCK,))
)PY");
    const KernelInfo &k = m.kernels.front();
    QCOMPARE(param(k, QStringLiteral("BLOCK"))->kind, KernelParam::Kind::Constant);
    QCOMPARE(param(k, QStringLiteral("BLOCK"))->constantType, QStringLiteral("int"));
    QCOMPARE(param(k, QStringLiteral("EVEN"))->constantType, QStringLiteral("bool"));
    QCOMPARE(param(k, QStringLiteral("EPS"))->constantType, QStringLiteral("float"));
    QCOMPARE(param(k, QStringLiteral("ANY"))->constantType, QStringLiteral("int")); // from the default
    QCOMPARE(param(k, QStringLiteral("FLAG"))->defaultValue, QStringLiteral("False"));
    QCOMPARE(k.notes.size(), 1);
    QVERIFY(k.notes.front().contains(QLatin1String("ConstFloat")));
    bool alias = false;
    for (const ImportBinding &b : m.imports)
        alias = alias || (b.name == QLatin1String("ConstInt") && b.alias && b.target == QLatin1String("cuda.tile.Constant[int]"));
    QVERIFY(alias);
}

void TestFrontendAnalysis::moduleConstants()
{
    const ModuleAnalysis m = analyze(R"PY(import math
import cuda.tile as ct
BLOCK = 2 * 64
HALF = BLOCK // 2
NEG = -7 // 2
EPS = 1e-5
FLAG = not False
BIG = 1 << 40
INF = float("inf")
TAU = math.pi * 2
CDIV = ct.cdiv(1000, BLOCK)
PICK = 3 if FLAG else 4
X = 1
X = 2
Y = 5
Y = compute()
Z: int = 0x10
HUGE = 10 ** 30
SHAPE = (64, 32)
TWICE = (1, 2)
TWICE = (3, 4)

@ct.kernel
def k(a):
    t = ct.zeros(SHAPE, ct.float32)
    u = ct.zeros(TWICE, ct.float32)
)PY");
    QMap<QString, QString> got;
    for (const ModuleConstant &c : m.constants)
        got.insert(c.name, c.value.toString() + QLatin1Char('/') + c.value.typeName());
    QCOMPARE(got.value(QStringLiteral("BLOCK")), QStringLiteral("128/int"));
    QCOMPARE(got.value(QStringLiteral("HALF")), QStringLiteral("64/int"));
    QCOMPARE(got.value(QStringLiteral("NEG")), QStringLiteral("-4/int")); // floor division
    QCOMPARE(got.value(QStringLiteral("EPS")), QStringLiteral("1e-05/float"));
    QCOMPARE(got.value(QStringLiteral("FLAG")), QStringLiteral("True/bool"));
    QCOMPARE(got.value(QStringLiteral("BIG")), QStringLiteral("1099511627776/int"));
    QCOMPARE(got.value(QStringLiteral("INF")), QStringLiteral("inf/float"));
    QVERIFY(got.value(QStringLiteral("TAU")).startsWith(QLatin1String("6.28318530717958")));
    QCOMPARE(got.value(QStringLiteral("CDIV")), QStringLiteral("8/int"));
    QCOMPARE(got.value(QStringLiteral("PICK")), QStringLiteral("3/int"));
    QCOMPARE(got.value(QStringLiteral("X")), QStringLiteral("2/int"));
    QCOMPARE(got.value(QStringLiteral("Z")), QStringLiteral("16/int"));
    QVERIFY(!got.contains(QStringLiteral("Y")));    // rebound to a runtime value
    QVERIFY(!got.contains(QStringLiteral("HUGE"))); // beyond 64 bits: not evaluated
    for (const ModuleConstant &c : m.constants)
        if (c.name == QLatin1String("X"))
            QVERIFY(c.reassigned);
    // A tuple bound once is a frozen global, so the shape is constant; one
    // rebound is not.
    QVERIFY(!got.contains(QStringLiteral("SHAPE")));
    const KernelInfo &k = m.kernels.front();
    QCOMPARE(k.tileShapes.size(), 2);
    QVERIFY(k.tileShapes[0].constant);
    QCOMPARE(unsupportedList(k), QStringList{QStringLiteral("26:18 non-constant tile shape")});
}

void TestFrontendAnalysis::helpersAndParameterFlow()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct

def load_row(arr, row, n: int):
    return ct.load(arr, (row, 0), (1, n))

def twice(arr, row, n):
    return load_row(arr, row, n) * 2

def unused_helper():
    return 1

@ct.kernel
def k(src, dst, count, TILE: ct.Constant[int]):
    t = twice(src, ct.bid(0), TILE)
    for i in range(count):
        t = t + 1
    ct.store(dst, (ct.bid(0), 0), ct.astype(t, ct.float16))

@ct.kernel
def k2(src, width):
    t = load_row(src, 0, width)
)PY");
    QVERIFY(m.ok());
    const KernelInfo &k = m.kernels.front();
    QCOMPARE(k.helpers, (QStringList{QStringLiteral("twice"), QStringLiteral("load_row")}));
    QCOMPARE(m.helpers.size(), 2);
    // src is only used inside load_row, two calls down.
    const KernelParam *src = param(k, QStringLiteral("src"));
    QCOMPARE(src->kind, KernelParam::Kind::Array);
    QCOMPARE(src->rank, 2);
    QVERIFY(src->loaded);
    QVERIFY(src->evidence.join(QLatin1Char('\n')).contains(QLatin1String("(in load_row)")));
    QCOMPARE(param(k, QStringLiteral("dst"))->dtype, QStringLiteral("float16"));
    QCOMPARE(param(k, QStringLiteral("src"))->dtypeVar, QStringLiteral("T0"));
    QCOMPARE(param(k, QStringLiteral("count"))->kind, KernelParam::Kind::Scalar);
    QCOMPARE(param(k, QStringLiteral("count"))->dtype, QStringLiteral("int32"));
    // The helper's load is one of the kernel's ops, located in the helper.
    QCOMPARE(countOps(k, QStringLiteral("load")), 1);
    for (const OpUse &o : k.ops)
        if (o.name == QLatin1String("load")) {
            QCOMPARE(o.function, QStringLiteral("load_row"));
            QCOMPARE(o.range.line, 4);
            QCOMPARE(o.range.col, 12);
        }
    // `n` is constant in both helpers because every call passes a constant.
    QVERIFY(k.portable());
    QVERIFY(!m.helper(QStringLiteral("unused_helper")));
    // Called with a runtime size from another kernel, the same helper's shape
    // is not constant there, and only there.
    const KernelInfo &k2 = m.kernels[1];
    QCOMPARE(unsupportedList(k2), QStringList{QStringLiteral("4:35 non-constant tile shape")});
    QCOMPARE(k2.unsupported.front().function, QStringLiteral("load_row"));
}

void TestFrontendAnalysis::byTargetAndOptions()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct
from cuda.tile import ByTarget

def factory(occ):
    @ct.kernel(occupancy=occ, num_ctas=ByTarget(sm_100=2, sm_120=1, default=1), opt_level=3)
    def inner(x):
        ct.store(x, (0,), ct.zeros((1,), ct.int32))
    return inner

@ct.kernel(num_worker_warps=4, bogus=1)
def k(x):
    pass

tuned = k.replace_hints(num_ctas=ct.ByTarget(sm_100=4), occupancy=2)
)PY");
    QCOMPARE(m.kernels.size(), 2);
    const KernelInfo &inner = m.kernels[0];
    QCOMPARE(inner.qualifiedName, QStringLiteral("factory.inner"));
    QCOMPARE(inner.options.size(), 3);
    QVERIFY(!inner.options[0].constant);
    QCOMPARE(inner.notes.size(), 1);
    QVERIFY(inner.options[1].byTarget);
    QCOMPARE(inner.options[1].targets.size(), 3);
    QCOMPARE(inner.options[1].targets[1], (QPair<QString, QString>(QStringLiteral("sm_120"), QStringLiteral("1"))));
    QCOMPARE(inner.options[2].evaluated, QStringLiteral("3"));
    const KernelInfo &k = m.kernels[1];
    QCOMPARE(unsupportedList(k), QStringList{QStringLiteral("10:32 unknown kernel option")});
    const AutotuneSite *rh = tuning(m, QStringLiteral("replace_hints"));
    QVERIFY(rh);
    QCOMPARE(rh->kernel, QStringLiteral("k"));
    QVERIFY(rh->hints[0].byTarget);
    QCOMPARE(rh->hints[0].targets.front().second, QStringLiteral("4"));
    QCOMPARE(rh->hints[1].evaluated, QStringLiteral("2"));
    bool target = false;
    for (const SpecializationPoint &s : inner.specialization)
        target = target || (s.kind == QLatin1String("target") && s.name == QLatin1String("num_ctas"));
    QVERIFY(target);
}

void TestFrontendAnalysis::autotune()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct
from cuda.tile.tune import exhaustive_search

@ct.kernel
def k(x, TILE_M: ct.Constant[int], TILE_N: ct.Constant[int]):
    pass

def configs():
    return [{"TILE_M": 64, "TILE_N": 32}, {"TILE_M": 128, "TILE_N": 64}]

GENERATED = [dict(TILE_M=m, occupancy=o) for m in (64, 128) for o in (1, 2)]
UNRELATED = [dict(color="red"), dict(color="blue")]

def tune(stream, x):
    r1 = exhaustive_search(configs(), stream, lambda c: (1,), k, lambda c: (x, c["TILE_M"], c["TILE_N"]))
    r2 = ct.tune.exhaustive_search(search_space=GENERATED, stream=stream, grid_fn=None, kernel=k, args_fn=None)
    inline = ct.tune.exhaustive_search([(64, 32), (32, 64)], stream, None, k, None)
)PY");
    QVERIFY(m.ok());
    const AutotuneSite *first = tuning(m, QStringLiteral("exhaustive_search"), 0);
    QVERIFY(first);
    QCOMPARE(first->function, QStringLiteral("tune"));
    QCOMPARE(first->kernel, QStringLiteral("k"));
    QCOMPARE(first->configs.size(), 2);
    QCOMPARE(first->configs[1].values[0], (QPair<QString, QString>(QStringLiteral("TILE_M"), QStringLiteral("128"))));
    QCOMPARE(first->range.line, 15);
    const AutotuneSite *second = tuning(m, QStringLiteral("exhaustive_search"), 1);
    QVERIFY(second->generated);
    QCOMPARE(second->searchSpace, QStringLiteral("GENERATED"));
    const AutotuneSite *third = tuning(m, QStringLiteral("exhaustive_search"), 2);
    QCOMPARE(third->configs.size(), 2);
    QCOMPARE(third->configs[0].values[1].second, QStringLiteral("32"));
    // Config lists: GENERATED matches kernel constants and hints; UNRELATED does not.
    const AutotuneSite *list = tuning(m, QStringLiteral("config_list"));
    QVERIFY(list);
    QCOMPARE(list->name, QStringLiteral("GENERATED"));
    QVERIFY(list->generated);
    QVERIFY(!tuning(m, QStringLiteral("config_list"), 1));
}

void TestFrontendAnalysis::launchSites()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct

@ct.kernel
def k(a, b, N: ct.Constant[int]):
    ct.store(b, (ct.bid(0),), ct.load(a, (ct.bid(0),), (N,)))

def run(stream, a, b):
    grid = (ct.cdiv(a.shape[0], 128), 1, 1)
    args = (a, b, 128)
    ct.launch(stream, grid, k, args)
    ct.launch(stream, (1,), k, (a, b))
    ct.launch(stream, (1,), k.replace_hints(occupancy=2), (a, b, 64))
    fn = pick()
    ct.launch(stream, (1,), fn, (a,))

ct.launch(None, (1, 1, 1), k, (None, None, 1))
)PY");
    QCOMPARE(m.launches.size(), 5);
    const LaunchSite &l0 = m.launches[0];
    QCOMPARE(l0.function, QStringLiteral("run"));
    QCOMPARE(l0.grid, QStringLiteral("grid"));
    QCOMPARE(l0.gridDims.size(), 3);
    QCOMPARE(l0.gridDims[0], QStringLiteral("ct.cdiv(a.shape[0], 128)"));
    QCOMPARE(l0.argList, (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("128")}));
    QVERIFY(l0.argsMatch);
    QCOMPARE(l0.range.line, 10);
    QCOMPARE(l0.range.col, 5);
    QVERIFY(!m.launches[1].argsMatch); // two arguments for three parameters
    QCOMPARE(m.launches[1].expectedArgs, 3);
    QCOMPARE(m.launches[2].kernel, QStringLiteral("k"));
    QCOMPARE(m.launches[2].hints.size(), 1);
    QCOMPARE(m.launches[3].kernel, QString()); // unresolved: a runtime choice
    QCOMPARE(m.launches[3].expectedArgs, -1);
    QCOMPARE(m.launches[4].function, QString());
}

void TestFrontendAnalysis::nonKernelCode()
{
    // Arbitrary Python around a kernel must parse and be left alone.
    const ModuleAnalysis m = analyze(R"PY("""Module docstring."""
from __future__ import annotations
import asyncio, dataclasses
import cuda.tile as ct

@dataclasses.dataclass
class Config:
    tile: int = 128
    def describe(self) -> str:
        return f"tile={self.tile!r:>8}"

async def fetch(q):
    async with q as r:
        return [x async for x in r]

def host(values):
    if (n := len(values)) > 3:
        pass
    try:
        squares = {v: v * v for v in values if v}
    except (ValueError, TypeError) as e:
        raise RuntimeError("bad") from e
    finally:
        pass
    match values:
        case [first, *rest]:
            return lambda y=first: y + sum(rest)
        case _:
            return None
    with open("f") as f, open("g") as g:
        yield from f
    global STATE
    del squares

@ct.kernel
def k(x):
    ct.store(x, (0,), ct.zeros((4,), ct.float32))

if __name__ == "__main__":
    print(*host([1, 2]), sep=", ")
)PY");
    QVERIFY2(m.ok(), qPrintable(m.syntaxErrors.isEmpty() ? QString() : m.syntaxErrors.front().message + m.syntaxErrors.front().range.start()));
    QCOMPARE(m.kernels.size(), 1);
    QVERIFY(m.kernels.front().portable());
    QVERIFY(m.unsupported.isEmpty());
}

void TestFrontendAnalysis::syntaxErrors_data()
{
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("col");
    QTest::addColumn<QString>("message");
    QTest::newRow("unclosed paren") << QByteArray("import cuda.tile as ct\nx = (1, 2\n") << 2 << 5
                                    << QStringLiteral("syntax error: '(' was never closed");
    QTest::newRow("unclosed call") << QByteArray("def k(a):\n    x = foo(a\n    y = 2\n") << 2 << 12
                                   << QStringLiteral("syntax error: '(' was never closed");
    QTest::newRow("mismatched bracket") << QByteArray("x = [1, 2)\n") << 1 << 10
                                        << QStringLiteral("syntax error: unmatched ')'");
    QTest::newRow("bad parameter list") << QByteArray("def f(:\n    pass\n") << 1 << 7
                                        << QStringLiteral("syntax error: missing ')'");
    QTest::newRow("missing colon") << QByteArray("x = 1\nif x\n    pass\n") << 2 << 1
                                   << QStringLiteral("syntax error: invalid syntax at 'if x'");
    QTest::newRow("python 2 print") << QByteArray("x = 1\nif x:\n    print x\n") << 3 << 5
                                    << QStringLiteral("syntax error: Python 2 'print' statement (not valid Python 3)");
    QTest::newRow("not utf-8") << QByteArray("x = 1\ny = 'caf\xe9'\n") << 2 << 9
                               << QStringLiteral("invalid UTF-8 byte 0xe9 (Python source must be UTF-8)");
    QTest::newRow("nul byte") << QByteArray("x = 1\n  \0\n", 10) << 2 << 3 << QStringLiteral("source contains a NUL byte");
    QTest::newRow("non-ascii columns") << QByteArray("s = 'ünïcödé' + (1\n") << 1 << 17
                                       << QStringLiteral("syntax error: '(' was never closed");
    QTest::newRow("unexpected character") << QByteArray("x = 1\ny = 2 $ 3\n") << 2 << 7
                                          << QStringLiteral("syntax error: unexpected character '$'");
}

void TestFrontendAnalysis::syntaxErrors()
{
    QFETCH(QByteArray, source);
    QFETCH(int, line);
    QFETCH(int, col);
    QFETCH(QString, message);
    const ModuleAnalysis m = ModuleAnalyzer::analyzeSource(source, QStringLiteral("bad.py"));
    QVERIFY(!m.ok());
    QVERIFY(!m.syntaxErrors.isEmpty());
    const SyntaxError &e = m.syntaxErrors.front();
    QCOMPARE(e.message, message);
    QCOMPARE(e.range.line, line);
    QCOMPARE(e.range.col, col);
}

void TestFrontendAnalysis::unsupportedConstructs()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct
import torch

@ct.kernel
def bad(x, n, TILE: ct.Constant[int]):
    f = lambda v: v + 1
    items = [i for i in range(4)]
    try:
        pass
    except Exception:
        pass
    with ct.compiler_timeout(3):
        pass
    t = ct.zeros((n,), ct.float32)
    u = ct.frobnicate(t)
    w = t.spin()
    y = torch.relu(t)
    def inner():
        return 1
    assert n > 0
    global G
    d = {"a": 1}
    for c in (1, 2):
        pass
    while n > 0:
        n = n - 1
    else:
        pass
    t[0] = 1
    ct.launch(None, (1,), bad, ())
    return t

@ct.kernel
def good(x, TILE: ct.Constant[int]):
    ct.store(x, (ct.bid(0),), ct.full((TILE,), 1.0, ct.float32))
)PY");
    QVERIFY(m.ok());
    QCOMPARE(m.kernels.size(), 2);
    const KernelInfo &bad = m.kernels[0];
    QCOMPARE(unsupportedList(bad), (QStringList{
        QStringLiteral("6:9 lambda"),
        QStringLiteral("7:13 comprehension"),
        QStringLiteral("8:5 try statement"),
        QStringLiteral("12:5 with statement"),
        QStringLiteral("14:18 non-constant tile shape"),
        QStringLiteral("15:9 unknown cuTile call"),
        QStringLiteral("16:9 unknown method"),
        QStringLiteral("17:9 call to a host function"),
        QStringLiteral("18:5 nested function"),
        QStringLiteral("20:5 assert statement"),
        QStringLiteral("21:5 global statement"),
        QStringLiteral("22:9 dictionary literal"),
        QStringLiteral("23:14 for loop over an iterable"),
        QStringLiteral("27:5 while-else"),
        QStringLiteral("29:5 assignment to an element or attribute"),
        QStringLiteral("30:5 host API in device code"),
        QStringLiteral("31:5 return with a value"),
    }));
    for (const UnsupportedConstruct &u : bad.unsupported) {
        QCOMPARE(u.function, QStringLiteral("bad"));
        QVERIFY(!u.reason.isEmpty());
    }
    QVERIFY(bad.unsupported[4].reason.contains(QLatin1String("(n)")));
    QVERIFY(bad.unsupported[5].reason.contains(QLatin1String("ct.frobnicate")));
    // The other kernel of the file is analyzed in full.
    const KernelInfo &good = m.kernels[1];
    QVERIFY(good.portable());
    QCOMPARE(param(good, QStringLiteral("x"))->rank, 1);
    QCOMPARE(countOps(good, QStringLiteral("full")), 1);
    QCOMPARE(m.unsupported.size(), bad.unsupported.size());
}

void TestFrontendAnalysis::recursion()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct

def ping(x, n):
    return pong(x, n - 1)

def pong(x, n):
    return ping(x, n)

def fact(n):
    return n * fact(n - 1)

@ct.kernel
def k(a):
    v = ping(ct.bid(0), 3) + fact(4)
    k(a)
)PY");
    const KernelInfo &k = m.kernels.front();
    QCOMPARE(unsupportedList(k), (QStringList{QStringLiteral("7:12 recursion"), QStringLiteral("10:16 recursion"),
                                              QStringLiteral("15:5 kernel called from device code")}));
    QVERIFY(k.unsupported[0].reason.startsWith(QLatin1String("ping -> pong -> ping:")));
    QCOMPARE(k.unsupported[0].function, QStringLiteral("pong"));
    QVERIFY(k.unsupported[1].reason.startsWith(QLatin1String("fact -> fact:")));
}

void TestFrontendAnalysis::variants()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct

def load_tile(a, TRANS):
    return ct.load(a, (0, 0), (16, 32))

@ct.kernel
def k(a, b, MODE: ct.Constant[int], TMA: ct.Constant[bool], CAST: ct.Constant[bool]):
    if MODE == 0:
        t = ct.load(a, (0, 0), (16, 32))
    elif MODE == 1:
        t = ct.gather(a, (ct.arange(16, dtype=ct.int32), 0))
        if TMA:
            s = ct.sum(t, axis=0)
    else:
        t = load_tile(a, True)
    if CAST:
        t = ct.astype(t, ct.float16)
    if a.dtype == ct.float32:
        t = t * 2
    ct.store(b, (0, 0), t)
)PY");
    const KernelInfo &k = m.kernels.front();
    QCOMPARE(k.branchPoints.size(), 4);
    const BranchPoint &mode = k.branchPoints[0];
    QCOMPARE(mode.arms.size(), 3);
    QVERIFY(mode.variantForming);
    QCOMPARE(mode.arms[1].condition, QStringLiteral("not (MODE == 0) and MODE == 1"));
    QCOMPARE(mode.arms[2].condition, QStringLiteral("not (MODE == 0) and not (MODE == 1)"));
    QCOMPARE(mode.arms[2].token, QStringLiteral("not_MODE_eq_0_and_not_MODE_eq_1"));
    QCOMPARE(mode.arms[1].children, QList<int>{1});
    const BranchPoint &tma = k.branchPoints[1];
    QVERIFY(!tma.topLevel);
    QVERIFY(tma.variantForming); // a reduction appears in one arm only
    QVERIFY(!k.branchPoints[2].variantForming); // a cast only
    QVERIFY(!k.branchPoints[3].variantForming); // dtype branch
    // The helper-call arm expands to the same load as the first arm.
    QCOMPARE(mode.arms[0].signature, mode.arms[2].signature);
    QCOMPARE(variantNames(k), (QStringList{QStringLiteral("MODE_eq_0"), QStringLiteral("MODE_eq_1__TMA"),
                                           QStringLiteral("MODE_eq_1__not_TMA"),
                                           QStringLiteral("not_MODE_eq_0_and_not_MODE_eq_1")}));
    QCOMPARE(k.variants[1].choices.size(), 2);
    QCOMPARE(k.variants[1].choices[0].constants, QStringList{QStringLiteral("MODE")});
    QCOMPARE(k.variants[1].choices[1].range.line, 12);

    // Ten independent two-way shape branches: capped at 64 variants.
    QByteArray many("import cuda.tile as ct\n@ct.kernel\ndef k(a");
    for (int i = 0; i < 10; ++i)
        many += QByteArray(", F") + QByteArray::number(i) + ": ct.Constant[bool]";
    many += "):\n";
    for (int i = 0; i < 10; ++i)
        many += "    if F" + QByteArray::number(i) + ":\n        t = ct.load(a, (0,), (" + QByteArray::number(16 << i) + ",))\n";
    const ModuleAnalysis big = ModuleAnalyzer::analyzeSource(many, QStringLiteral("many.py"));
    QCOMPARE(big.kernels.front().variants.size(), 64);
    QVERIFY(big.kernels.front().variantsTruncated);
}

void TestFrontendAnalysis::parameterInference()
{
    const ModuleAnalysis m = analyze(R"PY(import cuda.tile as ct
from typing import Annotated

@ct.kernel
def k(a, b, c, scale, groups, unused, items, d: Annotated[ct.Array, ct.ArrayAnnotation(static_shape_dims=(1,))],
      e: ct.ScalarInt64, f: float):
    m, n = a.shape
    rows = b.shape[2]
    x = ct.load(c, (0, 0, 0), (1, 2, 4))
    y = ct.load(c, (0, 0), (2, 4))
    s = x * (scale * 0.5)
    g = ct.bid(0) // groups
    for i in range(len(items)):
        pass
)PY");
    const KernelInfo &k = m.kernels.front();
    QCOMPARE(param(k, QStringLiteral("a"))->rank, 2);
    QCOMPARE(param(k, QStringLiteral("b"))->kind, KernelParam::Kind::Array);
    QCOMPARE(param(k, QStringLiteral("b"))->rank, -1);
    QCOMPARE(param(k, QStringLiteral("b"))->minRank, 3);
    QCOMPARE(param(k, QStringLiteral("c"))->rank, -1); // conflicting evidence
    QCOMPARE(param(k, QStringLiteral("scale"))->kind, KernelParam::Kind::Scalar);
    QCOMPARE(param(k, QStringLiteral("scale"))->dtype, QStringLiteral("float32"));
    QCOMPARE(param(k, QStringLiteral("groups"))->dtype, QStringLiteral("int32"));
    QCOMPARE(param(k, QStringLiteral("unused"))->kind, KernelParam::Kind::Unknown);
    QCOMPARE(param(k, QStringLiteral("items"))->kind, KernelParam::Kind::List);
    QCOMPARE(param(k, QStringLiteral("d"))->kind, KernelParam::Kind::Array);
    QCOMPARE(param(k, QStringLiteral("e"))->dtype, QStringLiteral("int64"));
    QCOMPARE(param(k, QStringLiteral("f"))->dtype, QStringLiteral("float32"));
    const QString notes = k.notes.join(QLatin1Char('\n'));
    QVERIFY(notes.contains(QLatin1String("'c': conflicting ranks")));
    QVERIFY(notes.contains(QLatin1String("'unused': no use tells")));
    bool rankEvidence = false;
    for (const QString &e : param(k, QStringLiteral("a"))->evidence)
        rankEvidence = rankEvidence || e == QLatin1String("7:12: shape unpacked into 2 names");
    QVERIFY(rankEvidence);
}

void TestFrontendAnalysis::fileErrors()
{
    QTemporaryDir dir;
    const ModuleAnalysis missing = ModuleAnalyzer::analyzeFile(dir.filePath(QStringLiteral("nope.py")));
    QVERIFY(missing.error.endsWith(QLatin1String("nope.py: no such file")));
    QVERIFY(!missing.ok());
    const ModuleAnalysis directory = ModuleAnalyzer::analyzeFile(dir.path());
    QVERIFY(directory.error.endsWith(QLatin1String("not a regular file")));
    const ModuleAnalysis empty = analyze("");
    QVERIFY(empty.ok());
    QCOMPARE(empty.kernels.size(), 0);
    // A UTF-8 byte order mark is not part of line 1's columns.
    const ModuleAnalysis bom = ModuleAnalyzer::analyzeSource(QByteArray("\xEF\xBB\xBFx = (1\n"), QStringLiteral("bom.py"));
    QCOMPARE(bom.syntaxErrors.front().range.col, 5);
}

void TestFrontendAnalysis::deepNesting()
{
    // Pathological nesting must neither crash nor recurse without bound.
    QByteArray src("import cuda.tile as ct\n@ct.kernel\ndef k(a):\n    x = ");
    for (int i = 0; i < 5000; ++i)
        src += "(1 + ";
    src += "1";
    for (int i = 0; i < 5000; ++i)
        src += ")";
    src += "\n";
    const ModuleAnalysis m = ModuleAnalyzer::analyzeSource(src, QStringLiteral("deep.py"));
    QCOMPARE(m.kernels.size(), 1);
    QCOMPARE(m.kernels.front().unsupported.front().construct, QStringLiteral("deep nesting"));
}

void TestFrontendAnalysis::sidecarValidation()
{
    QTemporaryDir dir;
    const QString py = dir.filePath(QStringLiteral("k.py"));
    QFile f(py);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"PY(import cuda.tile as ct

@ct.kernel
def k(x, y, alpha, N: ct.Constant[int], FAST: ct.Constant[bool]):
    if FAST:
        t = ct.load(x, (0, 0), (N, N))
    else:
        t = ct.load(x, (0, 0), (N, 2 * N))
    ct.store(y, (0, 0), ct.astype(t * alpha, ct.float16))
)PY");
    f.close();
    const ModuleAnalysis m = ModuleAnalyzer::analyzeFile(py);
    QCOMPARE(variantNames(m.kernels.front()), (QStringList{QStringLiteral("FAST"), QStringLiteral("not_FAST")}));
    QFile s(KernelConfigFile::pathFor(py));
    QVERIFY(s.open(QIODevice::WriteOnly));
    s.write(R"({
  "kernel": "k",
  "configs": [
    {"name": "good", "variant": "FAST", "params": [
      {"name": "x", "kind": "array", "dtype": "float32", "ndim": 2, "shape": [64, 64]},
      {"name": "y", "kind": "array", "dtype": "float16", "ndim": 2, "shape": [64, 64]},
      {"kind": "scalar", "dtype": "float32", "value": 0.5},
      {"kind": "const", "value": 32},
      {"kind": "const", "value": true}], "tolerance": {"atol": 0.01, "rtol": 0.01}},
    {"name": "bad", "variant": "SLOW", "params": [
      {"name": "z", "kind": "array", "dtype": "float32", "ndim": 3, "shape": [10, 64, 64]},
      {"name": "y", "kind": "array", "dtype": "float32", "ndim": 2, "shape": [64, 100]},
      {"kind": "const", "value": 1},
      {"kind": "const", "value": 1.5},
      {"kind": "const", "value": 1}], "tolerance": {"atol": -1, "rtol": 0}},
    {"name": "short", "kernel": "k", "params": []},
    {"name": "other", "kernel": "nope", "params": []}
  ]
}
)");
    s.close();
    KernelConfigFile cfg;
    QVERIFY(!cfg.load(KernelConfigFile::pathFor(py))); // the bad tolerance is a load error
    QCOMPARE(cfg.diagnostics.size(), 1);
    QCOMPARE(cfg.diagnostics[0].line, 10);
    QVERIFY(cfg.diagnostics[0].message.contains(QLatin1String("tolerance")));
    QCOMPARE(cfg.configs.size(), 4);
    QCOMPARE(cfg.configs[0].line, 4);
    QCOMPARE(cfg.configs[0].col, 6);
    const QList<ConfigDiagnostic> diags = cfg.validate(m);
    QStringList messages;
    for (const ConfigDiagnostic &d : diags)
        messages.append(QStringLiteral("%1: %2").arg(d.line).arg(d.message));
    QCOMPARE(messages, (QStringList{
        QStringLiteral("10: config 'bad': variant 'SLOW' is not one of FAST, not_FAST"),
        QStringLiteral("10: config 'bad': parameter 0 (x) is named 'z' in the config"),
        QStringLiteral("10: config 'bad': parameter 0 (x): ndim 3, but the kernel uses it with rank 2"),
        QStringLiteral("10: config 'bad': parameter 0 (x): dimension 10 is not divisible by shape_divisible_by=16 that the reference export assumes"),
        QStringLiteral("10: config 'bad': parameter 1 (y): dtype float32, but the kernel stores it as float16"),
        QStringLiteral("10: config 'bad': parameter 1 (y): dimension 100 is not divisible by shape_divisible_by=16 that the reference export assumes"),
        QStringLiteral("10: config 'bad': parameter 2 (alpha) is scalar in the kernel, const in the config"),
        QStringLiteral("10: config 'bad': parameter 3 (N): ct.Constant[int] needs an integer"),
        QStringLiteral("10: config 'bad': parameter 4 (FAST): ct.Constant[bool] needs true or false"),
        QStringLiteral("16: config 'short': 0 parameter(s) given, kernel 'k' takes 5"),
        QStringLiteral("17: config 'other': no @ct.kernel named 'nope' in ") + py,
    }));
}

QTEST_GUILESS_MAIN(TestFrontendAnalysis)
namespace {

// The for statements of a module's first function, in source order.
void forStatements(TSNode n, QList<TSNode> &out)
{
    if (node::is(n, "for_statement"))
        out << n;
    for (TSNode c : node::children(n))
        forStatements(c, out);
}

QStringList sorted(const QSet<QString> &s)
{
    QStringList l(s.cbegin(), s.cend());
    l.sort();
    return l;
}

} // namespace

// Which names a loop carries: read before the body definitely binds them in
// the iteration, read after the loop, or read elsewhere in an enclosing loop.
void TestFrontendAnalysis::loopLiveness()
{
    const PythonSource src(QByteArrayLiteral(R"PY(def k(x, n):
    acc = 0
    t = x
    u = x
    w = x
    for i in range(n):
        t = x + i
        t = t * 2
        acc = acc + t
        if i:
            u = t
        else:
            u = acc
        v = u
        if i:
            w = v
        z = w
        for j in range(n):
            y = acc
            q = j
        p = q
    for m in range(n):
        s = m
        s = s + 1
    return acc, p, s
)PY"),
                           QStringLiteral("live.py"));
    const TSNode function = node::children(src.root()).front();
    QList<TSNode> loops;
    forStatements(function, loops);
    QCOMPARE(loops.size(), 3);
    const LoopLiveness outer(src, function, loops[0]);
    QCOMPARE(sorted(outer.assigned()), (QStringList{"acc", "j", "p", "q", "t", "u", "v", "w", "y", "z"}));
    // acc is read before this iteration binds it; w is bound on one path
    // only before `z = w` reads it; p is read after the loop; q is bound in
    // an inner loop that may run zero times, then read. t, u (both arms),
    // v, y and z are bound before every read: iteration-local.
    QCOMPARE(sorted(outer.carried()), (QStringList{"acc", "p", "q", "w"}));
    QVERIFY(!outer.isCarried(QStringLiteral("t")));
    // The inner loop: q is read after it (by `p = q`), y is not.
    const LoopLiveness inner(src, function, loops[1]);
    QCOMPARE(sorted(inner.carried()), QStringList{"q"});
    // s: read after the loop, so carried although the body binds it first.
    const LoopLiveness last(src, function, loops[2]);
    QCOMPARE(sorted(last.carried()), QStringList{"s"});
}

#include "tst_frontend_analysis.moc"
