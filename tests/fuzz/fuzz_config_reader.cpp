// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point for the specialization sidecar reader
// (KERNEL.tileport.json, docs/configs-schema.json): any bytes load, with
// diagnostics that point into the input; the document written back (as
// `tileport configs -o` does) reads back to the same configs and the same
// diagnostics; what the schema checks let through is held as written; and
// the configs are validated against a kernel analysis shaped like them.
#include "FuzzCheck.h"

#include "KernelConfigFile.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace tileport::frontend;
using tileport::fuzz::check;

namespace {

void checkPosition(int line, int col, qsizetype lines)
{
    check(line >= 1 && line <= lines && col >= 1);
}

// A config as data, without where it was written.
QByteArray fingerprint(const KernelConfig &c)
{
    QJsonArray grid;
    for (const qint64 g : c.grid)
        grid.append(g);
    const QJsonObject o{{QStringLiteral("name"), c.name},
                        {QStringLiteral("kernel"), c.kernel},
                        {QStringLiteral("variant"), c.variant},
                        {QStringLiteral("params"), c.params},
                        {QStringLiteral("tolerance"), c.hasTolerance ? QJsonValue(QJsonArray{c.atol, c.rtol}) : QJsonValue()},
                        {QStringLiteral("grid"), grid},
                        {QStringLiteral("hints"), c.hints},
                        {QStringLiteral("sources"), QJsonArray::fromStringList(c.sources)},
                        {QStringLiteral("tuned"), QJsonArray{c.tunedLaunch.site, c.tunedLaunch.candidate, c.tunedLaunch.of}},
                        {QStringLiteral("captured"), c.captured}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QStringList messages(const QList<ConfigDiagnostic> &diagnostics)
{
    QStringList out;
    for (const ConfigDiagnostic &d : diagnostics)
        out << d.message;
    out.sort();
    return out;
}

// A value the reader took as an integer is the one written.
bool heldExactly(const QJsonValue &written, qint64 held) { return written.toDouble() == double(held); }

// Accepted without a diagnostic means held as written (the schema's ranges).
void checkHeld(const KernelConfigFile &f)
{
    if (!f.diagnostics.isEmpty())
        return;
    const QJsonArray list = f.document().value(QStringLiteral("configs")).toArray();
    for (qsizetype i = 0; i < f.configs.size(); ++i) {
        const KernelConfig &c = f.configs[i];
        const QJsonObject o = list[i].toObject();
        const QJsonArray grid = o.value(QStringLiteral("grid")).toArray();
        check(!o.contains(QStringLiteral("grid")) || grid.size() == c.grid.size());
        for (qsizetype g = 0; g < c.grid.size(); ++g)
            check(heldExactly(grid[g], c.grid[g]) && c.grid[g] >= 1);
        if (o.contains(QStringLiteral("tuned_launch"))) {
            const QJsonObject t = o.value(QStringLiteral("tuned_launch")).toObject();
            check(c.tunedLaunch.isSet());
            check(heldExactly(t.value(QStringLiteral("candidate")), c.tunedLaunch.candidate));
            check(heldExactly(t.value(QStringLiteral("of")), c.tunedLaunch.of));
            check(c.tunedLaunch.candidate >= 0 && c.tunedLaunch.candidate < c.tunedLaunch.of);
        }
    }
    if (f.captured) {
        const QJsonObject b = f.document().value(QStringLiteral("captured")).toObject();
        const QJsonObject cases = b.value(QStringLiteral("cases")).toObject();
        const std::pair<const char *, int> counts[] = {
            {"run", f.capture.casesRun}, {"skipped", f.capture.casesSkipped}, {"failed", f.capture.casesFailed}};
        for (const auto &[key, held] : counts)
            if (cases.contains(QLatin1String(key)))
                check(heldExactly(cases.value(QLatin1String(key)), held));
        const QJsonObject target = b.value(QStringLiteral("target")).toObject();
        if (target.contains(QStringLiteral("sm_count")))
            check(heldExactly(target.value(QStringLiteral("sm_count")), f.capture.target.smCount));
        const QJsonArray cc = target.value(QStringLiteral("compute_capability")).toArray();
        if (cc.size() == 2)
            check(heldExactly(cc[0], f.capture.target.major) && heldExactly(cc[1], f.capture.target.minor));
    }
}

KernelParam::Kind kindOf(const QString &kind)
{
    if (kind == QLatin1String("array"))
        return KernelParam::Kind::Array;
    if (kind == QLatin1String("scalar"))
        return KernelParam::Kind::Scalar;
    if (kind == QLatin1String("const"))
        return KernelParam::Kind::Constant;
    if (kind == QLatin1String("list"))
        return KernelParam::Kind::List;
    return KernelParam::Kind::Unknown;
}

// An analysis with one kernel per kernel name, whose parameters are what
// the first config of that kernel says they are: validation then goes past
// the count and kind checks into dtypes, shapes and strides.
ModuleAnalysis analysisLike(const QList<KernelConfig> &configs)
{
    ModuleAnalysis a;
    a.file = QStringLiteral("fuzz.py");
    for (const KernelConfig &c : configs) {
        if (a.kernel(c.kernel))
            continue;
        KernelInfo k;
        k.name = c.kernel;
        for (qsizetype i = 0; i < c.params.size(); ++i) {
            const QJsonObject p = c.params[i].toObject();
            KernelParam kp;
            kp.index = int(i);
            kp.name = p.value(QStringLiteral("name")).toString();
            kp.kind = kindOf(p.value(QStringLiteral("kind")).toString());
            kp.rank = p.value(QStringLiteral("ndim")).toInt(-1);
            kp.dtype = p.value(QStringLiteral("dtype")).toString();
            const QJsonValue v = p.value(QStringLiteral("value"));
            kp.constantType = v.isBool() ? QStringLiteral("bool") : v.isDouble() && std::floor(v.toDouble()) == v.toDouble() ? QStringLiteral("int") : QStringLiteral("float");
            k.params << kp;
        }
        a.kernels << k;
    }
    return a;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype lines = bytes.count('\n') + 1;
    const QString name = QStringLiteral("fuzz.tileport.json");

    KernelConfigFile f;
    const bool ok = f.loadJson(bytes, name);
    check(ok == f.diagnostics.isEmpty());
    for (const ConfigDiagnostic &d : std::as_const(f.diagnostics)) {
        check(!d.message.isEmpty());
        checkPosition(d.line, d.col, lines);
    }
    for (const KernelConfig &c : std::as_const(f.configs))
        checkPosition(c.line, c.col, lines);
    // Write-back needs a document: not for text that is no JSON object, nor
    // for one the reader refused before reading it (raw control characters).
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject() || (f.document().isEmpty() && !doc.object().isEmpty()))
        return 0;
    checkHeld(f);

    // Written back (indented or compact) and read again: the same.
    const QByteArray written = QJsonDocument(f.document()).toJson(size % 2 ? QJsonDocument::Compact : QJsonDocument::Indented);
    KernelConfigFile g;
    g.loadJson(written, name);
    check(g.kernel == f.kernel && g.bytecodeVersions == f.bytecodeVersions && g.captured == f.captured);
    check(g.configs.size() == f.configs.size());
    for (qsizetype i = 0; i < f.configs.size(); ++i) {
        const QByteArray read = fingerprint(f.configs[i]), reread = fingerprint(g.configs[i]);
        if (read != reread)
            std::fprintf(stderr, "read:   %s\nreread: %s\n", read.constData(), reread.constData());
        check(read == reread);
    }
    check(messages(g.diagnostics) == messages(f.diagnostics));
    if (f.captured)
        check(QJsonDocument(g.capture.toJson()).toJson() == QJsonDocument(f.capture.toJson()).toJson());

    const ModuleAnalysis analysis = analysisLike(f.configs);
    for (const ConfigDiagnostic &d : f.validate(analysis)) {
        check(!d.message.isEmpty());
        checkPosition(d.line, d.col, lines);
    }
    return 0;
}
