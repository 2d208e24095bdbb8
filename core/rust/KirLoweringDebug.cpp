// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// ct.print, ct.printf and ct.assert_ into the kernel IR. cutile's print
// macro writes each argument as `%` and its element type's first letter
// (%f, %i): a conversion is admitted only where that reads the same in
// printf as cuTile Python's (%d/%i for 8-32-bit ints and bools, %f/%lf
// for floats); anything else (flags, width, precision, 64-bit or unsigned
// ints, bfloat16) is refused with that reason.
#include "KirLowering.h"

#include "KirNames.h"
#include "SyntaxNode.h"

#include <QRegularExpression>

namespace tileport::rust {

using namespace tileport::frontend;

namespace {

// The text of a Python string literal (no f-string fields): its escapes
// decoded, a raw string's kept.
QString decodeEscape(const QString &e)
{
    static const QHash<QChar, QChar> simple{{QLatin1Char('n'), QLatin1Char('\n')}, {QLatin1Char('t'), QLatin1Char('\t')},
                                            {QLatin1Char('r'), QLatin1Char('\r')}, {QLatin1Char('\\'), QLatin1Char('\\')},
                                            {QLatin1Char('\''), QLatin1Char('\'')}, {QLatin1Char('"'), QLatin1Char('"')},
                                            {QLatin1Char('0'), QChar(0)},           {QLatin1Char('a'), QChar(7)},
                                            {QLatin1Char('b'), QChar(8)},           {QLatin1Char('f'), QChar(12)},
                                            {QLatin1Char('v'), QChar(11)}};
    if (e.size() == 2 && simple.contains(e[1]))
        return QString(simple.value(e[1]));
    if (e.size() > 2 && (e[1] == QLatin1Char('x') || e[1] == QLatin1Char('u') || e[1] == QLatin1Char('U'))) {
        bool ok = false;
        const uint code = e.mid(2).toUInt(&ok, 16);
        if (ok)
            return QString::fromUcs4(reinterpret_cast<const char32_t *>(&code), 1);
    }
    if (e.size() == 2 && e[1] == QLatin1Char('\n'))
        return QString(); // a line continuation
    return e;
}

} // namespace

// One piece of a printed line: literal text, or an argument.
struct KirLowering::PrintPiece {
    QString text;
    Value value;
    TSNode at{};
    bool isValue = false;
};

void KirLowering::stringPieces(TSNode s, QList<PrintPiece> &out, const QString &what)
{
    const QString start = m_src->text(node::children(s).empty() ? s : node::children(s).front()).toLower();
    const bool raw = start.contains(QLatin1Char('r'));
    for (TSNode ch : node::children(s)) {
        const auto type = node::type(ch);
        if (type == "string_content") {
            // Escapes are children of the content in newer grammars.
            uint32_t at = ts_node_start_byte(ch);
            for (TSNode e : node::children(ch)) {
                if (!node::is(e, "escape_sequence"))
                    continue;
                out.append(PrintPiece{QString::fromUtf8(m_src->bytes().mid(at, ts_node_start_byte(e) - at)), {}, ch, false});
                out.append(PrintPiece{raw ? m_src->text(e) : decodeEscape(m_src->text(e)), {}, e, false});
                at = ts_node_end_byte(e);
            }
            out.append(PrintPiece{QString::fromUtf8(m_src->bytes().mid(at, ts_node_end_byte(ch) - at)), {}, ch, false});
        } else if (type == "escape_sequence") {
            out.append(PrintPiece{raw ? m_src->text(ch) : decodeEscape(m_src->text(ch)), {}, ch, false});
        } else if (type == "interpolation") {
            if (!node::isNull(node::field(ch, "format_specifier")) || !node::isNull(node::field(ch, "type_conversion")))
                fail(ch, what, QStringLiteral("a format spec or conversion in an f-string field has no form in cutile's print"));
            const TSNode e = node::field(ch, "expression");
            valuePiece(e, out, what);
        }
    }
}

// The text of a string literal that holds no f-string field.
QString KirLowering::plainString(TSNode s, const QString &what)
{
    QList<PrintPiece> pieces;
    stringPieces(s, pieces, what);
    QString text;
    for (const PrintPiece &p : std::as_const(pieces)) {
        if (p.isValue)
            fail(s, what, QStringLiteral("expected a plain string, not an f-string with fields"));
        text += p.text;
    }
    return text;
}

// An argument as cuTile Python prints it: literals as their str() text, a
// tile or scalar as one conversion.
void KirLowering::valuePiece(TSNode e, QList<PrintPiece> &out, const QString &what)
{
    if (node::is(node::unparen(e), "string")) {
        stringPieces(node::unparen(e), out, what);
        return;
    }
    const Value v = expr(e);
    if (v.kind == Value::Kind::Int) {
        out.append(PrintPiece{QString::number(v.integer), {}, e, false});
    } else if (v.kind == Value::Kind::Bool) {
        out.append(PrintPiece{v.integer ? QStringLiteral("True") : QStringLiteral("False"), {}, e, false});
    } else if (v.kind == Value::Kind::Float) {
        fail(e, what, QStringLiteral("a float literal prints as Python's repr in cuTile Python; print it from a tile"));
    } else if (v.isTile() || v.isScalar()) {
        if (v.isScalar() && v.ssa.getDefiningOp<kir::ConstParamOp>())
            fail(e, what, QStringLiteral("a ct.Constant prints as its value in cuTile Python; the port has it only as a const generic"));
        out.append(PrintPiece{QString(), v, e, true});
    } else {
        fail(e, what, QStringLiteral("only tiles, scalars and literals can be printed"));
    }
}

// The printf conversion cutile writes for an argument of element type
// `e` is `%f` or `%i`; refused where cuTile Python's reads otherwise.
void KirLowering::checkPrintable(mlir::Type e, TSNode at, const QString &what)
{
    e = m_solver.resolve(e);
    if (m_solver.isGeneric(e))
        return; // cutile picks the letter per dtype, as cuTile Python does
    if (e.isBF16())
        fail(at, what, QStringLiteral("cutile prints a bfloat16 as %b, which printf does not read; convert it to float32 first"));
    if (auto i = llvm::dyn_cast<mlir::IntegerType>(e)) {
        if (i.isUnsigned())
            fail(at, what, QStringLiteral("cutile prints an unsigned int as %i, which cuTile Python prints as %u; convert it first"));
        if (i.getWidth() > 32)
            fail(at, what, QStringLiteral("cutile prints a 64-bit int as %i, which reads only 32 bits; cuTile Python prints %lld"));
    }
}

KirLowering::Value KirLowering::print(TSNode c, const QString &name)
{
    const QString what = QStringLiteral("ct.") + name;
    QList<PrintPiece> pieces;
    if (name == QLatin1String("printf")) {
        const TSNode f = node::unparen(argument(c, 0, "format"));
        if (!node::is(f, "string") || m_src->text(f).startsWith(QLatin1Char('f'), Qt::CaseInsensitive))
            fail(c, what, QStringLiteral("the format must be a string literal"));
        const QString text = plainString(f, what);
        QList<TSNode> args;
        for (TSNode a : node::children(node::field(c, "arguments")))
            if (!node::is(a, "keyword_argument"))
                args << a;
        args.removeFirst();
        static const QRegularExpression spec(QStringLiteral("%([0 #+-])?([0-9]+)?(\\.[0-9]+)?(hh|h|ll|l)?([diuoxXeEfFgGaAcspn])"));
        qsizetype at = 0;
        int next = 0;
        while (at < text.size()) {
            const qsizetype pct = text.indexOf(QLatin1Char('%'), at);
            if (pct < 0) {
                pieces.append(PrintPiece{text.mid(at), {}, f, false});
                break;
            }
            pieces.append(PrintPiece{text.mid(at, pct - at), {}, f, false});
            if (text.mid(pct, 2) == QLatin1String("%%")) {
                pieces.append(PrintPiece{QStringLiteral("%"), {}, f, false});
                at = pct + 2;
                continue;
            }
            const auto m = spec.match(text, pct, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
            if (!m.hasMatch())
                fail(f, what, QStringLiteral("'%1' is not a printf conversion").arg(text.mid(pct, 4)));
            if (next >= args.size())
                fail(c, what, QStringLiteral("fewer arguments than conversions in the format"));
            const QString conv = m.captured(0);
            const QString letter = m.captured(5), length = m.captured(4);
            const bool plain = m.captured(1).isEmpty() && m.captured(2).isEmpty() && m.captured(3).isEmpty();
            const Value v = expr(args[next]);
            if (!v.isTile() && !v.isScalar())
                fail(args[next], what, QStringLiteral("a printf argument must be a tile or a scalar"));
            const mlir::Type e = m_solver.resolve(kir::elementTypeOf(v.ssa.getType()));
            const bool isFloat = isFloatType(e);
            const bool ok = plain
                            && (m_solver.isGeneric(e) ? (letter == QLatin1String("f") || letter == QLatin1String("d") || letter == QLatin1String("i"))
                                : isFloat         ? letter == QLatin1String("f") && (length.isEmpty() || length == QLatin1String("l"))
                                                  : (letter == QLatin1String("d") || letter == QLatin1String("i")) && length.isEmpty());
            if (!ok)
                fail(f, what, QStringLiteral("cutile's print writes each argument as %f or %i: '%1' for a %2 argument has no form there")
                                  .arg(conv, rustElementName(e)));
            checkPrintable(e, args[next], what);
            pieces.append(PrintPiece{QString(), v, args[next], true});
            ++next;
            at = pct + conv.size();
        }
        if (next != args.size())
            fail(c, what, QStringLiteral("more arguments than conversions in the format"));
    } else {
        QString sep = QStringLiteral(" "), end = QStringLiteral("\n");
        QList<TSNode> args;
        for (TSNode a : node::children(node::field(c, "arguments"))) {
            if (!node::is(a, "keyword_argument")) {
                args << a;
                continue;
            }
            const QString k = m_src->text(node::field(a, "name"));
            const TSNode v = node::unparen(node::field(a, "value"));
            if ((k != QLatin1String("sep") && k != QLatin1String("end")) || !node::is(v, "string"))
                fail(a, what, QStringLiteral("only sep= and end= string literals are lowered"));
            (k == QLatin1String("sep") ? sep : end) = plainString(v, what);
        }
        for (int i = 0; i < args.size(); ++i) {
            if (i > 0)
                pieces.append(PrintPiece{sep, {}, c, false});
            const qsizetype before = pieces.size();
            valuePiece(args[i], pieces, what);
            for (qsizetype j = before; j < pieces.size(); ++j)
                if (pieces[j].isValue)
                    checkPrintable(kir::elementTypeOf(pieces[j].value.ssa.getType()), pieces[j].at, what);
        }
        pieces.append(PrintPiece{end, {}, c, false});
    }
    // cutile's form: literal text with `%` doubled (cuTile Python escapes it
    // so), `{}` per argument; a literal `{}` would read as a placeholder.
    QString format;
    llvm::SmallVector<mlir::Value> values;
    for (const PrintPiece &p : std::as_const(pieces)) {
        if (p.isValue) {
            format += QStringLiteral("{}");
            values.push_back(p.value.ssa);
            continue;
        }
        if (p.text.contains(QLatin1String("{}")))
            fail(p.at, what, QStringLiteral("a literal '{}' in the text reads as an argument's place in cutile's print"));
        format += QString(p.text).replace(QLatin1Char('%'), QLatin1String("%%"));
    }
    kir::PrintOp::create(m_b, loc(), m_b.getStringAttr(format.toStdString()), values);
    return noValue();
}

KirLowering::Value KirLowering::assertion(TSNode c)
{
    const TSNode condNode = argument(c, 0, "cond");
    if (node::isNull(condNode))
        fail(c, QStringLiteral("ct.assert_"), QStringLiteral("needs a condition"));
    const Value cond = expr(condNode);
    if ((!cond.isTile() && !cond.isScalar()) || !m_solver.resolve(kir::elementTypeOf(cond.ssa.getType())).isInteger(1))
        fail(condNode, QStringLiteral("ct.assert_"), QStringLiteral("the condition must be a bool tile"));
    QString message;
    if (const TSNode m = node::unparen(argument(c, 1, "message")); !node::isNull(m) && m_src->text(m) != QLatin1String("None")) {
        if (!node::is(m, "string"))
            fail(m, QStringLiteral("ct.assert_"), QStringLiteral("the message must be a string literal"));
        message = plainString(m, QStringLiteral("ct.assert_"));
    }
    kir::AssertOp::create(m_b, loc(), cond.ssa, m_b.getStringAttr(message.toStdString()));
    return noValue();
}

} // namespace tileport::rust
