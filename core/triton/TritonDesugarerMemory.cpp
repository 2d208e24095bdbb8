// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Pointers, masks and block pointers: Triton addresses as cuTile views.
#include "TritonDesugarer.h"

#include "SyntaxNode.h"

#include <QRegularExpression>

#include <algorithm>

namespace tileport::triton {

using namespace tileport::frontend;

TritonValue TritonDesugarer::pointerAdd(TritonValue ptr, TSNode addend, TSNode at, bool subtract)
{
    if (!ptr.poisoned.isEmpty())
        fail(at, QStringLiteral("pointer"), ptr.poisoned);
    if (ptr.gather)
        return gatherAdd(ptr, addend, subtract);
    if (ptr.blockPointer)
        fail(at, QStringLiteral("pointer arithmetic"),
             QStringLiteral("arithmetic on a block pointer or an advanced pointer; use tl.advance"));
    try {
        if (subtract)
            fail(at, QStringLiteral("pointer subtraction"), QStringLiteral("a view index only grows by offsets added to a pointer"));
        addTerms(ptr, addend, QString(), at);
    } catch (const Failure &f) {
        toGather(ptr.array, f);
    }
    return ptr;
}

void TritonDesugarer::addTerms(TritonValue &ptr, TSNode e, const QString &stride, TSNode at)
{
    const DepthGuard guard(*this, e);
    e = node::unparen(e);
    if (node::is(e, "binary_operator")) {
        const auto op = node::operatorOf(e);
        const TSNode l = node::field(e, "left"), r = node::field(e, "right");
        if (op == "+") {
            addTerms(ptr, l, stride, at);
            addTerms(ptr, r, stride, at);
            return;
        }
        if (op == "*" && stride.isEmpty()) {
            // offsets * stride: the stride is a scalar parameter (not a
            // constexpr: `pid * BLOCK` is an element offset, not a stride).
            const auto isStride = [&](TSNode s) {
                if (!node::is(s, "identifier"))
                    return false;
                const QString name = m_src.text(s);
                const TritonValue v = m_env.value(name);
                return v.kind == TritonValue::Kind::Scalar && v.text == name && !m_constexprs.contains(name)
                    && std::any_of(m_kernel.params.cbegin(), m_kernel.params.cend(),
                                   [&](const TritonParam &p) { return p.name == name; });
            };
            if (isStride(r)) {
                addTerms(ptr, l, m_src.text(r), at);
                return;
            }
            if (isStride(l)) {
                addTerms(ptr, r, m_src.text(l), at);
                return;
            }
        }
    }
    const TritonValue v = expr(e);
    ViewDim d;
    d.stride = stride;
    const SourceRange where = m_src.range(e);
    d.line = where.line;
    d.col = where.col;
    if (v.kind == TritonValue::Kind::Offsets) {
        d.index = v.offIndex;
        d.size = v.offSize;
        d.tileAxis = v.offAxis;
        d.tileRank = v.rank;
    } else if (v.kind == TritonValue::Kind::Scalar) {
        // A row index widened to int64 (Triton's overflow guard) is a view's
        // i32 tile index again.
        d.scalarText = v.dtype == QLatin1String("ct.int64") ? QStringLiteral("ct.astype(%1, ct.int32)").arg(v.text) : v.text;
        d.quotient = v.quotient;
        d.multipleOf = v.multipleOf;
    } else if (v.kind == TritonValue::Kind::Tile) {
        fail(e, QStringLiteral("pointer offsets"),
             QStringLiteral("the offsets are not `index * BLOCK + tl.arange(0, BLOCK)` (optionally times a stride): no tile view fits, and gathers through pointer tiles are not generated"));
    } else {
        fail(e, QStringLiteral("pointer offsets"), QStringLiteral("a pointer plus something that is not an offset"));
    }
    ptr.dims << d;
}

QList<ViewDim> TritonDesugarer::resolveDims(const TritonValue &ptr, TSNode at)
{
    if (!ptr.poisoned.isEmpty())
        fail(at, QStringLiteral("pointer"), ptr.poisoned);
    if (ptr.blockPointer)
        return ptr.dims;
    // Group the terms by stride: one group is one array dimension.
    QList<ViewDim> dims;
    for (const ViewDim &t : ptr.dims) {
        auto it = std::find_if(dims.begin(), dims.end(), [&](const ViewDim &d) { return d.stride == t.stride; });
        if (it == dims.end()) {
            dims << t;
            continue;
        }
        ViewDim &d = *it;
        const bool dTile = d.tileAxis >= 0 && !d.size.isEmpty(), tTile = t.tileAxis >= 0 && !t.size.isEmpty();
        if (dTile && tTile)
            fail(at, QStringLiteral("pointer offsets"), QStringLiteral("two offset tiles along one stride"));
        if (!dTile && !tTile) {
            d.scalarText = QStringLiteral("%1 + %2").arg(d.scalarText, t.scalarText);
            d.quotient.clear();
            d.multipleOf.clear();
            continue;
        }
        ViewDim tile = dTile ? d : t;
        const ViewDim scalar = dTile ? t : d;
        if (scalar.scalarText == QLatin1String("0")) {
            d = tile;
            continue;
        }
        if (scalar.multipleOf.isEmpty() || scalar.multipleOf != tile.size)
            fail(at, QStringLiteral("pointer offsets"),
                 QStringLiteral("the offset base `%1` is not a known multiple of the block %2: no tile index fits").arg(scalar.scalarText, tile.size));
        tile.index = tile.index == QLatin1String("0") ? scalar.quotient : QStringLiteral("%1 + %2").arg(tile.index, scalar.quotient);
        d = tile;
    }
    // Scalar dims are row indices (tile size 1).
    for (ViewDim &d : dims)
        if (d.tileAxis < 0 || d.size.isEmpty()) {
            d.tileAxis = -1;
            d.index = d.scalarText;
            d.size = QStringLiteral("1");
        }
    // Array order: row indices, then tile axes in order; the unit-stride
    // (contiguous) dimension must come last.
    std::stable_sort(dims.begin(), dims.end(), [](const ViewDim &a, const ViewDim &b) {
        const int ka = a.stride.isEmpty() ? 1000 : a.tileAxis, kb = b.stride.isEmpty() ? 1000 : b.tileAxis;
        return ka < kb;
    });
    int lastAxis = -1;
    for (const ViewDim &d : dims) {
        if (d.tileAxis >= 0 && d.tileAxis < lastAxis)
            fail(at, QStringLiteral("pointer offsets"),
                 QStringLiteral("the contiguous axis is not the tile's last axis: a transposed view (order=) is not mapped"));
        lastAxis = qMax(lastAxis, d.tileAxis);
    }
    bool scalarDim = false;
    int tileRank = 0;
    for (const ViewDim &d : dims) {
        scalarDim = scalarDim || d.tileAxis < 0;
        tileRank = qMax(tileRank, d.tileRank);
    }
    if (scalarDim && tileRank == 1 && !m_lift) {
        m_lift = true; // a row access: run again with 1-D tiles as (1, N)
        throw Restart{};
    }
    const int known = m_arrayRank.value(ptr.array, -1);
    if (known >= 0 && known != dims.size())
        fail(at, QStringLiteral("pointer rank"),
             QStringLiteral("'%1' is addressed with %2 dimension(s) here and %3 elsewhere").arg(ptr.array).arg(dims.size()).arg(known));
    m_arrayRank.insert(ptr.array, int(dims.size()));
    return dims;
}

QString TritonDesugarer::viewIndex(const QList<ViewDim> &dims) const
{
    QStringList parts;
    for (const ViewDim &d : dims)
        parts << d.index;
    return QStringLiteral("(%1%2)").arg(parts.join(QStringLiteral(", ")), parts.size() == 1 ? QStringLiteral(",") : QString());
}

QString TritonDesugarer::viewShape(const QList<ViewDim> &dims) const
{
    QStringList parts;
    for (const ViewDim &d : dims)
        parts << d.size;
    return QStringLiteral("(%1%2)").arg(parts.join(QStringLiteral(", ")), parts.size() == 1 ? QStringLiteral(",") : QString());
}

QString TritonDesugarer::padding(TSNode mask, TSNode other)
{
    if (node::isNull(other))
        return QStringLiteral("ZERO");
    QString t = m_src.text(other);
    t.remove(QLatin1Char(' ')).replace(QLatin1Char('\''), QLatin1Char('"'));
    if (t == QLatin1String("0") || t == QLatin1String("0.0") || t == QLatin1String("0.") || t == QLatin1String("False"))
        return QStringLiteral("ZERO");
    if (t == QLatin1String("float(\"-inf\")") || t == QLatin1String("-float(\"inf\")") || t == QLatin1String("-math.inf"))
        return QStringLiteral("NEG_INF");
    if (t == QLatin1String("float(\"inf\")") || t == QLatin1String("math.inf"))
        return QStringLiteral("POS_INF");
    if (t == QLatin1String("float(\"nan\")") || t == QLatin1String("math.nan"))
        return QStringLiteral("NAN");
    Q_UNUSED(mask);
    fail(other, QStringLiteral("other="),
         QStringLiteral("`other=%1`: a cuTile view pads with zero, ±inf or nan only").arg(m_src.text(other)));
}

TritonValue TritonDesugarer::load(TSNode n)
{
    const TSNode pn = argument(n, 0, "pointer");
    const TritonValue ptr = expr(pn);
    if (ptr.kind != TritonValue::Kind::Pointer)
        fail(pn, QStringLiteral("tl.load"), QStringLiteral("the address is not a pointer into a kernel parameter"));
    if (ptr.gather)
        return gatherLoad(ptr, n);
    try {
        const TSNode mn = argument(n, 1, "mask"), on = argument(n, 2, "other");
        if (!node::isNull(mn) && !node::is(mn, "none")) {
            const TritonValue m = expr(mn);
            if (m.kind != TritonValue::Kind::Mask)
                fail(mn, QStringLiteral("mask"),
                     QStringLiteral("the mask is not `offsets < bound` (or an & of such): no view bound fits"));
        }
        QString pad = padding(mn, on);
        const TSNode po = argument(n, 99, "padding_option");
        if (!node::isNull(po)) {
            const QString p = m_src.text(po).remove(QLatin1Char('"')).remove(QLatin1Char('\''));
            pad = p == QLatin1String("nan") ? QStringLiteral("NAN") : QStringLiteral("ZERO");
        }
        TritonValue v = loadFrom(ptr, pad, n);
        if (!ptr.blockPointer)
            m_kernel.notes << QStringLiteral("tl.load at line %1: a tile view of '%2' (ct.load)").arg(m_src.range(n).line).arg(ptr.array);
        return v;
    } catch (const Failure &f) {
        if (ptr.blockPointer)
            throw;
        toGather(ptr.array, f);
    }
}

TritonValue TritonDesugarer::loadFrom(const TritonValue &ptr, const QString &pad, TSNode n)
{
    if (ptr.dims.isEmpty() && !ptr.blockPointer)
        fail(n, QStringLiteral("pointer offsets"), QStringLiteral("the pointer itself (no offsets) gives no view index")); // a gather of element 0
    const QList<ViewDim> dims = resolveDims(ptr, n);
    TritonValue v;
    v.kind = TritonValue::Kind::Tile;
    v.dtype = QLatin1Char('@') + ptr.array;
    QStringList physical, logical;
    for (const ViewDim &d : dims) {
        physical << d.size;
        if (d.tileAxis >= 0)
            logical << d.size;
    }
    v.rank = int(logical.size());
    v.text = QStringLiteral("ct.load(%1, index=%2, shape=%3, padding_mode=ct.PaddingMode.%4)")
                 .arg(ptr.array, viewIndex(dims), viewShape(dims), pad);
    QStringList want = logical;
    if (m_lift && logical.size() <= 1)
        want = logical.isEmpty() ? QStringList{QStringLiteral("1"), QStringLiteral("1")} : QStringList{QStringLiteral("1"), logical[0]};
    if (logical.isEmpty() && !m_lift)
        want = {QStringLiteral("1")};
    if (want != physical)
        v.text = QStringLiteral("ct.reshape(%1, (%2%3))").arg(v.text, want.join(QStringLiteral(", ")),
                                                              want.size() == 1 ? QStringLiteral(",") : QString());
    v.shape = want;
    return v;
}

void TritonDesugarer::store(TSNode n)
{
    const TSNode pn = argument(n, 0, "pointer"), vn = argument(n, 1, "value"), mn = argument(n, 2, "mask");
    const TritonValue ptr = expr(pn);
    if (ptr.kind != TritonValue::Kind::Pointer)
        fail(pn, QStringLiteral("tl.store"), QStringLiteral("the address is not a pointer into a kernel parameter"));
    if (ptr.gather)
        return gatherStore(ptr, n);
    try {
        if (!node::isNull(mn) && !node::is(mn, "none")) {
            const TritonValue m = expr(mn);
            if (m.kind != TritonValue::Kind::Mask)
                fail(mn, QStringLiteral("mask"),
                     QStringLiteral("the mask is not `offsets < bound` (or an & of such): no view bound fits"));
        }
        storeTo(ptr, vn, n);
        if (!ptr.blockPointer)
            m_kernel.notes << QStringLiteral("tl.store at line %1: a tile view of '%2' (ct.store)").arg(m_src.range(n).line).arg(ptr.array);
    } catch (const Failure &f) {
        if (ptr.blockPointer)
            throw;
        toGather(ptr.array, f);
    }
}

void TritonDesugarer::storeTo(const TritonValue &ptr, TSNode vn, TSNode n)
{
    const TritonValue v = expr(vn);
    if (v.kind != TritonValue::Kind::Tile)
        fail(vn, QStringLiteral("tl.store value"), QStringLiteral("only tiles are stored (a scalar needs tl.full)"));
    if (ptr.dims.isEmpty() && !ptr.blockPointer)
        fail(n, QStringLiteral("pointer offsets"), QStringLiteral("the pointer itself (no offsets) gives no view index"));
    const QList<ViewDim> dims = resolveDims(ptr, n);
    QStringList physical;
    for (const ViewDim &d : dims)
        physical << d.size;
    QString t = v.text;
    // tl.store converts to the pointer's element type; cuTile wants it explicit.
    if (v.dtype.startsWith(QLatin1String("ct.")))
        t = QStringLiteral("ct.astype(%1, %2.dtype)").arg(t, ptr.array);
    if (v.shape != physical)
        t = QStringLiteral("ct.reshape(%1, %2)").arg(t, viewShape(dims));
    emit(QStringLiteral("ct.store(%1, index=%2, tile=%3)").arg(ptr.array, viewIndex(dims), t), n);
}

TritonValue TritonDesugarer::makeBlockPointer(TSNode n)
{
    const TSNode bn = argument(n, 0, "base");
    const TritonValue base = expr(bn);
    if (base.kind != TritonValue::Kind::Pointer || !base.dims.isEmpty() || base.blockPointer)
        fail(bn, QStringLiteral("tl.make_block_ptr base"), QStringLiteral("the base must be a pointer parameter itself"));
    const auto items = [&](int pos, const char *kw) {
        const TSNode t = node::unparen(argument(n, pos, kw));
        if (!node::is(t, "tuple") && !node::is(t, "list"))
            fail(n, QStringLiteral("tl.make_block_ptr %1=").arg(QLatin1String(kw)), QStringLiteral("a literal tuple is expected"));
        return node::children(t);
    };
    const auto offsets = items(3, "offsets"), block = items(4, "block_shape"), order = items(5, "order");
    if (offsets.size() != block.size() || order.size() != block.size())
        fail(n, QStringLiteral("tl.make_block_ptr"), QStringLiteral("offsets, block_shape and order differ in length"));
    for (size_t i = 0; i < order.size(); ++i)
        if (m_src.text(order[i]) != QString::number(int(order.size() - 1 - i)))
            fail(order[i], QStringLiteral("tl.make_block_ptr order="),
                 QStringLiteral("only row-major order (n-1, ..., 0) is mapped; a permuted order needs a dim_map"));
    TritonValue p = base;
    p.blockPointer = true;
    for (size_t i = 0; i < block.size(); ++i) {
        ViewDim d;
        d.size = expr(block[i]).text;
        d.tileAxis = int(i);
        d.tileRank = int(block.size());
        const TritonValue off = expr(offsets[i]);
        if (off.kind != TritonValue::Kind::Scalar)
            fail(offsets[i], QStringLiteral("block pointer offset"), QStringLiteral("a scalar offset is expected"));
        if (off.text == QLatin1String("0"))
            d.index = QStringLiteral("0");
        else if (!off.multipleOf.isEmpty() && off.multipleOf == d.size)
            d.index = off.quotient;
        else if (d.size == QLatin1String("1")) // a block of one: the offset is the index
            d.index = off.dtype == QLatin1String("ct.int64") ? QStringLiteral("ct.astype(%1, ct.int32)").arg(off.text) : off.text;
        else
            fail(offsets[i], QStringLiteral("block pointer offset"),
                 QStringLiteral("`%1` is not a known multiple of the block size %2: no partition index fits").arg(off.text, d.size));
        p.dims << d;
    }
    m_arrayRank.insert(p.array, int(p.dims.size()));
    return p;
}

TritonValue TritonDesugarer::makeTensorDescriptor(TSNode n)
{
    // An in-kernel descriptor is a block pointer without offsets: the block
    // shape is in the kernel, each desc.load/store gives the offsets.
    const TSNode bn = argument(n, 0, "base");
    const TritonValue base = expr(bn);
    if (base.kind != TritonValue::Kind::Pointer || !base.dims.isEmpty() || base.blockPointer)
        fail(bn, QStringLiteral("tl.make_tensor_descriptor base"), QStringLiteral("the base must be a pointer parameter itself"));
    const auto items = [&](int pos, const char *kw) {
        const TSNode t = node::unparen(argument(n, pos, kw));
        if (!node::is(t, "tuple") && !node::is(t, "list"))
            fail(n, QStringLiteral("tl.make_tensor_descriptor %1=").arg(QLatin1String(kw)), QStringLiteral("a literal list is expected"));
        return node::children(t);
    };
    const auto shape = items(1, "shape"), strides = items(2, "strides"), block = items(3, "block_shape");
    if (shape.size() != block.size() || strides.size() != block.size())
        fail(n, QStringLiteral("tl.make_tensor_descriptor"), QStringLiteral("shape, strides and block_shape differ in length"));
    if (m_src.text(strides.back()) != QLatin1String("1"))
        fail(strides.back(), QStringLiteral("tl.make_tensor_descriptor strides="), QStringLiteral("the last stride must be the literal 1"));
    m_kernel.notes << QStringLiteral("the tensor descriptor at line %1 is taken to span its base array (shape and strides as the array's)")
                          .arg(m_src.range(n).line);
    TritonValue d = base;
    d.kind = TritonValue::Kind::Descriptor;
    d.blockPointer = true;
    for (size_t i = 0; i < block.size(); ++i) {
        ViewDim v;
        v.size = expr(block[i]).text;
        v.index = QStringLiteral("0");
        v.tileAxis = int(i);
        v.tileRank = int(block.size());
        d.dims << v;
    }
    m_arrayRank.insert(d.array, int(d.dims.size()));
    return d;
}

TritonValue TritonDesugarer::descriptorBlock(const TritonValue &desc, TSNode offsets, TSNode n)
{
    const TSNode t = node::unparen(offsets);
    if (!node::is(t, "tuple") && !node::is(t, "list"))
        fail(n, QStringLiteral("descriptor offsets"), QStringLiteral("a literal list with one offset per dimension is expected"));
    const auto items = node::children(t);
    if (int(items.size()) != desc.dims.size())
        fail(t, QStringLiteral("descriptor offsets"), QStringLiteral("one offset per block dimension is expected"));
    TritonValue p = desc;
    p.kind = TritonValue::Kind::Pointer;
    for (size_t i = 0; i < items.size(); ++i) {
        ViewDim &d = p.dims[qsizetype(i)];
        const TritonValue off = expr(items[i]);
        if (off.kind != TritonValue::Kind::Scalar)
            fail(items[i], QStringLiteral("descriptor offset"), QStringLiteral("a scalar offset is expected"));
        if (off.text == QLatin1String("0"))
            d.index = QStringLiteral("0");
        else if (!off.multipleOf.isEmpty() && off.multipleOf == d.size)
            d.index = off.quotient;
        else if (d.size == QLatin1String("1")) // a block of one: the offset is the index
            d.index = off.dtype == QLatin1String("ct.int64") ? QStringLiteral("ct.astype(%1, ct.int32)").arg(off.text) : off.text;
        else
            fail(items[i], QStringLiteral("descriptor offset"),
                 QStringLiteral("`%1` is not a known multiple of the block size %2: no partition index fits").arg(off.text, d.size));
    }
    return p;
}

bool TritonDesugarer::descriptorAccess(TSNode call, TritonValue *loaded)
{
    const TSNode callee = node::field(call, "function");
    if (!node::is(callee, "attribute"))
        return false;
    const QString method = m_src.text(node::field(callee, "attribute"));
    const TSNode obj = node::field(callee, "object");
    if ((method != QLatin1String("load") && method != QLatin1String("store")) || !node::is(obj, "identifier"))
        return false;
    const TritonValue desc = m_env.value(m_src.text(obj));
    if (desc.kind != TritonValue::Kind::Descriptor)
        return false;
    if (desc.dims.isEmpty())
        fail(call, QStringLiteral("TensorDescriptor.%1").arg(method),
             QStringLiteral("no launch fixes this host TensorDescriptor's block shape (a local TensorDescriptor.from_tensor(t, [..]) "
                            "or TensorDescriptor(t, shape, strides, [..]) passed with block dims the kernel also receives), "
                            "or an autotune pre_hook may reset it; no view is mapped from it"));
    const TritonValue ptr = descriptorBlock(desc, argument(call, 0, "offsets"), call);
    // A descriptor reads zeros outside the tensor (TMA), as a ZERO-padded view does.
    if (method == QLatin1String("load"))
        *loaded = loadFrom(ptr, QStringLiteral("ZERO"), call);
    else
        storeTo(ptr, argument(call, 1, "value"), call);
    return true;
}

QList<int> TritonDesugarer::advanceSteps(const TritonValue &ptr, TSNode delta, bool tuple)
{
    QList<ViewDim> dims = resolveDims(ptr, delta);
    QList<int> steps(dims.size(), 0);
    if (tuple) {
        const TSNode t = node::unparen(delta);
        const auto items = node::children(t);
        if (!(node::is(t, "tuple") || node::is(t, "list")) || items.size() != size_t(dims.size()))
            fail(delta, QStringLiteral("tl.advance"), QStringLiteral("a literal tuple with one offset per dimension is expected"));
        for (int i = 0; i < dims.size(); ++i) {
            const QString s = expr(items[size_t(i)]).text;
            if (s == QLatin1String("0"))
                continue;
            if (s != dims[i].size)
                fail(items[size_t(i)], QStringLiteral("tl.advance"),
                     QStringLiteral("the step `%1` is not the block size %2").arg(s, dims[i].size));
            steps[i] = 1;
        }
        return steps;
    }
    TritonValue probe;
    probe.kind = TritonValue::Kind::Pointer;
    addTerms(probe, delta, QString(), delta);
    for (const ViewDim &t : std::as_const(probe.dims)) {
        const auto it = std::find_if(dims.cbegin(), dims.cend(), [&](const ViewDim &d) { return d.stride == t.stride; });
        if (it == dims.cend() || t.tileAxis >= 0 || (t.scalarText != it->size && t.quotient != QLatin1String("1")))
            fail(delta, QStringLiteral("pointer advance"),
                 QStringLiteral("the step is not one block along one of the pointer's strides"));
        steps[int(it - dims.cbegin())] += 1;
    }
    return steps;
}

// --- the gather fallback ---------------------------------------------------
// Where no view fits an access (offsets that are not a tile walk, a base not
// known to be a block multiple, a mask that is not a view bound, an `other=`
// a view cannot pad with), the array is addressed the way Triton addresses
// it: a flat element offset per lane, read and written with ct.gather and
// ct.scatter (cutile's load_ptr_tko/store_ptr_tko), the mask and padding
// carried over as they are. It is always correct; a view is only faster.
// An array is addressed one way in a kernel (the generator types it with
// one rank), so the first access that needs a gather restarts the rewrite
// with the array flat everywhere.

void TritonDesugarer::toGather(const QString &array, const Failure &why)
{
    if (why.construct.isEmpty() || array.isEmpty() || m_gatherArrays.contains(array))
        throw why;
    const SourceRange r = m_src.range(why.at);
    m_gatherArrays.insert(array, QStringLiteral("no view fits the access at line %1 (%2: %3)").arg(r.line).arg(why.construct, why.reason));
    throw Restart{};
}

QStringList TritonDesugarer::broadcastShape(const QStringList &a, const QStringList &b)
{
    // NumPy's rule on the physical shapes: align the last axes, 1 stretches.
    QStringList r = a.size() >= b.size() ? a : b;
    const QStringList &o = a.size() >= b.size() ? b : a;
    const qsizetype off = r.size() - o.size();
    for (qsizetype i = 0; i < o.size(); ++i)
        if (r[off + i] == QLatin1String("1"))
            r[off + i] = o[i];
    return r;
}

void TritonDesugarer::markIntNames(TSNode e)
{
    // Scalar parameters in an element offset are integers (strides, sizes).
    QList<TSNode> stack{e};
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeLast();
        if (node::is(n, "identifier")) {
            // The name's value: a kernel parameter also under a helper's name.
            const TritonValue v = m_env.value(m_src.text(n));
            if (v.kind == TritonValue::Kind::Scalar && !m_constexprs.contains(v.text)
                && std::any_of(m_kernel.params.cbegin(), m_kernel.params.cend(), [&](const TritonParam &p) { return p.name == v.text; }))
                m_intParams.insert(v.text);
        }
        for (TSNode c : node::children(n))
            stack << c;
    }
}

TritonValue TritonDesugarer::gatherAdd(TritonValue ptr, TSNode addend, bool subtract)
{
    markIntNames(addend); // first: a float scalar would promote the offsets to fp32
    const TritonValue v = expr(addend);
    if (v.kind == TritonValue::Kind::Pointer || v.kind == TritonValue::Kind::Descriptor || v.kind == TritonValue::Kind::Dtype)
        fail(addend, QStringLiteral("pointer offsets"), QStringLiteral("a pointer plus something that is not an integer offset"));
    if (v.kind != TritonValue::Kind::Scalar && v.dtype.startsWith(QLatin1String("ct.float")))
        fail(addend, QStringLiteral("pointer offsets"), QStringLiteral("a pointer plus a floating-point tile"));
    QString t = text(v, addend);
    // An unsigned term (`idx.to(tl.uint32) * stride`) joins the other
    // offsets as Triton's promotion extends it (to int64), since cuTile
    // mixes no integer types.
    if (v.kind != TritonValue::Kind::Scalar && v.dtype.startsWith(QLatin1String("ct.uint")))
        t = QStringLiteral("ct.astype(%1, ct.int64)").arg(t);
    if (ptr.flat.isEmpty())
        ptr.flat = subtract ? QStringLiteral("(-%1)").arg(t) : t;
    else
        ptr.flat = QStringLiteral("(%1 %2 %3)").arg(ptr.flat, subtract ? QStringLiteral("-") : QStringLiteral("+"), t);
    ptr.shape = broadcastShape(ptr.shape, shapeOf(v));
    if (v.kind != TritonValue::Kind::Scalar)
        ptr.rank = qMax(ptr.rank, v.rank);
    return ptr;
}

QString TritonDesugarer::offsetVar(const QString &tritonName)
{
    const QString pointer = local(tritonName);
    if (const auto it = m_offsetVars.constFind(pointer); it != m_offsetVars.constEnd())
        return *it;
    // A fresh name: neither a name of the kernel nor another pointer's.
    const QString fn = m_src.text(m_fn);
    QString name = pointer + QStringLiteral("_offs");
    const auto taken = [&](const QString &n) {
        return fn.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(n))))
            || std::find(m_offsetVars.cbegin(), m_offsetVars.cend(), n) != m_offsetVars.cend();
    };
    while (taken(name))
        name += QLatin1Char('_');
    m_offsetVars.insert(pointer, name);
    return name;
}

// Whether a block (a loop or a branch, its conditions included) reads
// `name` before binding it: then it carries the value it had before. One
// it binds first (`cols = start + tl.arange(..)` each trip) is its own.
// Python order: an assignment's right side before its target.
bool TritonDesugarer::readBeforeBound(TSNode block, const QString &name) const
{
    QList<TSNode> stack{block};
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeLast();
        if (node::is(n, "identifier") && m_src.text(n) == name) {
            const TSNode p = node::parent(n);
            return !(node::is(p, "assignment") && ts_node_eq(node::field(p, "left"), n));
        }
        if (node::is(n, "function_definition"))
            continue;
        auto kids = node::children(n);
        if (node::is(n, "assignment")) // the target after the value
            kids = {node::field(n, "right"), node::field(n, "left")};
        for (auto k = kids.rbegin(); k != kids.rend(); ++k)
            if (!node::isNull(*k))
                stack << *k;
    }
    return false;
}

void TritonDesugarer::materializePointers(TSNode body, TSNode at)
{
    // A gather pointer reassigned inside a loop or a branch is a variable of
    // offsets; it must exist before the block so cuTile carries it through.
    // So must offsets or a mask held symbolically (`offs = tl.arange(..)`
    // then `offs += BLOCK` in the loop): the block reads and re-binds a
    // tile variable, each trip's value, not the value before the block.
    QList<TSNode> stack{body};
    while (!stack.isEmpty()) {
        const TSNode n = stack.takeLast();
        if (node::is(n, "assignment") || node::is(n, "augmented_assignment")) {
            const TSNode left = node::field(n, "left");
            const QString name = node::is(left, "identifier") ? m_src.text(left) : QString();
            const auto it = m_env.find(name);
            if (it != m_env.end() && it->kind == TritonValue::Kind::Pointer && it->gather && it->flat != m_offsetVars.value(local(name))) {
                const QString var = offsetVar(name);
                emit(QStringLiteral("%1 = %2").arg(var, it->flat.isEmpty() ? QStringLiteral("0") : it->flat), at);
                it->flat = var;
            } else if (it != m_env.end() && (it->kind == TritonValue::Kind::Offsets || it->kind == TritonValue::Kind::Mask)
                       && readBeforeBound(body, name)) {
                TritonValue carried;
                carried.kind = TritonValue::Kind::Tile;
                carried.dtype = it->kind == TritonValue::Kind::Mask ? QStringLiteral("ct.bool_") : QStringLiteral("ct.int32");
                carried.shape = shapeOf(*it);
                carried.rank = it->rank;
                emit(QStringLiteral("%1 = %2").arg(local(name), text(*it, n)), at);
                carried.text = local(name);
                *it = carried;
                m_carriedSymbolic.insert(local(name));
            }
        }
        if (!node::is(n, "function_definition"))
            for (TSNode c : node::children(n))
                stack << c;
    }
}

QString TritonDesugarer::gatherMask(TSNode mn, QStringList &shape, int &rank)
{
    if (node::isNull(mn) || node::is(mn, "none"))
        return {};
    const TritonValue m = expr(mn);
    if (m.kind == TritonValue::Kind::Scalar) {
        // One condition for every lane (a scalar load behind `i < n`): a
        // bool tile of the access's shape holding it.
        if (shape.isEmpty())
            return m.text; // a one-element access: the condition is its mask (a rank-0 tile)
        return QStringLiteral("ct.full((%1%2), %3, ct.bool_)")
            .arg(shape.join(QStringLiteral(", ")), shape.size() == 1 ? QStringLiteral(",") : QString(), m.text);
    }
    if (m.kind != TritonValue::Kind::Mask && m.dtype != QLatin1String("ct.bool_"))
        fail(mn, QStringLiteral("mask"), QStringLiteral("the mask is not a bool tile"));
    shape = broadcastShape(shape, shapeOf(m));
    rank = qMax(rank, m.rank);
    return text(m, mn);
}

TritonValue TritonDesugarer::gatherLoad(const TritonValue &ptr, TSNode n)
{
    const TSNode mn = argument(n, 1, "mask"), on = argument(n, 2, "other");
    TritonValue v;
    v.kind = TritonValue::Kind::Tile;
    v.dtype = QLatin1Char('@') + ptr.array;
    v.shape = ptr.shape;
    v.rank = ptr.rank;
    const QString mask = gatherMask(mn, v.shape, v.rank);
    const QString offsets = ptr.flat.isEmpty() ? QStringLiteral("0") : ptr.flat;
    QString options = mask.isEmpty() ? QString() : QStringLiteral(", mask=%1").arg(mask);
    QString other;
    if (!mask.isEmpty() && !node::isNull(on) && !node::is(on, "none")) {
        const TritonValue o = expr(on);
        static const QRegularExpression literal(QStringLiteral("^\\(?-?(\\d+\\.?\\d*(e-?\\d+)?|float\\(\"-?(inf|nan)\"\\))\\)?$"));
        QString t = o.text;
        t.remove(QLatin1Char(' '));
        if (o.kind == TritonValue::Kind::Scalar && literal.match(t).hasMatch()) {
            t.remove(QLatin1Char('(')).remove(QLatin1Char(')')).remove(QStringLiteral("float")).remove(QLatin1Char('"'));
            if (t.endsWith(QLatin1String("inf")) || t.endsWith(QLatin1String("nan")))
                t = QStringLiteral("float(\"%1\")").arg(t);
            if (t.startsWith(QLatin1String("--")))
                t = t.mid(2);
            options += QStringLiteral(", padding_value=%1").arg(t);
        } else {
            other = text(o, on); // a value the load cannot pad with: selected after it
            v.shape = broadcastShape(v.shape, shapeOf(o));
        }
    }
    v.text = QStringLiteral("ct.gather(%1, %2%3)").arg(ptr.array, offsets, options);
    if (!other.isEmpty())
        v.text = QStringLiteral("ct.where(%1, %2, %3)").arg(mask, v.text, other);
    m_arrayRank.insert(ptr.array, 1);
    m_kernel.notes << QStringLiteral("tl.load at line %1: a pointer gather from '%2' (ct.gather)").arg(m_src.range(n).line).arg(ptr.array);
    return v;
}

void TritonDesugarer::gatherStore(const TritonValue &ptr, TSNode n)
{
    const TSNode vn = argument(n, 1, "value"), mn = argument(n, 2, "mask");
    QStringList shape = ptr.shape;
    int rank = ptr.rank;
    const QString mask = gatherMask(mn, shape, rank);
    const TritonValue v = expr(vn);
    if (v.kind != TritonValue::Kind::Tile && v.kind != TritonValue::Kind::Scalar)
        fail(vn, QStringLiteral("tl.store value"), QStringLiteral("the value is not a tile or a scalar"));
    QString t = text(v, vn);
    if (v.dtype.startsWith(QLatin1String("ct.")) || (v.kind == TritonValue::Kind::Scalar && v.dtype.isEmpty()))
        t = QStringLiteral("ct.astype(%1, %2.dtype)").arg(t, ptr.array);
    QString offsets = ptr.flat.isEmpty() ? QStringLiteral("0") : ptr.flat;
    // The offsets take the value's shape where it is the larger (a tile
    // stored through a scalar or a smaller broadcast pointer).
    const QStringList vshape = shapeOf(v);
    const QStringList all = broadcastShape(shape, vshape);
    // A literal stored through a tile of pointers (`tl.store(p + offs, 0.0)`)
    // is that tile filled with it in the array's type (ct.astype takes no literal).
    static const QRegularExpression literal(QStringLiteral("^\\(?-?[0-9.]+(e-?[0-9]+)?\\)?$"));
    if (v.kind == TritonValue::Kind::Scalar && !all.isEmpty() && literal.match(v.text).hasMatch())
        t = QStringLiteral("ct.full((%1%2), %3, %4.dtype)")
                .arg(all.join(QStringLiteral(", ")), all.size() == 1 ? QStringLiteral(",") : QString(), v.text, ptr.array);
    if (all != shape) {
        const QString sh = QStringLiteral("(%1%2)").arg(all.join(QStringLiteral(", ")), all.size() == 1 ? QStringLiteral(",") : QString());
        offsets = ptr.shape.isEmpty() ? QStringLiteral("ct.full(%1, %2, ct.int32)").arg(sh, offsets)
                                      : QStringLiteral("ct.broadcast_to(%1, %2)").arg(offsets, sh);
    }
    emit(QStringLiteral("ct.scatter(%1, %2, %3%4)").arg(ptr.array, offsets, t, mask.isEmpty() ? QString() : QStringLiteral(", mask=%1").arg(mask)), n);
    m_arrayRank.insert(ptr.array, 1);
    m_kernel.notes << QStringLiteral("tl.store at line %1: a pointer scatter into '%2' (ct.scatter)").arg(m_src.range(n).line).arg(ptr.array);
}

} // namespace tileport::triton
