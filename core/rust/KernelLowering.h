// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <initializer_list>
#include <memory>

#include "EntrySignature.h"
#include "ImportTable.h"
#include "KernelInfo.h"
#include "LoweringError.h"
#include "ModuleAnalysis.h"
#include "PythonSource.h"
#include "RustLine.h"
#include "RustValue.h"

#include <QHash>
#include <QList>
#include <QSet>

namespace tileport::rust {

// "(a + b)" -> "a + b"; "(a) + (b)" stays.
QString stripOuterParens(const QString &e);

// Lowers the body of one `@ct.kernel` function to one `#[cutile::entry()]`
// function by walking its tree-sitter tree statement by statement. Every
// tile value is bound to a typed `let` (the cutile compiler infers little),
// broadcasts are made explicit, and anything outside the supported subset
// throws LoweringError rather than producing Rust of doubtful meaning.
class KernelLowering
{
public:
    KernelLowering(const frontend::PythonSource &src, const frontend::ImportTable &imports,
                   const frontend::ModuleAnalysis &analysis, const frontend::KernelInfo &kernel, TSNode function);

    // An array dtype the kernel compares against (`A.dtype == ct.float32`)
    // while the array's element type is still generic.
    struct DtypeTest {
        QString key;    // the dtype variable shared by the arrays
        QString dtype;  // Rust element type ("f32")
        QStringList arrays; // the array parameters with that dtype variable
        bool optional = false; // asked for by offerInt64: dropped if it does not lower
    };
    // Lowers the entry with the arrays of dtype variable `key` fixed to the
    // Rust element type `dtype`, named `entry`.
    void fixDtype(const QString &key, const QString &dtype, const QString &entry);
    // An `if` on ct.Constant parameters whose arms bind different tile
    // types: lowered again once per arm, with the condition decided.
    struct ConstSplit {
        uint32_t at = 0;   // the condition's first byte
        QString condition; // its Python text; empty: no split asked
    };
    void fixCondition(uint32_t at, bool value, const QString &condition);
    const ConstSplit &constSplit() const { return m_split; }
    // The innermost undecided `if` on ct.Constants around the construct the
    // last lowering failed on: deciding it may leave that construct in an
    // arm no config takes, so the other arm still becomes an entry.
    const ConstSplit &failureSplit() const { return m_failureSplit; }
    // Throws LoweringError.
    QList<RustLine> lower();
    const QList<DtypeTest> &dtypeTests() const { return m_dtypeTests; }
    const EntrySignature &signature() const { return m_signature; }

private:
    struct Variable {
        RustValue value;
        int loopDepth = 0;
        int letLine = -1; // index into m_body of its `let`, for a later `mut`
        // `t = x * y` that a later `+`/`-` contracts (KernelLoweringFma.cpp):
        // the lowered operands, the mul not emitted.
        struct Product {
            RustValue a, b;
            TSNode at;
        };
        std::shared_ptr<Product> product;
    };

    // Setup (KernelLowering.cpp)
    void classifyParams();
    void scanBlockOutputs(TSNode body);
    QList<RustLine> assemble();

    // Statements (KernelLoweringStatements.cpp)
    void block(TSNode block);
    void statement(TSNode stmt);
    void assignment(TSNode n);
    void augmentedAssignment(TSNode n);
    void assign(const QString &name, const RustValue &v, TSNode at);
    void forStatement(TSNode n);
    struct LoopSplit {
        TSNode ifNode{};    // the `if` the loop splits on (null: none)
        TSNode condition{}; // its condition
        TSNode constant{};  // the ct.Constant part `and`-ed to the comparison, if any
        TSNode bound{};     // the loop-invariant side of the comparison
        QString op;         // the comparison with the loop variable on the left
    };
    LoopSplit loopSplit(TSNode forNode, const QString &var);
    void rangeLoop(TSNode n, const QString &pyVar, const QString &lo, const QString &hi, const QString &step);
    bool reassignedLater(const QString &name) const;
    void requestSplit(int depth);
    void staticIteration(TSNode n, const QString &var, TSNode items);
    void staticRange(TSNode n, const QString &var, TSNode call);
    void exprStatement(TSNode n);
    void store(TSNode call);

    // Control flow and helpers (KernelLoweringControl.cpp)
    QString rustName(const QString &python) const;
    QString conditionText(const RustValue &c, TSNode at);
    bool constantsOnly(TSNode n) const;
    RustValue notOperator(TSNode n);
    RustValue negated(TSNode n);
    RustValue negatedValue(const RustValue &v, TSNode at);
    RustValue booleanOperator(TSNode n);
    RustValue booleanCombination(const QString &op, const RustValue &a, const RustValue &b, TSNode l, TSNode r, TSNode at);
    QString boolOperandText(const RustValue &c, TSNode at);
    void ifStatement(TSNode n);
    void ifChain(QList<TSNode> conditions, QList<TSNode> bodies, TSNode elseBody, TSNode at);
    QList<RustValue> branchArm(TSNode body, const QStringList &fresh, const QStringList &outer);
    QString armValueText(const RustValue &value, const RustValue &like, TSNode at);
    TSNode moduleFunction(const QString &name) const;
    RustValue inlineHelper(TSNode call, const QString &name);
    bool containsReturn(TSNode n) const;
    TSNode decidedArm(TSNode ifNode);

    // Expressions (KernelLoweringExpressions.cpp)
    RustValue expr(TSNode n);
    RustValue identifier(TSNode n);
    RustValue binary(TSNode n);
    RustValue fusedMultiplyAdd(TSNode n);
    void operandsType(std::initializer_list<const RustValue *> xs, TSNode at, QStringList *shape, QString *dtype);
    RustValue contract(const RustValue &a, const RustValue &b, const RustValue &c, bool productOnLeft, bool subtract,
                       const QString &dtype, const QStringList &shape, TSNode at);
    // fma contraction across names (KernelLoweringFma.cpp)
    void planProducts(TSNode body);
    bool deferProduct(TSNode assignment, RustValue *plain);
    RustValue materializeProduct(const QString &name);
    RustValue fusePlanned(TSNode sum, TSNode productSide);
    RustValue comparison(TSNode n, bool negate = false);
    RustValue unary(TSNode n);
    RustValue attribute(TSNode n);
    RustValue subscript(TSNode n);
    RustValue literalValue(const frontend::ConstantValue &c) const;
    RustValue tileBinary(const QString &op, const RustValue &a, const RustValue &b, TSNode at);
    RustValue scalarBinary(const QString &op, const RustValue &a, const RustValue &b, TSNode at);
    RustValue toTile(const RustValue &v, const QString &dtype, const QStringList &shape, TSNode at);
    // Two operands (one at least a tile) brought to one element type and the
    // broadcast shape, and a tile of that type bound to the result of `call`.
    struct TileOperands {
        QString dtype;
        QStringList shape;
        RustValue a, b;
        RustValue result(KernelLowering &k, const QString &call) const;
    };
    TileOperands tileOperands(const RustValue &a, const RustValue &b, TSNode at);
    QString entryHints() const; // the #[cutile::entry(...)] arguments
    // Python's promotion of two tile element types where it is decided
    // without a config (an array's generic type meeting f32, half meeting
    // f32, an integer tile meeting a float one); empty where the types are
    // unified instead.
    QString promotion(const QString &a, const QString &b);
    RustValue converted(const RustValue &v, const QString &dtype);
    QStringList broadcastShape(const QStringList &a, const QStringList &b, TSNode at) const;
    QString scalarText(const RustValue &v, TSNode at) const;
    QString literalText(const RustValue &v, const QString &dtype, TSNode at) const;

    // Python integer semantics (KernelLoweringIntegers.cpp)
    bool isIntegerLike(const QString &dtype) const;
    QString conversionFunction(const QString &from, const QString &to) const;
    QString integerTileOp(const QString &op, const QString &a, const QString &b, const QString &dtype,
                          const QStringList &shape, TSNode at);
    RustValue scalarIntegerOp(const QString &op, const RustValue &a, const RustValue &b, TSNode at);

    struct MemoryOptions {
        QString padding = QStringLiteral("None");
        QString latency = QStringLiteral("None");
        QString tma = QStringLiteral("Enabled");
        QString dimMap = QStringLiteral("dim_map::Identity");
        QString tmaParam; // allow_tma given by a ct.Constant[bool]
        bool plain() const
        {
            return tmaParam.isEmpty() && latency == QLatin1String("None") && tma == QLatin1String("Enabled") && dimMap == QLatin1String("dim_map::Identity");
        }
    };

    // One ct.gather/ct.scatter access, lowered as cuTile Python lowers
    // every one: per axis the index widened to u64 and broadcast to the
    // common index shape, bounds lanes `index < shape[axis]` and-ed
    // together, offsets `index * stride` summed, the base pointer broadcast
    // and offset (KernelLoweringGather.cpp).
    struct GatherAccess {
        QList<RustValue> index; // per array axis: an int32 scalar or tile
        QStringList shape;      // the common index shape: the result's
        bool checkBounds = true;
        int latencyCycles = 0;
        bool hasPadding = false; // ct.gather's padding_value given
        RustValue padding;       // a literal
        TSNode paddingAt{};
        bool hasMask = false;   // mask= given (not None)
        RustValue mask;
        TSNode maskAt{};
    };

    // Gather/scatter (KernelLoweringGather.cpp)
    GatherAccess gatherAccess(TSNode call, const QString &what, const RustValue &array);
    QString pointerLanes(const RustValue &array, const GatherAccess &g, TSNode at, QString *mask);
    QString wideIndex(const RustValue &index, const QStringList &shape, TSNode at);
    QString zeroScalar(const QString &dtype) const;
    RustValue gather(TSNode call);
    void scatter(TSNode call);

    struct MathOptions {
        QString ftz;      // "", "Enabled", "Disabled"
        QString rounding; // "" or a rounding:: marker
    };

    // cuTile calls (KernelLoweringCalls.cpp)
    RustValue call(TSNode n);
    RustValue cuTileCall(TSNode n, const QString &name);
    RustValue methodCall(TSNode n);
    RustValue builtinMinMax(TSNode n, const QString &fn);
    RustValue conditional(TSNode n);
    RustValue load(TSNode call);
    MemoryOptions memoryOptions(TSNode call, const QString &what, int rank, const QStringList &positional);
    QString dimMapArgument(TSNode value, int rank);
    RustValue astype(TSNode call);
    RustValue numTiles(TSNode call);
    RustValue mma(TSNode call);
    RustValue matmulProduct(const RustValue &a, const RustValue &b, TSNode at); // ct.matmul, a @ b
    // Asks for an entry with the arrays of dtype variable `placeholder`
    // fixed to `concrete`; an `optional` one is left out where it does not lower.
    void recordDtypeTest(const QString &placeholder, const QString &concrete, TSNode at, const QString &what,
                         bool optional = false);
    void offerInt64(const QString &a, const QString &b, TSNode at, const QString &what);
    RustValue reduction(TSNode call, const QString &fn);
    bool keepDims(TSNode keepNode);
    RustValue cumulativeSum(TSNode call);
    RustValue extract(TSNode call);
    void relabelReduced(RustValue &out);
    RustValue unaryMath(TSNode call, const QString &name);
    MathOptions mathOptions(TSNode call, const QString &what, const QStringList &positional);
    RustValue creation(TSNode call, const QString &name);
    RustValue reshape(TSNode call, bool transpose);
    RustValue where(TSNode call);
    TSNode argument(TSNode call, int pos, const char *keyword) const;
    QStringList shapeArgument(TSNode n);
    QString shapeDim(TSNode n);
    QString dtypeArgument(TSNode n);
    // gridIndex, when given, is cleared unless every component is a literal or a
    // block id: the indices cutile bounds at compile time or once at launch.
    QStringList indexArgument(TSNode n, bool *gridIndex = nullptr);
    RustValue tensorArgument(TSNode n);
    RustValue tileArgument(TSNode n);

    // Element types: generics ("TpDtype0") and scalars of unknown type
    // ("TpScalar0") are unified by data flow, as cuTile Python's dtype
    // inference would; see KernelLoweringTypes.cpp.
    QString resolve(const QString &dtype) const;
    QString unify(const QString &a, const QString &b, TSNode at, const QString &what);
    bool isFloatLike(const QString &dtype) const;
    QString finalDtype(const QString &text) const;

    // Output
    QString bind(const QString &expr, const QString &type);
    void emit(const QString &text);
    [[noreturn]] void fail(TSNode at, const QString &construct, const QString &reason) const;
    [[noreturn]] void fail(const frontend::SourceRange &at, const QString &construct, const QString &reason) const;
    // Refuses a statement that holds a construct the analyzer refused inside
    // an `if` on ct.Constants (the arm is then split off and dropped).
    void refuseGuarded(TSNode stmt) const;
    void pinDecidedConstants();

    const frontend::PythonSource &m_src;
    const frontend::ImportTable &m_imports;
    const frontend::ModuleAnalysis &m_analysis;
    const frontend::KernelInfo &m_kernel;
    TSNode m_function;

    EntrySignature m_signature;
    QHash<QString, QString> m_dtypeGeneric; // dtype variable ("T0") -> Rust generic ("E")
    QHash<QString, QString> m_fixedDtype;   // dtype variable -> element type, for a dtype entry
    QString m_entryName;
    QList<DtypeTest> m_dtypeTests;
    QHash<uint32_t, bool> m_fixedConditions;
    QHash<QString, bool> m_fixedConditionTexts; // the same decisions by condition text
    // ct.Constant ints a decided condition fixes (`N != 1` false, `N == 4`
    // true): lowered as literals, so shapes built from them are exact, and
    // left out of the entry's const generics.
    QHash<QString, qint64> m_pinnedConstants;
    QList<EntrySignature::ConstChoice> m_constChoices;
    // The `if`s on runtime values or const generics being lowered, innermost
    // last, with the depth of their arms: a name of an outer scope that an
    // arm re-binds with another type asks for a split on the innermost one
    // that reads only ct.Constants.
    struct OpenIf {
        TSNode condition;
        int armDepth = 0;
        bool kernelConstants = false; // a condition of the kernel itself that reads only ct.Constants
    };
    QList<OpenIf> m_openIfs;
    QSet<uint32_t> m_plannedBodies; // function bodies planProducts has seen
    QSet<uint32_t> m_productDefs;   // `t = x * y` statements that contract
    QSet<uint32_t> m_productUses;   // the reads of t that contract them
    // Names whose current value is a float `mul` that was emitted (`s = s *
    // g`): Python's contraction tries the lhs product of `s + x * y` first
    // and, that mul having other uses, contracts nothing.
    QSet<QString> m_mulBound;
    // name now holds `value`; `product`: its right side was a `*` (KernelLoweringFma.cpp)
    void noteMulBound(const QString &name, bool product, const RustValue &value);
    void forgetMulBound(TSNode body); // the names a loop or `if` binds
    QSet<QString> m_unitLastStride; // arrays a gather/scatter offsets with a constant last stride
    ConstSplit m_split;
    mutable ConstSplit m_failureSplit;
    RustValue dtypeComparison(const QString &op, const RustValue &a, const RustValue &b, TSNode at);
    QHash<QString, Variable> m_vars;
    QSet<QString> m_constParams;            // int/bool ct.Constant -> const generics
    QSet<QString> m_blockOutputs;           // arrays stored only at the block index
    QHash<QString, QStringList> m_blockOutputShape;
    QHash<QString, QString> m_dtypeParent;  // union-find over dtype placeholders
    QSet<QString> m_promotedToF32;          // generic types promoted to f32 (an f64 array would promote to f64)
    QStringList m_typeVars;                 // TpDtype placeholders in first-use order
    QHash<QString, QString> m_finalNames;   // placeholder -> E / E0.. / concrete (assemble)
    QList<RustLine> m_body;
    int m_indent = 1;
    int m_loopDepth = 0;
    int m_temp = 0;
    QString m_lastTemp;      // the temporary bound by the last emitted line ...
    QString m_lastTempValue; // ... and its initializer, folded into a named let
    QString m_inlinePrefix;  // renames the locals of an inlined helper
    int m_inlineDepth = 0;
    TSNode m_inlineFunction{}; // the helper whose body is being inlined
    int m_inlineCount = 0;
    TSNode m_methodCall{};   // the call being lowered as `self.method(...)` ...
    TSNode m_methodSelf{};   // ... and its receiver, argument 0
    RustValue m_methodSelfValue; // the receiver, lowered once (a load must not be emitted twice)
    int m_pyLine = 0;
    int m_pyEndLine = 0;
};

} // namespace tileport::rust
