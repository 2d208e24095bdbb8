// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ImportTable.h"
#include "KernelInfo.h"
#include "LoweringError.h"
#include "ModuleAnalysis.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

#include "tileport/Kir/DtypeSolver.h"
#include "tileport/Kir/KirOps.h"

#include <llvm/ADT/DenseSet.h>
#include <mlir/IR/Builders.h>

#include <QHash>
#include <QSet>

#include <functional>
#include <optional>

namespace tileport::frontend {
class LoopLiveness;
}

namespace tileport::rust {

// Builds the kernel IR of one `@ct.kernel` function: a kir.entry whose
// ops carry the Python source range they came from. It never prints; the
// passes (KirPasses.h) and the printer (KirRustPrinter.h) take it from here.
// Constructs it does not lower yet throw LoweringError with their
// file:line:col, as the legacy lowering does.
class KirLowering
{
public:
    KirLowering(const frontend::PythonSource &src, const frontend::ImportTable &imports,
                const frontend::ModuleAnalysis &analysis, const frontend::KernelInfo &kernel, TSNode function, mlir::MLIRContext *ctx);

    // Appends the entry to `module`; throws LoweringError.
    kir::EntryOp lower(mlir::ModuleOp module);

    // One entry per dtype the kernel tests its arrays against: the entry
    // named `entry` has the arrays of dtype variable `key` of `dtype`.
    void fixDtype(const QString &key, const QString &dtype) { m_fixedDtype.insert(key, dtype); }
    void setEntryName(const QString &entry) { m_entryName = entry; }
    struct DtypeTest {
        QString key;        // the dtype variable shared by the arrays
        QString dtype;      // Rust element type ("f32")
        QStringList arrays; // the array parameters with that dtype variable
        bool optional = false;
    };
    const QList<DtypeTest> &dtypeTests() const { return m_dtypeTests; }
    // Configs this entry refuses (a ct.static_assert on ct.Constants they
    // fail): the decisions that lead there, and why.
    struct RefusedArm {
        QList<QPair<QString, bool>> choices;
        LoweringError why;
    };
    const QList<RefusedArm> &refusedArms() const { return m_refusedArms; }

    // An `if` of the kernel on ct.Constants only whose arms bind different
    // types, or hold what the kernel IR does not lower, is decided per
    // entry: each entry is lowered with its conditions given. Such an `if`
    // met undecided throws SplitRequest.
    struct SplitRequest {
        uint32_t at;       // the condition's start byte
        QString condition; // its text: every `if` on it is decided alike
    };
    // `pin`: a decided `N == 4` makes N a literal from here on (a split's
    // decision, made before lowering; a static assertion's is not).
    void decide(uint32_t at, bool value, const QString &condition, bool pin = true);
    // `a if C else b` on ct.Constants where a compile-time form is needed
    // (`order="F" if TRANS else "C"`): the arm this entry's decision takes;
    // undecided, a SplitRequest. Any other node is itself.
    TSNode constantArm(TSNode n);
    std::optional<bool> decision(TSNode cond) const;

private:
    // What a Python expression is while lowering: an SSA value (scalar or
    // tile), a literal not given a type yet, an array, a dtype or a cuTile
    // enum member.
    struct Value {
        // RawMemory: an array's get_raw_memory() (ssa and name the array's);
        // View: its tiled_view(), the tile shape in `shape`, the padding
        // mode (cutile's name) in `padding`.
        // List: a list-of-arrays parameter (ssa the entry argument).
        enum class Kind { Ssa, Int, Float, Bool, Tensor, DType, Enum, Tuple, RawMemory, View, List };
        Kind kind = Kind::Ssa;
        mlir::Value ssa;
        qint64 integer = 0;
        double number = 0;
        mlir::Type dtype;
        QString name; // Enum: the qualified member
        QList<Value> items; // Tuple: its values, in order
        mlir::ArrayAttr shape; // View
        QString padding;       // View
        bool isTile() const { return kind == Kind::Ssa && llvm::isa<kir::TileType>(ssa.getType()); }
        bool isScalar() const { return kind == Kind::Ssa && !isTile(); }
        bool isLiteral() const { return kind == Kind::Int || kind == Kind::Float || kind == Kind::Bool; }
    };

    // Setup (KirLowering.cpp)
    void parameters(mlir::OpBuilder &top, mlir::ModuleOp module);
    bool namesIdentifier(TSNode n, const QString &name) const;
    [[noreturn]] void fail(TSNode at, const QString &construct, const QString &reason) const;
    mlir::Location loc() const;
    mlir::Type elem(const QString &rustName) const;
    mlir::Type unify(mlir::Type a, mlir::Type b, TSNode at, const QString &what);
    mlir::Type promotion(mlir::Type a, mlir::Type b);
    void recordDtypeTest(mlir::Type generic, mlir::Type concrete, TSNode at, const QString &what, bool optional = false);
    void offerInt64(mlir::Type a, mlir::Type b, TSNode at);
    mlir::Type commonElement(mlir::Type a, mlir::Type b, TSNode at);

    // Statements (KirLoweringStatements.cpp)
    void block(TSNode block);
    void statements(const std::vector<TSNode> &stmts, bool kernelBody);
    bool isEarlyExit(TSNode stmt) const;
    void earlyExit(TSNode ifNode, const std::vector<TSNode> &rest);
    void statement(TSNode stmt);
    void assignment(TSNode n);
    void augmentedAssignment(TSNode n);
    void bind(const QString &name, const Value &v, TSNode at);
    mlir::Value carriedInit(const QString &name, TSNode at, const QString &construct);
    mlir::Value literalAs(const Value &v, mlir::Type t, TSNode at, const QString &mismatch);
    void forStatement(TSNode n);
    void whileStatement(TSNode n);
    // What forStatement and whileStatement share (KirLoweringStatements.cpp).
    struct CarriedInits {
        llvm::SmallVector<mlir::Value> values;
        llvm::SmallVector<mlir::Type> types;
        std::vector<std::string> names; // as the loop's `carried` attribute spells them
    };
    QStringList carriedNames(TSNode body, const std::function<bool(const QString &)> &carries) const;
    CarriedInits carriedInits(const QStringList &carried, TSNode at);
    void bindLoopScope(const QHash<QString, Value> &saved, const frontend::LoopLiveness &liveness, const QStringList &carried,
                       mlir::ValueRange args);
    void loopBody(TSNode body, const QStringList &carried);
    void afterLoop(const QHash<QString, Value> &saved, const QStringList &carried, mlir::ValueRange results);
    void staticIteration(TSNode n, const QString &var, TSNode items);

    // Control flow (KirLoweringControl.cpp)
    struct IfArms {
        QList<TSNode> conditions, bodies; // the `if` and its `elif`s
        TSNode elseBody{};
    };
    static IfArms ifArms(TSNode ifNode);
    void ifStatement(TSNode n);
    void ifChain(QList<TSNode> conditions, QList<TSNode> bodies, TSNode elseBody, TSNode at);
    mlir::Value condition(const Value &c, TSNode at);
    Value booleanOperator(TSNode n);
    Value booleanCombination(const QString &op, const Value &a, const Value &b, TSNode l, TSNode r, TSNode at);
    Value negated(TSNode n);
    Value negatedValue(const Value &v, TSNode at);
    static Value boolLiteral(bool t);
    // `imported`: a helper of another module of the project, whose body is
    // read in that module (the arguments in the caller's).
    Value inlineHelper(TSNode call, const QString &name, const frontend::ImportedHelper *imported = nullptr);
    TSNode moduleFunction(const QString &name) const;
    const frontend::ImportTable *moduleImports(const frontend::ModuleAnalysis &module);
    TSNode decidedArm(TSNode ifNode);
    bool constantsOnly(TSNode n) const;
    // The function whose body is being lowered: the kernel, or the helper
    // being inlined.
    TSNode scopeFunction() const { return frontend::node::isNull(m_inlineFunction) ? m_function : m_inlineFunction; }
    bool reassigned(const QString &name) const;
    void store(TSNode call);

    // The kernel IR lowering family of each cuTile callable (CuTileApi.td).
    enum class ApiLowering {
#define TILEPORT_CUTILE_LOWERING(family) family,
#include "tileport/CuTileApi.inc"
    };
    static ApiLowering loweringOf(const QString &qualified);
    static ApiLowering methodLoweringOf(const QString &name);

    // Expressions (KirLoweringExpressions.cpp)
    Value expr(TSNode n);
    Value identifier(TSNode n);
    Value literal(const frontend::ConstantValue &c) const;
    // What a call that gives nothing returns (a store, a print): an Enum
    // value with no member, as `None` lowers.
    static Value noValue()
    {
        Value v;
        v.kind = Value::Kind::Enum;
        return v;
    }
    static Value literalInt(qint64 n)
    {
        Value v;
        v.kind = Value::Kind::Int;
        v.integer = n;
        v.number = double(n);
        return v;
    }
    Value binary(TSNode n);
    Value productSum(const QString &op, TSNode at, TSNode ln, TSNode rn);
    mlir::Value pythonMod(kir::TileType t, mlir::Value a, mlir::Value b);
    Value binaryValues(const QString &op, const Value &a, const Value &b, TSNode at, TSNode ln, TSNode rn);
    Value call(TSNode n);
    Value method(TSNode call);
    Value callFamily(TSNode call, ApiLowering family, const QString &name);
    Value mmaScaled(TSNode call);
    Value packBytes(TSNode call);
    Value unpackBytes(TSNode call);
    // Compile-time functions (KirLoweringCompileTime.cpp)
    Value staticEval(TSNode call);
    Value staticAssert(TSNode call);
    Value ensureConstant(TSNode call);
    Value assumeDivisible(TSNode call);
    Value divmodPair(TSNode call);
    void raiseStatement(TSNode stmt);
    Value item(TSNode call);
    Value permute(TSNode call, const QString &name);
    Value expandDims(TSNode call);
    Value broadcastTo(TSNode call);
    Value cat(TSNode call);
    // A tile dim as a derived-generic expression: a literal, a const
    // generic's name, or a derived generic's own expression.
    mlir::Attribute dimExpr(mlir::Attribute dim) const;
    Value arithFunction(TSNode call, const QString &name);
    Value conditional(TSNode n);
    Value matmulProduct(const Value &a, const Value &b, TSNode at);
    Value attribute(TSNode n);
    Value staticShape(mlir::ArrayAttr dims);
    Value creation(TSNode call, const QString &name);
    Value subscript(TSNode n);
    Value unary(TSNode n);
    void discardedExpression(TSNode e);
    Value foldLiterals(const QString &op, const Value &a, const Value &b, TSNode n);
    Value comparison(TSNode n, bool negate = false);
    Value compareValues(const QString &op, const Value &a, const Value &b, TSNode n, TSNode an, TSNode bn, bool negate = false);
    Value unaryValue(const QString &op, const Value &a, TSNode n, TSNode argNode);
    // ct.equal / ct.less / ... and ct.negative / ct.bitwise_not: the
    // operators' lowering under their function names.
    Value operatorFunction(TSNode c, const QString &name);
    Value scalarAsRank0(const Value &x, TSNode c, const QString &what);
    // ct.bitcast(x, dtype): the same bits as another dtype of one width.
    Value bitcast(TSNode c);
    // ct.atomic_add / max / min / and / or / xor / xchg: pointer lanes as a
    // scatter's, a read-modify-write; the old values.
    Value atomic(TSNode c, const QString &name);
    Value where(TSNode call);
    Value reshape(TSNode call, bool transpose);
    Value mma(TSNode call);
    Value unaryMath(TSNode call, const QString &fn);
    Value extremum(TSNode call, bool maximum);
    Value tileValue(TSNode n, TSNode call);
    Value reduction(TSNode call, const QString &kind);
    mlir::Value scalar(const Value &v, TSNode at);        // an i32 index component
    mlir::Value toTile(const Value &v, kir::TileType like, TSNode at);
    mlir::Value broadcastTile(mlir::Value v, kir::TileType like, TSNode at);
    mlir::ArrayAttr broadcastDims(mlir::ArrayAttr a, mlir::ArrayAttr b, TSNode at);
    TSNode argument(TSNode call, int pos, const char *keyword) const;

    // Gather and scatter (KirLoweringGather.cpp)
    struct Lanes {
        QList<Value> index;
        QList<TSNode> indexAt;
        mlir::ArrayAttr dims; // the lanes' shape: the indices' and mask's, broadcast
        bool checkBounds = true;
        Value mask;
        TSNode maskAt{};
        Value padding;
        TSNode paddingAt{};
        int latency = 0;
        mlir::Value rawOffset; // RawArrayMemory: the u64 element offsets given
    };
    Value laneArray(TSNode call, const QString &what);
    Lanes laneAccess(TSNode call, const QString &what, const Value &array);
    mlir::Value strideParam(const Value &array, unsigned axis, TSNode at);
    mlir::Value laneOffsets(const Value &array, const Lanes &g, TSNode at, mlir::Value *mask);
    Lanes rawLanes(TSNode call, const QString &what);
    void laneKeywords(TSNode call, const QString &what, Lanes &g);
    Value gather(TSNode call);
    // ct.print, ct.printf, ct.assert_ (KirLoweringDebug.cpp).
    struct PrintPiece;
    void stringPieces(TSNode string, QList<PrintPiece> &out, const QString &what);
    QString plainString(TSNode string, const QString &what);
    void valuePiece(TSNode e, QList<PrintPiece> &out, const QString &what);
    void checkPrintable(mlir::Type element, TSNode at, const QString &what);
    Value print(TSNode call, const QString &name);
    // ct.astile (KirLoweringAstile.cpp).
    Value astile(TSNode call);
    Value assertion(TSNode call);
    // Array methods: raw memory and tiled views (KirLoweringViews.cpp).
    Value arrayMethod(TSNode call, const QString &name, ApiLowering family, const Value &self);
    Value tiledView(TSNode call, const Value &array);
    Value viewAccess(TSNode call, const QString &name, const Value &view);
    void scatter(TSNode call);

    // Memory and conversion (KirLoweringMemory.cpp)
    struct MemoryOptions {
        QString padding = QStringLiteral("None");
        QString tma = QStringLiteral("Enabled"); // or a bool const generic's name
        mlir::Attribute latency;                 // an i32, a const generic's name, or none
        mlir::DenseI32ArrayAttr order;           // none: the identity
        mlir::StringAttr ordering, scope;        // none: weak (memory_order=, memory_scope=)
        bool plain() const { return tma == QLatin1String("Enabled") && !latency && !order && !ordering; }
    };
    MemoryOptions memoryOptions(TSNode call, const QString &what, kir::TensorType array);
    Value load(TSNode call);
    Value loadTile(TSNode call, const QString &what, const Value &array, const llvm::SmallVector<mlir::Value> &index, mlir::ArrayAttr shape,
                   const MemoryOptions &o);
    void storeTile(TSNode call, const QString &what, const Value &array, const llvm::SmallVector<mlir::Value> &index, TSNode tileNode,
                   const MemoryOptions &o, mlir::ArrayAttr viewShape);
    Value numTiles(TSNode call);
    Value astype(TSNode call, TSNode receiver);
    // `inferred`: one -1 is allowed (ct.reshape's), kept as the literal -1.
    mlir::ArrayAttr shapeArgument(TSNode n, bool inferred = false);
    // The dim that makes `known` hold as many elements as `total` (a
    // reshape's -1): factors cancel, so [TILE, 2] over [2] is TILE.
    mlir::Attribute quotientDim(mlir::ArrayAttr total, llvm::ArrayRef<mlir::Attribute> known, TSNode at);
    // A tile dim that is i32 arithmetic on const generics (`TILE // 2`), as
    // an expression attr: a generic's name, an integer, or [op, lhs, rhs];
    // null when `v` is anything else.
    mlir::Attribute derivedExpr(mlir::Value v, int depth = 0);
    // The const generic the entry takes for it (DerivedGeneric).
    QString derivedGeneric(mlir::Attribute expr);
    llvm::SmallVector<mlir::Value> indexArgument(TSNode n);
    mlir::Type dtypeArgument(TSNode n);

    // The module whose code is being lowered: the kernel's file, or while
    // a helper imported from another module of the project is inlined,
    // that module (its text, imports, constants and helpers).
    const frontend::PythonSource *m_src;
    const frontend::ImportTable *m_imports;
    const frontend::ModuleAnalysis *m_analysis;
    const frontend::PythonSource *m_kernelSrc; // the kernel's file
    frontend::SourceRange m_importSite;        // in an imported helper: the kernel file's call into it
    // The import tables of imported helpers' modules, built once each.
    QHash<const frontend::ModuleAnalysis *, std::shared_ptr<frontend::ImportTable>> m_moduleImports;
    const frontend::KernelInfo &m_kernel;
    TSNode m_function;

    mlir::MLIRContext *m_ctx = nullptr;
    mlir::OpBuilder m_b;
    kir::DtypeSolver m_solver;
    QHash<QString, Value> m_vars;
    // The names each enclosing `for` carries, innermost last: re-binding one
    // inside it keeps its type (a carried value is one type).
    QList<QStringList> m_carried;
    QSet<QString> m_constParams;
    QList<QPair<QString, mlir::Attribute>> m_derived; // derived generics, in order of first use
    QSet<QString> m_blockOutputs;
    QHash<QString, mlir::Value> m_strides; // the stride parameters added, by name
    std::vector<mlir::Type> m_promotedToF32; // array dtype variables promoted to f32
    QHash<QString, QString> m_fixedDtype;    // dtype variable key -> Rust element type
    QHash<QString, mlir::Type> m_dtypeKeys;  // dtype variable key -> its type here
    QList<DtypeTest> m_dtypeTests;
    QString m_entryName;
    QHash<uint32_t, bool> m_decided;           // condition start byte -> value
    QHash<QString, bool> m_decidedTexts;       // the same decisions by condition text
    QHash<QString, qint64> m_pinned;           // ct.Constant ints a decided condition fixes
    QList<QPair<QString, bool>> m_constChoices; // the decisions, in order
    QList<RefusedArm> m_refusedArms;
    frontend::SourceRange m_stmt; // the statement being lowered: every op's location
    // `t.m(...)` lowers as `ct.m(t, ...)`: the receiver is argument 0,
    // evaluated once.
    // Helper inlining: the helper's body, the prefix its names take in the
    // port (`uniform_1_h`), and how many calls were inlined so far.
    TSNode m_inlineFunction{};
    QString m_inlinePrefix;
    int m_inlineCount = 0;
    int m_inlineDepth = 0;
    // Values helpers returned: a caller's name re-binds them (the value
    // keeps the helper's source line, the name the caller's).
    llvm::DenseSet<mlir::Value> m_helperResults;
    TSNode m_methodCall{};
    TSNode m_methodSelf{};
    Value m_methodSelfValue;
};

} // namespace tileport::rust
