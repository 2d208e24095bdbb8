// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassCompiler.h"

#include "ProcessRunner.h"
#include "SassParser.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <future>

namespace tileport::sass {

namespace {

// Bumped when what a cache entry holds changes.
constexpr const char *kCacheFormat = "tileport-sass/1";

SideResult blocked(SideResult r, const QString &why)
{
    r.status = SideResult::Status::Blocked;
    r.error = why;
    return r;
}

QString tail(const QByteArray &bytes, int n = 3)
{
    QStringList lines;
    for (const QString &l : QString::fromUtf8(bytes).split(QLatin1Char('\n')))
        if (!l.trimmed().isEmpty())
            lines << l.trimmed();
    return lines.mid(qMax(0, int(lines.size()) - n)).join(QStringLiteral(" | "));
}

bool executable(const QString &path)
{
    return !path.isEmpty() && QFileInfo(path).isExecutable();
}

// tileiras runs the ptxas beside it and loads ../lib/libnvvm.so.4; a
// CUDA_HOME would point it at another toolkit's (as cuda-tile does, we drop
// it), and its temporary files go to our own directory.
QProcessEnvironment tileirasEnvironment(const QString &tileiras, const QString &tmp)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("CUDA_HOME"));
    env.remove(QStringLiteral("CUDA_PATH"));
    const QString bin = QFileInfo(tileiras).absolutePath();
    const QString lib = QDir::cleanPath(bin + QStringLiteral("/../lib"));
    const QString path = env.value(QStringLiteral("PATH"));
    env.insert(QStringLiteral("PATH"), path.isEmpty() ? bin : bin + QLatin1Char(':') + path);
    const QString ld = env.value(QStringLiteral("LD_LIBRARY_PATH"));
    env.insert(QStringLiteral("LD_LIBRARY_PATH"), ld.isEmpty() ? lib : lib + QLatin1Char(':') + ld);
    env.insert(QStringLiteral("TMPDIR"), tmp);
    return env;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

SassCompiler::SassCompiler(Toolchains tools)
    : m_tools(std::move(tools))
{
}

QString SassCompiler::defaultCacheDir()
{
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QString cache = env.value(QStringLiteral("TILEPORT_CACHE"));
    if (cache.isEmpty()) {
        const QString xdg = env.value(QStringLiteral("XDG_CACHE_HOME"));
        cache = (xdg.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache") : xdg) + QStringLiteral("/tileport");
    }
    return cache + QStringLiteral("/sass");
}

QString SassCompiler::cacheKey(const QByteArray &bytecode, const QString &tileirasVersion,
                               const QString &disassemblerVersion, const CompileOptions &options)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    const QString head = QStringList{QString::fromLatin1(kCacheFormat), tileirasVersion, disassemblerVersion,
                                     options.target, options.flags.join(QLatin1Char(' '))}
                             .join(QLatin1Char('\n'));
    h.addData(head.toUtf8());
    h.addData(QByteArrayView("\n\0", 2));
    h.addData(bytecode);
    return QString::fromLatin1(h.result().toHex());
}

QString SassCompiler::probeVersion(const QString &program, QString *failure) const
{
    if (!executable(program))
        return {};
    ProcessSpec spec{program, {QStringLiteral("--version")}};
    // A tool that hangs on --version must not outlast the time-out asked for.
    spec.timeoutMs = m_tools.toolTimeoutMs > 0 ? qMin(30'000, m_tools.toolTimeoutMs) : 30'000;
    const ProcessResult r = ProcessRunner::run(spec);
    const QString version = r.ok() ? Toolchains::cudaToolVersion(QString::fromUtf8(r.standardOutput)) : QString();
    if (version.isEmpty())
        *failure = r.ok() ? QStringLiteral("printed no version") : r.describe();
    return version;
}

QString SassCompiler::tileirasVersion() const
{
    std::call_once(m_versionsOnce, [this] {
        QString ignored;
        m_tileirasVersion = probeVersion(m_tools.tileiras, &m_tileirasProbe);
        m_cuobjdumpVersion = probeVersion(m_tools.cuobjdump, &m_cuobjdumpProbe);
        m_nvdisasmVersion = probeVersion(m_tools.nvdisasm, &ignored);
    });
    return m_tileirasVersion;
}

QString SassCompiler::cuobjdumpVersion() const
{
    tileirasVersion();
    return m_cuobjdumpVersion;
}

bool SassCompiler::readCached(const QString &entry, SideResult &r) const
{
    QFile f(QDir(entry).filePath(QStringLiteral("listing.txt")));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QString listing = QString::fromUtf8(f.readAll());
    ParseResult parsed = parseListing(listing);
    if (!parsed.ok())
        return false; // a damaged entry is rebuilt
    r.listing = listing;
    r.module = std::move(parsed.module);
    const QString cubin = QDir(entry).filePath(QStringLiteral("kernel.cubin"));
    r.cubinPath = QFileInfo::exists(cubin) ? cubin : QString();
    // Source lines: stored with the entry; an entry made before they were is given them once.
    const QString linesFile = QDir(entry).filePath(QStringLiteral("lines.txt"));
    QFile lines(linesFile);
    if (lines.open(QIODevice::ReadOnly)) {
        r.lineListing = QString::fromUtf8(lines.readAll());
    } else if (!r.cubinPath.isEmpty()) {
        r.lineListing = lineListing(r.cubinPath, 60'000, nullptr);
        const QString partial = QStringLiteral("%1.part-%2").arg(linesFile).arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        if (!r.lineListing.isEmpty() && (!writeFile(partial, r.lineListing.toUtf8()) || !QFile::rename(partial, linesFile)))
            QFile::remove(partial);
    }
    if (!r.lineListing.isEmpty())
        applySourceLines(r.module, parseListing(r.lineListing).module);
    return true;
}

QString SassCompiler::lineListing(const QString &cubin, int timeoutMs, const std::atomic_bool *cancel) const
{
    if (!executable(m_tools.nvdisasm))
        return {};
    ProcessSpec spec{m_tools.nvdisasm, {QStringLiteral("-g"), QStringLiteral("-c"), cubin}};
    spec.timeoutMs = timeoutMs;
    const ProcessResult p = ProcessRunner::run(spec, cancel);
    const QString out = p.ok() ? QString::fromUtf8(p.standardOutput) : QString();
    // Without a line table nvdisasm prints the code alone: nothing to keep.
    return out.contains(QLatin1String("//## File")) ? out : QString();
}

void SassCompiler::store(const QString &entry, const QString &cubin, const SideResult &r) const
{
    // Written beside the entry and renamed into place, so a concurrent reader
    // sees a whole entry or none.
    const QString partial = QStringLiteral("%1.part-%2").arg(entry).arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    if (!QDir().mkpath(partial))
        return;
    const QJsonObject inputs{{QStringLiteral("format"), QString::fromLatin1(kCacheFormat)},
                             {QStringLiteral("bytecode"), QFileInfo(r.bytecodeFile).absoluteFilePath()},
                             {QStringLiteral("tileiras"), m_tools.tileiras},
                             {QStringLiteral("tileiras_version"), r.tileirasVersion},
                             {QStringLiteral("cuobjdump_version"), cuobjdumpVersion()},
                             {QStringLiteral("nvdisasm_version"), m_nvdisasmVersion},
                             {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    const bool ok = QFile::copy(cubin, QDir(partial).filePath(QStringLiteral("kernel.cubin")))
        && writeFile(QDir(partial).filePath(QStringLiteral("listing.txt")), r.listing.toUtf8())
        && (r.lineListing.isEmpty() || writeFile(QDir(partial).filePath(QStringLiteral("lines.txt")), r.lineListing.toUtf8()))
        && writeFile(QDir(partial).filePath(QStringLiteral("inputs.json")), QJsonDocument(inputs).toJson());
    if (!ok || !QDir().rename(partial, entry))
        QDir(partial).removeRecursively(); // another process stored it first, or the disk is full
}

SideResult SassCompiler::build(const QString &bytecodeFile, const CompileOptions &options,
                               const std::atomic_bool *cancel) const
{
    SideResult r;
    r.bytecodeFile = bytecodeFile;
    if (!executable(m_tools.tileiras))
        return blocked(r, QStringLiteral("tileiras not found: ./scripts/setup installs it into toolchains/sass "
                                         "(or set TILEPORT_TILEIRAS)"));
    if (!executable(m_tools.cuobjdump))
        return blocked(r, QStringLiteral("cuobjdump not found: ./scripts/setup installs it into toolchains/sass "
                                         "(or set TILEPORT_CUOBJDUMP)"));
    if (!executable(m_tools.nvdisasm))
        return blocked(r, QStringLiteral("nvdisasm (which cuobjdump -sass runs) not found: ./scripts/setup installs it "
                                         "into toolchains/sass (or set TILEPORT_NVDISASM)"));
    QFile in(bytecodeFile);
    if (!in.open(QIODevice::ReadOnly))
        return blocked(r, QStringLiteral("%1: cannot read: %2").arg(bytecodeFile, in.errorString()));
    const QByteArray bytecode = in.readAll();
    if (!bytecode.startsWith(QByteArrayView("\x7fTileIR\0", 8)))
        return blocked(r, QStringLiteral("%1: not Tile IR bytecode (bad magic)").arg(bytecodeFile));
    if (bytecode.size() >= 10)
        r.bytecodeVersion = QStringLiteral("%1.%2").arg(quint8(bytecode[8])).arg(quint8(bytecode[9]));
    r.tileirasVersion = tileirasVersion();
    if (r.tileirasVersion.isEmpty())
        return blocked(r, QStringLiteral("%1 --version %2").arg(m_tools.tileiras, m_tileirasProbe));
    if (cuobjdumpVersion().isEmpty())
        return blocked(r, QStringLiteral("%1 --version %2").arg(m_tools.cuobjdump, m_cuobjdumpProbe));

    // The disassembler's version is in the key through both tools'.
    r.key = cacheKey(bytecode, r.tileirasVersion, cuobjdumpVersion() + QLatin1Char('/') + m_nvdisasmVersion, options);
    const QString cacheDir = options.cacheDir.isEmpty() ? defaultCacheDir() : options.cacheDir;
    const QString entry = QStringLiteral("%1/%2/%3").arg(cacheDir, r.key.left(2), r.key);
    if (options.useCache && readCached(entry, r)) {
        r.cacheHit = true;
        r.status = SideResult::Status::Ok;
        return r;
    }

    QTemporaryDir tmp(QDir::tempPath() + QStringLiteral("/tileport-sass-XXXXXX"));
    if (!tmp.isValid())
        return blocked(r, QStringLiteral("cannot create a temporary directory: %1").arg(tmp.errorString()));
    // Compile the bytes that were hashed, not the file as it may be by now.
    const QString input = tmp.filePath(QStringLiteral("kernel.tileirbc"));
    const QString cubin = tmp.filePath(QStringLiteral("kernel.cubin"));
    if (!writeFile(input, bytecode))
        return blocked(r, QStringLiteral("cannot write %1").arg(input));

    ProcessSpec compile{m_tools.tileiras, QStringList{QStringLiteral("--gpu-name=%1").arg(options.target)} + options.flags
                                              + QStringList{QStringLiteral("-o"), cubin, input}};
    compile.environment = tileirasEnvironment(m_tools.tileiras, tmp.path());
    compile.workingDirectory = tmp.path();
    compile.timeoutMs = options.timeoutMs;
    const ProcessResult c = ProcessRunner::run(compile, cancel);
    r.compileMs = c.elapsedMs;
    if (!c.ok()) {
        const QString why = tail(c.standardError + c.standardOutput);
        return blocked(r, QStringLiteral("tileiras %1 on %2%3").arg(c.describe(), bytecodeFile,
                                                                    why.isEmpty() ? QString() : QStringLiteral(": ") + why));
    }
    if (QFileInfo(cubin).size() <= 0)
        return blocked(r, QStringLiteral("tileiras exited 0 but wrote no cubin for %1").arg(bytecodeFile));

    const SideResult d = disassemble(cubin, options.timeoutMs, cancel);
    r.disassembleMs = d.disassembleMs;
    if (!d.ok())
        return blocked(r, QStringLiteral("%1 (%2)").arg(d.error, bytecodeFile));
    r.listing = d.listing;
    r.lineListing = d.lineListing;
    r.module = d.module;
    r.status = SideResult::Status::Ok;
    if (options.useCache) {
        store(entry, cubin, r);
        if (QFileInfo::exists(entry + QStringLiteral("/kernel.cubin")))
            r.cubinPath = entry + QStringLiteral("/kernel.cubin");
    }
    return r;
}

std::pair<SideResult, SideResult> SassCompiler::buildPair(const QString &refBytecode, const QString &genBytecode,
                                                        const CompileOptions &options, const std::atomic_bool *cancel) const
{
    tileirasVersion(); // probed once, before the threads race for it
    QFile a(refBytecode), b(genBytecode);
    if (a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly) && a.size() == b.size() && a.readAll() == b.readAll()) {
        // The same bytes: one compile serves both sides.
        SideResult ref = build(refBytecode, options, cancel);
        SideResult gen = ref;
        gen.bytecodeFile = genBytecode;
        return {std::move(ref), std::move(gen)};
    }
    auto gen = std::async(std::launch::async, [&] { return build(genBytecode, options, cancel); });
    SideResult ref = build(refBytecode, options, cancel);
    return {std::move(ref), gen.get()};
}

SideResult SassCompiler::disassemble(const QString &cubin, int timeoutMs, const std::atomic_bool *cancel) const
{
    SideResult r;
    r.cubinPath = cubin;
    if (!executable(m_tools.cuobjdump))
        return blocked(r, QStringLiteral("cuobjdump not found: ./scripts/setup installs it (see tileport doctor)"));
    QElapsedTimer clock;
    clock.start();
    ProcessSpec dis{m_tools.cuobjdump, {QStringLiteral("-sass"), QStringLiteral("-res-usage"), cubin}};
    dis.timeoutMs = timeoutMs;
    // cuobjdump finds the nvdisasm it runs through PATH or NVDISASM_PATH.
    const QString nvdisasmDir = QFileInfo(m_tools.nvdisasm).absolutePath();
    const QString path = dis.environment.value(QStringLiteral("PATH"));
    dis.environment.insert(QStringLiteral("PATH"), path.isEmpty() ? nvdisasmDir : nvdisasmDir + QLatin1Char(':') + path);
    dis.environment.insert(QStringLiteral("NVDISASM_PATH"), nvdisasmDir);
    const ProcessResult d = ProcessRunner::run(dis, cancel);
    r.disassembleMs = clock.elapsed();
    if (!d.ok())
        return blocked(r, QStringLiteral("cuobjdump %1 on %2: %3").arg(d.describe(), cubin, tail(d.standardError)));
    r.listing = QString::fromUtf8(d.standardOutput);
    ParseResult parsed = parseListing(r.listing);
    if (!parsed.ok())
        return blocked(r, QStringLiteral("cuobjdump on %1: %2").arg(cubin, parsed.error));
    r.module = std::move(parsed.module);
    r.lineListing = lineListing(cubin, timeoutMs, cancel);
    if (!r.lineListing.isEmpty())
        applySourceLines(r.module, parseListing(r.lineListing).module);
    r.disassembleMs = clock.elapsed();
    r.status = SideResult::Status::Ok;
    return r;
}

} // namespace tileport::sass
