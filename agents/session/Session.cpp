// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Session.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QSaveFile>
#include <QRegularExpression>
#include <QSet>

namespace tileport {

namespace {

constexpr int kSchema = 1;

QString sessionFile(const QString &dir)
{
    return QDir(dir).filePath(QStringLiteral("session.json"));
}

QString areaName(Session::Area a)
{
    switch (a) {
    case Session::Area::Reference:
        return QStringLiteral("reference");
    case Session::Area::Generated:
        return QStringLiteral("generated");
    case Session::Area::Reports:
        return QStringLiteral("reports");
    case Session::Area::Logs:
        return QStringLiteral("logs");
    }
    return {};
}

// Directories a Session of this process may write, with how many hold each.
QMutex g_writersLock;
QHash<QString, int> g_writers;

std::shared_ptr<const QString> holdWriter(const QString &dir)
{
    const QMutexLocker lock(&g_writersLock);
    ++g_writers[dir];
    return std::shared_ptr<const QString>(new QString(dir), [](const QString *d) {
        const QMutexLocker lock(&g_writersLock);
        if (--g_writers[*d] <= 0)
            g_writers.remove(*d);
        delete d;
    });
}

bool heldHere(const QString &dir)
{
    const QMutexLocker lock(&g_writersLock);
    return g_writers.contains(dir);
}

// A run directory a process died in before session.json listed it: nothing
// but (some of) the empty area directories beginRun makes.
bool isEmptyRunLeftover(const QString &dir)
{
    const QDir d(dir);
    for (const QFileInfo &e : d.entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)) {
        static const QSet<QString> areas{QStringLiteral("reference"), QStringLiteral("generated"), QStringLiteral("reports"),
                                         QStringLiteral("logs")};
        if (!e.isDir() || e.isSymLink() || !areas.contains(e.fileName())
            || !QDir(e.filePath()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
            return false;
    }
    return true;
}

// A QSaveFile temporary a killed process left beside the file it replaced.
bool isSaveLeftover(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^.+\\.json\\.[A-Za-z0-9]{6}$|^.+\\.md\\.[A-Za-z0-9]{6}$"));
    return re.match(name).hasMatch();
}

} // namespace

std::optional<Session> Session::create(const QString &dir, const QJsonObject &info, QString *error)
{
    if (QFile::exists(sessionFile(dir))) {
        *error = QStringLiteral("%1: a session already exists there").arg(dir);
        return std::nullopt;
    }
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("%1: cannot create the session directory").arg(dir);
        return std::nullopt;
    }
    Session s;
    s.m_dir = QDir(dir).absolutePath();
    s.m_info = info;
    s.m_writer = holdWriter(s.m_dir);
    if (!s.save(error))
        return std::nullopt;
    return s;
}

std::optional<Session> Session::open(const QString &dir, QString *error, Access access)
{
    QFile f(sessionFile(dir));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2 (not a TilePort session directory?)").arg(f.fileName(), f.errorString());
        return std::nullopt;
    }
    QJsonParseError perr;
    const QByteArray bytes = f.readAll();
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = perr.error != QJsonParseError::NoError
            ? QStringLiteral("%1: not valid JSON at offset %2 of %3 bytes (%4): the file is truncated or damaged; "
                             "the session was left as it is")
                  .arg(f.fileName()).arg(perr.offset).arg(bytes.size()).arg(perr.errorString())
            : QStringLiteral("%1: not a JSON object, so not a session file; the session was left as it is").arg(f.fileName());
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("schema")).toInt() != kSchema) {
        *error = root.contains(QStringLiteral("schema"))
            ? QStringLiteral("%1: unsupported schema %2").arg(f.fileName()).arg(root.value(QStringLiteral("schema")).toInt())
            : QStringLiteral("%1: no \"schema\": not a TilePort session file; the session was left as it is").arg(f.fileName());
        return std::nullopt;
    }
    Session s;
    s.m_dir = QDir(dir).absolutePath();
    // Whether this process runs a stage of this directory, asked before it
    // becomes a writer itself.
    const bool runningHere = heldHere(s.m_dir);
    if (access == Access::ReadWrite)
        s.m_writer = holdWriter(s.m_dir);
    s.m_info = root.value(QStringLiteral("info")).toObject();
    bool interrupted = false;
    for (const QJsonValue &rv : root.value(QStringLiteral("runs")).toArray()) {
        Run run;
        run.number = rv.toObject().value(QStringLiteral("number")).toInt();
        if (run.number != int(s.m_runs.size()) + 1) {
            *error = QStringLiteral("%1: runs are not numbered 1..N").arg(f.fileName());
            return std::nullopt;
        }
        for (const QJsonValue &sv : rv.toObject().value(QStringLiteral("stages")).toArray()) {
            StageRecord rec;
            if (!StageRecord::fromJson(sv.toObject(), rec, error)) {
                *error = QStringLiteral("%1: run %2: %3").arg(f.fileName()).arg(run.number).arg(*error);
                return std::nullopt;
            }
            // A running stage whose process is gone was interrupted (kill -9,
            // a crash, power): one still running elsewhere is left alone.
            const bool ownerRuns = rec.owner.pid == StageOwner::self().pid ? runningHere : rec.owner.alive();
            if (rec.state == StageRecord::State::Running && !ownerRuns) {
                rec.state = StageRecord::State::Interrupted;
                rec.owner = {};
                interrupted = true;
            }
            run.stages << rec;
        }
        s.m_runs << run;
    }
    s.check();
    // A damaged directory is only read: what it holds may be all that is left.
    if (interrupted && access == Access::ReadWrite && s.m_problems.isEmpty() && !s.save(error))
        return std::nullopt;
    return s;
}

void Session::check()
{
    const QDir root(m_dir);
    QSet<QString> runNames;
    for (const Run &r : std::as_const(m_runs)) {
        const QString name = QStringLiteral("%1").arg(r.number, 3, 10, QLatin1Char('0'));
        runNames << name;
        const QDir runDir(runDirectory(r.number));
        if (!runDir.exists()) {
            m_problems << QStringLiteral("runs/%1: missing (session.json lists run %2)").arg(name).arg(r.number);
            continue;
        }
        for (const StageRecord &rec : r.stages) {
            if (rec.report.isEmpty() || (rec.state != StageRecord::State::Finished && rec.state != StageRecord::State::Stale))
                continue;
            const QString rel = QStringLiteral("runs/%1/%2").arg(name, rec.report);
            QFile f(runDir.filePath(rec.report));
            if (!f.open(QIODevice::ReadOnly)) {
                m_problems << QStringLiteral("%1: missing (the report of stage %2, attempt %3, %4)")
                                  .arg(rel, QString(rec.stage)).arg(rec.attempt).arg(rec.verdict);
                continue;
            }
            const QJsonObject o = QJsonDocument::fromJson(f.read(64 * 1024 * 1024)).object();
            if (o.value(QStringLiteral("stage")).toString() != QString(rec.stage) || !o.contains(QStringLiteral("verdict")))
                m_problems << QStringLiteral("%1: not a report of stage %2 (damaged, or a foreign file)").arg(rel, QString(rec.stage));
        }
    }
    const QDir runs(root.filePath(QStringLiteral("runs")));
    const QString next = QStringLiteral("%1").arg(int(m_runs.size()) + 1, 3, 10, QLatin1Char('0'));
    for (const QFileInfo &e : runs.entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)) {
        if (runNames.contains(e.fileName()) && e.isDir())
            continue;
        if (e.fileName() == next && e.isDir() && !e.isSymLink() && isEmptyRunLeftover(e.filePath()))
            continue; // beginRun takes it
        m_problems << QStringLiteral("runs/%1: not a run session.json lists (a foreign %2)")
                          .arg(e.fileName(), e.isDir() ? QStringLiteral("directory") : QStringLiteral("file"));
    }
    static const QSet<QString> known{QStringLiteral("session.json"), QStringLiteral("runs"), QStringLiteral("configs")};
    for (const QFileInfo &e : root.entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        if (!known.contains(e.fileName()) && !isSaveLeftover(e.fileName()))
            m_foreign << e.fileName();
}

const Session::Run *Session::run(int number) const
{
    return number >= 1 && number <= m_runs.size() ? &m_runs[number - 1] : nullptr;
}

int Session::beginRun(QString *error)
{
    const int number = int(m_runs.size()) + 1;
    const QString dir = runDirectory(number);
    if (!m_problems.isEmpty()) {
        *error = QStringLiteral("%1: %2; nothing was changed").arg(m_dir, m_problems.join(QStringLiteral("; ")));
        return 0;
    }
    // A process killed between making the run's directories and listing the
    // run left them empty: they are taken, not refused.
    if (QFileInfo::exists(dir) && !isEmptyRunLeftover(dir)) {
        *error = QStringLiteral("%1 already exists; refusing to overwrite an earlier run").arg(dir);
        return 0;
    }
    for (Area a : {Area::Reference, Area::Generated, Area::Reports, Area::Logs}) {
        if (!QDir().mkpath(areaDirectory(number, a))) {
            *error = QStringLiteral("%1: cannot create").arg(areaDirectory(number, a));
            return 0;
        }
    }
    m_runs << Run{number, {}};
    if (!save(error)) {
        m_runs.removeLast();
        return 0;
    }
    return number;
}

QString Session::runDirectory(int run) const
{
    return QDir(m_dir).filePath(QStringLiteral("runs/%1").arg(run, 3, 10, QLatin1Char('0')));
}

QString Session::areaDirectory(int run, Area area) const
{
    return QDir(runDirectory(run)).filePath(areaName(area));
}

StageRecord *Session::latestMutable(int run, QChar stage)
{
    if (run < 1 || run > m_runs.size())
        return nullptr;
    auto &stages = m_runs[run - 1].stages;
    for (auto it = stages.rbegin(); it != stages.rend(); ++it)
        if (it->stage == stage)
            return &*it;
    return nullptr;
}

const StageRecord *Session::latest(int run, QChar stage) const
{
    return const_cast<Session *>(this)->latestMutable(run, stage);
}

bool Session::startStage(int run, QChar stage, QString *error)
{
    if (!this->run(run)) {
        *error = QStringLiteral("no run %1").arg(run);
        return false;
    }
    StageRecord rec;
    rec.stage = stage;
    const StageRecord *prev = latest(run, stage);
    rec.attempt = prev ? prev->attempt + 1 : 1;
    rec.started = QDateTime::currentDateTimeUtc();
    rec.owner = StageOwner::self();
    m_runs[run - 1].stages << rec;
    return save(error);
}

bool Session::interruptStage(int run, QChar stage, QString *error)
{
    StageRecord *rec = latestMutable(run, stage);
    if (!rec || rec->state != StageRecord::State::Running) {
        *error = QStringLiteral("stage %1 is not running in run %2").arg(stage).arg(run);
        return false;
    }
    rec->state = StageRecord::State::Interrupted;
    rec->finished = QDateTime::currentDateTimeUtc();
    rec->owner = {};
    return save(error);
}

bool Session::finishStage(int run, QChar stage, const QString &verdict, const QString &report, QString *error)
{
    StageRecord *rec = latestMutable(run, stage);
    if (!rec || rec->state != StageRecord::State::Running) {
        *error = QStringLiteral("stage %1 is not running in run %2").arg(stage).arg(run);
        return false;
    }
    rec->state = StageRecord::State::Finished;
    rec->owner = {};
    rec->verdict = verdict;
    rec->report = report;
    rec->finished = QDateTime::currentDateTimeUtc();
    return save(error);
}

bool Session::markDownstreamStale(int run, QChar stage, QString *error)
{
    if (!this->run(run)) {
        *error = QStringLiteral("no run %1").arg(run);
        return false;
    }
    for (StageRecord &rec : m_runs[run - 1].stages)
        if (rec.stage > stage && rec.state == StageRecord::State::Finished)
            rec.state = StageRecord::State::Stale;
    return save(error);
}

bool Session::save(QString *error) const
{
    if (!m_problems.isEmpty()) {
        *error = QStringLiteral("%1: %2; nothing was changed").arg(m_dir, m_problems.join(QStringLiteral("; ")));
        return false;
    }
    if (!m_writer) {
        *error = QStringLiteral("%1: opened read-only").arg(m_dir);
        return false;
    }
    QJsonArray runs;
    for (const Run &r : m_runs) {
        QJsonArray stages;
        for (const StageRecord &s : r.stages)
            stages.append(s.toJson());
        runs.append(QJsonObject{{QStringLiteral("number"), r.number}, {QStringLiteral("stages"), stages}});
    }
    const QJsonObject root{{QStringLiteral("schema"), kSchema}, {QStringLiteral("info"), m_info}, {QStringLiteral("runs"), runs}};
    // QSaveFile writes a temporary and renames it over the old file, so a
    // crash leaves either the old or the new session.json, never half of one.
    QSaveFile f(sessionFile(m_dir));
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(root).toJson(QJsonDocument::Indented)) < 0 || !f.commit()) {
        *error = QStringLiteral("%1: %2").arg(f.fileName(), f.errorString());
        return false;
    }
    return true;
}

} // namespace tileport
