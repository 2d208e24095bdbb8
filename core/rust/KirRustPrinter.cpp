// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "KirRustPrinter.h"

#include "DerivedGeneric.h"
#include "EntryHints.h"
#include "KirNames.h"
#include "LoweringError.h"
#include "RustNames.h"

#include "tileport/Kir/KirOps.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/TypeSwitch.h>
#include <mlir/IR/Location.h>

#include <cmath>

namespace tileport::rust {

using namespace mlir;
using kir::elementTypeOf;

namespace {

struct Lines {
    int line = 0, endLine = 0, col = 0;
};

Lines linesOf(Location loc)
{
    if (auto r = dyn_cast<FileLineColRange>(loc))
        return Lines{int(r.getStartLine()), int(r.getEndLine()), int(r.getStartColumn())};
    if (auto f = dyn_cast<FusedLoc>(loc); f && !f.getLocations().empty())
        return linesOf(f.getLocations().front());
    return {};
}

QString qs(StringRef s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// A load's or store's cutile ordering:: and scope:: markers: weak at tile
// block scope where the op gives none (cuTile Python's default).
std::pair<QString, QString> memoryMarkers(std::optional<StringRef> ordering, std::optional<StringRef> scope)
{
    return {QStringLiteral("ordering::") + (ordering ? qs(*ordering) : QStringLiteral("Weak")),
            QStringLiteral("scope::") + (scope ? qs(*scope) : QStringLiteral("TileBlock"))};
}

// cutile's atomic:: mode of a Python atomic operation on elements `e`:
// AddF for floats, Umax/Umin for unsigned ints.
QString atomicMode(const QString &op, Type e)
{
    const bool isFloat = isa<FloatType>(e), isUnsigned = isa<IntegerType>(e) && cast<IntegerType>(e).isUnsigned();
    if (op == QLatin1String("add"))
        return isFloat ? QStringLiteral("AddF") : QStringLiteral("Add");
    if (op == QLatin1String("max"))
        return isUnsigned ? QStringLiteral("Umax") : QStringLiteral("Max");
    if (op == QLatin1String("min"))
        return isUnsigned ? QStringLiteral("Umin") : QStringLiteral("Min");
    static const QHash<QString, QString> modes{{QStringLiteral("and"), QStringLiteral("And")}, {QStringLiteral("or"), QStringLiteral("Or")},
                                               {QStringLiteral("xor"), QStringLiteral("Xor")}, {QStringLiteral("xchg"), QStringLiteral("Xchg")}};
    return modes.value(op);
}

// "(a + b)" as "a + b" where the parentheses enclose it all ("(a) + (b)"
// keeps them): a value composed for an operand, bound by a `let`.
QString stripOuterParens(const QString &e)
{
    if (!e.startsWith(QLatin1Char('(')) || !e.endsWith(QLatin1Char(')')))
        return e;
    int depth = 0;
    for (qsizetype i = 0; i < e.size(); ++i) {
        depth += e[i] == QLatin1Char('(') ? 1 : e[i] == QLatin1Char(')') ? -1 : 0;
        if (depth == 0 && i + 1 < e.size())
            return e;
    }
    return e.mid(1, e.size() - 2);
}

// Rust's customary line width: a statement longer than this breaks its
// call's arguments one per line.
constexpr int kLineWidth = 100;

// An expression as the printer lays it out: flat text, or a call
// `head(args...)tail` whose arguments go one per line when its statement
// does not fit. The printer owns the layout; no formatter rewrites it.
struct Expr {
    QString head;
    QStringList args;
    QString tail;
    bool isCall = false;
    Expr(const QString &flat) : head(flat) {}
    static Expr call(const QString &head, const QStringList &args, const QString &tail = {})
    {
        Expr e(head);
        e.args = args;
        e.tail = tail;
        e.isCall = true;
        return e;
    }
    QString flat() const { return isCall ? head + QLatin1Char('(') + args.join(QStringLiteral(", ")) + QLatin1Char(')') + tail : head; }
};

class Printer
{
public:
    explicit Printer(kir::EntryOp entry) : m_entry(entry) {}

    TranslatedKernel print();

private:
    // Whether every Python name the entry prints (parameters, bound
    // values, loop variables) is snake case as Rust takes it.
    bool pythonNamesAreSnakeCase();
    QString element(Type t) const;
    QString type(Type t) const;
    QString dims(ArrayAttr dims) const;
    QString shapeMacro(ArrayAttr d) const { return QStringLiteral("shape![%1]").arg(dims(d)); }
    [[noreturn]] void fail(Operation *op, const QString &construct, const QString &reason) const;

    void emit(const QString &text, Operation *op);
    // `lead expr trail` on one line when it fits, else the call's
    // arguments one per line.
    void statement(const QString &lead, const Expr &expr, const QString &trail, Operation *op);
    QString bindTemp(const Expr &expr, const QString &typeText, Operation *op);
    // The op's one result as a typed `let`: its Python name, or a temporary.
    void let(Operation *op, const Expr &expr);
    // `let NAME: TYPE = ` (or `NAME = ` for a carried name) binding the
    // op's one result, which then reads as NAME.
    QString bindingLead(Operation *op);
    // The result stays an inline expression unless a Python name binds it.
    void inlineOrLet(Operation *op, const Expr &expr);
    QString text(Value v) const { return m_text.lookup(v.getAsOpaquePointer()); }
    // A tensor as a function argument: a parameter is a reference already,
    // a list item's view a local the call borrows.
    QString tensorRef(Value v) const { return isa<BlockArgument>(v) ? text(v) : QStringLiteral("&") + text(v); }
    QString indexText(OperandRange index) const;
    bool gridIndex(OperandRange index) const;
    void op(Operation *op);

    kir::EntryOp m_entry;
    llvm::DenseMap<void *, QString> m_text;
    llvm::DenseMap<Type, QString> m_generic;
    QList<RustLine> m_body;
    int m_temp = 0;
    bool m_rawTileIr = false; // an op printed from cutile::tileir
    int m_indent = 2; // inside the module and the entry's body
    // Ops whose named value a loop carries: their `let` is `let mut`.
    llvm::DenseSet<Operation *> m_mutable;
    // The names the enclosing loops carry, innermost last: binding one is
    // an assignment to the `let mut`, not a new `let`.
    // The names the enclosing loops and ifs carry, innermost last, each with
    // its Rust variable (the `let mut` before them: the name itself, or an
    // if's NAME_out_N): binding one assigns that variable.
    QList<QHash<QString, QString>> m_carried;
    QString carriedVariable(const QString &name) const
    {
        for (auto it = m_carried.crbegin(); it != m_carried.crend(); ++it)
            if (it->contains(name))
                return it->value(name);
        return {};
    }
    void forLoop(kir::ForOp loop);
    // cutile's atomic_rmw_tko / atomic_cas_tko: the lanes, `operands`, the
    // ordering, scope, mask and the array's token; the old values bound.
    void atomic(Operation *op, const QString &fn, Value array, Value offset, Value mask, const QStringList &operands,
                StringRef ordering, StringRef scope);
    void whileLoop(kir::WhileOp loop);
    void ifOp(kir::IfOp op);
    QString pointerLanes(Value array, Value offset, ArrayAttr dims, Operation *at);
    QString zero(Type t, Operation *at);
    // An item of a list parameter: its row of the table, unpacked into a
    // tensor view (listTables() makes each table's partition once).
    void listTables(Block &body);
    void listItem(kir::ListItemOp item);
};

QString Printer::element(Type t) const
{
    if (isa<kir::VarType>(t)) {
        const QString g = m_generic.lookup(t);
        return g.isEmpty() ? QStringLiteral("_") : g;
    }
    return rustElementName(t);
}

QString Printer::dims(ArrayAttr d) const
{
    QStringList out;
    for (Attribute a : d)
        out << (isa<IntegerAttr>(a) ? QString::number(cast<IntegerAttr>(a).getInt()) : qs(cast<StringAttr>(a).getValue()));
    return out.join(QStringLiteral(", "));
}

QString Printer::type(Type t) const
{
    if (auto tile = dyn_cast<kir::TileType>(t))
        return QStringLiteral("Tile<%1, { [%2] }>").arg(element(tile.getElementType()), dims(tile.getDims()));
    return element(t);
}

void Printer::fail(Operation *op, const QString &construct, const QString &reason) const
{
    const Lines l = linesOf(op->getLoc());
    throw LoweringError{frontend::SourceRange{l.line, l.col, l.endLine, 0}, construct, reason};
}

void Printer::emit(const QString &text, Operation *op)
{
    const Lines l = linesOf(op->getLoc());
    m_body.append(RustLine{QString(m_indent * 4, QLatin1Char(' ')) + text, l.line, l.endLine});
}

void Printer::statement(const QString &lead, const Expr &expr, const QString &trail, Operation *op)
{
    const QString flat = lead + (expr.isCall ? expr.flat() : stripOuterParens(expr.head)) + trail;
    if (!expr.isCall || expr.args.isEmpty() || m_indent * 4 + flat.size() <= kLineWidth)
        return emit(flat, op);
    emit(lead + expr.head + QLatin1Char('('), op);
    ++m_indent;
    for (const QString &a : expr.args)
        emit(a + QLatin1Char(','), op);
    --m_indent;
    emit(QLatin1Char(')') + expr.tail + trail, op);
}

QString Printer::bindTemp(const Expr &expr, const QString &typeText, Operation *op)
{
    const QString name = QStringLiteral("t%1_").arg(m_temp++);
    statement(QStringLiteral("let %1: %2 = ").arg(name, typeText), expr, QStringLiteral(";"), op);
    return name;
}

QString Printer::bindingLead(Operation *op)
{
    Value v = op->getResult(0);
    if (auto attr = op->getAttrOfType<StringAttr>("kir.name")) {
        QString name = RustNames::local(qs(attr.getValue()));
        // A local re-binding a ct.Constant's name: Rust cannot shadow a const
        // generic with a `let`.
        for (Attribute g : m_entry.getConstGenerics())
            if (cast<StringAttr>(g).getValue() == name.toStdString())
                name += QLatin1Char('_');
        if (const QString var = carriedVariable(qs(attr.getValue())); !var.isEmpty()) {
            m_text[v.getAsOpaquePointer()] = var;
            return var + QStringLiteral(" = ");
        }
        m_text[v.getAsOpaquePointer()] = name;
        return QStringLiteral("let %1%2: %3 = ").arg(m_mutable.contains(op) ? QStringLiteral("mut ") : QString(), name, type(v.getType()));
    }
    const QString name = QStringLiteral("t%1_").arg(m_temp++);
    m_text[v.getAsOpaquePointer()] = name;
    return QStringLiteral("let %1: %2 = ").arg(name, type(v.getType()));
}

void Printer::let(Operation *op, const Expr &expr)
{
    const QString lead = bindingLead(op);
    statement(lead, expr, QStringLiteral(";"), op);
}

void Printer::inlineOrLet(Operation *op, const Expr &expr)
{
    if (op->hasAttr("kir.name"))
        return let(op, expr);
    if (op->hasAttr("kir.bind")) // a value a pass made for several uses
        return void(m_text[op->getResult(0).getAsOpaquePointer()] = bindTemp(expr, type(op->getResult(0).getType()), op));
    m_text[op->getResult(0).getAsOpaquePointer()] = expr.flat();
}

QString Printer::indexText(OperandRange index) const
{
    QStringList parts;
    for (Value v : index)
        parts << text(v);
    return parts.join(QStringLiteral(", "));
}

// Components that are literals or block ids: cutile bounds them at compile
// time or once at launch, so the store stays checked.
bool Printer::gridIndex(OperandRange index) const
{
    for (Value v : index) {
        while (auto r = v.getDefiningOp<kir::RebindOp>()) // another name for it
            v = r.getInput();
        if (!v.getDefiningOp<kir::BidOp>() && !v.getDefiningOp<kir::ConstantOp>())
            return false;
    }
    return true;
}

void Printer::op(Operation *o)
{
    llvm::TypeSwitch<Operation *>(o)
        // A typed let unless a name binds it next (`row, col = ct.bid(0),
        // ct.bid(1)`): cutile cannot infer the type of an inline
        // `get_tile_block_id().0` where nothing else types it (an index
        // array of block ids alone).
        .Case<kir::BidOp>([&](kir::BidOp b) {
            const QString e = QStringLiteral("get_tile_block_id().%1").arg(b.getAxis());
            if (b->hasOneUse() && isa<kir::RebindOp>(*b->getUsers().begin()))
                return inlineOrLet(b, e);
            let(b, e);
        })
        .Case<kir::ConstParamOp>([&](kir::ConstParamOp c) { inlineOrLet(c, qs(c.getParam())); })
        .Case<kir::ConstantOp>([&](kir::ConstantOp c) {
            const QString dt = element(elementTypeOf(c.getType()));
            QString lit;
            if (auto b = dyn_cast<BoolAttr>(c.getValue())) {
                lit = b.getValue() ? QStringLiteral("true") : QStringLiteral("false");
            } else if (auto f = dyn_cast<FloatAttr>(c.getValue())) {
                // cutile folds the std constants into `constant <f32: -inf>`;
                // a half type has no literal, its zero is E::ZERO.
                const double v = f.getValueAsDouble();
                const Type e = elementTypeOf(c.getType());
                lit = (e.isF16() || e.isBF16()) && v == 0.0 && !std::signbit(v) ? dt + QStringLiteral("::ZERO")
                      : std::isnan(v) ? dt + QStringLiteral("::NAN")
                      : std::isinf(v) ? dt + (v < 0 ? QStringLiteral("::NEG_INFINITY") : QStringLiteral("::INFINITY"))
                                      : RustNames::floatLiteral(v) + dt;
            } else {
                lit = QString::number(cast<IntegerAttr>(c.getValue()).getInt()) + dt;
            }
            if (auto tile = dyn_cast<kir::TileType>(c.getType()))
                return let(c, QStringLiteral("constant(%1, %2)").arg(lit, shapeMacro(tile.getDims())));
            inlineOrLet(c, lit);
        })
        .Case<kir::AddOp, kir::SubOp, kir::MulOp, kir::DivOp>([&](Operation *b) {
            const char *sym = isa<kir::AddOp>(b) ? "+" : isa<kir::SubOp>(b) ? "-" : isa<kir::MulOp>(b) ? "*" : "/";
            const QString expr = QStringLiteral("%1 %2 %3").arg(text(b->getOperand(0)), QLatin1String(sym), text(b->getOperand(1)));
            const Type t = b->getResult(0).getType();
            if (!isa<kir::TileType>(t) && isa<IntegerType>(t))
                inlineOrLet(b, QStringLiteral("(%1)").arg(expr)); // i32 index arithmetic reads best inline
            else
                let(b, expr);
        })
        .Case<kir::DivfOp, kir::AddfOp, kir::SubfOp, kir::MulfOp>([&](Operation *o) {
            const QString fn = isa<kir::DivfOp>(o) ? QStringLiteral("divf") : isa<kir::AddfOp>(o) ? QStringLiteral("addf")
                               : isa<kir::SubfOp>(o) ? QStringLiteral("subf") : QStringLiteral("mulf");
            let(o, Expr::call(fn, {text(o->getOperand(0)), text(o->getOperand(1)),
                                   QStringLiteral("rounding::") + qs(o->getAttrOfType<StringAttr>("rounding").getValue()),
                                   QStringLiteral("ftz::") + qs(o->getAttrOfType<StringAttr>("ftz").getValue())}));
        })
        .Case<kir::NegOp>([&](kir::NegOp n) {
            if (!isa<kir::TileType>(n.getType()))
                fail(n, QStringLiteral("negation"), QStringLiteral("scalar negation is not printed yet"));
            if (isa<IntegerType>(elementTypeOf(n.getType())))
                return let(n, QStringLiteral("negi(%1, overflow::None)").arg(text(n.getInput())));
            let(n, QStringLiteral("negf(%1)").arg(text(n.getInput())));
        })
        .Case<kir::FmaOp>([&](kir::FmaOp f) {
            let(f, Expr::call(QStringLiteral("fma"), {text(f.getA()), text(f.getB()), text(f.getC()), QStringLiteral("rounding::NearestEven"),
                                                       QStringLiteral("ftz::Disabled")}));
        })
        .Case<kir::MathOp>([&](kir::MathOp m) {
            const QString fn = qs(m.getFn()), x = text(m.getInput());
            const QString rounding = m.getRounding() ? qs(*m.getRounding()) : QString();
            const QString ftz = m.getFtz() ? qs(*m.getFtz()) : QStringLiteral("Disabled");
            if (fn == QLatin1String("abs")) // absf for floats, absi for integers: one op either way
                return let(m, QStringLiteral("%1(%2)").arg(isa<IntegerType>(elementTypeOf(m.getType())) ? QStringLiteral("absi")
                                                                                                       : QStringLiteral("absf"), x));
            if (fn == QLatin1String("rsqrt") || fn == QLatin1String("exp2"))
                return let(m, QStringLiteral("%1(%2, ftz::%3)").arg(fn, x, ftz));
            if (fn == QLatin1String("sqrt"))
                return let(m, QStringLiteral("sqrt(%1, rounding::%2, ftz::%3)")
                                  .arg(x, rounding.isEmpty() ? QStringLiteral("NearestEven") : rounding, ftz));
            if (!rounding.isEmpty())
                return let(m, QStringLiteral("unsafe { %1_with_rounding(%2, rounding::%3) }").arg(fn, x, rounding));
            let(m, QStringLiteral("%1(%2)").arg(fn, x));
        })
        .Case<kir::MaximumOp, kir::MinimumOp>([&](Operation *e) {
            const bool maximum = isa<kir::MaximumOp>(e);
            const QString a = text(e->getOperand(0)), b = text(e->getOperand(1));
            const Type t = elementTypeOf(e->getResult(0).getType());
            // An inline scalar operand is parenthesized for an operator; as
            // an argument it needs none (rustc's unused_parens).
            if (!isa<kir::TileType>(e->getResult(0).getType()))
                return let(e, QStringLiteral("%1(%2, %3)")
                                  .arg(maximum ? QStringLiteral("max") : QStringLiteral("min"), stripOuterParens(a), stripOuterParens(b)));
            if (isa<IntegerType>(t))
                return let(e, QStringLiteral("%1(%2, %3)").arg(maximum ? QStringLiteral("maxi") : QStringLiteral("mini"), a, b));
            // Python's maxf/minf: NaN not propagated, no flush to zero.
            let(e, Expr::call(maximum ? QStringLiteral("maxf") : QStringLiteral("minf"), {a, b, QStringLiteral("nan::Disabled"), QStringLiteral("ftz::Disabled")}));
        })
        .Case<kir::FloorDivOp, kir::AndOp, kir::OrOp, kir::XorOp, kir::ShlOp, kir::ShrOp>([&](Operation *i) {
            const QString a = text(i->getOperand(0)), b = text(i->getOperand(1));
            if (!isa<kir::TileType>(i->getResult(0).getType())) {
                // Rust's own operators on i32 scalars; cutile emits the same ops
                // and folds them on constants.
                const char *sym = isa<kir::AndOp>(i) ? "&" : isa<kir::OrOp>(i) ? "|" : isa<kir::XorOp>(i) ? "^" : isa<kir::ShlOp>(i) ? "<<" : ">>";
                if (isa<kir::FloorDivOp>(i))
                    fail(i, QStringLiteral("operator //"), QStringLiteral("a scalar floor division goes through rank-0 tiles"));
                return inlineOrLet(i, QStringLiteral("(%1 %2 %3)").arg(a, QLatin1String(sym), b));
            }
            if (isa<kir::FloorDivOp>(i))
                return let(i, QStringLiteral("divi(%1, %2, rounding::NegativeInf)").arg(a, b));
            // `<<` is cutile's operator: it emits shli with overflow none as
            // cuTile Python does (the shli call's annotation writes none).
            if (isa<kir::ShlOp>(i))
                return let(i, QStringLiteral("%1 << %2").arg(a, b));
            const QString fn = isa<kir::AndOp>(i) ? QStringLiteral("andi") : isa<kir::OrOp>(i) ? QStringLiteral("ori")
                               : isa<kir::XorOp>(i) ? QStringLiteral("xori") : QStringLiteral("shri");
            let(i, QStringLiteral("%1(%2, %3)").arg(fn, a, b));
        })
        .Case<kir::PowOp>([&](kir::PowOp p) { let(p, QStringLiteral("pow(%1, %2)").arg(text(p.getLhs()), text(p.getRhs()))); })
        .Case<kir::Atan2Op>([&](kir::Atan2Op p) { let(p, QStringLiteral("atan2(%1, %2)").arg(text(p.getLhs()), text(p.getRhs()))); })
        .Case<kir::RemOp>([&](kir::RemOp r) { let(r, QStringLiteral("remi(%1, %2)").arg(text(r.getLhs()), text(r.getRhs()))); })
        .Case<kir::TileToScalarOp>([&](kir::TileToScalarOp t) {
            // A rank-0 tile leaving an `if` arm as its scalar is assigned as it is read.
            if (t->hasOneUse() && isa<kir::YieldOp>(*t->user_begin()) && isa<kir::IfOp>(t->getParentOp()))
                return inlineOrLet(t, QStringLiteral("tile_to_scalar(%1)").arg(text(t.getInput())));
            let(t, QStringLiteral("tile_to_scalar(%1)").arg(text(t.getInput())));
        })
        .Case<kir::CmpOp>([&](kir::CmpOp c) {
            if (!isa<kir::TileType>(c.getType())) {
                static const QHash<QString, QString> symbols{{QStringLiteral("lt"), QStringLiteral("<")}, {QStringLiteral("le"), QStringLiteral("<=")},
                                                             {QStringLiteral("gt"), QStringLiteral(">")}, {QStringLiteral("ge"), QStringLiteral(">=")},
                                                             {QStringLiteral("eq"), QStringLiteral("==")}, {QStringLiteral("ne"), QStringLiteral("!=")}};
                return inlineOrLet(c, QStringLiteral("(%1 %2 %3)").arg(text(c.getLhs()), symbols.value(qs(c.getPredicate())), text(c.getRhs())));
            }
            // cuTile Python's float `!=` is unordered (NaN != NaN holds, so
            // ct.isnan is x != x); cutile's ne_tile is ordered.
            const Type e = elementTypeOf(c.getLhs().getType());
            if (qs(c.getPredicate()) == QLatin1String("ne") && (e.isF16() || e.isBF16() || e.isF32() || e.isF64()))
                return let(c, Expr::call(QStringLiteral("cmpf"), {text(c.getLhs()), text(c.getRhs()), QStringLiteral("predicate::NotEqual"),
                                                                  QStringLiteral("cmp_ordering::Unordered")}));
            let(c, Expr::call(qs(c.getPredicate()) + QStringLiteral("_tile"), {text(c.getLhs()), text(c.getRhs())}));
        })
        .Case<kir::ChooseOp>([&](kir::ChooseOp c) {
            let(c, QStringLiteral("if %1 { %2 } else { %3 }").arg(stripOuterParens(text(c.getCond())), text(c.getLhs()), text(c.getRhs())));
        })
        .Case<kir::SelectOp>([&](kir::SelectOp s) {
            let(s, Expr::call(QStringLiteral("select"), {text(s.getCond()), text(s.getLhs()), text(s.getRhs())}));
        })
        .Case<kir::CeilDivOp>([&](kir::CeilDivOp c) {
            inlineOrLet(c, QStringLiteral("ceil_div(%1, %2)").arg(stripOuterParens(text(c.getLhs())), stripOuterParens(text(c.getRhs()))));
        })
        .Case<kir::NumBlocksOp>([&](kir::NumBlocksOp b) { let(b, QStringLiteral("get_num_tile_blocks().%1").arg(b.getAxis())); })
        .Case<kir::NumTilesOp>([&](kir::NumTilesOp t) {
            auto tensor = cast<kir::TensorType>(t.getArray().getType());
            const QString array = text(t.getArray());
            const QString partitionType = QStringLiteral("Partition<%1, { [%2] }>").arg(element(tensor.getElementType()), dims(t.getDims()));
            // A list item's view is partitioned by its method (cutile infers
            // make_partition_view only for a tensor parameter).
            const QString view =
                isa<BlockArgument>(t.getArray())
                    ? bindTemp(Expr::call(QStringLiteral("unsafe { make_partition_view"),
                                          {array, shapeMacro(t.getDims()), QStringLiteral("padding::None"), QStringLiteral("dim_map::Identity"),
                                           QStringLiteral("get_tensor_token(%1)").arg(array)},
                                          QStringLiteral(" }")),
                               partitionType, t)
                    : bindTemp(QStringLiteral("%1.partition(%2)").arg(array, shapeMacro(t.getDims())), partitionType, t);
            inlineOrLet(t, QStringLiteral("num_tiles(&%1, %2i32)").arg(view).arg(t.getAxis()));
        })
        .Case<kir::ListLenOp>([&](kir::ListLenOp l) { inlineOrLet(l, text(l.getList()) + QStringLiteral("_len")); })
        .Case<kir::ListItemOp>([&](kir::ListItemOp l) { listItem(l); })
        .Case<kir::DimOp>([&](kir::DimOp d) { inlineOrLet(d, QStringLiteral("%1.shape()[%2]").arg(text(d.getArray())).arg(d.getAxis())); })
        .Case<kir::ReduceOp>([&](kir::ReduceOp r) {
            let(r, QStringLiteral("reduce_%1(%2, %3i32)").arg(qs(r.getKind()), text(r.getInput())).arg(r.getAxis()));
        })
        .Case<kir::ReshapeOp>([&](kir::ReshapeOp r) {
            let(r, QStringLiteral("%1.reshape(%2)").arg(text(r.getInput()), shapeMacro(cast<kir::TileType>(r.getType()).getDims())));
        })
        .Case<kir::ExtractOp>([&](kir::ExtractOp e) {
            QStringList index;
            for (Value i : e.getIndex())
                index << text(i);
            let(e, QStringLiteral("extract(%1, [%2])").arg(text(e.getInput()), index.join(QStringLiteral(", "))));
        })
        .Case<kir::CatOp>([&](kir::CatOp c) {
            let(c, QStringLiteral("cat(%1, %2, %3i32)").arg(text(c.getLhs()), text(c.getRhs())).arg(c.getAxis()));
        })
        .Case<kir::ScanSumOp>([&](kir::ScanSumOp s) {
            // The scan's identity is typed; a generic element type gives its own zero.
            const Type e = elementTypeOf(s.getType());
            const QString identity = isa<kir::VarType>(e) ? element(e) + QStringLiteral("::ZERO")
                                     : isa<FloatType>(e)  ? QStringLiteral("0.0") + element(e)
                                                          : QStringLiteral("0") + element(e);
            let(s, Expr::call(QStringLiteral("scan_sum"), {text(s.getInput()), QStringLiteral("%1i32").arg(s.getAxis()),
                                                            s.getReverse() ? QStringLiteral("reverse::Reverse") : QStringLiteral("reverse::Forward"),
                                                            identity}));
        })
        .Case<kir::PermuteOp>([&](kir::PermuteOp p) {
            QStringList axes;
            for (int32_t a : p.getAxes())
                axes << QString::number(a);
            let(p, QStringLiteral("permute(%1, const_array![%2])").arg(text(p.getInput()), axes.join(QStringLiteral(", "))));
        })
        .Case<kir::TransposeOp>([&](kir::TransposeOp t) { let(t, QStringLiteral("%1.transpose()").arg(text(t.getInput()))); })
        .Case<kir::MmaOp>([&](kir::MmaOp m) {
            // A batched (rank-3) product is cutile's mmaf; rank 2 its mma.
            const bool batched = cast<kir::TileType>(m.getA().getType()).getRank() == 3;
            let(m, Expr::call(batched ? QStringLiteral("mmaf") : QStringLiteral("mma"), {text(m.getA()), text(m.getB()), text(m.getAcc())}));
        })
        .Case<kir::MmaScaledOp>([&](kir::MmaScaledOp m) {
            let(m, Expr::call(QStringLiteral("mmaf_scaled"), {text(m.getA()), text(m.getB()), text(m.getAcc()), text(m.getAScale()), text(m.getBScale())}));
        })
        .Case<kir::IotaOp>([&](kir::IotaOp i) {
            let(i, QStringLiteral("iota(%1)").arg(shapeMacro(cast<kir::TileType>(i.getType()).getDims())));
        })
        .Case<kir::RebindOp>([&](kir::RebindOp r) { let(r, text(r.getInput())); })
        .Case<kir::ScalarToTileOp>([&](kir::ScalarToTileOp t) { let(t, QStringLiteral("scalar_to_tile(%1)").arg(stripOuterParens(text(t.getInput())))); })
        .Case<kir::ConvertOp>([&](kir::ConvertOp c) {
            // Integers of one width that differ only in signedness are one
            // Tile IR type: bitcast relabels them (cutile refuses convert_tile).
            const Type from = elementTypeOf(c.getInput().getType()), to = elementTypeOf(c.getType());
            auto fi = dyn_cast<IntegerType>(from), ti = dyn_cast<IntegerType>(to);
            const bool relabel = fi && ti && fi != ti && fi.getWidth() == ti.getWidth() && fi.getWidth() > 1;
            if (!isa<kir::TileType>(c.getType()))
                return let(c, QStringLiteral("convert_scalar(%1)").arg(stripOuterParens(text(c.getInput()))));
            // Integer widening keeps the source's sign (exti); narrowing truncates.
            if (fi && ti && fi.getWidth() > 1 && ti.getWidth() > fi.getWidth())
                return let(c, QStringLiteral("exti(%1)").arg(text(c.getInput())));
            // cutile writes no overflow attribute for overflow::None, which
            // its bytecode writer then refuses (the IR harness fails): the
            // low bits are kept first, so no_unsigned_wrap holds and the
            // truncation is the plain one (Triton's and cuTile Python's wrap).
            if (fi && ti && ti.getWidth() > 1 && ti.getWidth() < fi.getWidth()) {
                const Type in = c.getInput().getType();
                const QString ones = QString::number((quint64(1) << ti.getWidth()) - 1);
                const QString mask = bindTemp(QStringLiteral("constant(%1%2, %3)").arg(ones, element(fi), shapeMacro(cast<kir::TileType>(in).getDims())),
                                              type(in), c);
                const QString low = bindTemp(QStringLiteral("andi(%1, %2)").arg(text(c.getInput()), mask), type(in), c);
                return let(c, QStringLiteral("trunci(%1, overflow::NoUnsignedWrap)").arg(low));
            }
            // A dtype-generic source is a float one where rounding was given
            // (a launch with integers would take cuTile Python's itof instead).
            if (c.getRounding() && !isa<IntegerType>(from) && isa<FloatType>(to))
                return let(c, QStringLiteral("ftof(%1, rounding::%2)").arg(text(c.getInput()), qs(*c.getRounding())));
            let(c, QStringLiteral("%1(%2)").arg(relabel ? QStringLiteral("bitcast") : QStringLiteral("convert_tile"), text(c.getInput())));
        })
        .Case<kir::AssumeDivByOp>([&](kir::AssumeDivByOp a) {
            let(a, QStringLiteral("unsafe { assume_div_by::<%1, %2>(%3) }").arg(type(a.getType())).arg(a.getDivisor()).arg(text(a.getInput())));
        })
        .Case<kir::PackOp>([&](kir::PackOp p) { let(p, QStringLiteral("pack(%1)").arg(text(p.getInput()))); })
        .Case<kir::UnpackOp>([&](kir::UnpackOp u) { let(u, QStringLiteral("unpack(%1)").arg(text(u.getInput()))); })
        .Case<kir::BitcastOp>([&](kir::BitcastOp b) { let(b, QStringLiteral("bitcast(%1)").arg(text(b.getInput()))); })
        .Case<kir::BroadcastOp>([&](kir::BroadcastOp b) {
            auto out = cast<kir::TileType>(b.getType());
            if (isa<kir::TileType>(b.getInput().getType()))
                return let(b, QStringLiteral("%1.broadcast(%2)").arg(text(b.getInput()), shapeMacro(out.getDims())));
            QString scalar = text(b.getInput());
            if (scalar.contains(QLatin1Char(' ')) || scalar.contains(QLatin1Char('(')))
                scalar = bindTemp(scalar, type(b.getInput().getType()), b); // a typed let for each scalar step
            let(b, QStringLiteral("broadcast_scalar(%1, %2)").arg(scalar, shapeMacro(out.getDims())));
        })
        .Case<kir::LoadOp>([&](kir::LoadOp l) {
            auto tile = cast<kir::TileType>(l.getType());
            const QString array = text(l.getArray());
            const QString index = QStringLiteral("[%1]").arg(indexText(l.getIndex()));
            QString latency = QStringLiteral("None");
            if (auto n = dyn_cast_or_null<IntegerAttr>(l.getLatencyAttr()))
                latency = QStringLiteral("Some(%1i32)").arg(n.getInt());
            else if (auto p = dyn_cast_or_null<StringAttr>(l.getLatencyAttr()))
                latency = QStringLiteral("Some(%1)").arg(qs(p.getValue()));
            QString dimMap = QStringLiteral("dim_map::Identity");
            if (auto order = l.getOrder()) {
                QStringList axes;
                for (int32_t a : *order)
                    axes << QString::number(a);
                dimMap = QStringLiteral("const_array![%1]").arg(axes.join(QStringLiteral(", ")));
            }
            const QString tma = l.getTma() ? qs(*l.getTma()) : QStringLiteral("Enabled"); // absent: the default
            const bool plain = latency == QLatin1String("None") && tma == QLatin1String("Enabled") && !l.getOrder() && !l.getOrdering();
            const auto [ordering, scope] = memoryMarkers(l.getOrdering(), l.getScope());
            if (l.getPadding() == "Zero" && plain)
                return let(l, QStringLiteral("%1.load_tile(%2, %3)").arg(array, shapeMacro(tile.getDims()), index));
            const QString partitionType = QStringLiteral("Partition<%1, { [%2] }>").arg(element(tile.getElementType()), dims(tile.getDims()));
            QString view;
            if (!isa<BlockArgument>(l.getArray())) {
                // A list item's view: cutile infers make_partition_view only
                // for a tensor parameter, so its method makes the partition,
                // which pads with zeros and keeps the axes' order (zeros are
                // one value of an unpadded load's undefined elements).
                if ((l.getPadding() != "Zero" && l.getPadding() != "None") || l.getOrder())
                    fail(l, QStringLiteral("load from a list item"),
                         QStringLiteral("cutile 0.4.0 makes a list item's partition only with zero (or no) padding and the axes in order"));
                view = bindTemp(QStringLiteral("%1.partition(%2)").arg(array, shapeMacro(tile.getDims())), partitionType, l);
            } else {
                view = bindTemp(Expr::call(QStringLiteral("unsafe { make_partition_view"),
                                           {array, shapeMacro(tile.getDims()), QStringLiteral("padding::") + qs(l.getPadding()), dimMap,
                                            QStringLiteral("get_tensor_token(%1)").arg(array)},
                                           QStringLiteral(" }")),
                                partitionType, l);
            }
            const auto loadText = [&](const QString &mode) {
                return Expr::call(QStringLiteral("load_view_tko"), {QLatin1Char('&') + view, index, ordering, scope, latency, QStringLiteral("tma::") + mode});
            };
            if (tma == QLatin1String("Enabled") || tma == QLatin1String("Disabled"))
                return let(l, loadText(tma));
            // TMA chosen by a bool const generic: both forms, each arm's load
            // bound to a typed let (cutile compiles the taken arm with no
            // expected type, and load_view_tko cannot infer its own).
            const QString enabled = QStringLiteral("t%1_").arg(m_temp++), disabled = QStringLiteral("t%1_").arg(m_temp++);
            emit(bindingLead(l) + QStringLiteral("if %1 != 0i32 {").arg(tma), l);
            const auto arm = [&](const QString &t, const QString &mode) {
                ++m_indent;
                statement(QStringLiteral("let %1: %2 = ").arg(t, type(tile)), loadText(mode), QStringLiteral(";"), l);
                emit(t, l);
                --m_indent;
            };
            arm(enabled, QStringLiteral("Enabled"));
            emit(QStringLiteral("} else {"), l);
            arm(disabled, QStringLiteral("Disabled"));
            emit(QStringLiteral("};"), l);
        })
        .Case<kir::StoreOp>([&](kir::StoreOp s) {
            auto tensor = cast<kir::TensorType>(s.getArray().getType());
            auto tile = cast<kir::TileType>(s.getTile().getType());
            const QString array = text(s.getArray()), value = text(s.getTile()), index = indexText(s.getIndex());
            if (tensor.isBlockOutput())
                return emit(QStringLiteral("%1.store(%2);").arg(array, value), s);
            const QString part = QStringLiteral("t%1_").arg(m_temp++);
            emit(QStringLiteral("let mut %1: PartitionMut<%2, { [%3] }> = unsafe { %4.partition_full_mut(%5) };")
                     .arg(part, element(tile.getElementType()), dims(tile.getDims()), array, shapeMacro(tile.getDims())),
                 s);
            if (s.getLatencyAttr() || s.getTma() || s.getOrdering()) {
                const auto [ordering, scope] = memoryMarkers(s.getOrdering(), s.getScope());
                QString latency = QStringLiteral("None");
                if (auto n = dyn_cast_or_null<IntegerAttr>(s.getLatencyAttr()))
                    latency = QStringLiteral("Some(%1i32)").arg(n.getInt());
                else if (auto p = dyn_cast_or_null<StringAttr>(s.getLatencyAttr()))
                    latency = QStringLiteral("Some(%1)").arg(qs(p.getValue()));
                const auto storeText = [&](const QString &tma) {
                    return Expr::call(QStringLiteral("unsafe { store_view_tko_mut"),
                                      {QStringLiteral("&mut ") + part, value, QStringLiteral("[%1]").arg(index), ordering, scope, latency,
                                       QStringLiteral("tma::") + tma},
                                      QStringLiteral(" }"));
                };
                const QString tma = s.getTma() ? qs(*s.getTma()) : QStringLiteral("Enabled");
                if (tma == QLatin1String("Enabled") || tma == QLatin1String("Disabled"))
                    return statement(QString(), storeText(tma), QStringLiteral(";"), s);
                // TMA chosen by a bool const generic: both forms.
                emit(QStringLiteral("if %1 != 0i32 {").arg(tma), s);
                ++m_indent;
                statement(QString(), storeText(QStringLiteral("Enabled")), QStringLiteral(";"), s);
                --m_indent;
                emit(QStringLiteral("} else {"), s);
                ++m_indent;
                statement(QString(), storeText(QStringLiteral("Disabled")), QStringLiteral(";"), s);
                --m_indent;
                return emit(QStringLiteral("}"), s);
            }
            // A computed index is stored unchecked, as cuTile Python stores it
            // (docs/translator.md, "Stores").
            if (gridIndex(s.getIndex()))
                emit(QStringLiteral("%1.store(%2, [%3]);").arg(part, value, index), s);
            else
                emit(QStringLiteral("unsafe { %1.store_unchecked(%2, [%3]) };").arg(part, value, index), s);
        })
        .Case<kir::TruthOp>([&](kir::TruthOp t) { inlineOrLet(t, QStringLiteral("%1 != 0i32").arg(text(t.getInput()))); })
        .Case<kir::LogicalAndOp, kir::LogicalOrOp>([&](Operation *l) {
            inlineOrLet(l, QStringLiteral("(%1 %2 %3)")
                               .arg(text(l->getOperand(0)), isa<kir::LogicalAndOp>(l) ? QStringLiteral("&&") : QStringLiteral("||"),
                                    text(l->getOperand(1))));
        })
        .Case<kir::LoadPtrOp>([&](kir::LoadPtrOp l) {
            auto tile = cast<kir::TileType>(l.getType());
            const QString array = text(l.getArray());
            const QString lanes = pointerLanes(l.getArray(), l.getOffset(), tile.getDims(), l);
            QString padding = QStringLiteral("None");
            if (auto pad = l.getPaddingAttr()) {
                const double v = pad.getValueAsDouble();
                const Type e = tile.getElementType();
                if (l.getPaddingConvert())
                    padding = QStringLiteral("Some(%1)").arg(bindTemp(QStringLiteral("convert_scalar(%1f32)").arg(RustNames::floatLiteral(v)),
                                                                      element(e), l));
                else
                    padding = QStringLiteral("Some(%1%2)")
                                  .arg(isa<FloatType>(e) ? RustNames::floatLiteral(v) : QString::number(qint64(v)), element(e));
            }
            const QString t = QStringLiteral("t%1_").arg(m_temp++);
            statement(QStringLiteral("let (%1, _%1): (%2, Token) = ").arg(t, type(tile)),
                      Expr::call(QStringLiteral("unsafe { load_ptr_tko"),
                                 {lanes, QStringLiteral("ordering::Weak"), QStringLiteral("None::<scope::TileBlock>"),
                                  l.getMask() ? QStringLiteral("Some(%1)").arg(text(l.getMask())) : QStringLiteral("None"), padding,
                                  QStringLiteral("Some(get_tensor_token(%1))").arg(tensorRef(l.getArray())), QStringLiteral("Latency::<%1>").arg(l.getLatency())},
                                 QStringLiteral(" }")),
                      QStringLiteral(";"), l);
            m_text[l.getResult().getAsOpaquePointer()] = t;
            if (l->hasAttr("kir.name"))
                let(l, t);
        })
        .Case<kir::AtomicRmwOp>([&](kir::AtomicRmwOp a) {
            auto tile = cast<kir::TileType>(a.getType());
            const Type e = tile.getElementType();
            atomic(a, QStringLiteral("atomic_rmw_tko"), a.getArray(), a.getOffset(), a.getMask(),
                   {text(a.getValue()), QStringLiteral("atomic::") + atomicMode(qs(a.getMode()), e)}, a.getOrdering(), a.getScope());
        })
        .Case<kir::AtomicRedViewOp>([&](kir::AtomicRedViewOp a) {
            auto tile = cast<kir::TileType>(a.getValue().getType());
            const Type e = tile.getElementType();
            const QString part = QStringLiteral("t%1_").arg(m_temp++);
            emit(QStringLiteral("let mut %1: PartitionMut<%2, { [%3] }> = unsafe { %4.partition_full_mut(%5) };")
                     .arg(part, element(e), dims(tile.getDims()), text(a.getArray()), shapeMacro(tile.getDims())),
                 a);
            statement(QString(),
                      Expr::call(QStringLiteral("unsafe { atomic_red_view_tko"),
                                 {QStringLiteral("&mut ") + part, text(a.getValue()), QStringLiteral("[%1]").arg(indexText(a.getIndex())),
                                  QStringLiteral("atomic::") + atomicMode(qs(a.getMode()), e), QStringLiteral("ordering::Relaxed"),
                                  QStringLiteral("scope::Device")},
                                 QStringLiteral(" }")),
                      QStringLiteral(";"), a);
            m_rawTileIr = true;
        })
        .Case<kir::PrintOp>([&](kir::PrintOp p) {
            QStringList args{RustNames::stringLiteral(qs(p.getFormat()))};
            for (Value a : p.getArgs())
                args << text(a);
            // One line: the macro's pattern takes no trailing comma.
            emit(QStringLiteral("cuda_tile_print!(%1);").arg(args.join(QStringLiteral(", "))), p);
        })
        .Case<kir::AssertOp>([&](kir::AssertOp a) {
            emit(QStringLiteral("cuda_tile_assert!(%1, %2);").arg(text(a.getCond()), RustNames::stringLiteral(qs(a.getMessage()))), a);
        })
        .Case<kir::AtomicCasOp>([&](kir::AtomicCasOp a) {
            atomic(a, QStringLiteral("atomic_cas_tko"), a.getArray(), a.getOffset(), a.getMask(), {text(a.getExpected()), text(a.getValue())},
                   a.getOrdering(), a.getScope());
        })
        .Case<kir::StorePtrOp>([&](kir::StorePtrOp s) {
            const QString lanes = pointerLanes(s.getArray(), s.getOffset(), cast<kir::TileType>(s.getValue().getType()).getDims(), s);
            statement(QString(),
                      Expr::call(QStringLiteral("unsafe { store_ptr_tko"),
                                 {lanes, text(s.getValue()), QStringLiteral("ordering::Weak"), QStringLiteral("None::<scope::TileBlock>"),
                                  s.getMask() ? QStringLiteral("Some(%1)").arg(text(s.getMask())) : QStringLiteral("None"),
                                  QStringLiteral("Some(get_tensor_token(%1))").arg(tensorRef(s.getArray())),
                                  QStringLiteral("Latency::<%1>").arg(s.getLatency())},
                                 QStringLiteral(" }")),
                      QStringLiteral(";"), s);
        })
        .Case<kir::ForOp>([&](kir::ForOp f) { forLoop(f); })
        .Case<kir::WhileOp>([&](kir::WhileOp w) { whileLoop(w); })
        .Case<kir::IfOp>([&](kir::IfOp i) { ifOp(i); })
        .Case<kir::ScopeOp>([&](kir::ScopeOp sc) {
            emit(QStringLiteral("{"), sc);
            ++m_indent;
            for (Operation &inner : *sc.bodyBlock())
                op(&inner);
            --m_indent;
            emit(QStringLiteral("}"), sc);
        })
        .Case<kir::ReturnOp, kir::YieldOp>([](auto) {})
        .Default([&](Operation *other) {
            fail(other, qs(other->getName().getStringRef()), QStringLiteral("has no cuTile Rust form in the printer"));
        });
}

// `for i in lo..hi { .. }`: the carried values are the `let mut` names
// before the loop, assigned in place in the body and read after it.
void Printer::forLoop(kir::ForOp loop)
{
    // A loop that never reads its variable says so (rustc's unused_variables).
    const QString var = (loop.getInductionVar().use_empty() ? QStringLiteral("_") : QString()) + RustNames::local(qs(loop.getVar()));
    const QString lo = text(loop.getLower()), hi = text(loop.getUpper());
    if (!loop.getStep()) {
        emit(QStringLiteral("for %1 in %2..%3 {").arg(var, lo, hi), loop);
    } else {
        // step_by takes usize; cutile reads `i32 as usize` as a relabel.
        QString step = QStringLiteral("%1 as usize").arg(text(loop.getStep()));
        if (auto c = loop.getStep().getDefiningOp<kir::ConstantOp>(); c && !c->hasAttr("kir.name"))
            step = QString::number(cast<IntegerAttr>(c.getValue()).getInt());
        emit(QStringLiteral("for %1 in (%2..%3).step_by(%4) {").arg(var, lo, hi, step), loop);
    }
    m_text[loop.getInductionVar().getAsOpaquePointer()] = var;
    QHash<QString, QString> names;
    for (unsigned i = 0; i < loop.getInits().size(); ++i) {
        const QString python = qs(cast<StringAttr>(loop.getCarried()[i]).getValue());
        const QString var = text(loop.getInits()[i]);
        names.insert(python, var);
        m_text[loop.getCarriedArg(i).getAsOpaquePointer()] = var;
        m_text[loop.getResult(i).getAsOpaquePointer()] = var;
    }
    m_carried << names;
    ++m_indent;
    for (Operation &o : *loop.getBodyBlock())
        op(&o);
    --m_indent;
    m_carried.removeLast();
    emit(QStringLiteral("}"), loop);
}

void Printer::atomic(Operation *op, const QString &fn, Value array, Value offset, Value mask, const QStringList &operands,
                     StringRef ordering, StringRef scope)
{
    auto tile = cast<kir::TileType>(op->getResult(0).getType());
    QStringList args{pointerLanes(array, offset, tile.getDims(), op)};
    args << operands << QStringLiteral("ordering::") + qs(ordering) << QStringLiteral("scope::") + qs(scope)
         << (mask ? QStringLiteral("Some(%1)").arg(text(mask)) : QStringLiteral("None"))
         << QStringLiteral("Some(get_tensor_token(%1))").arg(text(array));
    const QString t = QStringLiteral("t%1_").arg(m_temp++);
    statement(QStringLiteral("let (%1, _%1): (%2, Token) = ").arg(t, type(tile)),
              Expr::call(QStringLiteral("unsafe { ") + fn, args, QStringLiteral(" }")), QStringLiteral(";"), op);
    m_text[op->getResult(0).getAsOpaquePointer()] = t;
    if (op->hasAttr("kir.name"))
        let(op, t);
}

// `while cond { .. }` over `let mut` carried names, as forLoop; a condition
// that needs statements is a block expression (`while { let c = ..; c } {`),
// which cutile compiles in the loop as it does the plain one.
void Printer::whileLoop(kir::WhileOp loop)
{
    QHash<QString, QString> names;
    for (unsigned i = 0; i < loop.getInits().size(); ++i) {
        const QString python = qs(cast<StringAttr>(loop.getCarried()[i]).getValue());
        const QString var = text(loop.getInits()[i]);
        names.insert(python, var);
        m_text[loop.condBlock()->getArgument(i).getAsOpaquePointer()] = var;
        m_text[loop.bodyBlock()->getArgument(i).getAsOpaquePointer()] = var;
        m_text[loop.getResult(i).getAsOpaquePointer()] = var;
    }
    m_carried << names;
    const qsizetype before = m_body.size();
    ++m_indent;
    for (Operation &o : *loop.condBlock())
        op(&o);
    const QString cond = stripOuterParens(text(cast<kir::YieldOp>(loop.condBlock()->getTerminator()).getValues()[0]));
    if (m_body.size() == before) {
        --m_indent;
        emit(QStringLiteral("while %1 {").arg(cond), loop);
    } else {
        emit(cond, loop);
        const QList<RustLine> condLines = m_body.mid(before);
        m_body.resize(before);
        --m_indent;
        emit(QStringLiteral("while {"), loop);
        m_body += condLines;
        emit(QStringLiteral("} {"), loop);
    }
    ++m_indent;
    for (Operation &o : *loop.bodyBlock())
        op(&o);
    --m_indent;
    m_carried.removeLast();
    emit(QStringLiteral("}"), loop);
}

// The array's base pointer brought to the lanes' shape and offset.
QString Printer::pointerLanes(Value array, Value offset, ArrayAttr d, Operation *at)
{
    const QString e = element(cast<kir::TensorType>(array.getType()).getElementType());
    const auto ptrType = [&](const QString &dimsText) { return QStringLiteral("PointerTile<*mut %1, { [%2] }>").arg(e, dimsText); };
    QString base = bindTemp(QStringLiteral("get_tensor_base(%1)").arg(tensorRef(array)), ptrType(QString()), at);
    if (!d.empty()) {
        QStringList ones;
        for (size_t i = 0; i < d.size(); ++i)
            ones << QStringLiteral("1");
        const QString onesText = ones.join(QStringLiteral(", "));
        base = bindTemp(QStringLiteral("%1.reshape(shape![%2])").arg(base, onesText), ptrType(onesText), at);
        if (onesText != dims(d))
            base = bindTemp(QStringLiteral("%1.broadcast(%2)").arg(base, shapeMacro(d)), ptrType(dims(d)), at);
    }
    return bindTemp(Expr::call(QStringLiteral("addptr_tile"), {base, text(offset)}), ptrType(dims(d)), at);
}

// A value an `if` result holds until an arm assigns it (never read).
QString Printer::zero(Type t, Operation *at)
{
    auto tile = dyn_cast<kir::TileType>(t);
    const Type e = elementTypeOf(t);
    if (!tile) {
        // A scalar of its own type: a literal where Rust has one (0i64,
        // 0.0f64, ...), else a rank-0 tile's element (f16, bf16, a generic E).
        if (e.isInteger(1))
            return QStringLiteral("false");
        if (isa<IntegerType>(e))
            return QStringLiteral("0") + element(e);
        if (e.isF32() || e.isF64())
            return QStringLiteral("0.0") + element(e);
        return QStringLiteral("tile_to_scalar(%1)").arg(zero(kir::TileType::get(t.getContext(), ArrayAttr::get(t.getContext(), {}), e), at));
    }
    if (e.isInteger(1))
        return QStringLiteral("constant(false, %1)").arg(shapeMacro(tile.getDims()));
    if (isa<kir::VarType>(e) || e.isF16() || e.isBF16()) {
        const QString f = bindTemp(QStringLiteral("constant(0.0f32, %1)").arg(shapeMacro(tile.getDims())),
                                   type(tile.withElementType(Float32Type::get(t.getContext()))), at);
        return bindTemp(QStringLiteral("convert_tile(%1)").arg(f), type(t), at);
    }
    const QString lit = isa<FloatType>(e) ? QStringLiteral("0.0") + element(e) : QStringLiteral("0") + element(e);
    return bindTemp(QStringLiteral("constant(%1, %2)").arg(lit, shapeMacro(tile.getDims())), type(t), at);
}

// `if cond { .. } else { .. }`: a carried name is the `let mut` before the
// `if`, assigned in place; a name first bound in every arm gets a
// `let mut NAME_out_N` before the `if`, which each arm assigns at its end.
void Printer::ifOp(kir::IfOp o)
{
    const int carriedCount = int(o.getCarried().size());
    QStringList names;
    QHash<QString, QString> carriedNames;
    for (auto [a, init] : llvm::zip(o.getCarried(), o.getInits())) {
        names << text(init);
        carriedNames.insert(qs(cast<StringAttr>(a).getValue()), text(init));
    }
    for (Attribute a : o.getFresh())
        names << QStringLiteral("%1_out_%2").arg(RustNames::local(qs(cast<StringAttr>(a).getValue()))).arg(m_temp++);
    // The arms first: the declarations' own temporaries come after theirs.
    QList<RustLine> before = std::move(m_body);
    m_body.clear();
    const auto arm = [&](Block *b) {
        ++m_indent;
        m_carried << carriedNames;
        for (Operation &inner : *b)
            op(&inner);
        auto yield = cast<kir::YieldOp>(b->getTerminator());
        for (int i = 0; i < int(names.size()); ++i) {
            const QString value = text(yield.getValues()[unsigned(i)]);
            if (value != names[i])
                emit(QStringLiteral("%1 = %2;").arg(names[i], stripOuterParens(value)), yield);
        }
        m_carried.removeLast();
        --m_indent;
    };
    emit(QStringLiteral("if %1 {").arg(stripOuterParens(text(o.getCond()))), o);
    arm(o.thenBlock());
    const bool elseEmpty = o.elseBlock()->getOperations().size() == 1
                           && llvm::all_of(llvm::enumerate(cast<kir::YieldOp>(o.elseBlock()->getTerminator()).getValues()),
                                           [&](auto v) { return text(v.value()) == names[int(v.index())]; });
    if (!elseEmpty) {
        emit(QStringLiteral("} else {"), o);
        arm(o.elseBlock());
    }
    emit(QStringLiteral("}"), o);
    QList<RustLine> arms = std::move(m_body);
    m_body = std::move(before);
    for (int i = carriedCount; i < int(names.size()); ++i) {
        const Type t = o.getResult(unsigned(i)).getType();
        const QString init = zero(t, o);
        // Every arm assigns it, so the zero is never read; but cutile
        // refuses a `let` without an initializer.
        emit(QStringLiteral("#[allow(unused_assignments)]"), o);
        emit(QStringLiteral("let mut %1: %2 = %3;").arg(names[i], type(t), init), o);
    }
    m_body += arms;
    for (int i = 0; i < int(names.size()); ++i)
        m_text[o.getResult(unsigned(i)).getAsOpaquePointer()] = names[i];
}

// A list's table as cuTile Python lays it out: one row of i64 words per
// item (base, shape, strides), read as a [1, W] tile, W the next power of
// two; rows past the end are not padded (no padding value).
void Printer::listTables(Block &body)
{
    for (BlockArgument a : body.getArguments()) {
        auto list = dyn_cast<kir::ListType>(a.getType());
        if (!list || a.use_empty())
            continue;
        const QString xs = text(a);
        Operation *at = *a.getUsers().begin();
        // cutile reads a view's dims from the typed `let`s.
        emit(QStringLiteral("let %1_table_shape: Shape<{ [-1, %2] }> = Shape::<{ [-1, %2] }> { dims: &[%1_len] };").arg(xs).arg(list.itemWords()),
             at);
        emit(QStringLiteral("let %1_table_strides: Array<{ [%2, 1] }> = Array::<{ [%2, 1] }> { dims: &[] };").arg(xs).arg(list.itemWords()), at);
        statement(QStringLiteral("let %1_table: Tensor<i64, { [-1, %2] }> = ").arg(xs).arg(list.itemWords()),
                  Expr::call(QStringLiteral("unsafe { make_tensor_view"),
                             {QStringLiteral("pointer_to_tile(%1)").arg(xs), QStringLiteral("%1_table_shape").arg(xs),
                              QStringLiteral("%1_table_strides").arg(xs), QStringLiteral("new_token_unordered()")},
                             QStringLiteral(" }")),
                  QStringLiteral(";"), at);
        // The rows' partition: cutile infers make_partition_view only for a
        // tensor parameter, and its method pads with zeros where cuTile
        // Python leaves a row past the end unpadded (never read either way).
        emit(QStringLiteral("let %1_rows: Partition<i64, { [1, %2] }> = %1_table.partition(shape![1, %2]);").arg(xs).arg(list.rowTileWidth()), at);
    }
}

void Printer::listItem(kir::ListItemOp item)
{
    auto list = cast<kir::ListType>(item.getList().getType());
    const unsigned rank = list.getRank();
    const QString xs = text(item.getList());
    QString name = QStringLiteral("t%1_").arg(m_temp++);
    if (auto attr = item->getAttrOfType<StringAttr>("kir.name"))
        name = RustNames::local(qs(attr.getValue()));
    const QString e = element(list.getElementType());
    emit(QStringLiteral("let %1_row: Tile<i64, { [1, %2] }> = %3_rows.load([%4, 0i32]);")
             .arg(name).arg(list.rowTileWidth()).arg(xs, text(item.getIndex())), item);
    // The words in table order, each a rank-0 i64 tile; then the shape and
    // strides as i32 and the base as a pointer, as cuTile Python reads them.
    for (unsigned k = 0; k < list.itemWords(); ++k) {
        emit(QStringLiteral("let %1_w%2: Tile<i64, { [1, 1] }> = extract(%1_row, [scalar_to_tile(0i32), scalar_to_tile(%2i32)]);")
                 .arg(name).arg(k), item);
        emit(QStringLiteral("let %1_word%2: Tile<i64, { [] }> = %1_w%2.reshape(shape![]);").arg(name).arg(k), item);
    }
    QStringList dimsText, strideText, dyn;
    for (unsigned k = 1; k < list.itemWords(); ++k) {
        const bool dim = k <= rank;
        const QString var = dim ? QStringLiteral("%1_dim%2").arg(name).arg(k - 1) : QStringLiteral("%1_stride%2").arg(name).arg(k - 1 - rank);
        // cutile 0.4.0 writes no overflow attribute for overflow::None, which
        // its bytecode writer then refuses; a shape or stride word of an
        // int32-indexed array fits, so no_wrap holds.
        emit(QStringLiteral("let %1_i32: Tile<i32, { [] }> = trunci(%2_word%3, overflow::NoWrap);").arg(var, name).arg(k), item);
        emit(QStringLiteral("let %1: i32 = tile_to_scalar(%1_i32);").arg(var), item);
        (dim ? dimsText : strideText) << var;
        if (dim)
            dyn << QStringLiteral("-1");
    }
    emit(QStringLiteral("let %1_base: PointerTile<*mut %2, { [] }> = int_to_ptr(%1_word0);").arg(name, e), item);
    const QString dynText = dyn.join(QStringLiteral(", "));
    emit(QStringLiteral("let %1_shape: Shape<{ [%2] }> = Shape::<{ [%2] }> { dims: &[%3] };").arg(name, dynText, dimsText.join(QStringLiteral(", "))),
         item);
    emit(QStringLiteral("let %1_strides: Array<{ [%2] }> = Array::<{ [%2] }> { dims: &[%3] };")
             .arg(name, dynText, strideText.join(QStringLiteral(", "))),
         item);
    statement(QStringLiteral("let %1_view: Tensor<%2, { [%3] }> = ").arg(name, e, dynText),
              Expr::call(QStringLiteral("unsafe { make_tensor_view"),
                         {name + QStringLiteral("_base"), name + QStringLiteral("_shape"), name + QStringLiteral("_strides"),
                          QStringLiteral("new_token_unordered()")},
                         QStringLiteral(" }")),
              QStringLiteral(";"), item);
    m_text[item.getResult().getAsOpaquePointer()] = name + QStringLiteral("_view");
}

bool Printer::pythonNamesAreSnakeCase()
{
    const auto snake = [](StringRef python) { return RustNames::isSnakeCase(RustNames::local(qs(python))); };
    Block &body = m_entry.getBody().front();
    for (BlockArgument a : body.getArguments())
        if (!snake(m_entry.getArgName(a.getArgNumber())))
            return false;
    bool all = true;
    m_entry.walk([&](Operation *o) {
        if (auto name = o->getAttrOfType<StringAttr>("kir.name"))
            all = all && snake(name.getValue());
        if (auto loop = dyn_cast<kir::ForOp>(o))
            all = all && snake(loop.getVar());
        if (auto branch = dyn_cast<kir::IfOp>(o))
            for (Attribute a : branch.getFresh())
                all = all && snake(cast<StringAttr>(a).getValue());
    });
    return all;
}

TranslatedKernel Printer::print()
{
    m_entry.walk([&](Operation *o) {
        llvm::SmallVector<Value> inits;
        if (auto loop = dyn_cast<kir::ForOp>(o))
            inits.append(loop.getInits().begin(), loop.getInits().end());
        if (auto loop = dyn_cast<kir::WhileOp>(o))
            inits.append(loop.getInits().begin(), loop.getInits().end());
        if (auto branch = dyn_cast<kir::IfOp>(o))
            inits.append(branch.getInits().begin(), branch.getInits().end());
        for (Value init : inits)
            if (Operation *def = init.getDefiningOp(); def && def->hasAttr("kir.name"))
                m_mutable.insert(def);
    });
    TranslatedKernel out;
    EntrySignature &sig = out.signature;
    sig.pythonKernel = qs(m_entry.getPythonKernel());
    sig.entry = qs(m_entry.getSymName());
    out.pythonName = sig.pythonKernel;
    Block &body = m_entry.getBody().front();

    // Element-type generics: the array variables left after resolution, in
    // parameter order; one is E, several E0, E1, ...
    QList<Type> generics;
    QStringList owners;
    for (BlockArgument a : body.getArguments())
        if (isa<kir::TensorType, kir::ListType>(a.getType()))
            if (auto v = dyn_cast<kir::VarType>(elementTypeOf(a.getType())); v && !v.getScalar() && !generics.contains(v)) {
                generics << v;
                owners << qs(m_entry.getArgName(a.getArgNumber()));
            }
    for (qsizetype i = 0; i < generics.size(); ++i) {
        const QString name = generics.size() == 1 ? QStringLiteral("E") : QStringLiteral("E%1").arg(i);
        m_generic[generics[i]] = name;
        EntrySignature::Generic g;
        g.isType = true;
        g.name = name;
        g.dtypeOf = owners[i];
        sig.generics << g;
    }
    // Block-scaled MMA, and conversions to or from 4-bit floats, compile
    // for sm_100 and newer only.
    m_entry.walk([&](kir::MmaScaledOp) { sig.minTarget = QStringLiteral("sm_100"); });
    m_entry.walk([&](kir::ConvertOp c) {
        if (isa<Float4E2M1FNType>(elementTypeOf(c.getType())) || isa<Float4E2M1FNType>(elementTypeOf(c.getInput().getType())))
            sig.minTarget = QStringLiteral("sm_100");
    });
    if (auto choices = m_entry->getAttrOfType<ArrayAttr>("kir.const_choices"))
        for (Attribute c : choices) {
            auto pair = cast<ArrayAttr>(c);
            sig.constChoices << EntrySignature::ConstChoice{qs(cast<StringAttr>(pair[0]).getValue()), cast<BoolAttr>(pair[1]).getValue()};
        }
    QHash<QString, QJsonValue> derived;
    if (auto ds = m_entry->getAttrOfType<ArrayAttr>("kir.derived_generics"))
        for (Attribute d : ds) {
            auto pair = cast<ArrayAttr>(d);
            derived.insert(qs(cast<StringAttr>(pair[0]).getValue()), DerivedGeneric::fromAttr(pair[1]));
        }
    for (Attribute c : m_entry.getConstGenerics()) {
        EntrySignature::Generic g;
        g.name = qs(cast<StringAttr>(c).getValue());
        if (derived.contains(g.name))
            g.derived = derived.value(g.name);
        else
            g.constParam = g.name;
        sig.generics << g;
    }

    const Lines header = linesOf(m_entry.getLoc());
    QList<RustLine> lines;
    const auto headerLine = [&](const QString &t) { lines.append(RustLine{t, header.line, header.line}); };
    QList<TargetHints> hints;
    if (auto targets = m_entry->getAttrOfType<ArrayAttr>("kir.optimization_hints"))
        for (Attribute target : targets) {
            auto pair = cast<ArrayAttr>(target);
            TargetHints t{qs(cast<StringAttr>(pair[0]).getValue()), {}};
            for (Attribute h : cast<ArrayAttr>(pair[1])) {
                auto hint = cast<ArrayAttr>(h);
                t.hints.append({qs(cast<StringAttr>(hint[0]).getValue()), int(cast<IntegerAttr>(hint[1]).getInt())});
            }
            hints << t;
        }
    // Stable Rust cannot compute a tile dim from const generics: the
    // launch passes each derived one, whose value this comment gives.
    for (const EntrySignature::Generic &g : std::as_const(sig.generics))
        if (g.isDerived())
            headerLine(QStringLiteral("    // %1 = %2 (launch with that value)").arg(g.name, DerivedGeneric::text(g.derived)));
    out.defLine = header.line;
    if (auto unused = m_entry->getAttrOfType<ArrayAttr>("kir.unused_params")) {
        for (Attribute a : unused)
            out.unusedParams << qs(cast<StringAttr>(a).getValue());
        headerLine(QStringLiteral("    // Unused by the kernel, so not parameters of the port: %1").arg(out.unusedParams.join(QStringLiteral(", "))));
    }
    // The Python's names stay (configs and launches name parameters so, and
    // the port reads like its source), and `__` joins a kernel and its
    // variant: rustc's non_snake_case is allowed on the entry that has them.
    QStringList why;
    if (!RustNames::isSnakeCase(sig.entry))
        why << QStringLiteral("`__` joins the kernel and its variant");
    if (!pythonNamesAreSnakeCase())
        why << QStringLiteral("names are the Python's, which configs and launches use");
    if (!why.isEmpty()) {
        headerLine(QStringLiteral("    // Not snake case: %1.").arg(why.join(QStringLiteral("; "))));
        headerLine(QStringLiteral("    #[allow(non_snake_case)]"));
    }
    headerLine(QStringLiteral("    #[cutile::entry(%1)]").arg(entryHintsText(hints)));
    QStringList genericText;
    for (const EntrySignature::Generic &g : sig.generics)
        genericText << (g.isType ? g.name + QStringLiteral(": ElementType") : QStringLiteral("const %1: i32").arg(g.name));
    // A list parameter is a raw pointer (its table), which only an unsafe
    // entry may take.
    bool takesPointers = false;
    for (BlockArgument a : body.getArguments())
        takesPointers = takesPointers || isa<kir::ListType>(a.getType());
    headerLine(QStringLiteral("    pub %1fn %2<%3>(")
                   .arg(takesPointers ? QStringLiteral("unsafe ") : QString(), sig.entry, genericText.join(QStringLiteral(", "))));
    for (BlockArgument a : body.getArguments()) {
        // The signature keeps the Python name (configs name parameters so);
        // the Rust text avoids keywords and cutile's function names.
        const QString name = qs(m_entry.getArgName(a.getArgNumber()));
        QString rustName = RustNames::local(name);
        m_text[a.getAsOpaquePointer()] = rustName;
        QString t;
        if (auto tensor = dyn_cast<kir::TensorType>(a.getType())) {
            EntrySignature::TensorParam p;
            p.name = name;
            p.rank = int(tensor.getRank());
            p.element = element(tensor.getElementType());
            p.blockOutput = tensor.isBlockOutput();
            p.unitLastStride = bool(m_entry.getArgAttr(a.getArgNumber(), "kir.unit_last_stride"));
            if (auto fixed = m_entry.getArgAttrOfType<StringAttr>(a.getArgNumber(), "kir.fixed_dtype"))
                sig.fixedDtypes.insert(name, RustNames::pythonDtype(qs(fixed.getValue())));
            if (m_entry.getArgAttr(a.getArgNumber(), "kir.not_float64") && isa<kir::VarType>(tensor.getElementType()))
                sig.otherThan[name] << QStringLiteral("float64");
            sig.tensors << p;
            EntrySignature::Param param;
            param.name = name;
            param.tensor = true;
            param.element = p.element;
            param.rank = p.rank;
            param.blockOutput = p.blockOutput;
            if (p.blockOutput)
                param.partition = dims(tensor.getPartition()).split(QStringLiteral(", "));
            sig.params << param;
            QStringList d;
            for (unsigned i = 0; i < tensor.getRank(); ++i)
                d << QStringLiteral("-1");
            t = tensor.isBlockOutput() ? QStringLiteral("&mut Tensor<%1, { [%2] }>").arg(p.element, dims(tensor.getPartition()))
                                       : QStringLiteral("&Tensor<%1, { [%2] }>").arg(p.element, d.join(QStringLiteral(", ")));
            if (p.element == QLatin1String("tf32"))
                sig.storesComputeType = true; // no array holds tf32: the entry serves no config
        } else if (auto list = dyn_cast<kir::ListType>(a.getType())) {
            // The table of the items' words and its length (its rows).
            EntrySignature::Param param;
            param.name = name;
            param.list = true;
            param.element = element(list.getElementType());
            param.rank = int(list.getRank());
            sig.params << param;
            m_text[a.getAsOpaquePointer()] = rustName;
            headerLine(QStringLiteral("        %1: *mut i64,").arg(rustName));
            t = QStringLiteral("i32");
            rustName += QStringLiteral("_len");
        } else {
            if (m_entry.getArgAttr(a.getArgNumber(), "kir.float_constant"))
                sig.runtimeFloatConstants << name;
            if (isa<kir::VarType>(a.getType()))
                throw LoweringError{frontend::SourceRange{header.line, header.col, header.line, 0},
                                    QStringLiteral("scalar parameter"),
                                    QStringLiteral("the dtype of '%1' cannot be inferred from its uses (annotate it)").arg(name)};
            t = element(a.getType());
            EntrySignature::Param param;
            param.name = name;
            param.scalarType = t;
            if (auto of = m_entry.getArgAttrOfType<StringAttr>(a.getArgNumber(), "kir.stride_of")) {
                param.strideOf = qs(of.getValue());
                param.strideAxis = int(m_entry.getArgAttrOfType<IntegerAttr>(a.getArgNumber(), "kir.stride_axis").getInt());
                sig.strideParams << EntrySignature::StrideParam{param.strideOf, param.strideAxis, name};
            }
            sig.params << param;
        }
        headerLine(QStringLiteral("        %1: %2,").arg(rustName, t));
    }
    headerLine(QStringLiteral("    ) {"));
    listTables(body);
    for (Operation &o : body)
        op(&o);
    lines += m_body;
    lines.append(RustLine{QStringLiteral("    }"), header.line, header.line});
    out.lines = lines;
    out.rawTileIr = m_rawTileIr;
    return out;
}

} // namespace

TranslatedKernel printEntry(kir::EntryOp entry) { return Printer(entry).print(); }

} // namespace tileport::rust
