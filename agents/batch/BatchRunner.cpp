// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BatchRunner.h"

#include "ConfigSource.h"

#include "BatchFrontendChild.h"
#include "BatchWorkKey.h"
#include "Frontend.h"
#include "HarnessArguments.h"
#include "ReferenceStep.h"

#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace tileport {

namespace {

const QString kTranslateChannel = QStringLiteral("batch-translate:");
const QString kCaptureChannel = QStringLiteral("batch-capture");
const QString kBuildChannel = QStringLiteral("batch-build:");
const QString kCheckChannel = QStringLiteral("batch-ir:");
const QString kGpuChannel = QStringLiteral("batch-gpu");

// A directory name for a config: its name with anything but [A-Za-z0-9._-]
// replaced, made unique among the kernel's.
QString configDir(const QString &name, QSet<QString> &taken)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]"));
    QString base = QString(name).replace(unsafe, QStringLiteral("_"));
    if (base.isEmpty() || base.startsWith(QLatin1Char('.')))
        base.prepend(QStringLiteral("config"));
    QString dir = base;
    for (int n = 2; taken.contains(dir); ++n)
        dir = QStringLiteral("%1-%2").arg(base).arg(n);
    taken.insert(dir);
    return dir;
}

} // namespace

BatchRunner::BatchRunner(Options options, Toolchains tools, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_tools(std::move(tools))
{
    m_jobs.setMaxConcurrency(m_options.jobs);
    connect(&m_jobs, &JobRunner::finished, this, [this](const QString &channel, quint64, const QVariant &result) {
        if (m_finished)
            return;
        if (channel.startsWith(kTranslateChannel))
            fileDone();
        else if (channel == kCaptureChannel)
            configsObtained();
        else if (channel.startsWith(kBuildChannel))
            kernelBuilt(result.toInt());
        else if (channel == kGpuChannel)
            gpuDone();
        else
            unitDone(result.toInt());
    });
    connect(&m_jobs, &JobRunner::partial, this, [this](const QString &channel, quint64, const QVariant &value) {
        if (!m_finished && channel == kGpuChannel)
            gpuStep(value);
    });
}

BatchRunner::~BatchRunner()
{
    m_jobs.cancelAll();
    m_jobs.waitForIdle();
}

QStringList BatchRunner::pythonFiles(const QString &directory)
{
    QStringList files;
    // Absolute on both sides: relativeFilePath() leaves relative paths as they are.
    const QDir root(QFileInfo(directory).absoluteFilePath());
    QDirIterator it(root.path(), {QStringLiteral("*.py")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << root.relativeFilePath(it.next());
    files.sort();
    return files;
}

QString BatchRunner::start()
{
    QFileInfo dir(m_options.directory);
    const QString given = dir.absoluteFilePath(); // what the journal records
    QStringList only; // a single file: batch its directory, that file alone
    if (dir.isFile()) {
        if (dir.suffix() != QLatin1String("py"))
            return QStringLiteral("%1: not a .py file or a directory").arg(m_options.directory);
        only << dir.fileName();
        m_options.directory = dir.absolutePath();
        dir = QFileInfo(m_options.directory);
    }
    if (!dir.isDir())
        return QStringLiteral("%1: not a directory").arg(m_options.directory);
    if (!dir.isReadable())
        return QStringLiteral("%1: not readable").arg(m_options.directory);
    // Always a work directory: the journal of finished rows lives there.
    if (m_options.workDirectory.isEmpty()) {
        m_tempWork = std::make_unique<QTemporaryDir>();
        // With builds the rows point at diffs and logs in it; without, the
        // journal alone is there, and it is needed only if the run stops.
        m_tempWork->setAutoRemove(!m_options.build);
        if (!m_tempWork->isValid())
            return QStringLiteral("cannot create a temporary work directory: %1").arg(m_tempWork->errorString());
        m_options.workDirectory = m_tempWork->path();
    } else if (!QDir().mkpath(m_options.workDirectory)) {
        return QStringLiteral("%1: cannot create the work directory").arg(m_options.workDirectory);
    }
    if (m_options.build) {
        // Generated crates pin their dependencies with the probe's lock.
        m_crateOptions = rust::CrateWriter::optionsFor(m_tools);
        if (!m_crateOptions.lockError.isEmpty())
            return m_crateOptions.lockError;
    }
    m_journalPath = BatchJournal::pathIn(m_options.workDirectory);
    QString error;
    if (m_options.resume) {
        m_previous = BatchJournal::read(m_journalPath);
        if (!m_previous.error.isEmpty())
            return m_previous.error;
        if (!m_journal.reopen(m_journalPath, m_previous.validBytes, &error))
            return error;
    } else {
        BatchJournal::Header h;
        h.directory = given;
        h.build = m_options.build;
        h.capture = bool(m_options.configSource);
        h.sass = m_options.sass;
        h.sassTarget = m_options.sassTarget;
        h.cutile = m_tools.cutileVersion;
        h.timeoutMs = m_options.timeoutMs;
        h.gpu = m_options.gpu;
        if (!m_journal.create(m_journalPath, h, &error))
            return error;
    }
    m_timer.start();
    m_paths = only.isEmpty() ? pythonFiles(m_options.directory) : only;
    m_files.resize(m_paths.size());
    m_restored.assign(m_paths.size(), false);
    m_pendingFiles = int(m_paths.size());
    const QString root = dir.absoluteFilePath();
    const QString child = m_options.frontendChild;
    const int childTimeout = qMin(m_options.timeoutMs, BatchFrontendChild::kTimeoutMs);
    for (int i = 0; i < m_paths.size(); ++i) {
        if (m_options.resume && m_previous.complete(m_paths[i])) {
            m_restored[i] = true;
            --m_pendingFiles;
            continue;
        }
        m_jobs.submit(kTranslateChannel + m_paths[i], [this, i, root, rel = m_paths[i], child, childTimeout](JobContext &ctx) {
            if (!child.isEmpty()) {
                const BatchFrontendChild::Result probe = BatchFrontendChild::probe(child, root, rel, childTimeout, ctx.cancelFlag());
                if (probe.ran && !probe.survived) {
                    BatchFileTranslator::Outcome crashed;
                    crashed.rows << BatchFrontendChild::crashRow(rel, probe);
                    crashed.plans << BatchFileTranslator::KernelPlan{};
                    m_files[i] = std::move(crashed);
                    return QVariant(i);
                }
            }
            m_files[i] = BatchFileTranslator::run(root, rel);
            return QVariant(i);
        });
    }
    if (m_pendingFiles == 0)
        obtainConfigs();
    return {};
}

void BatchRunner::cancel()
{
    if (m_finished)
        return;
    m_cancelled = true;
    if (m_tempWork)
        m_tempWork->setAutoRemove(false); // to be resumed
    m_jobs.cancelAll();
    finish();
}

QString BatchRunner::runToCompletion()
{
    QEventLoop loop;
    connect(this, &BatchRunner::finished, &loop, &QEventLoop::quit);
    const QString error = start();
    if (error.isEmpty() && !m_finished)
        loop.exec();
    return error;
}

void BatchRunner::fileDone()
{
    if (--m_pendingFiles == 0)
        obtainConfigs();
}

void BatchRunner::obtainConfigs()
{
    const QDir root(QFileInfo(m_options.directory).absoluteFilePath());
    QStringList paths;
    for (int f = 0; f < int(m_files.size()); ++f)
        if (m_files[f].wantsConfigs) {
            m_capturing << f;
            paths << root.filePath(m_paths[f]);
        }
    if (paths.isEmpty() || !m_options.configSource)
        return startChecks();
    m_jobs.submit(kCaptureChannel, [this, paths](JobContext &ctx) {
        m_captured = m_options.configSource(paths, ctx.cancelFlag());
        return QVariant();
    });
}

void BatchRunner::configsObtained()
{
    const QDir root(QFileInfo(m_options.directory).absoluteFilePath());
    for (int f : std::as_const(m_capturing)) {
        const auto it = m_captured.constFind(root.filePath(m_paths[f]));
        if (it == m_captured.cend())
            continue;
        const QString name = it->path.isEmpty() ? QStringLiteral("(captured)") : QFileInfo(it->path).fileName();
        BatchFileTranslator::planConfigs(m_files[f], *it, QFileInfo(m_paths[f]).dir().filePath(name));
        // Kept in the work directory: the GPU phase's bundles carry it (also
        // when a later --resume runs that phase).
        if (!m_options.gpu.isEmpty() && !it->configs.isEmpty()) {
            QFile out(capturedConfigPath(m_paths[f]));
            if (QDir().mkpath(QFileInfo(out).absolutePath()) && out.open(QIODevice::WriteOnly))
                out.write(frontendFor(root.filePath(m_paths[f]))
                              .capturedSidecar(root.filePath(m_paths[f]), QJsonDocument(it->document()).toJson(QJsonDocument::Indented)));
        }
    }
    startChecks();
}

void BatchRunner::startChecks()
{
    // One row per kernel and config; a file's own time is shared evenly.
    for (int f = 0; f < int(m_files.size()); ++f) {
        const QString &rel = m_paths[f];
        if (m_restored[f]) {
            const QMap<int, BatchRow> &done = m_previous.rows.value(rel);
            for (auto it = done.cbegin(); it != done.cend(); ++it) {
                m_rows << it.value();
                m_rowSlot << it.key();
                m_rowJournaled << true;
            }
            continue;
        }
        const BatchFileTranslator::Outcome &file = m_files[f];
        const int first = int(m_rows.size());
        for (int k = 0; k < file.rows.size(); ++k) {
            const BatchFileTranslator::KernelPlan &plan = file.plans[k];
            auto kernel = std::make_unique<Kernel>();
            kernel->file = f;
            kernel->plan = k;
            if (plan.configs.isEmpty()) {
                kernel->rows << int(m_rows.size());
                m_rows << file.rows[k];
                // Why there is nothing to compare, built or not.
                if (m_rows.last().isKernel())
                    m_rows.last().irReason = plan.configProblem;
            }
            for (const frontend::KernelConfig &c : plan.configs) {
                BatchRow row = file.rows[k];
                row.config = c.name;
                row.sources = int(c.sources.size());
                row.configFrom = frontend::configSourceKinds(c.sources);
                kernel->rows << int(m_rows.size());
                m_rows << row;
            }
            m_kernels.push_back(std::move(kernel));
        }
        const int count = int(m_rows.size()) - first;
        const qint64 share = file.elapsedMs / qMax(1, count);
        for (int r = first; r < m_rows.size(); ++r) {
            m_rows[r].elapsedMs = share;
            m_rowSlot << r - first;
            m_rowJournaled << false;
        }
        // Rows an earlier run finished for the same plan are taken as they
        // were; a file planned differently (it changed) starts over.
        const auto planned = m_previous.planned.constFind(rel);
        if (m_options.resume && planned != m_previous.planned.cend() && *planned == count) {
            const QMap<int, BatchRow> &done = m_previous.rows.value(rel);
            for (auto it = done.cbegin(); it != done.cend(); ++it) {
                const int r = first + it.key();
                if (r < first + count && m_rows[r].kernel == it->kernel && m_rows[r].config == it->config) {
                    m_rows[r] = it.value();
                    m_rowJournaled[r] = true;
                }
            }
        } else {
            m_journal.appendFile(rel, count);
        }
    }
    for (bool journaled : std::as_const(m_rowJournaled))
        m_resumed += journaled ? 1 : 0;
    m_done = m_resumed;
    m_pendingRows = int(m_rows.size()) - m_resumed;
    if (m_pendingRows == 0)
        return rowsComplete();
    QList<int> immediate;
    for (int k = 0; k < int(m_kernels.size()); ++k) {
        Kernel *kernel = m_kernels[k].get();
        const BatchFileTranslator::Outcome &file = m_files[kernel->file];
        const BatchFileTranslator::KernelPlan &plan = file.plans[kernel->plan];
        const bool allDone = std::all_of(kernel->rows.cbegin(), kernel->rows.cend(), [this](int r) { return m_rowJournaled[r]; });
        if (!m_options.build || plan.translated < 0 || allDone) {
            immediate << kernel->rows;
            continue;
        }
        const QString rel = m_paths[kernel->file];
        BatchKernelCheck::Setup setup;
        setup.tools = m_tools;
        setup.crate = m_crateOptions;
        setup.workDir = kernelDir(rel, file.rows[kernel->plan].kernel);
        setup.relativePath = rel;
        setup.timeoutMs = m_options.timeoutMs;
        kernel->workDir = setup.workDir;
        m_jobs.submit(kBuildChannel + QString::number(k), [k, kernel, setup, &file, &plan](JobContext &ctx) {
            if (!QDir().mkpath(setup.workDir)) {
                kernel->build.built = BatchRow::Step::No;
                kernel->build.buildReason = QStringLiteral("%1: cannot create the directory").arg(setup.workDir);
            } else {
                kernel->build = BatchKernelCheck::build(setup, file.translation, plan, ctx.cancelFlag());
            }
            return QVariant(k);
        });
    }
    // Rows with nothing to build are done now; they report after the
    // submissions so that the builds start first.
    for (int j : std::as_const(immediate))
        rowDone(j);
}

void BatchRunner::kernelBuilt(int index)
{
    Kernel &kernel = *m_kernels[index];
    const BatchFileTranslator::Outcome &file = m_files[kernel.file];
    const BatchFileTranslator::KernelPlan &plan = file.plans[kernel.plan];
    const qint64 share = kernel.build.elapsedMs / qMax(1, int(kernel.rows.size()));
    for (int r : std::as_const(kernel.rows)) {
        if (m_rowJournaled[r])
            continue;
        m_rows[r].built = kernel.build.built;
        m_rows[r].buildReason = kernel.build.buildReason;
        m_rows[r].elapsedMs += share;
    }
    if (kernel.build.built != BatchRow::Step::Yes || plan.configs.isEmpty()) {
        for (int r : std::as_const(kernel.rows))
            rowDone(r);
        return;
    }

    const QString root = QFileInfo(m_options.directory).absoluteFilePath();
    const QString source = QDir(root).filePath(m_paths[kernel.file]);
    const QString name = file.rows[kernel.plan].kernel;
    // A Triton file's configs without a named equivalent are exported from
    // its desugared cuTile Python, written once beside the kernel's work.
    const bool triton = frontendFor(source).isTriton();
    QString desugared;
    if (triton && !file.desugared.isEmpty()) {
        desugared = QDir(kernel.workDir).filePath(QStringLiteral("triton.cutile.py"));
        QDir().mkpath(kernel.workDir);
        QFile out(desugared);
        if (!out.open(QIODevice::WriteOnly) || out.write(file.desugared.toUtf8()) < 0)
            desugared.clear(); // then such configs are only noted
    }
    QHash<QByteArray, int> unitOf; // work key -> index into m_units
    QSet<QString> dirs;
    QList<int> settled, started;
    for (qsizetype i = 0; i < plan.configs.size(); ++i) {
        const frontend::KernelConfig &config = plan.configs[i];
        if (m_rowJournaled[kernel.rows[i]])
            continue; // finished in the run being resumed; its unit may still serve others
        BatchRow &row = m_rows[kernel.rows[i]];
        const rust::TranslatedKernel *entry = file.translation.entryForConfig(name, config.params);
        if (!entry) {
            row.irReason = file.translation.noEntryReason(name, config.params, config.name);
            settled << kernel.rows[i];
            continue;
        }
        QString error;
        const QStringList args = rust::HarnessArguments::forConfig(entry->signature, config, QString(), entry->signature.minTarget,
                                                                   QStringLiteral("13.3"), &error);
        if (!error.isEmpty()) {
            row.irReason = QStringLiteral("harness arguments: %1").arg(error);
            settled << kernel.rows[i];
            continue;
        }
        const steps::ReferencePlan reference =
            steps::planReference(source, triton, config, plan.configsFile.isEmpty() ? config.name : plan.configsFile, desugared);
        if (reference.targets.isEmpty()) {
            row.irReason = reference.error.isEmpty() ? reference.notes.value(0) : reference.error;
            settled << kernel.rows[i];
            continue;
        }
        // Units share an export and a harness run; a Triton config's
        // reference comes from its equivalent, so that is part of the key.
        const steps::ReferenceTarget &target = reference.targets.first();
        const QByteArray key = target.equivalent
                                   ? BatchWorkKey::of(target.file, name + QLatin1Char('/') + target.kernel,
                                                      QJsonArray(config.params) << QJsonValue(target.params), args.mid(1))
                                   : BatchWorkKey::of(source, name, config.params, args.mid(1));
        if (const auto it = unitOf.constFind(key); it != unitOf.cend()) {
            Unit &unit = *m_units[*it];
            row.sharedWith = unit.request.config.name;
            unit.rows << kernel.rows[i];
            continue;
        }
        auto unit = std::make_unique<Unit>();
        unit->kernel = index;
        unit->rows << kernel.rows[i];
        BatchConfigCheck::Request &req = unit->request;
        req.tools = m_tools;
        req.sourcePath = source;
        req.kernel = name;
        req.config = config;
        req.reference = target;
        req.harness = kernel.build.harness;
        req.entry = entry->signature.entry;
        req.workDir = QDir(kernel.workDir).filePath(configDir(config.name, dirs));
        req.harnessArgs = args;
        req.harnessArgs[0] = BatchConfigCheck::generatedDir(req.workDir);
        req.timeoutMs = m_options.timeoutMs;
        if (m_options.sass) {
            if (!m_sass)
                m_sass = std::make_shared<const sass::SassCompiler>(m_tools);
            req.sass = m_sass;
            req.sassTarget = m_options.sassTarget;
        }
        unitOf.insert(key, int(m_units.size()));
        started << int(m_units.size());
        m_units.push_back(std::move(unit));
    }
    // One exporter process per exported file (a Triton kernel's configs may
    // be exported from its equivalents and from its desugared module).
    QHash<QString, QList<int>> byFile;
    for (int u : std::as_const(started))
        byFile[m_units[u]->request.reference.file] << u;
    for (const QList<int> &units : std::as_const(byFile)) {
        if (units.size() < 2)
            continue;
        auto shared = std::make_shared<BatchConfigCheck::SharedExport>();
        for (int u : units) {
            m_units[u]->request.exports = shared;
            shared->requests << BatchConfigCheck::exportRequest(m_units[u]->request);
        }
    }
    for (int u : std::as_const(started)) {
        Unit *unit = m_units[u].get();
        m_jobs.submit(kCheckChannel + QString::number(u), [u, unit](JobContext &ctx) {
            unit->result = BatchConfigCheck::run(unit->request, ctx.cancelFlag());
            return QVariant(u);
        });
    }
    for (int r : std::as_const(settled))
        rowDone(r);
}

void BatchRunner::unitDone(int index)
{
    const Unit &unit = *m_units[index];
    const qint64 share = unit.result.elapsedMs / qMax(1, int(unit.rows.size()));
    for (int r : unit.rows) {
        if (m_rowJournaled[r])
            continue;
        m_rows[r].irVerdict = unit.result.verdict;
        m_rows[r].irReason = unit.result.reason;
        m_rows[r].irRules = unit.result.criticalRules;
        m_rows[r].sassVerdict = unit.result.sassVerdict;
        m_rows[r].sassReason = unit.result.sassReason;
        m_rows[r].sassDetail = unit.result.sassDetail;
        m_rows[r].elapsedMs += share;
    }
    for (int r : unit.rows)
        rowDone(r);
}

void BatchRunner::rowDone(int index)
{
    if (m_finished || m_rowJournaled[index])
        return;
    // On disk before anyone is told: a kill after this loses nothing.
    m_journal.appendRow(m_rows[index].file, m_rowSlot[index], m_rows[index]);
    Q_EMIT rowFinished(m_rows[index], ++m_done, int(m_rows.size()));
    if (--m_pendingRows == 0)
        rowsComplete();
}

QString BatchRunner::kernelDir(const QString &relativeFile, const QString &kernel) const
{
    return QDir(m_options.workDirectory).filePath(relativeFile.left(relativeFile.size() - 3) + QLatin1Char('/') + kernel);
}

QString BatchRunner::capturedConfigPath(const QString &relativeFile) const
{
    return QDir(m_options.workDirectory)
        .filePath(relativeFile.left(relativeFile.size() - 3) + QStringLiteral("/") + QFileInfo(relativeFile).completeBaseName()
                  + QStringLiteral(".tileport.json"));
}

void BatchRunner::rowsComplete()
{
    if (m_options.gpu.isEmpty() || m_cancelled)
        return finish();
    startGpu();
}

void BatchRunner::startGpu()
{
    // Every built kernel with configs whose rows have no GPU result yet
    // (all of them, unless a resumed run had finished some), from the rows
    // alone, so that a resumed run finds them the same way.
    const QDir root(QFileInfo(m_options.directory).absoluteFilePath());
    QHash<QString, int> bundleOf;
    for (int r = 0; r < m_rows.size(); ++r) {
        const BatchRow &row = m_rows[r];
        if (!row.isKernel() || row.built != BatchRow::Step::Yes || row.config.isEmpty() || row.gpuCheck != QLatin1String("-"))
            continue;
        const QString key = row.file + QLatin1Char('\n') + row.kernel;
        auto it = bundleOf.constFind(key);
        if (it == bundleOf.cend()) {
            BatchGpuRun::Bundle b;
            b.label = row.file + QLatin1Char(' ') + row.kernel;
            b.source = root.filePath(row.file);
            b.kernel = row.kernel;
            const QString sidecar = frontend::KernelConfigFile::pathFor(b.source);
            b.configPath = QFile::exists(sidecar) ? sidecar : capturedConfigPath(row.file);
            const QString dir = kernelDir(row.file, row.kernel);
            b.crateDir = QDir(dir).filePath(QStringLiteral("crate"));
            b.outDir = QDir(dir).filePath(QStringLiteral("bundle"));
            it = bundleOf.insert(key, int(m_gpuBundles.size()));
            m_gpuBundles << b;
            m_gpuRows << QList<int>{};
        }
        m_gpuRows[*it] << r;
    }
    if (m_gpuBundles.isEmpty())
        return finish();
    m_jobs.submit(kGpuChannel, [this, bundles = m_gpuBundles, spec = m_options.gpu, tools = m_tools,
                                timeout = m_options.timeoutMs](JobContext &ctx) {
        m_gpuOutcomes = BatchGpuRun::run(bundles, spec, tools, timeout, ctx.cancelFlag(),
                                         [&ctx](int i, const QString &step, RunnerJobState state, const QString &job) {
                                             ctx.emitPartial(QVariantList{i, step, int(state), job});
                                         });
        return QVariant();
    });
}

void BatchRunner::gpuStep(const QVariant &value)
{
    const QVariantList v = value.toList();
    const int i = v.value(0).toInt();
    if (i < 0 || i >= m_gpuBundles.size())
        return;
    const QString step = v.value(1).toString();
    const auto state = RunnerJobState(v.value(2).toInt());
    const QString name = state == RunnerJobState::Pending ? QStringLiteral("pending")
                         : state == RunnerJobState::Running ? QStringLiteral("running")
                                                            : QStringLiteral("done");
    if (state == RunnerJobState::Done)
        ++m_gpuDone[step];
    Q_EMIT gpuProgress(m_gpuBundles[i].label, step, name, v.value(3).toString(), m_gpuDone.value(step),
                       int(m_gpuBundles.size()));
}

void BatchRunner::gpuDone()
{
    for (int i = 0; i < m_gpuBundles.size() && i < m_gpuOutcomes.size(); ++i) {
        const BatchGpuRun::Outcome &o = m_gpuOutcomes[i];
        for (int r : std::as_const(m_gpuRows[i])) {
            BatchRow &row = m_rows[r];
            row.gpuJob = o.checkJob;
            if (!o.verdict.isEmpty()) {
                row.gpuCheck = QStringLiteral("%1(%2)").arg(o.verdict, o.owner);
                row.gpuReason = o.reason;
            } else if (const auto c = o.configs.constFind(row.config); c != o.configs.cend()) {
                row.gpuCheck = c->check;
                row.gpuReason = c->reason;
                row.maxAbsErr = c->maxAbsErr;
                row.refMs = c->refMs;
                row.rustMs = c->rustMs;
                row.ratio = c->ratio;
                row.benchReason = c->ratio > 0 ? QString() : (o.benchReason.isEmpty() ? c->benchReason : o.benchReason);
            } else {
                row.gpuCheck = QStringLiteral("FAIL(host)");
                row.gpuReason = QStringLiteral("config %1 is not in the bundle's results").arg(row.config);
            }
            // Replaces the row's earlier record: the journal keeps the last.
            m_journal.appendRow(row.file, m_rowSlot[r], row);
        }
    }
    finish();
}

void BatchRunner::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_elapsedMs = m_timer.isValid() ? m_timer.elapsed() : 0;
    Q_EMIT finished();
}

} // namespace tileport
