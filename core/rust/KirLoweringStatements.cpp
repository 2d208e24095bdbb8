// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Statements into the kernel IR: assignments and stores.
#include "KirLowering.h"

#include "BoundNames.h"
#include "KirNames.h"
#include "LoopLiveness.h"
#include "SyntaxNode.h"

#include <functional>

namespace tileport::rust {

using namespace tileport::frontend;

// An expression whose value nobody reads (`t.astype(ct.float32)` on its
// own line): lowered, so that what does not lower is still refused; its
// side-effect-free ops are dead code, which lower() removes at the end as
// cuTile Python's dead code elimination does.
void KirLowering::discardedExpression(TSNode e) { (void)expr(e); }

void KirLowering::block(TSNode blk)
{
    const bool kernelBody = m_inlineDepth == 0 && m_src == m_kernelSrc && ts_node_eq(blk, node::field(m_function, "body"));
    statements(node::children(blk), kernelBody);
}

// Statements in order. In the kernel's own body (`kernelBody`) a `return`
// ends the kernel: a bare one last is nothing, and `if c: ..; return`
// makes the statements after it the if's else arm (earlyExit).
void KirLowering::statements(const std::vector<TSNode> &stmts, bool kernelBody)
{
    for (size_t i = 0; i < stmts.size(); ++i) {
        const TSNode s = stmts[i];
        if (kernelBody && node::is(s, "return_statement") && node::children(s).empty() && i + 1 == stmts.size())
            return;
        if (kernelBody && isEarlyExit(s)) {
            earlyExit(s, std::vector<TSNode>(stmts.begin() + std::ptrdiff_t(i) + 1, stmts.end()));
            return;
        }
        statement(s);
    }
}

// `if c: [..] return` with no elif or else, the return bare.
bool KirLowering::isEarlyExit(TSNode s) const
{
    if (!node::is(s, "if_statement") || !node::isNull(node::field(s, "alternative")))
        return false;
    const auto body = node::children(node::field(s, "consequence"));
    return !body.empty() && node::is(body.back(), "return_statement") && node::children(body.back()).empty();
}

void KirLowering::earlyExit(TSNode ifNode, const std::vector<TSNode> &rest)
{
    const SourceRange saved = m_stmt;
    m_stmt = m_src->range(ifNode);
    const TSNode condNode = node::field(ifNode, "condition");
    std::vector<TSNode> then = node::children(node::field(ifNode, "consequence"));
    then.pop_back(); // the return
    const std::optional<bool> decided = decision(condNode);
    const Value c = decided ? boolLiteral(*decided) : expr(condNode);
    if (c.isLiteral()) { // a decided or module-constant condition: one arm
        m_stmt = saved;
        statements(c.number != 0.0 || c.integer != 0 ? then : rest, true);
        return;
    }
    const mlir::Value cond = condition(c, condNode);
    auto op = kir::IfOp::create(m_b, loc(), mlir::TypeRange{}, cond, mlir::ValueRange{}, m_b.getStrArrayAttr({}), m_b.getStrArrayAttr({}));
    m_stmt = saved;
    const QHash<QString, Value> vars = m_vars;
    const std::vector<TSNode> &thenArm = then;
    for (auto [region, arm] : {std::pair{&op.getThenRegion(), &thenArm}, std::pair{&op.getElseRegion(), &rest}}) {
        region->push_back(new mlir::Block());
        mlir::OpBuilder::InsertionGuard guard(m_b);
        m_b.setInsertionPointToEnd(&region->front());
        statements(*arm, true); // nothing follows either arm: the kernel ends
        kir::YieldOp::create(m_b, loc(), mlir::ValueRange{});
        m_vars = vars;
    }
}

void KirLowering::statement(TSNode stmt)
{
    const SourceRange saved = m_stmt;
    m_stmt = m_src->range(stmt);
    const auto type = node::type(stmt);
    // A compound statement's body reaches here statement by statement: an
    // unsupported construct inside an `if` on ct.Constants splits on it.
    if (type != "for_statement" && type != "if_statement" && type != "while_statement" && m_src == m_kernelSrc)
        for (const UnsupportedConstruct &u : m_kernel.unsupported)
            if (m_stmt.contains(u.range))
                throw LoweringError{u.range, u.construct, u.reason};
    if (type == "expression_statement") {
        const auto ch = node::children(stmt);
        const auto importedHelper = [&](TSNode e) -> const frontend::ImportedHelper * {
            return node::is(e, "call") && node::is(node::field(e, "function"), "identifier")
                       ? m_analysis->importedHelper(m_src->text(node::field(e, "function")))
                       : nullptr;
        };
        if (ch.size() != 1)
            fail(stmt, QStringLiteral("expression statement"), QStringLiteral("several expressions in one statement"));
        const TSNode e = ch.front();
        if (node::is(e, "assignment"))
            assignment(e);
        else if (node::is(e, "augmented_assignment"))
            augmentedAssignment(e);
        else if (node::is(e, "string"))
            ; // a docstring
        else if (node::is(e, "call") && loweringOf(m_imports->resolve(*m_src, node::field(e, "function"))) == ApiLowering::Store)
            store(e);
        else if (node::is(e, "call") && loweringOf(m_imports->resolve(*m_src, node::field(e, "function"))) == ApiLowering::Scatter)
            scatter(e);
        else if (node::is(e, "call") && node::is(node::field(e, "function"), "identifier")
                 && m_imports->resolve(*m_src, node::field(e, "function")).isEmpty() && m_analysis->helper(m_src->text(node::field(e, "function"))))
            inlineHelper(e, m_src->text(node::field(e, "function"))); // a helper called for what it stores
        else if (const frontend::ImportedHelper *h = importedHelper(e))
            inlineHelper(e, h->name, h);
        else
            discardedExpression(e);
    } else if (type == "for_statement") {
        forStatement(stmt);
    } else if (type == "while_statement") {
        whileStatement(stmt);
    } else if (type == "if_statement") {
        ifStatement(stmt);
    } else if (type == "raise_statement") {
        raiseStatement(stmt);
    } else if (type != "pass_statement") {
        fail(stmt, QString::fromUtf8(type.data(), qsizetype(type.size())).replace(QLatin1Char('_'), QLatin1Char(' ')),
             QStringLiteral("not lowered to the kernel IR yet"));
    }
    m_stmt = saved;
}

// `x = e`: the op that made e's value takes the name x (Rust shadowing
// gives a re-bound name a fresh `let`); literals, dtypes and enum members
// are aliases, used where they are named.
void KirLowering::assignment(TSNode n)
{
    const TSNode left = node::field(n, "left");
    const TSNode right = node::field(n, "right");
    // `x: ct.Tile = e` is `x = e`, and a bare `x: int` nothing: cuTile
    // Python reads no annotation in a kernel body.
    if (!node::isNull(node::field(n, "type")) && node::isNull(right))
        return;
    if (node::isNull(right) || node::is(right, "assignment"))
        fail(n, QStringLiteral("chained assignment"), QStringLiteral("not lowered"));
    if (node::is(left, "pattern_list") || node::is(left, "tuple_pattern")) {
        // `a, b = x, y`: the whole right side first, as in Python.
        const auto targets = node::children(left);
        const Value v = expr(right);
        if (v.kind != Value::Kind::Tuple || v.items.size() != qsizetype(targets.size()))
            fail(n, QStringLiteral("tuple assignment"), QStringLiteral("the right side must give exactly %1 values").arg(targets.size()));
        for (size_t i = 0; i < targets.size(); ++i)
            if (!node::is(targets[i], "identifier"))
                fail(targets[i], QStringLiteral("assignment target"), QStringLiteral("only plain names can be assigned"));
        for (size_t i = 0; i < targets.size(); ++i)
            bind(m_src->text(targets[i]), v.items[qsizetype(i)], n);
        return;
    }
    if (!node::is(left, "identifier"))
        fail(left, QStringLiteral("assignment target"), QStringLiteral("only plain names can be assigned"));
    bind(m_src->text(left), expr(right), n);
}

// `x op= e`: x's value and e's, then the operator, as Python evaluates it.
void KirLowering::augmentedAssignment(TSNode n)
{
    const TSNode left = node::field(n, "left");
    if (!node::is(left, "identifier"))
        fail(left, QStringLiteral("assignment target"), QStringLiteral("only plain names can be assigned"));
    QString op = QString::fromUtf8(node::operatorOf(n).data(), qsizetype(node::operatorOf(n).size()));
    op.chop(1); // "+=" -> "+"
    const Value a = identifier(left);
    const TSNode right = node::unparen(node::field(n, "right"));
    const Value b = expr(right);
    bind(m_src->text(left), binaryValues(op, a, b, n, left, right), n);
}

void KirLowering::bind(const QString &name, const Value &v, TSNode n)
{
    // A ct.Constant's name may be bound again (a helper's local of the same
    // name, or the kernel's own): the new value shadows it, as in Python.
    if (m_vars.contains(name) && m_vars.value(name).kind == Value::Kind::Tensor)
        fail(n, QStringLiteral("assignment"), QStringLiteral("'%1' is an array parameter; bind the value to a new name").arg(name));
    // An item of a list parameter is a view made in the body, which a name
    // may hold; an array parameter itself is not re-bound.
    if (v.kind == Value::Kind::Tensor && llvm::isa<mlir::BlockArgument>(v.ssa))
        fail(n, QStringLiteral("assignment"), QStringLiteral("aliasing an array is not lowered; use the parameter itself"));
    if (v.kind == Value::Kind::List)
        fail(n, QStringLiteral("assignment"), QStringLiteral("aliasing a list is not lowered; use the parameter itself"));
    // A tuple local (`idx = (ct.bid(0), 0)`) is a name for its items, which
    // are values already; re-binding it inside a loop or an if arm is not.
    bool carried = false;
    for (const QStringList &names : std::as_const(m_carried))
        carried = carried || names.contains(name);
    Value bound = v;
    if (v.isLiteral() && carried && m_vars.value(name).kind == Value::Kind::Ssa) {
        // A carried name keeps its type: the literal becomes a value of it.
        bound.kind = Value::Kind::Ssa;
        bound.ssa = literalAs(v, m_vars.value(name).ssa.getType(), n, QStringLiteral("'%1' is re-bound to a literal of another type").arg(name));
    } else if (v.isLiteral() && reassigned(name)) {
        // `cnt = 0` then `cnt += 1`: a typed local, not a literal alias.
        if (v.kind == Value::Kind::Bool)
            fail(n, QStringLiteral("assignment"), QStringLiteral("a bool literal re-bound later is not lowered to the kernel IR yet"));
        bound.kind = Value::Kind::Ssa;
        bound.ssa = kir::ConstantOp::create(m_b, loc(), v.kind == Value::Kind::Int ? mlir::Type(m_b.getI32Type()) : mlir::Type(m_b.getF32Type()),
                                            v.kind == Value::Kind::Int ? mlir::Attribute(m_b.getI64IntegerAttr(v.integer))
                                                                       : mlir::Attribute(m_b.getF64FloatAttr(v.number)));
    } else if (carried && v.kind != Value::Kind::Ssa) {
        fail(n, QStringLiteral("carried variable"), QStringLiteral("'%1' is re-bound to a non-value inside a loop or an if arm").arg(name));
    }
    if (bound.kind == Value::Kind::Ssa) {
        if (carried) {
            // A carried value keeps its type: its element type unifies, its
            // kind and shape must agree.
            const mlir::Type old = m_vars.value(name).ssa.getType(), now = bound.ssa.getType();
            auto to = llvm::dyn_cast<kir::TileType>(old), tn = llvm::dyn_cast<kir::TileType>(now);
            std::string why;
            if (bool(to) != bool(tn) || (to && to.getDims() != tn.getDims())
                || !m_solver.unify(kir::elementTypeOf(old), kir::elementTypeOf(now), &why))
                fail(n, QStringLiteral("loop-carried variable"), QStringLiteral("'%1' changes type inside a loop or an if arm").arg(name));
        }
        mlir::Operation *def = bound.ssa.getDefiningOp();
        // The op just built takes the name; a value that already has one
        // (a parameter, an earlier name) is re-bound.
        if (!def || def->hasAttr("kir.name") || def != &m_b.getInsertionBlock()->back() || m_helperResults.contains(bound.ssa)) {
            bound.ssa = kir::RebindOp::create(m_b, loc(), bound.ssa.getType(), bound.ssa);
            def = bound.ssa.getDefiningOp();
        }
        def->setAttr("kir.name", m_b.getStringAttr((m_inlinePrefix + name).toStdString()));
    } else if (bound.kind == Value::Kind::Tensor) {
        // A list item just read takes the name (its view is a Rust local).
        mlir::Operation *def = bound.ssa.getDefiningOp();
        if (def && !def->hasAttr("kir.name") && def == &m_b.getInsertionBlock()->back())
            def->setAttr("kir.name", m_b.getStringAttr((m_inlinePrefix + name).toStdString()));
    }
    m_vars.insert(name, bound);
}

// `for v in range(...)`: the names the body re-binds and a later iteration
// or the code after the loop reads (LoopLiveness) are carried values of a
// kir.for; the other names the body binds are its own, fresh each time.
void KirLowering::forStatement(TSNode n)
{
    const TSNode left = node::field(n, "left");
    const TSNode right = node::unparen(node::field(n, "right"));
    if (!node::isNull(node::field(n, "alternative")))
        fail(n, QStringLiteral("for-else"), QStringLiteral("not lowered"));
    if (!node::is(left, "identifier"))
        fail(left, QStringLiteral("for loop target"), QStringLiteral("only a plain name can be the loop variable"));
    if (node::is(right, "call") && m_imports->resolve(*m_src, node::field(right, "function")) == QLatin1String("cuda.tile.static_iter")) {
        staticIteration(n, m_src->text(left), node::positional(right, 0));
        return;
    }
    if (!node::is(right, "call") || m_src->text(node::field(right, "function")) != QLatin1String("range") || m_imports->binds(QStringLiteral("range")))
        fail(right, QStringLiteral("for loop"), QStringLiteral("only `for name in range(...)` is lowered to the kernel IR yet"));
    const auto items = node::children(node::field(right, "arguments"));
    for (TSNode a : items)
        if (node::is(a, "keyword_argument") || node::is(a, "list_splat"))
            fail(a, QStringLiteral("range"), QStringLiteral("keyword or splat arguments"));
    if (items.empty() || items.size() > 3)
        fail(right, QStringLiteral("range"), QStringLiteral("takes one to three arguments"));
    mlir::Value lo, hi, step;
    if (items.size() == 1) {
        lo = scalar(literalInt(0), items[0]);
        hi = scalar(expr(items[0]), items[0]);
    } else {
        lo = scalar(expr(items[0]), items[0]);
        hi = scalar(expr(items[1]), items[1]);
        if (items.size() == 3) {
            const Value st = expr(items[2]);
            if (st.kind == Value::Kind::Int && st.integer <= 0)
                fail(items[2], QStringLiteral("range"), QStringLiteral("only a positive step is lowered"));
            if (st.kind != Value::Kind::Int || st.integer != 1)
                step = scalar(st, items[2]);
        }
    }
    // Carried: re-bound in the body, read by a later iteration or after the
    // loop, and bound before it; in the order the body first binds them.
    const frontend::LoopLiveness liveness(*m_src, scopeFunction(), n);
    const QStringList carried = carriedNames(node::field(n, "body"), [&](const QString &name) { return liveness.isCarried(name); });
    const CarriedInits in = carriedInits(carried, n);
    const QString var = m_src->text(left);
    llvm::SmallVector<llvm::StringRef> names(in.names.begin(), in.names.end());
    auto loop = kir::ForOp::create(m_b, loc(), lo, hi, step, in.values, (m_inlinePrefix + var).toStdString(), names);
    const QHash<QString, Value> saved = m_vars;
    bindLoopScope(saved, liveness, carried, loop.getBodyBlock()->getArguments().drop_front());
    Value index;
    index.ssa = loop.getInductionVar();
    m_vars.insert(var, index);
    {
        mlir::OpBuilder::InsertionGuard guard(m_b);
        m_b.setInsertionPointToEnd(loop.getBodyBlock());
        loopBody(node::field(n, "body"), carried);
    }
    afterLoop(saved, carried, loop.getResults());
}

// The names a loop carries, in the order its body first binds them: names
// the body re-binds that `carries` says a later read needs and that are
// bound before the loop.
QStringList KirLowering::carriedNames(TSNode body, const std::function<bool(const QString &)> &carries) const
{
    QStringList carried;
    std::function<void(TSNode)> targets = [&](TSNode x) {
        if (node::is(x, "assignment") || node::is(x, "augmented_assignment")) {
            const QString name = m_src->text(node::field(x, "left"));
            if (carries(name) && m_vars.contains(name) && !carried.contains(name))
                carried << name;
        }
        for (TSNode c : node::children(x))
            targets(c);
    };
    targets(body);
    return carried;
}

KirLowering::CarriedInits KirLowering::carriedInits(const QStringList &carried, TSNode at)
{
    CarriedInits out;
    for (const QString &name : carried) {
        out.values.push_back(carriedInit(name, at, QStringLiteral("loop-carried variable")));
        out.types.push_back(out.values.back().getType());
        out.names.push_back((m_inlinePrefix + name).toStdString()); // a helper's names carry its prefix
    }
    return out;
}

// A loop region's scope: the names before the loop, less those the body
// binds afresh in each iteration, with the carried names as `args`.
void KirLowering::bindLoopScope(const QHash<QString, Value> &saved, const frontend::LoopLiveness &liveness, const QStringList &carried,
                                mlir::ValueRange args)
{
    m_vars = saved;
    for (const QString &name : liveness.assigned())
        if (!carried.contains(name) && m_vars.contains(name) && m_vars.value(name).kind != Value::Kind::Tensor)
            m_vars.remove(name);
    for (int i = 0; i < int(carried.size()); ++i) {
        Value v;
        v.ssa = args[unsigned(i)];
        m_vars.insert(carried[i], v);
    }
}

// The body at the insertion point, then the carried names' values yielded.
void KirLowering::loopBody(TSNode body, const QStringList &carried)
{
    m_carried << carried;
    block(body);
    m_carried.removeLast();
    llvm::SmallVector<mlir::Value> next;
    for (const QString &name : carried)
        next.push_back(m_vars.value(name).ssa);
    kir::YieldOp::create(m_b, loc(), next);
}

// After a loop: the names before it, the carried ones bound to `results`.
void KirLowering::afterLoop(const QHash<QString, Value> &saved, const QStringList &carried, mlir::ValueRange results)
{
    m_vars = saved;
    for (int i = 0; i < int(carried.size()); ++i) {
        Value v;
        v.ssa = results[unsigned(i)];
        m_vars.insert(carried[i], v);
    }
}

// `while cond:`: a kir.while whose carried values are the names the body
// re-binds that the condition, a later iteration or the code after the loop
// reads; the condition is lowered over them in a region of its own.
void KirLowering::whileStatement(TSNode n)
{
    if (!node::isNull(node::field(n, "alternative")))
        fail(n, QStringLiteral("while-else"), QStringLiteral("not lowered"));
    const TSNode condNode = node::field(n, "condition");
    const frontend::LoopLiveness liveness(*m_src, scopeFunction(), n);
    QSet<QString> condReads;
    std::function<void(TSNode)> reads = [&](TSNode x) {
        if (node::is(x, "identifier"))
            condReads.insert(m_src->text(x));
        for (TSNode c : node::children(x))
            reads(c);
    };
    reads(condNode);
    const QStringList carried = carriedNames(node::field(n, "body"), [&](const QString &name) {
        return liveness.isCarried(name) || condReads.contains(name);
    });
    const CarriedInits in = carriedInits(carried, n);
    llvm::SmallVector<llvm::StringRef> names(in.names.begin(), in.names.end());
    auto loop = kir::WhileOp::create(m_b, loc(), in.types, in.values, m_b.getStrArrayAttr(names));
    const QHash<QString, Value> saved = m_vars;
    const auto enter = [&](mlir::Region &region) {
        mlir::Block *b = new mlir::Block();
        region.push_back(b);
        for (mlir::Type t : in.types)
            b->addArgument(t, loc());
        bindLoopScope(saved, liveness, carried, b->getArguments());
        return b;
    };
    {
        mlir::OpBuilder::InsertionGuard guard(m_b);
        m_b.setInsertionPointToEnd(enter(loop.getCond()));
        const mlir::Value c = condition(expr(condNode), condNode);
        kir::YieldOp::create(m_b, loc(), mlir::ValueRange{c});
    }
    {
        mlir::OpBuilder::InsertionGuard guard(m_b);
        m_b.setInsertionPointToEnd(enter(loop.getBody()));
        loopBody(node::field(n, "body"), carried);
    }
    afterLoop(saved, carried, loop.getResults());
}

// Whether the kernel binds `name` more than once.
bool KirLowering::reassigned(const QString &name) const
{
    int count = 0;
    std::function<void(TSNode)> walk = [&](TSNode n) {
        if (node::is(n, "assignment") || node::is(n, "augmented_assignment"))
            if (m_src->text(node::field(n, "left")) == name)
                ++count;
        for (TSNode c : node::children(n))
            walk(c);
    };
    walk(scopeFunction());
    return count > 1;
}

void KirLowering::store(TSNode c)
{
    const TSNode arrayNode = argument(c, 0, "array");
    const TSNode indexNode = argument(c, 1, "index");
    const TSNode tileNode = argument(c, 2, "tile");
    if (node::isNull(arrayNode) || node::isNull(indexNode) || node::isNull(tileNode))
        fail(c, QStringLiteral("ct.store"), QStringLiteral("needs array, index= and tile="));
    const Value array = expr(arrayNode);
    if (array.kind != Value::Kind::Tensor)
        fail(arrayNode, QStringLiteral("array argument"), QStringLiteral("expected an array parameter"));
    auto tensor = llvm::cast<kir::TensorType>(array.ssa.getType());
    const MemoryOptions o = memoryOptions(c, QStringLiteral("ct.store"), tensor);
    storeTile(c, QStringLiteral("ct.store"), array, indexArgument(indexNode), tileNode, o, {});
}

// A tile stored into `array` at a tile index: ct.store's and a tiled
// view's store (`viewShape`: the view's tile shape, which the tile is
// broadcast to, as cuTile Python broadcasts it).
void KirLowering::storeTile(TSNode c, const QString &what, const Value &array, const llvm::SmallVector<mlir::Value> &index, TSNode tileNode,
                            const MemoryOptions &o, mlir::ArrayAttr viewShape)
{
    auto tensor = llvm::cast<kir::TensorType>(array.ssa.getType());
    Value tile = expr(tileNode);
    if (!tile.isTile())
        fail(tileNode, QStringLiteral("tile argument"), QStringLiteral("expected a tile"));
    auto tileType = llvm::cast<kir::TileType>(tile.ssa.getType());
    if (viewShape && !viewShape.empty() && tileType.getDims() != viewShape) {
        tileType = kir::TileType::get(m_ctx, viewShape, tileType.getElementType());
        tile.ssa = broadcastTile(tile.ssa, tileType, tileNode);
    }
    if (tileType.getRank() == 0 && tensor.getRank() > 0) {
        // A rank-0 tile (a full reduction) is stored as a tile of ones of
        // the array's rank, as cuTile Python reshapes it.
        llvm::SmallVector<mlir::Attribute> ones(tensor.getRank(), kir::literalDim(m_ctx, 1));
        tileType = kir::TileType::get(m_ctx, m_b.getArrayAttr(ones), tileType.getElementType());
        tile.ssa = kir::ReshapeOp::create(m_b, loc(), tileType, tile.ssa);
    }
    unify(tileType.getElementType(), tensor.getElementType(), tileNode, what);
    if (tileType.getRank() != tensor.getRank() || index.size() != tensor.getRank())
        fail(c, what, QStringLiteral("tile rank %1 and index rank %2 must equal the array rank %3")
                                                .arg(tileType.getRank()).arg(index.size()).arg(tensor.getRank()));
    if (m_blockOutputs.contains(array.name) && o.plain()) {
        // The one store of a block output fixes its partition.
        auto arg = llvm::cast<mlir::BlockArgument>(array.ssa);
        arg.setType(kir::TensorType::get(m_ctx, tensor.getElementType(), tensor.getRank(), tileType.getDims()));
        auto entry = llvm::cast<kir::EntryOp>(arg.getOwner()->getParentOp());
        llvm::SmallVector<mlir::Type> inputs(entry.getFunctionType().getInputs());
        inputs[arg.getArgNumber()] = arg.getType();
        entry.setFunctionTypeAttr(mlir::TypeAttr::get(m_b.getFunctionType(inputs, {})));
    }
    kir::StoreOp::create(m_b, loc(), tile.ssa, array.ssa, index, o.latency,
                         o.tma == QLatin1String("Enabled") ? mlir::StringAttr() : m_b.getStringAttr(o.tma.toStdString()), o.ordering,
                         o.scope);
}

// `for t in ct.static_iter(...)`: unrolled while lowering. Over
// range(...) of literal bounds the copies follow one another in one scope
// (a name one copy re-binds is what the next reads, as in the unrolled
// Python); over a tuple each copy is a block of its own with its item.
void KirLowering::staticIteration(TSNode n, const QString &var, TSNode items)
{
    items = node::unparen(items);
    const TSNode body = node::field(n, "body");
    const bool had = m_vars.contains(var);
    const Value before = m_vars.value(var);
    const auto restore = [&]() {
        if (had)
            m_vars.insert(var, before);
        else
            m_vars.remove(var);
    };
    if (node::is(items, "call") && m_src->text(node::field(items, "function")) == QLatin1String("range")
        && !m_imports->binds(QStringLiteral("range"))) {
        QList<qint64> bounds;
        for (TSNode a : node::children(node::field(items, "arguments"))) {
            const Value v = expr(a);
            if (v.kind != Value::Kind::Int)
                fail(a, QStringLiteral("ct.static_iter"), QStringLiteral("range() needs integer literal or constant bounds"));
            bounds << v.integer;
        }
        if (bounds.isEmpty() || bounds.size() > 3 || (bounds.size() == 3 && bounds[2] == 0))
            fail(items, QStringLiteral("ct.static_iter"), QStringLiteral("range() takes one to three arguments and a non-zero step"));
        const qint64 lo = bounds.size() > 1 ? bounds[0] : 0, hi = bounds.size() > 1 ? bounds[1] : bounds[0];
        const qint64 step = bounds.size() == 3 ? bounds[2] : 1;
        if ((hi - lo) / step > 256)
            fail(items, QStringLiteral("ct.static_iter"), QStringLiteral("more than 256 iterations to unroll"));
        for (qint64 i = lo; step > 0 ? i < hi : i > hi; i += step) {
            m_vars.insert(var, literalInt(i));
            block(body);
        }
        restore();
        return;
    }
    const Value seq = expr(items);
    if (seq.kind != Value::Kind::Tuple || seq.items.isEmpty())
        fail(items, QStringLiteral("ct.static_iter"), QStringLiteral("needs a literal tuple or range()"));
    QStringList assigned;
    assignedNames(*m_src, body, assigned);
    for (const QString &name : assigned)
        if (m_vars.contains(name))
            fail(n, QStringLiteral("ct.static_iter"),
                 QStringLiteral("'%1' is re-bound in the unrolled body: not lowered to the kernel IR yet").arg(name));
    for (const Value &item : seq.items) {
        const QHash<QString, Value> saved = m_vars;
        auto scope = kir::ScopeOp::create(m_b, loc());
        scope.getBody().push_back(new mlir::Block());
        {
            mlir::OpBuilder::InsertionGuard guard(m_b);
            m_b.setInsertionPointToEnd(scope.bodyBlock());
            m_vars.insert(var, item);
            block(body);
            kir::YieldOp::create(m_b, loc());
        }
        m_vars = saved;
    }
    restore();
}

// The value a name carried by a loop or an `if` has before it: a value a
// `let mut` can hold (not a literal alias, an array or a parameter).
mlir::Value KirLowering::carriedInit(const QString &name, TSNode at, const QString &construct)
{
    Value v = m_vars.value(name);
    if (v.kind != Value::Kind::Ssa)
        fail(at, construct, QStringLiteral("'%1' is re-bound here but names no value before it").arg(name));
    if (llvm::isa<mlir::BlockArgument>(v.ssa) && llvm::isa<kir::EntryOp>(v.ssa.getParentBlock()->getParentOp()))
        fail(at, construct, QStringLiteral("'%1' is a parameter").arg(name));
    return v.ssa;
}

// A Python literal as a value of type `t` (a name's type it is bound at):
// a tile of it, or a scalar constant where Python's types agree (a bool
// for i1, an int for an integer, an int or a float for a float).
mlir::Value KirLowering::literalAs(const Value &v, mlir::Type t, TSNode at, const QString &mismatch)
{
    if (auto tile = llvm::dyn_cast<kir::TileType>(t))
        return toTile(v, tile, at);
    const mlir::Type e = m_solver.resolve(t);
    if (!(e.isInteger(1) ? v.kind == Value::Kind::Bool : isFloatType(e) ? v.kind != Value::Kind::Bool : v.kind == Value::Kind::Int))
        fail(at, QStringLiteral("literal"), mismatch);
    return kir::ConstantOp::create(m_b, loc(), t,
                                   e.isInteger(1) ? mlir::Attribute(m_b.getBoolAttr(v.integer != 0))
                                   : isFloatType(e) ? mlir::Attribute(m_b.getF64FloatAttr(v.number))
                                                    : mlir::Attribute(m_b.getI64IntegerAttr(v.integer)));
}

} // namespace tileport::rust
