// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "KernelConfigFile.h"

#include "CuTileApi.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace tileport::frontend {

// Captured sidecars of large projects list thousands of configs, each with
// its sources; a hand-written one is a few kilobytes.
constexpr qsizetype kMaxBytes = 64 * 1024 * 1024;

namespace {

using Severity = ConfigDiagnostic::Severity;

int elementBytes(const QString &dtype)
{
    if (dtype.contains(QLatin1String("64")))
        return 8;
    if (dtype.contains(QLatin1String("32")))
        return 4;
    if (dtype.contains(QLatin1String("16")))
        return 2;
    return 1;
}

QString kindOf(const QString &sidecarKind)
{
    if (sidecarKind == QLatin1String("array"))
        return QStringLiteral("array");
    if (sidecarKind == QLatin1String("scalar"))
        return QStringLiteral("scalar");
    if (sidecarKind == QLatin1String("const"))
        return QStringLiteral("constant");
    if (sidecarKind == QLatin1String("none"))
        return QStringLiteral("none");
    if (sidecarKind == QLatin1String("list"))
        return QStringLiteral("list");
    return {};
}

bool integral(const QJsonValue &v) { return v.isDouble() && std::floor(v.toDouble()) == v.toDouble() && std::isfinite(v.toDouble()); }

} // namespace

QString KernelConfigFile::pathFor(const QString &kernelFile)
{
    const QFileInfo fi(kernelFile);
    return fi.dir().filePath(fi.completeBaseName() + QStringLiteral(".tileport.json"));
}

void KernelConfigFile::locate(qsizetype offset, int &line, int &col) const
{
    line = 1;
    col = 1;
    for (qsizetype i = 0; i < offset && i < m_bytes.size(); ++i) {
        if (m_bytes[i] == '\n') {
            ++line;
            col = 1;
        } else if ((static_cast<unsigned char>(m_bytes[i]) & 0xC0) != 0x80) {
            ++col;
        }
    }
}

void KernelConfigFile::locateText(qsizetype pos, int &line, int &col) const
{
    locate(QStringView(m_text).left(pos).toUtf8().size(), line, col);
}

qsizetype KernelConfigFile::find(const QString &pattern, qsizetype from, qsizetype to) const
{
    const QRegularExpression re(pattern);
    const QRegularExpressionMatch m = re.match(m_text, from);
    return m.hasMatch() && (to < 0 || m.capturedStart() < to) ? m.capturedStart() : -1;
}

void KernelConfigFile::error(qsizetype pos, const QString &message)
{
    ConfigDiagnostic d;
    d.message = message;
    if (pos >= 0)
        locateText(pos, d.line, d.col);
    diagnostics.append(d);
}

bool KernelConfigFile::load(const QString &file)
{
    path = file;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        diagnostics.append({Severity::Error, 1, 1, QStringLiteral("cannot read: %1").arg(f.errorString())});
        return false;
    }
    const QByteArray bytes = f.read(kMaxBytes + 1);
    return loadJson(bytes, file);
}

bool KernelConfigFile::loadJson(const QByteArray &bytes, const QString &virtualPath)
{
    path = virtualPath;
    m_bytes = bytes;
    if (m_bytes.size() > kMaxBytes) {
        diagnostics.append({Severity::Error, 1, 1, QStringLiteral("larger than 64 MiB; not a config file")});
        return false;
    }
    // JSON has no raw control characters but whitespace (RFC 8259 escapes
    // them in strings). Qt's parser lets them through in strings, and a raw
    // NUL in a key does not survive writing the document back (an escaped
    // one does), so a sidecar written back would not say what was read:
    // they are refused here.
    for (qsizetype i = 0; i < m_bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(m_bytes[i]);
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            ConfigDiagnostic d;
            locate(i, d.line, d.col);
            d.message = QStringLiteral("control character 0x%1 in the text; JSON allows it only escaped (\\u%2)")
                            .arg(c, 2, 16, QLatin1Char('0'))
                            .arg(c, 4, 16, QLatin1Char('0'));
            diagnostics.append(d);
            return false;
        }
    }
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(m_bytes, &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        ConfigDiagnostic d;
        locate(perr.offset, d.line, d.col);
        d.message = perr.error != QJsonParseError::NoError ? perr.errorString() : QStringLiteral("the top level must be an object");
        diagnostics.append(d);
        return false;
    }
    m_root = doc.object();
    m_text = QString::fromUtf8(m_bytes);
    const QJsonObject &root = m_root;
    kernel = root.value(QStringLiteral("kernel")).toString();
    for (const QJsonValue &v : root.value(QStringLiteral("bytecode_versions")).toArray())
        bytecodeVersions.append(v.toString());
    if (bytecodeVersions.isEmpty())
        bytecodeVersions.append(QStringLiteral("13.3"));
    static const QRegularExpression version(QStringLiteral("^\\d+\\.\\d+$"));
    for (const QString &v : std::as_const(bytecodeVersions))
        if (!version.match(v).hasMatch())
            diagnostics.append({Severity::Error, 1, 1, QStringLiteral("bytecode version '%1' is not MAJOR.MINOR").arg(v)});
    if (root.contains(QStringLiteral("captured"))) {
        const qsizetype at = find(QStringLiteral("\"captured\"\\s*:"), 0, -1);
        if (!root.value(QStringLiteral("captured")).isObject()) {
            error(at, QStringLiteral("\"captured\" must be an object"));
        } else {
            QStringList problems;
            capture = CaptureInfo::fromJson(root.value(QStringLiteral("captured")).toObject(), &problems);
            captured = true;
            for (const QString &p : std::as_const(problems))
                error(at, p);
        }
    }
    const QJsonArray list = root.value(QStringLiteral("configs")).toArray();
    if (list.isEmpty())
        diagnostics.append({Severity::Error, 1, 1, QStringLiteral("needs a non-empty \"configs\" list")});
    // Where each config's name appears: its diagnostics point there, and
    // its fields are looked for up to the next config's name.
    QList<qsizetype> starts;
    qsizetype searchFrom = std::max<qsizetype>(0, find(QStringLiteral("\"configs\"\\s*:"), 0, -1));
    for (const QJsonValue &cv : list) {
        const QString name = cv.toObject().value(QStringLiteral("name")).toString();
        const QRegularExpression at(QStringLiteral("\"name\"\\s*:\\s*\"%1\"").arg(QRegularExpression::escape(name)));
        const QRegularExpressionMatch m = at.match(m_text, searchFrom);
        starts.append(m.hasMatch() ? m.capturedStart() : -1);
        if (m.hasMatch())
            searchFrom = m.capturedEnd();
    }
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject c = list[i].toObject();
        KernelConfig kc;
        kc.name = c.value(QStringLiteral("name")).toString();
        kc.kernel = c.value(QStringLiteral("kernel")).toString(kernel);
        kc.variant = c.value(QStringLiteral("variant")).toString();
        kc.params = c.value(QStringLiteral("params")).toArray();
        kc.captured = captured;
        if (c.contains(QStringLiteral("equivalent"))) {
            const QJsonObject eq = c.value(QStringLiteral("equivalent")).toObject();
            const QString file = eq.value(QStringLiteral("file")).toString();
            kc.equivalentConfig = eq.value(QStringLiteral("config")).toString();
            if (!file.isEmpty())
                kc.equivalentFile = QFileInfo(path).dir().absoluteFilePath(file);
        }
        const qsizetype from = starts[i];
        qsizetype to = -1;
        for (qsizetype j = i + 1; j < starts.size() && to < 0; ++j)
            to = starts[j];
        if (from >= 0) {
            locateText(from, kc.line, kc.col);
        } else {
            kc.line = 1;
            kc.col = 1;
        }
        if (c.contains(QStringLiteral("tolerance"))) {
            const QJsonObject t = c.value(QStringLiteral("tolerance")).toObject();
            const QJsonValue a = t.value(QStringLiteral("atol")), r = t.value(QStringLiteral("rtol"));
            kc.hasTolerance = true;
            kc.atol = a.toDouble(-1.0);
            kc.rtol = r.toDouble(-1.0);
            if (!a.isDouble() || !r.isDouble() || kc.atol < 0 || kc.rtol < 0)
                diagnostics.append({Severity::Error, kc.line, kc.col,
                                    QStringLiteral("config '%1': tolerance needs non-negative numbers atol and rtol").arg(kc.name)});
        }
        if (kc.name.isEmpty())
            diagnostics.append({Severity::Error, kc.line, kc.col, QStringLiteral("a config has no \"name\"")});
        if (kc.kernel.isEmpty())
            diagnostics.append({Severity::Error, kc.line, kc.col,
                                QStringLiteral("config '%1' names no kernel (top-level or per-config \"kernel\")").arg(kc.name)});
        readLaunchFields(c, kc, from < 0 ? 0 : from, to);
        readArrayLayouts(kc, from < 0 ? 0 : from, to);
        configs.append(kc);
    }
    return diagnostics.isEmpty();
}

QList<ConfigDiagnostic> KernelConfigFile::validate(const ModuleAnalysis &analysis) const
{
    QList<ConfigDiagnostic> out;
    for (const KernelConfig &c : configs) {
        const auto error = [&](const QString &msg) {
            out.append({Severity::Error, c.line, c.col, QStringLiteral("config '%1': %2").arg(c.name, msg)});
        };
        const auto warning = [&](const QString &msg) {
            out.append({Severity::Warning, c.line, c.col, QStringLiteral("config '%1': %2").arg(c.name, msg)});
        };
        const KernelInfo *k = analysis.kernel(c.kernel);
        if (!k) {
            error(QStringLiteral("no @ct.kernel named '%1' in %2").arg(c.kernel, analysis.file));
            continue;
        }
        if (!c.variant.isEmpty()) {
            bool found = false;
            for (const KernelVariant &v : k->variants)
                found = found || v.name == c.variant;
            if (!found) {
                QStringList names;
                for (const KernelVariant &v : k->variants)
                    names.append(v.name);
                error(QStringLiteral("variant '%1' is not one of %2").arg(c.variant, names.join(QStringLiteral(", "))));
            }
        }
        if (c.params.size() != k->params.size()) {
            error(QStringLiteral("%1 parameter(s) given, kernel '%2' takes %3").arg(c.params.size()).arg(k->name).arg(k->params.size()));
            continue;
        }
        for (qsizetype i = 0; i < c.params.size(); ++i) {
            const QJsonObject p = c.params[i].toObject();
            const KernelParam &kp = k->params[i];
            const QString where = QStringLiteral("parameter %1 (%2)").arg(i).arg(kp.name);
            const QString name = p.value(QStringLiteral("name")).toString();
            if (!name.isEmpty() && name != kp.name)
                error(QStringLiteral("%1 is named '%2' in the config").arg(where, name));
            const QString kind = p.value(QStringLiteral("kind")).toString();
            const QString mapped = kindOf(kind);
            if (mapped.isEmpty()) {
                error(QStringLiteral("%1: unknown kind '%2' (array, list, scalar, const or none)").arg(where, kind));
                continue;
            }
            // None: a parameter the kernel leaves unused (an optional tensor
            // not given); one the kernel reads cannot be None. An array the
            // kernel reads only under ct.Constant conditions may be None
            // where the config's constants skip it (`if HAS_BIAS:`); the
            // reference export refuses the config if they do not.
            if (kind == QLatin1String("none")) {
                if (kp.kind == KernelParam::Kind::Array)
                    warning(QStringLiteral("%1 is an array in the kernel, None in the config: the config's constants must skip "
                                           "every read of it").arg(where));
                else if (kp.kind != KernelParam::Kind::Unknown)
                    error(QStringLiteral("%1 is %2 in the kernel, None in the config").arg(where, KernelParam::kindName(kp.kind)));
                continue;
            }
            if (kp.kind == KernelParam::Kind::Unknown)
                warning(QStringLiteral("%1: the analysis cannot tell its kind; the config says %2").arg(where, kind));
            else if (KernelParam::kindName(kp.kind) != mapped)
                error(QStringLiteral("%1 is %2 in the kernel, %3 in the config").arg(where, KernelParam::kindName(kp.kind), kind));
            if (kind == QLatin1String("const")) {
                const QJsonValue v = p.value(QStringLiteral("value"));
                if (v.isUndefined())
                    error(QStringLiteral("%1: a const needs a \"value\"").arg(where));
                else if (kp.constantType == QLatin1String("bool") && !v.isBool())
                    error(QStringLiteral("%1: ct.Constant[bool] needs true or false").arg(where));
                else if (kp.constantType == QLatin1String("int") && !integral(v))
                    error(QStringLiteral("%1: ct.Constant[int] needs an integer").arg(where));
                else if (kp.constantType == QLatin1String("float") && !v.isDouble())
                    error(QStringLiteral("%1: ct.Constant[float] needs a number").arg(where));
                continue;
            }
            const QString dtype = p.value(QStringLiteral("dtype")).toString();
            if (!CuTileApi::isDtype(dtype)) {
                error(QStringLiteral("%1: unknown dtype '%2'").arg(where, dtype));
                continue;
            }
            if (kind == QLatin1String("scalar")) {
                const QJsonValue v = p.value(QStringLiteral("value"));
                if (!v.isUndefined() && !v.isDouble() && !v.isBool())
                    error(QStringLiteral("%1: a scalar \"value\" must be a number").arg(where));
                else if (v.isDouble() && (dtype.startsWith(QLatin1String("int")) || dtype.startsWith(QLatin1String("uint"))) && !integral(v))
                    error(QStringLiteral("%1: %2 scalar with a non-integer value").arg(where, dtype));
                continue;
            }
            const int ndim = p.value(QStringLiteral("ndim")).toInt(-1);
            if (ndim < 0) {
                error(QStringLiteral("%1: an array needs \"ndim\"").arg(where));
                continue;
            }
            if (kind == QLatin1String("list")) {
                // A list of arrays: every item an array of the list's dtype
                // and rank with the shape and strides a launch gave it.
                if (kp.rank >= 0 && kp.rank != ndim)
                    error(QStringLiteral("%1: ndim %2, but the kernel uses its items with rank %3").arg(where).arg(ndim).arg(kp.rank));
                const QJsonArray items = p.value(QStringLiteral("items")).toArray();
                if (items.isEmpty())
                    error(QStringLiteral("%1: a list needs \"items\", at least one").arg(where));
                for (qsizetype j = 0; j < items.size(); ++j) {
                    const QJsonObject item = items[j].toObject();
                    const QJsonArray shape = item.value(QStringLiteral("shape")).toArray();
                    const QJsonArray strides = item.value(QStringLiteral("strides")).toArray();
                    bool good = item.value(QStringLiteral("dtype")).toString() == dtype && item.value(QStringLiteral("ndim")).toInt(-1) == ndim
                                && shape.size() == ndim && strides.size() == ndim;
                    for (const QJsonValue &d : shape)
                        good = good && integral(d) && d.toDouble() >= 0;
                    for (const QJsonValue &d : strides)
                        good = good && integral(d);
                    if (!good) {
                        error(QStringLiteral("%1: item %2 needs the list's dtype %3 and ndim %4, and integer \"shape\" and \"strides\" of %4 entries")
                                  .arg(where).arg(j).arg(dtype).arg(ndim));
                        break;
                    }
                }
                continue;
            }
            if (kp.rank >= 0 && kp.rank != ndim)
                error(QStringLiteral("%1: ndim %2, but the kernel uses it with rank %3").arg(where).arg(ndim).arg(kp.rank));
            if (!kp.dtype.isEmpty() && kp.dtype != dtype)
                error(QStringLiteral("%1: dtype %2, but the kernel stores it as %3").arg(where, dtype, kp.dtype));
            if (!p.contains(QStringLiteral("shape")))
                continue;
            const QJsonArray shape = p.value(QStringLiteral("shape")).toArray();
            if (shape.size() != ndim) {
                error(QStringLiteral("%1: shape has %2 dimension(s), ndim is %3").arg(where).arg(shape.size()).arg(ndim));
                continue;
            }
            QList<qint64> dims;
            bool good = true;
            for (const QJsonValue &d : shape) {
                // An empty tensor has a 0 extent; one past 2^53 elements
                // (no exact double, no memory) is not a test shape.
                good = good && integral(d) && d.toDouble() >= 0 && d.toDouble() <= 0x1p53;
                if (good)
                    dims.append(qint64(d.toDouble()));
            }
            if (!good) {
                error(QStringLiteral("%1: shape entries must be integers from 0 to 2^53").arg(where));
                continue;
            }
            // An array with strides (a captured launch) is exported with what
            // cuTile Python's dispatcher derives from its shape, strides and
            // alignment, so it promises nothing that needs checking here.
            if (p.contains(QStringLiteral("strides")))
                continue;
            // What the exporter tells the compiler (export_tileir.py).
            const int divisor = p.value(QStringLiteral("shape_divisible_by")).toInt(16);
            for (qint64 d : dims)
                if (divisor > 0 && d % divisor != 0)
                    error(QStringLiteral("%1: dimension %2 is not divisible by shape_divisible_by=%3 that the reference "
                                         "export assumes").arg(where).arg(d).arg(divisor));
            if (p.value(QStringLiteral("contiguous")).toBool(true)) {
                const int strideDiv = std::max(1, 16 / elementBytes(dtype));
                qint64 stride = 1;
                for (qsizetype a = dims.size() - 1; a > 0; --a) {
                    // Past 2^63 elements the product would wrap; a larger
                    // stride than that cannot be checked (nor allocated).
                    if (__builtin_mul_overflow(stride, dims[a], &stride))
                        break;
                    if (stride % strideDiv != 0) {
                        error(QStringLiteral("%1: stride %2 of axis %3 is not a multiple of %4 elements (16 bytes) "
                                             "that the reference export assumes").arg(where).arg(stride).arg(a - 1).arg(strideDiv));
                        break;
                    }
                }
            }
        }
    }
    return out;
}

QJsonObject KernelConfigFile::toJson(const QList<ConfigDiagnostic> &diags) const
{
    QJsonArray list;
    for (const KernelConfig &c : configs) {
        QJsonObject j{{QStringLiteral("name"), c.name},
                      {QStringLiteral("kernel"), c.kernel},
                      {QStringLiteral("variant"), c.variant.isEmpty() ? QJsonValue() : QJsonValue(c.variant)},
                      {QStringLiteral("params"), c.params},
                      {QStringLiteral("line"), c.line},
                      {QStringLiteral("col"), c.col}};
        j.insert(QStringLiteral("tolerance"), c.hasTolerance ? QJsonValue(QJsonObject{{QStringLiteral("atol"), c.atol}, {QStringLiteral("rtol"), c.rtol}})
                                                            : QJsonValue());
        if (!c.grid.isEmpty()) {
            QJsonArray g;
            for (qint64 v : c.grid)
                g.append(v);
            j.insert(QStringLiteral("grid"), g);
        }
        if (!c.hints.isEmpty())
            j.insert(QStringLiteral("hints"), c.hints);
        if (!c.sources.isEmpty())
            j.insert(QStringLiteral("sources"), QJsonArray::fromStringList(c.sources));
        if (c.tunedLaunch.isSet())
            j.insert(QStringLiteral("tuned_launch"), QJsonObject{{QStringLiteral("site"), c.tunedLaunch.site},
                                                                 {QStringLiteral("candidate"), c.tunedLaunch.candidate},
                                                                 {QStringLiteral("of"), c.tunedLaunch.of}});
        list.append(j);
    }
    QJsonArray d;
    for (const ConfigDiagnostic &x : diags)
        d.append(QJsonObject{{QStringLiteral("severity"), x.severity == Severity::Error ? QStringLiteral("error") : QStringLiteral("warning")},
                             {QStringLiteral("line"), x.line},
                             {QStringLiteral("col"), x.col},
                             {QStringLiteral("message"), x.message}});
    QJsonObject out{{QStringLiteral("path"), path},
                    {QStringLiteral("kernel"), kernel.isEmpty() ? QJsonValue() : QJsonValue(kernel)},
                    {QStringLiteral("bytecode_versions"), QJsonArray::fromStringList(bytecodeVersions)},
                    {QStringLiteral("configs"), list},
                    {QStringLiteral("diagnostics"), d}};
    if (captured)
        out.insert(QStringLiteral("captured"), capture.toJson());
    return out;
}

} // namespace tileport::frontend
