// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "RustNames.h"

#include <QHash>
#include <QSet>
#include <cmath>

namespace tileport::rust {

QString RustNames::elementType(QString d)
{
    if (d.startsWith(QLatin1String("cuda.tile.")))
        d = d.mid(10);
    static const QHash<QString, QString> map{
        {QStringLiteral("float32"), QStringLiteral("f32")},  {QStringLiteral("float16"), QStringLiteral("f16")},
        {QStringLiteral("bfloat16"), QStringLiteral("bf16")}, {QStringLiteral("float64"), QStringLiteral("f64")},
        {QStringLiteral("int32"), QStringLiteral("i32")},    {QStringLiteral("int64"), QStringLiteral("i64")},
        {QStringLiteral("int16"), QStringLiteral("i16")},    {QStringLiteral("int8"), QStringLiteral("i8")},
        {QStringLiteral("uint32"), QStringLiteral("u32")},   {QStringLiteral("uint64"), QStringLiteral("u64")},
        {QStringLiteral("uint8"), QStringLiteral("u8")},     {QStringLiteral("uint16"), QStringLiteral("u16")},
        {QStringLiteral("bool_"), QStringLiteral("bool")},
        {QStringLiteral("tfloat32"), QStringLiteral("tf32")},
        {QStringLiteral("float8_e4m3fn"), QStringLiteral("f8e4m3fn")}, {QStringLiteral("float8_e5m2"), QStringLiteral("f8e5m2")},
        {QStringLiteral("float8_e8m0fnu"), QStringLiteral("f8e8m0fnu")}, {QStringLiteral("float4_e2m1fn"), QStringLiteral("f4e2m1fn")},
    };
    return map.value(d);
}

QString RustNames::pythonDtype(const QString &e)
{
    static const char *const names[] = {"float32", "float16", "bfloat16", "float64", "int32", "int64", "int16",
                                        "int8", "uint32", "uint64", "uint16", "uint8", "bool_", "tfloat32",
                                        "float8_e4m3fn", "float8_e5m2", "float8_e8m0fnu", "float4_e2m1fn"};
    for (const char *n : names)
        if (elementType(QLatin1String(n)) == e)
            return QLatin1String(n);
    return {};
}

QString RustNames::floatLiteral(double v)
{
    for (int precision = 1; precision < 40; ++precision) {
        const QString s = QString::number(v, 'f', precision);
        if (s.toDouble() == v)
            return s;
    }
    return QString::number(v, 'f', 40);
}

QString RustNames::identifier(const QString &stem)
{
    QString out;
    for (QChar c : stem)
        out += (c.isLetterOrNumber() && c.unicode() < 128) ? c.toLower() : QLatin1Char('_');
    if (out.isEmpty() || out.at(0).isDigit())
        out.prepend(QLatin1String("k_"));
    return out;
}

bool RustNames::isSnakeCase(const QString &name)
{
    qsizetype from = 0, to = name.size();
    while (from < to && name[from] == QLatin1Char('_'))
        ++from;
    while (to > from && name[to - 1] == QLatin1Char('_'))
        --to;
    const QStringView core = QStringView(name).mid(from, to - from);
    return !core.contains(QStringLiteral("__")) && std::none_of(core.begin(), core.end(), [](QChar c) { return c.isUpper(); });
}

QString RustNames::local(const QString &n)
{
    static const QSet<QString> keywords{
        QStringLiteral("as"),    QStringLiteral("box"),   QStringLiteral("const"), QStringLiteral("crate"),
        QStringLiteral("enum"),  QStringLiteral("extern"), QStringLiteral("fn"),   QStringLiteral("impl"),
        QStringLiteral("let"),   QStringLiteral("loop"),  QStringLiteral("match"), QStringLiteral("mod"),
        QStringLiteral("move"),  QStringLiteral("mut"),   QStringLiteral("priv"),  QStringLiteral("pub"),
        QStringLiteral("ref"),   QStringLiteral("self"),  QStringLiteral("Self"),  QStringLiteral("static"),
        QStringLiteral("struct"), QStringLiteral("super"), QStringLiteral("trait"), QStringLiteral("type"),
        QStringLiteral("unsafe"), QStringLiteral("use"),  QStringLiteral("where"), QStringLiteral("dyn"),
        QStringLiteral("abstract"), QStringLiteral("become"), QStringLiteral("do"), QStringLiteral("final"),
        QStringLiteral("macro"), QStringLiteral("override"), QStringLiteral("typeof"), QStringLiteral("unsized"),
        QStringLiteral("virtual"), QStringLiteral("yield"), QStringLiteral("async"), QStringLiteral("await"),
        QStringLiteral("try"), QStringLiteral("gen")};
    // The cutile::core functions a port calls by their bare names: a Python
    // name equal to one (a tensor called `rsqrt`, a tile called `exp`) would
    // hide it inside the entry.
    static const QSet<QString> functions{
        QStringLiteral("abs"), QStringLiteral("absf"), QStringLiteral("absi"), QStringLiteral("addptr_tile"), QStringLiteral("andi"),
        QStringLiteral("atan2"), QStringLiteral("atomic_cas_tko"), QStringLiteral("atomic_rmw_tko"), QStringLiteral("bitcast"),
        QStringLiteral("broadcast_scalar"), QStringLiteral("cat"), QStringLiteral("ceil"), QStringLiteral("ceil_div"), QStringLiteral("cmpf"),
        QStringLiteral("constant"), QStringLiteral("convert_scalar"), QStringLiteral("convert_tile"), QStringLiteral("cos"), QStringLiteral("cosh"),
        QStringLiteral("divi"), QStringLiteral("exp"), QStringLiteral("exp2"), QStringLiteral("exti"), QStringLiteral("extract"),
        QStringLiteral("floor"), QStringLiteral("fma"), QStringLiteral("get_num_tile_blocks"), QStringLiteral("get_tensor_base"),
        QStringLiteral("get_tensor_token"), QStringLiteral("get_tile_block_id"), QStringLiteral("iota"), QStringLiteral("load_ptr_tko"),
        QStringLiteral("load_view_tko"), QStringLiteral("log"), QStringLiteral("log2"), QStringLiteral("make_partition_view"),
        QStringLiteral("max"), QStringLiteral("maxf"), QStringLiteral("min"), QStringLiteral("minf"), QStringLiteral("mma"),
        QStringLiteral("mmaf"), QStringLiteral("negf"), QStringLiteral("negi"), QStringLiteral("num_tiles"), QStringLiteral("ori"),
        QStringLiteral("permute"), QStringLiteral("pow"), QStringLiteral("reduce_max"), QStringLiteral("reduce_min"),
        QStringLiteral("reduce_prod"), QStringLiteral("reduce_sum"), QStringLiteral("remi"), QStringLiteral("rsqrt"),
        QStringLiteral("scalar_to_tile"), QStringLiteral("scan_sum"), QStringLiteral("select"), QStringLiteral("shape"),
        QStringLiteral("shli"), QStringLiteral("shri"), QStringLiteral("sin"), QStringLiteral("sinh"), QStringLiteral("sqrt"),
        QStringLiteral("store_ptr_tko"), QStringLiteral("tan"), QStringLiteral("tanh"), QStringLiteral("tile_to_scalar"),
        QStringLiteral("trunci"), QStringLiteral("xori")};
    // Python's throwaway `_` is a name it may read (`for _ in range(k)` whose
    // trip the body indexes with); in Rust `_` is only a pattern.
    if (n == QLatin1String("_"))
        return QStringLiteral("_0");
    return keywords.contains(n) || functions.contains(n) ? n + QLatin1Char('_') : n;
}

QString RustNames::paddingMode(const QString &m)
{
    static const QHash<QString, QString> modes{
        {QStringLiteral("cuda.tile.PaddingMode.ZERO"), QStringLiteral("Zero")},
        {QStringLiteral("cuda.tile.PaddingMode.NEG_ZERO"), QStringLiteral("NegZero")},
        {QStringLiteral("cuda.tile.PaddingMode.NAN"), QStringLiteral("Nan")},
        {QStringLiteral("cuda.tile.PaddingMode.POS_INF"), QStringLiteral("PosInf")},
        {QStringLiteral("cuda.tile.PaddingMode.NEG_INF"), QStringLiteral("NegInf")},
        {QStringLiteral("cuda.tile.PaddingMode.UNDETERMINED"), QStringLiteral("None")}};
    return modes.value(m);
}

QString RustNames::roundingMode(const QString &m)
{
    static const QHash<QString, QString> modes{
        {QStringLiteral("cuda.tile.RoundingMode.RN"), QStringLiteral("NearestEven")},
        {QStringLiteral("cuda.tile.RoundingMode.RZ"), QStringLiteral("Zero")},
        {QStringLiteral("cuda.tile.RoundingMode.RM"), QStringLiteral("NegativeInf")},
        {QStringLiteral("cuda.tile.RoundingMode.RP"), QStringLiteral("PositiveInf")},
        {QStringLiteral("cuda.tile.RoundingMode.FULL"), QStringLiteral("Full")},
        {QStringLiteral("cuda.tile.RoundingMode.APPROX"), QStringLiteral("Approx")}};
    return modes.value(m);
}

QString RustNames::memoryOrder(const QString &m)
{
    static const QHash<QString, QString> orders{{QStringLiteral("RELAXED"), QStringLiteral("Relaxed")},
                                                {QStringLiteral("ACQUIRE"), QStringLiteral("Acquire")},
                                                {QStringLiteral("RELEASE"), QStringLiteral("Release")},
                                                {QStringLiteral("ACQ_REL"), QStringLiteral("AcqRel")}};
    return orders.value(m);
}

QString RustNames::memoryScope(const QString &m)
{
    static const QHash<QString, QString> scopes{{QStringLiteral("BLOCK"), QStringLiteral("TileBlock")},
                                                {QStringLiteral("DEVICE"), QStringLiteral("Device")},
                                                {QStringLiteral("SYS"), QStringLiteral("System")}};
    return scopes.value(m);
}

QString RustNames::stringLiteral(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (QChar ch : text) {
        if (ch == QLatin1Char('\\') || ch == QLatin1Char('"'))
            out += QLatin1Char('\\') + QString(ch);
        else if (ch == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (ch == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else if (ch == QLatin1Char('\r'))
            out += QStringLiteral("\\r");
        else if (ch.unicode() < 0x20 || ch.unicode() == 0x7f)
            out += QStringLiteral("\\u{%1}").arg(ch.unicode(), 0, 16);
        else
            out += ch;
    }
    return out + QLatin1Char('"');
}

} // namespace tileport::rust
