// SPDX-License-Identifier: MIT
#include "Commands.h"

#include "ReferenceExporter.h"
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

} // namespace

// Exports the reference Tile IR of every specialization config listed in the
// kernel's sidecar file (KERNEL.tileport.json), at each bytecode version.
int runReferenceCommand(const QStringList &args)
{
    QString file;
    QString outDir;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--out") && i + 1 < args.size())
            outDir = args[++i];
        else if (args[i].startsWith(QLatin1String("--")))
            return fail(QStringLiteral("unknown option '%1'").arg(args[i]));
        else if (file.isEmpty())
            file = args[i];
        else
            return fail(QStringLiteral("unexpected argument '%1'").arg(args[i]));
    }
    if (file.isEmpty())
        return fail(QStringLiteral("usage: tileport reference FILE.py [--out DIR]"));
    const QFileInfo src(file);
    if (!src.isFile())
        return fail(QStringLiteral("%1: no such file").arg(file));
    const QString sidecar = src.dir().filePath(src.completeBaseName() + QStringLiteral(".tileport.json"));
    QFile sf(sidecar);
    if (!sf.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("%1: no specialization config (expected %2)").arg(file, sidecar));
    QJsonParseError perr;
    const QJsonObject cfg = QJsonDocument::fromJson(sf.readAll(), &perr).object();
    if (perr.error != QJsonParseError::NoError)
        return fail(QStringLiteral("%1: offset %2: %3").arg(sidecar).arg(perr.offset).arg(perr.errorString()));
    const QJsonArray configs = cfg.value(QStringLiteral("configs")).toArray();
    QJsonArray versions = cfg.value(QStringLiteral("bytecode_versions")).toArray();
    if (versions.isEmpty())
        versions = {QStringLiteral("13.3")};
    if (configs.isEmpty())
        return fail(QStringLiteral("%1: needs a non-empty \"configs\" list").arg(sidecar));

    if (outDir.isEmpty())
        outDir = QDir::current().filePath(QStringLiteral("tileport-out/%1/reference").arg(src.completeBaseName()));
    if (!QDir().mkpath(outDir))
        return fail(QStringLiteral("%1: cannot create the output directory").arg(outDir));

    const tileport::ReferenceExporter exporter(tileport::Toolchains::fromEnvironment());
    QTextStream out(stdout);
    int failures = 0;
    for (const QJsonValue &cv : configs) {
        const QJsonObject c = cv.toObject();
        const QString name = c.value(QStringLiteral("name")).toString();
        // A config may name its own kernel (files with several kernels).
        const QString kernel = c.value(QStringLiteral("kernel")).toString(cfg.value(QStringLiteral("kernel")).toString());
        if (kernel.isEmpty()) {
            ++failures;
            out << QStringLiteral("FAIL  config '%1': no \"kernel\" (top-level or per config)\n").arg(name);
            continue;
        }
        for (const QJsonValue &vv : versions) {
            tileport::ReferenceExporter::Request req;
            req.kernelFile = src.absoluteFilePath();
            req.kernelName = kernel;
            req.parameters = c.value(QStringLiteral("params")).toArray();
            req.bytecodeVersion = vv.toString();
            req.outputFile = QDir(outDir).filePath(QStringLiteral("%1.%2.v%3.tileirbc").arg(kernel, name, req.bytecodeVersion));
            const auto res = exporter.exportKernel(req);
            if (!res.ok) {
                ++failures;
                out << QStringLiteral("FAIL  %1 %2 v%3: %4\n").arg(kernel, name, req.bytecodeVersion, res.error);
                continue;
            }
            QFile bc(req.outputFile);
            bc.open(QIODevice::ReadOnly);
            const QByteArray bytes = bc.readAll();
            tileport::tileir::BytecodeHeader header;
            std::string err;
            const auto span = std::span(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size()));
            if (!tileport::tileir::parseBytecodeHeader(span, header, err)) {
                ++failures;
                out << QStringLiteral("FAIL  %1: %2\n").arg(req.outputFile, QString::fromStdString(err));
                continue;
            }
            out << QStringLiteral("ok    %1 %2 Tile IR %3, %4 bytes, %5 s -> %6\n")
                       .arg(kernel, name, QString::fromStdString(header.versionString()))
                       .arg(bytes.size())
                       .arg(res.elapsedMs / 1000.0, 0, 'f', 1)
                       .arg(QDir::current().relativeFilePath(req.outputFile));
        }
    }
    return failures == 0 ? 0 : 1;
}
