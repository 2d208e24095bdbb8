// SPDX-License-Identifier: MIT
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
