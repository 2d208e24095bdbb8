// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Element-type inference. cuTile Python arrays are dtype-generic; the
// front-end gives each array its own dtype variable. Where two values must
// share a dtype (operands, a stored tile and its array) the variables are
// unified; a variable that meets a concrete type becomes that type.
#include "KernelLowering.h"

#include <QRegularExpression>

namespace tileport::rust {

namespace {

bool isPlaceholder(const QString &t)
{
    return t.startsWith(QLatin1String("TpDtype")) || t.startsWith(QLatin1String("TpScalar"));
}

} // namespace

QString KernelLowering::resolve(const QString &dtype) const
{
    QString t = dtype;
    for (int guard = 0; guard < 64 && m_dtypeParent.contains(t); ++guard)
        t = m_dtypeParent.value(t);
    return t;
}

QString KernelLowering::unify(const QString &a, const QString &b, TSNode at, const QString &what)
{
    const QString ra = resolve(a), rb = resolve(b);
    if (ra == rb)
        return ra;
    const bool pa = isPlaceholder(ra), pb = isPlaceholder(rb);
    if (pa && pb) {
        // Keep the generic (TpDtype) and, among generics, the earlier one.
        const bool aFirst = ra.startsWith(QLatin1String("TpDtype"))
            && (!rb.startsWith(QLatin1String("TpDtype")) || m_typeVars.indexOf(ra) < m_typeVars.indexOf(rb));
        if (aFirst) {
            m_dtypeParent.insert(rb, ra);
            return ra;
        }
        m_dtypeParent.insert(ra, rb);
        return rb;
    }
    if (pa && !ra.startsWith(QLatin1String("TpScalar")) && rb == QLatin1String("bool"))
        fail(at, what, QStringLiteral("a bool tile meets an array dtype"));
    if (pa) {
        m_dtypeParent.insert(ra, rb);
        return rb;
    }
    if (pb) {
        m_dtypeParent.insert(rb, ra);
        return ra;
    }
    fail(at, what, QStringLiteral("a %1 value meets a %2 value (add ct.astype)").arg(finalDtype(ra), finalDtype(rb)));
}

QString KernelLowering::promotion(const QString &a, const QString &b)
{
    const QString ra = resolve(a), rb = resolve(b);
    if (ra == rb)
        return QString();
    const auto generic = [](const QString &t) { return t.startsWith(QLatin1String("TpDtype")); };
    const auto half = [](const QString &t) { return t == QLatin1String("f16") || t == QLatin1String("bf16"); };
    const auto integer = [](const QString &t) {
        return t == QLatin1String("i8") || t == QLatin1String("i16") || t == QLatin1String("i32") || t == QLatin1String("i64")
               || t == QLatin1String("u8") || t == QLatin1String("u16") || t == QLatin1String("u32") || t == QLatin1String("u64");
    };
    const QString f32 = QStringLiteral("f32");
    // f16, bf16 and f32 arrays all promote to f32 against an f32 tile; the
    // entry is marked as not serving f64 arrays, which would promote to f64.
    if ((generic(ra) && rb == f32) || (generic(rb) && ra == f32)) {
        m_promotedToF32.insert(generic(ra) ? ra : rb);
        return f32;
    }
    if ((half(ra) && (rb == f32 || half(rb))) || (half(rb) && ra == f32))
        return f32;
    if (integer(ra) && (rb == f32 || rb == QLatin1String("f64") || half(rb)))
        return rb;
    if (integer(rb) && (ra == f32 || ra == QLatin1String("f64") || half(ra)))
        return ra;
    // Integers of one signedness widen to the wider (int32 + int64 is int64).
    if (integer(ra) && integer(rb) && ra[0] == rb[0])
        return ra.mid(1).toInt() > rb.mid(1).toInt() ? ra : rb;
    return QString();
}

// An array of a generic dtype meeting int32 (an operand, an index) is made
// int32 in this entry; cuTile Python would promote an int64 array's values
// instead, and int64 is torch's default integer type, so an int64 entry is
// asked for too (its int32 side widens through promotion()).
void KernelLowering::offerInt64(const QString &a, const QString &b, TSNode at, const QString &what)
{
    const QString ra = resolve(a), rb = resolve(b);
    const auto generic = [](const QString &t) { return t.startsWith(QLatin1String("TpDtype")); };
    if (generic(ra) && rb == QLatin1String("i32"))
        recordDtypeTest(ra, QStringLiteral("i64"), at, what, true);
    else if (generic(rb) && ra == QLatin1String("i32"))
        recordDtypeTest(rb, QStringLiteral("i64"), at, what, true);
}

RustValue KernelLowering::converted(const RustValue &v, const QString &dtype)
{
    RustValue out = v;
    out.dtype = dtype;
    const QString from = resolve(v.dtype), to = resolve(dtype);
    const bool widen = isIntegerLike(from) && isIntegerLike(to) && from[0] == to[0] && to.mid(1).toInt() > from.mid(1).toInt();
    out.expr = bind(QStringLiteral("%1(%2)").arg(widen ? QStringLiteral("exti") : conversionFunction(v.dtype, dtype), v.expr),
                    out.typeText());
    return out;
}

bool KernelLowering::isFloatLike(const QString &dtype) const
{
    const QString t = resolve(dtype);
    return t.startsWith(QLatin1String("TpDtype")) || t == QLatin1String("f32") || t == QLatin1String("f64")
        || t == QLatin1String("f16") || t == QLatin1String("bf16");
}

QString KernelLowering::finalDtype(const QString &text) const
{
    static const QRegularExpression re(QStringLiteral("(?<![A-Za-z_])Tp(?:Dtype|Scalar)\\d+\\b"));
    QString out;
    qsizetype last = 0;
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        out += text.mid(last, m.capturedStart() - last);
        const QString r = resolve(m.captured());
        out += m_finalNames.value(r, r);
        last = m.capturedEnd();
    }
    out += text.mid(last);
    return out;
}

} // namespace tileport::rust
