// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ConstantEvaluator.h"

#include "ImportTable.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

#include <QLocale>

#include <cmath>
#include <limits>

namespace tileport::frontend {

using Value = ConstantValue;
using Opt = std::optional<ConstantValue>;

QString ConstantValue::toString() const
{
    switch (type) {
    case Type::Bool:
        return b ? QStringLiteral("True") : QStringLiteral("False");
    case Type::Int:
        return QString::number(i);
    case Type::Float:
        break;
    }
    if (std::isnan(f))
        return QStringLiteral("nan");
    if (std::isinf(f))
        return f > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    QString s = QString::number(f, 'g', QLocale::FloatingPointShortest);
    if (!s.contains(QLatin1Char('.')) && !s.contains(QLatin1Char('e')))
        s += QStringLiteral(".0");
    return s;
}

namespace {

constexpr int kMaxDepth = 200;

Opt parseInteger(QString t)
{
    t.remove(QLatin1Char('_'));
    bool ok = false;
    qlonglong v = 0;
    if (t.startsWith(QLatin1String("0x"), Qt::CaseInsensitive))
        v = t.mid(2).toLongLong(&ok, 16);
    else if (t.startsWith(QLatin1String("0o"), Qt::CaseInsensitive))
        v = t.mid(2).toLongLong(&ok, 8);
    else if (t.startsWith(QLatin1String("0b"), Qt::CaseInsensitive))
        v = t.mid(2).toLongLong(&ok, 2);
    else if (t.endsWith(QLatin1Char('l'), Qt::CaseInsensitive))
        return std::nullopt; // Python 2 long literal
    else
        v = t.toLongLong(&ok, 10);
    if (!ok)
        return std::nullopt; // too large for 64 bits, or malformed
    return Value::ofInt(v);
}

Opt parseFloat(QString t)
{
    t.remove(QLatin1Char('_'));
    if (t.endsWith(QLatin1Char('j'), Qt::CaseInsensitive))
        return std::nullopt; // imaginary
    bool ok = false;
    const double v = QLocale::c().toDouble(t, &ok);
    if (!ok) {
        // QLocale rejects "1." and ".5" forms on some versions; retry plainly.
        const QByteArray b = t.toLatin1();
        char *end = nullptr;
        const double w = std::strtod(b.constData(), &end);
        if (!end || *end != '\0')
            return std::nullopt;
        return Value::ofFloat(w);
    }
    return Value::ofFloat(v);
}

// Python int semantics on 64 bits; nullopt on overflow.
Opt intBinary(std::string_view op, int64_t a, int64_t b)
{
    int64_t r = 0;
    if (op == "+") {
        if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    } else if (op == "-") {
        if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
    } else if (op == "*") {
        if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    } else if (op == "//" || op == "%") {
        if (b == 0 || (a == std::numeric_limits<int64_t>::min() && b == -1))
            return std::nullopt;
        int64_t q = a / b;
        int64_t m = a % b;
        if (m != 0 && ((m < 0) != (b < 0))) { // floor toward -inf
            q -= 1;
            m += b;
        }
        r = op == "//" ? q : m;
    } else if (op == "**") {
        if (b < 0)
            return Value::ofFloat(std::pow(double(a), double(b)));
        r = 1;
        for (int64_t k = 0; k < b; ++k) {
            if (__builtin_mul_overflow(r, a, &r)) return std::nullopt;
            if (r == 0 || r == 1) break;
        }
        if (a == -1) r = (b % 2) ? -1 : 1;
    } else if (op == "<<") {
        if (b < 0 || b >= 63) return std::nullopt;
        if (a != 0 && (std::abs(a) > (std::numeric_limits<int64_t>::max() >> b))) return std::nullopt;
        r = int64_t(uint64_t(a) << b);
    } else if (op == ">>") {
        if (b < 0) return std::nullopt;
        r = b >= 63 ? (a < 0 ? -1 : 0) : (a >> b);
    } else if (op == "&") {
        r = a & b;
    } else if (op == "|") {
        r = a | b;
    } else if (op == "^") {
        r = a ^ b;
    } else if (op == "/") {
        if (b == 0) return std::nullopt;
        return Value::ofFloat(double(a) / double(b));
    } else {
        return std::nullopt;
    }
    return Value::ofInt(r);
}

Opt floatBinary(std::string_view op, double a, double b)
{
    if (op == "+") return Value::ofFloat(a + b);
    if (op == "-") return Value::ofFloat(a - b);
    if (op == "*") return Value::ofFloat(a * b);
    if (op == "/") {
        if (b == 0.0) return std::nullopt; // ZeroDivisionError
        return Value::ofFloat(a / b);
    }
    if (op == "//" || op == "%") {
        if (b == 0.0) return std::nullopt;
        const double q = std::floor(a / b);
        return Value::ofFloat(op == "//" ? q : a - q * b);
    }
    if (op == "**") return Value::ofFloat(std::pow(a, b));
    return std::nullopt;
}

Value asIntLike(const Value &v) { return v.type == Value::Type::Bool ? Value::ofInt(v.b ? 1 : 0) : v; }

bool compare(std::string_view op, const Value &x, const Value &y, bool &ok)
{
    ok = true;
    if (x.type != Value::Type::Float && y.type != Value::Type::Float) {
        const int64_t a = asIntLike(x).i, b = asIntLike(y).i;
        if (op == "<") return a < b;
        if (op == "<=") return a <= b;
        if (op == ">") return a > b;
        if (op == ">=") return a >= b;
        if (op == "==") return a == b;
        if (op == "!=") return a != b;
    } else {
        const double a = x.asDouble(), b = y.asDouble();
        if (op == "<") return a < b;
        if (op == "<=") return a <= b;
        if (op == ">") return a > b;
        if (op == ">=") return a >= b;
        if (op == "==") return a == b;
        if (op == "!=") return a != b;
    }
    ok = false;
    return false;
}

} // namespace

ConstantEvaluator::ConstantEvaluator(const PythonSource &src, const ImportTable &imports, Lookup lookup)
    : m_src(src)
    , m_imports(imports)
    , m_lookup(std::move(lookup))
{
}

Opt ConstantEvaluator::evaluate(TSNode expr) const { return eval(expr, 0); }

Opt ConstantEvaluator::eval(TSNode n, int depth) const
{
    using namespace node;
    if (isNull(n) || depth > kMaxDepth)
        return std::nullopt;
    const std::string_view t = type(n);
    if (t == "integer")
        return parseInteger(m_src.text(n));
    if (t == "float")
        return parseFloat(m_src.text(n));
    if (t == "true")
        return Value::ofBool(true);
    if (t == "false")
        return Value::ofBool(false);
    if (t == "parenthesized_expression") {
        const auto ch = children(n);
        return ch.size() == 1 ? eval(ch[0], depth + 1) : std::nullopt;
    }
    if (t == "identifier")
        return m_lookup ? m_lookup(m_src.text(n)) : std::nullopt;
    if (t == "attribute") {
        const QString q = m_imports.resolve(m_src, n);
        if (q == QLatin1String("math.pi")) return Value::ofFloat(M_PI);
        if (q == QLatin1String("math.e")) return Value::ofFloat(M_E);
        if (q == QLatin1String("math.tau")) return Value::ofFloat(2 * M_PI);
        if (q == QLatin1String("math.inf")) return Value::ofFloat(std::numeric_limits<double>::infinity());
        if (q == QLatin1String("math.nan")) return Value::ofFloat(std::numeric_limits<double>::quiet_NaN());
        return std::nullopt;
    }
    if (t == "unary_operator") {
        const Opt a = eval(field(n, "argument"), depth + 1);
        if (!a)
            return std::nullopt;
        const std::string_view op = operatorOf(n);
        if (op == "+")
            return a->type == Value::Type::Bool ? asIntLike(*a) : *a;
        if (op == "-") {
            if (a->type == Value::Type::Float)
                return Value::ofFloat(-a->f);
            const int64_t v = asIntLike(*a).i;
            if (v == std::numeric_limits<int64_t>::min())
                return std::nullopt;
            return Value::ofInt(-v);
        }
        if (op == "~" && a->type != Value::Type::Float)
            return Value::ofInt(~asIntLike(*a).i);
        return std::nullopt;
    }
    if (t == "not_operator") {
        const Opt a = eval(field(n, "argument"), depth + 1);
        return a ? Opt(Value::ofBool(!a->truthy())) : std::nullopt;
    }
    if (t == "binary_operator") {
        const Opt a = eval(field(n, "left"), depth + 1);
        const Opt b = a ? eval(field(n, "right"), depth + 1) : std::nullopt;
        if (!a || !b)
            return std::nullopt;
        const std::string_view op = operatorOf(n);
        if (a->type == Value::Type::Float || b->type == Value::Type::Float) {
            if (op == "&" || op == "|" || op == "^" || op == "<<" || op == ">>")
                return std::nullopt;
            return floatBinary(op, a->asDouble(), b->asDouble());
        }
        if (a->type == Value::Type::Bool && b->type == Value::Type::Bool && (op == "&" || op == "|" || op == "^")) {
            const bool r = op == "&" ? (a->b && b->b) : op == "|" ? (a->b || b->b) : (a->b != b->b);
            return Value::ofBool(r);
        }
        return intBinary(op, asIntLike(*a).i, asIntLike(*b).i);
    }
    if (t == "boolean_operator") {
        const Opt a = eval(field(n, "left"), depth + 1);
        if (!a)
            return std::nullopt;
        const std::string_view op = operatorOf(n);
        if (op == "and")
            return a->truthy() ? eval(field(n, "right"), depth + 1) : a;
        if (op == "or")
            return a->truthy() ? a : eval(field(n, "right"), depth + 1);
        return std::nullopt;
    }
    if (t == "comparison_operator") {
        // a < b <= c: operands are the named children, operators the
        // unnamed ones between them.
        std::vector<TSNode> operands = children(n);
        std::vector<std::string_view> ops;
        const uint32_t count = ts_node_child_count(n);
        for (uint32_t i = 0; i < count; ++i) {
            const TSNode c = ts_node_child(n, i);
            if (!ts_node_is_named(c))
                ops.push_back(type(c));
        }
        if (operands.size() < 2 || ops.size() != operands.size() - 1)
            return std::nullopt; // "not in", "is not": two tokens
        Opt prev = eval(operands[0], depth + 1);
        if (!prev)
            return std::nullopt;
        bool result = true;
        for (size_t i = 0; i < ops.size(); ++i) {
            const Opt next = eval(operands[i + 1], depth + 1);
            if (!next)
                return std::nullopt;
            bool ok = false;
            result = result && compare(ops[i], *prev, *next, ok);
            if (!ok)
                return std::nullopt;
            prev = next;
        }
        return Value::ofBool(result);
    }
    if (t == "conditional_expression") {
        const auto ch = children(n); // body, condition, alternative
        if (ch.size() != 3)
            return std::nullopt;
        const Opt c = eval(ch[1], depth + 1);
        if (!c)
            return std::nullopt;
        return eval(c->truthy() ? ch[0] : ch[2], depth + 1);
    }
    if (t == "call")
        return call(n, depth);
    return std::nullopt;
}

Opt ConstantEvaluator::call(TSNode n, int depth) const
{
    using namespace node;
    const TSNode fn = field(n, "function");
    const TSNode argList = field(n, "arguments");
    if (!is(argList, "argument_list"))
        return std::nullopt;
    const auto argNodes = children(argList);
    for (TSNode a : argNodes)
        if (!is(a, "keyword_argument") && type(a).find("splat") != std::string_view::npos)
            return std::nullopt;
    QString name;
    if (is(fn, "identifier") && !m_imports.binds(m_src.text(fn)))
        name = m_src.text(fn); // a builtin
    else
        name = m_imports.resolve(m_src, fn);
    if (name.isEmpty())
        return std::nullopt;

    // float("inf"), float("-inf"), float("nan"), float("1.5")
    if (name == QLatin1String("float") && argNodes.size() == 1 && is(argNodes[0], "string")) {
        QString s = m_src.text(argNodes[0]);
        if (s.size() < 2)
            return std::nullopt;
        s = s.mid(1, s.size() - 2).trimmed().toLower();
        if (s == QLatin1String("inf") || s == QLatin1String("+inf") || s == QLatin1String("infinity"))
            return Value::ofFloat(std::numeric_limits<double>::infinity());
        if (s == QLatin1String("-inf") || s == QLatin1String("-infinity"))
            return Value::ofFloat(-std::numeric_limits<double>::infinity());
        if (s == QLatin1String("nan"))
            return Value::ofFloat(std::numeric_limits<double>::quiet_NaN());
        return parseFloat(s);
    }
    std::vector<Value> args;
    for (TSNode a : argNodes) {
        if (is(a, "keyword_argument"))
            return std::nullopt;
        const Opt v = eval(a, depth + 1);
        if (!v)
            return std::nullopt;
        args.push_back(*v);
    }
    if (name == QLatin1String("float") && args.size() == 1)
        return Value::ofFloat(args[0].asDouble());
    if (name == QLatin1String("int") && args.size() == 1) {
        if (args[0].type == Value::Type::Float) {
            if (!std::isfinite(args[0].f) || std::abs(args[0].f) > 9.2e18)
                return std::nullopt;
            return Value::ofInt(int64_t(std::trunc(args[0].f)));
        }
        return asIntLike(args[0]);
    }
    if (name == QLatin1String("bool") && args.size() == 1)
        return Value::ofBool(args[0].truthy());
    if (name == QLatin1String("abs") && args.size() == 1) {
        if (args[0].type == Value::Type::Float)
            return Value::ofFloat(std::abs(args[0].f));
        const int64_t v = asIntLike(args[0]).i;
        if (v == std::numeric_limits<int64_t>::min())
            return std::nullopt;
        return Value::ofInt(v < 0 ? -v : v);
    }
    if ((name == QLatin1String("min") || name == QLatin1String("max")) && args.size() >= 2) {
        const bool isMin = name == QLatin1String("min");
        Value best = args[0];
        for (size_t i = 1; i < args.size(); ++i) {
            bool ok = false;
            const bool less = compare("<", args[i], best, ok);
            if (!ok)
                return std::nullopt;
            bool ok2 = false;
            const bool greater = compare(">", args[i], best, ok2);
            if ((isMin && less) || (!isMin && greater))
                best = args[i];
        }
        return best;
    }
    if (name == QLatin1String("cuda.tile.cdiv") && args.size() == 2 && args[0].type != Value::Type::Float
        && args[1].type != Value::Type::Float) {
        const int64_t a = asIntLike(args[0]).i, b = asIntLike(args[1]).i;
        if (b == 0)
            return std::nullopt;
        const Opt q = intBinary("//", a, b);
        const Opt m = intBinary("%", a, b);
        if (!q || !m)
            return std::nullopt;
        return Value::ofInt(q->i + (m->i != 0 ? 1 : 0));
    }
    if (name.startsWith(QLatin1String("math.")) && args.size() == 1) {
        const double x = args[0].asDouble();
        const QString f = name.mid(5);
        if (f == QLatin1String("sqrt")) return x < 0 ? std::nullopt : Opt(Value::ofFloat(std::sqrt(x)));
        if (f == QLatin1String("log")) return x <= 0 ? std::nullopt : Opt(Value::ofFloat(std::log(x)));
        if (f == QLatin1String("log2")) return x <= 0 ? std::nullopt : Opt(Value::ofFloat(std::log2(x)));
        if (f == QLatin1String("exp")) return Value::ofFloat(std::exp(x));
        if (f == QLatin1String("exp2")) return Value::ofFloat(std::exp2(x));
        if (f == QLatin1String("ceil") || f == QLatin1String("floor")) {
            if (args[0].type != Value::Type::Float)
                return asIntLike(args[0]);
            const double r = f == QLatin1String("ceil") ? std::ceil(x) : std::floor(x);
            if (!std::isfinite(r) || std::abs(r) > 9.2e18)
                return std::nullopt;
            return Value::ofInt(int64_t(r));
        }
    }
    return std::nullopt;
}

} // namespace tileport::frontend
