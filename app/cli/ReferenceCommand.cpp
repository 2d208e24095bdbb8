// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Commands.h"

#include "Frontend.h"
#include "KernelConfigFile.h"
#include "ReferenceStep.h"
#include "TritonAnalyzer.h"
#include "TritonInterpreter.h"
#include "tileport/TileIR/BytecodeHeader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace {

int fail(const QString &msg, int code = 2)
{
    QTextStream(stderr) << "tileport reference: " << msg << '\n';
    return code;
}

// A Triton file's reference is Triton itself: on the CPU, its interpreter
// at small shapes; the outputs are recorded per config.
int runTritonReference(const QString &file, QString outDir, int maxElements, bool json)
{
    const QFileInfo src(file);
    if (outDir.isEmpty())
        outDir = QDir::current().filePath(QStringLiteral("tileport-out/%1/reference").arg(src.completeBaseName()));
    tileport::triton::TritonInterpreter::Options o;
    o.source = src.absoluteFilePath();
    o.outDir = outDir;
    if (maxElements > 0)
        o.maxElements = maxElements;
    const auto r = tileport::triton::TritonInterpreter::run(o, tileport::Toolchains::fromEnvironment());
    QTextStream out(stdout);
    if (json) {
        QJsonObject doc = r.summary;
        doc.insert(QStringLiteral("out_dir"), outDir);
        doc.insert(QStringLiteral("ok"), r.ok);
        if (!r.reason.isEmpty())
            doc.insert(QStringLiteral("reason"), r.reason);
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        out.flush();
    }
    for (const QJsonValue &v : r.summary.value(QStringLiteral("configs")).toArray()) {
        const QJsonObject c = v.toObject();
        const QString status = c.value(QStringLiteral("status")).toString();
        QStringList shapes;
        const QJsonObject sh = c.value(QStringLiteral("shapes")).toObject();
        for (auto it = sh.begin(); it != sh.end(); ++it) {
            QStringList dims;
            for (const QJsonValue &d : it.value().toArray())
                dims << QString::number(d.toInt());
            shapes << it.key() + QLatin1Char('[') + dims.join(QLatin1Char('x')) + QLatin1Char(']');
        }
        if (json)
            break;
        out << QStringLiteral("%1  config '%2' (Triton interpreter)  %3\n")
                   .arg(status == QLatin1String("ran") ? QStringLiteral("OK  ") : status.toUpper(),
                        c.value(QStringLiteral("config")).toString(),
                        status == QLatin1String("ran") ? shapes.join(QLatin1Char(' ')) : c.value(QStringLiteral("reason")).toString());
    }
    if (r.blocked)
        return fail(QStringLiteral("%1: %2").arg(file, r.reason), 3);
    if (!r.ok)
        return fail(QStringLiteral("%1: %2").arg(file, r.reason), 1);
    if (!json)
        out << QStringLiteral("reference outputs in %1\n").arg(outDir);
    return 0;
}

} // namespace

// Exports the reference Tile IR of every specialization config listed in the
// kernel's sidecar file (KERNEL.tileport.json), at each bytecode version.
int runReferenceCommand(CommandLine &cl)
{
    const QString file = cl.positional(0);
    QString outDir = cl.value(QStringLiteral("out"));
    const int maxElements = cl.intValue(QStringLiteral("max-elements"));
    const bool json = cl.isSet(QStringLiteral("json"));
    const QFileInfo src(file);
    if (!src.isFile())
        return fail(QStringLiteral("%1: no such file").arg(file));
    if (tileport::frontendFor(file).isTriton())
        return runTritonReference(file, outDir, maxElements, json);
    const QString sidecar = tileport::frontend::KernelConfigFile::pathFor(src.absoluteFilePath());
    if (!QFileInfo(sidecar).isFile())
        return fail(QStringLiteral("%1: no specialization config (expected %2)").arg(file, sidecar));
    tileport::frontend::KernelConfigFile configs;
    configs.load(sidecar);
    if (configs.configs.isEmpty()) {
        const auto &d = configs.diagnostics;
        return fail(d.isEmpty() ? QStringLiteral("%1: needs a non-empty \"configs\" list").arg(sidecar)
                                : QStringLiteral("%1:%2:%3: %4").arg(sidecar).arg(d.first().line).arg(d.first().col).arg(d.first().message));
    }
    // The sidecar's problems are shown; the configs they do not stop are exported.
    for (const tileport::frontend::ConfigDiagnostic &d : std::as_const(configs.diagnostics))
        QTextStream(stderr) << QStringLiteral("%1:%2:%3: %4\n").arg(sidecar).arg(d.line).arg(d.col).arg(d.message);

    if (outDir.isEmpty())
        outDir = QDir::current().filePath(QStringLiteral("tileport-out/%1/reference").arg(src.completeBaseName()));
    if (!QDir().mkpath(outDir))
        return fail(QStringLiteral("%1: cannot create the output directory").arg(outDir));

    const tileport::steps::ReferenceStep step(tileport::Toolchains::fromEnvironment());
    // Text lines as they come; with --json, one document at the end.
    QString text;
    QTextStream out(stdout), std_out(stdout);
    if (json)
        out.setString(&text);
    QJsonArray exports;
    int failures = 0;
    for (const tileport::frontend::KernelConfig &c : std::as_const(configs.configs)) {
        if (c.kernel.isEmpty()) {
            ++failures;
            out << QStringLiteral("FAIL  config '%1': no \"kernel\" (top-level or per config)\n").arg(c.name);
            exports << QJsonObject{{QStringLiteral("config"), c.name}, {QStringLiteral("ok"), false},
                                   {QStringLiteral("error"), QStringLiteral("no \"kernel\" (top-level or per config)")}};
            continue;
        }
        const tileport::steps::ReferenceTarget target = tileport::steps::planReference(file, false, c, sidecar).targets.first();
        for (const QString &version : std::as_const(configs.bytecodeVersions)) {
            tileport::steps::ReferenceStep::Options options;
            options.bytecodeVersion = version;
            const QString output = QDir(outDir).filePath(QStringLiteral("%1.%2.v%3.tileirbc").arg(c.kernel, c.name, version));
            const tileport::steps::ReferenceOutput res = step.run(target, output, options);
            const QJsonObject id{{QStringLiteral("kernel"), c.kernel}, {QStringLiteral("config"), c.name},
                                 {QStringLiteral("bytecode_version"), version}};
            if (!res.ok()) {
                ++failures;
                out << QStringLiteral("FAIL  %1 %2 v%3: %4\n").arg(c.kernel, c.name, version, res.error);
                QJsonObject e = id;
                e.insert(QStringLiteral("ok"), false);
                e.insert(QStringLiteral("error"), res.error);
                exports << e;
                continue;
            }
            QFile bc(output);
            bc.open(QIODevice::ReadOnly);
            const QByteArray bytes = bc.readAll();
            tileport::tileir::BytecodeHeader header;
            std::string err;
            const auto span = std::span(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size()));
            if (!tileport::tileir::parseBytecodeHeader(span, header, err)) {
                ++failures;
                out << QStringLiteral("FAIL  %1: %2\n").arg(output, QString::fromStdString(err));
                QJsonObject e = id;
                e.insert(QStringLiteral("ok"), false);
                e.insert(QStringLiteral("file"), output);
                e.insert(QStringLiteral("error"), QString::fromStdString(err));
                exports << e;
                continue;
            }
            out << QStringLiteral("ok    %1 %2 Tile IR %3, %4 bytes, %5 s -> %6\n")
                       .arg(c.kernel, c.name, QString::fromStdString(header.versionString()))
                       .arg(bytes.size())
                       .arg(res.elapsedMs / 1000.0, 0, 'f', 1)
                       .arg(QDir::current().relativeFilePath(output));
            QJsonObject e = id;
            e.insert(QStringLiteral("ok"), true);
            e.insert(QStringLiteral("file"), output);
            e.insert(QStringLiteral("tileir_version"), QString::fromStdString(header.versionString()));
            e.insert(QStringLiteral("bytes"), bytes.size());
            e.insert(QStringLiteral("seconds"), res.elapsedMs / 1000.0);
            exports << e;
        }
    }
    if (json)
        std_out << QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("tileport-reference/1")},
                                             {QStringLiteral("file"), src.absoluteFilePath()},
                                             {QStringLiteral("out_dir"), outDir},
                                             {QStringLiteral("exports"), exports}})
                       .toJson(QJsonDocument::Indented);
    return failures == 0 ? 0 : 1;
}
