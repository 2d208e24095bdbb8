// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "TritonImports.h"
#include "TritonKernel.h"
#include "TritonValue.h"

#include <QHash>
#include <QList>
#include <QSet>

namespace tileport::triton {

// Rewrites one @triton.jit kernel as an equivalent cuTile Python kernel.
// Pointer arithmetic, offsets and masks are evaluated symbolically; a
// tl.load/tl.store whose pointer is a strided view of a parameter (1-D
// offsets, row pointers, 2-D broadcast offsets, block pointers and their
// per-iteration advances) becomes ct.load/ct.store at tile indices, its mask
// becoming the view's bounds and `other=` its padding. What fits no view is
// recorded in kernel.unsupported with its Triton line:col; nothing is
// guessed. Each emitted line carries the Triton position it came from.
class TritonDesugarer
{
public:
    struct Line {
        QString text;
        int line = 0;
        int col = 0;
    };

    TritonDesugarer(const frontend::PythonSource &src, const TritonImports &imports, TSNode function,
                    TritonKernel &kernel);
    // The module's @triton.jit functions (inlined where called) and its
    // module-level values (constants such as `X: tl.constexpr = 1`).
    void setModule(const QHash<QString, TSNode> &jitFunctions, const QHash<QString, TSNode> &moduleValues)
    {
        m_jitFunctions = jitFunctions;
        m_moduleValues = moduleValues;
    }
    // The kernel's cuTile lines (decorator, def, body), or nothing when a
    // construct could not be mapped (kernel.unsupported says which).
    QList<Line> run();
    // The cuTile helper that tl.rand calls become (Philox-4x32, 10 rounds,
    // as triton.language.random: counter (offset, 0, 0, 0), key (seed low,
    // seed high), the first word mapped to [0, 1)); the analyzer adds it to
    // a module whose kernels call tl.rand.
    static QStringList philoxHelper();
    static QStringList erfHelper();
    static QString erfHelperName() { return QStringLiteral("_tileport_erf"); }
    static QString philoxHelperName() { return QStringLiteral("_tileport_philox_rand"); }

private:
    struct Failure {
        TSNode at;
        QString construct, reason; // empty construct: a consequence of an earlier failure
    };
    struct Restart {};
    struct Loop {
        QString iter;                           // the iteration number as cuTile text
        QHash<QString, QList<int>> advances;    // pointer -> tile steps per dim
    };

    // Statements (TritonDesugarer.cpp)
    void prescanParams();
    enum class ConstexprUse { Other, Condition, Value };
    ConstexprUse constexprUse(const QString &name) const;
    QList<TSNode> uses(const QString &name) const;
    QString presenceFlag(const QString &array);
    void noteTileOperand(TSNode operand, const TritonValue &other);
    QSet<QString> pointerNames(TSNode fn, int depth);
    void block(TSNode block);
    void statements(const QList<TSNode> &stmts, bool exits);
    void statement(TSNode stmt);
    void assignment(TSNode stmt);
    // Binds `name` to a value as an assignment statement `a` does.
    void bind(const QString &name, TritonValue v, TSNode a);
    // `a, b = ...`: a tuple of values, a helper returning a tuple, tl.split.
    void tupleAssignment(TSNode a, TSNode left, TSNode right);
    QList<TritonValue> tupleValues(TSNode right, int count);
    // Names assigned inside a branch or a loop of `body` (not at its top level).
    QSet<QString> reboundInBlocks(TSNode body) const;
    bool readBeforeBound(TSNode block, const QString &name) const;
    // Scalar parameters the kernel shows to be integers (m_intParams).
    void prescanIntParams();
    // Early returns: whether a statement holds one, and the kernel's exit flag.
    bool holdsReturn(TSNode n) const;
    QString exitFlag();
    void augmented(TSNode stmt);
    void forLoop(TSNode stmt);
    void ifChain(TSNode stmt);
    void whileLoop(TSNode stmt);
    QString scalarCondition(TSNode c, const QString &what);
    TritonValue stringComparison(TSNode n, const QString &op);
    void prescanAdvances(TSNode body, Loop &loop);
    QList<int> advanceSteps(const TritonValue &ptr, TSNode delta, bool tuple);
    void emit(const QString &text, TSNode at);
    [[noreturn]] void fail(TSNode at, const QString &construct, const QString &reason) const;

    // Expressions (TritonDesugarerExpressions.cpp; calls in TritonDesugarerCalls.cpp)
    TritonValue expr(TSNode n);
    TritonValue binary(TSNode n);
    TritonValue combine(const QString &op, const TritonValue &a, const TritonValue &b, TSNode ln, TSNode rn, TSNode n);
    TritonValue compare(TSNode n);
    TritonValue call(TSNode n);
    TritonValue languageCall(const QString &fn, TSNode n);
    TritonValue reduce(const QString &fn, TSNode n);
    TritonValue atomic(const QString &fn, TSNode n);
    TritonValue reshapeTo(TSNode x, const QList<TSNode> &dims);
    // tl.split(x): the two halves of the last axis (ct.extract); tl.join(a, b): ct.cat.
    QList<TritonValue> splitTile(TSNode call);
    TritonValue joinTiles(TSNode call);
    // A reshape's target dimensions: the list or tuple at position `at`
    // (keyword "shape"), or the positional arguments from `at` on.
    QList<TSNode> shapeArguments(TSNode call, int at) const;
    TritonValue tileOp(const QString &op, const TritonValue &a, const TritonValue &b, bool compare);
    QString text(const TritonValue &v, TSNode at);
    QString dtypeName(TSNode n);
    QStringList shapeOf(const TritonValue &v) const;
    TSNode argument(TSNode call, int pos, const char *keyword) const;

    // @triton.jit helpers and module constants (TritonDesugarerCalls.cpp)
    // A helper that returns a tuple gives its items in `items` (refused
    // where the call is used as one value, `items` null).
    TritonValue inlineCall(TSNode def, TSNode call, QList<TritonValue> *items = nullptr);
    bool moduleConstant(const QString &name, TritonValue *value);
    // Whether an expression is known when compiling (TritonDesugarerParams.cpp).
    bool compileTime(TSNode n);
    QString local(const QString &name) const { return m_prefix + name; }

    // Memory (TritonDesugarerMemory.cpp)
    TritonValue pointerAdd(TritonValue ptr, TSNode addend, TSNode at, bool subtract = false);
    void addTerms(TritonValue &ptr, TSNode e, const QString &stride, TSNode at);
    QList<ViewDim> resolveDims(const TritonValue &ptr, TSNode at);
    TritonValue load(TSNode n);
    void store(TSNode n);
    TritonValue loadFrom(const TritonValue &ptr, const QString &pad, TSNode n);
    void storeTo(const TritonValue &ptr, TSNode vn, TSNode n);
    TritonValue makeBlockPointer(TSNode n);
    // tl.make_tensor_descriptor and desc.load/desc.store (TritonDesugarerMemory.cpp)
    TritonValue makeTensorDescriptor(TSNode n);
    TritonValue descriptorBlock(const TritonValue &desc, TSNode offsets, TSNode n);
    bool descriptorAccess(TSNode call, TritonValue *loaded);
    QString viewIndex(const QList<ViewDim> &dims) const;
    QString viewShape(const QList<ViewDim> &dims) const;
    QString padding(TSNode mask, TSNode other);
    // The gather fallback (TritonDesugarerMemory.cpp): an array some access
    // of which fits no view is addressed flat through ct.gather/ct.scatter
    // everywhere (one rank per array), its pointers carrying element offsets.
    [[noreturn]] void toGather(const QString &array, const Failure &why);
    TritonValue gatherAdd(TritonValue ptr, TSNode addend, bool subtract);
    TritonValue gatherLoad(const TritonValue &ptr, TSNode n);
    void gatherStore(const TritonValue &ptr, TSNode n);
    QString gatherMask(TSNode mask, QStringList &shape, int &rank);
    QString offsetVar(const QString &pointer);
    void materializePointers(TSNode body, TSNode at);
    void markIntNames(TSNode e);
    static QStringList broadcastShape(const QStringList &a, const QStringList &b);

    const frontend::PythonSource &m_src;
    const TritonImports &m_imports;
    TSNode m_fn;
    TritonKernel &m_kernel;
    QList<Line> m_lines;
    QHash<QString, TritonValue> m_env;
    QHash<QString, TSNode> m_jitFunctions, m_moduleValues;
    QString m_prefix;       // names a helper's locals get where it is inlined
    QSet<QString> m_carriedSymbolic; // offsets/mask names a block carries as tile variables (materializePointers)
    int m_inlined = 0;      // helpers inlined so far (their prefixes)
    int m_inlineDepth = 0;
    bool m_returned = false; // the inlined helper's body has returned
    TritonValue m_returnValue;
    QList<TritonValue> m_returnItems; // a helper's `return a, b`
    QString m_exitFlag;               // set by a kernel's early returns ("" until one needs it)
    TSNode m_helperBody{};
    QHash<QString, int> m_arrayRank;
    QHash<QString, QString> m_gatherArrays; // array -> why no view fits (kept across restarts)
    QHash<QString, QString> m_offsetVars;   // pointer name -> its element-offset variable
    QList<Loop> m_loops;
    QSet<QString> m_intParams;
    QSet<QString> m_pointerParams, m_descriptorParams, m_constexprs;
    // tl.constexprs without a default used only in arithmetic: their uses;
    // those seen with a tile at each (kept across restarts) are run-time.
    QHash<QString, QSet<uint32_t>> m_valueConstexprs, m_tileOperands;
    QSet<QString> m_runtimeConstexprs;
    QStringList m_optionalPointers; // pointer parameters tested against None, in first-test order
    int m_indent = 1;
    bool m_lift = false; // row kernel: logical 1-D tiles live as (1, N)
    bool m_sawRowAccess = false;
    // How deep expr() and addTerms() have recursed: hostile nesting (a
    // 100,000-term sum) is refused at a bound instead of exhausting the stack.
    mutable int m_depth = 0;
    static constexpr int kMaxDepth = 200;
    struct DepthGuard {
        DepthGuard(const TritonDesugarer &d, TSNode at);
        ~DepthGuard() { --m_d.m_depth; }
        const TritonDesugarer &m_d;
    };
};

} // namespace tileport::triton
