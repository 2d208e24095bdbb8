// SPDX-License-Identifier: MIT
#include "Session.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

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
    if (!s.save(error))
        return std::nullopt;
    return s;
}

std::optional<Session> Session::open(const QString &dir, QString *error)
{
    QFile f(sessionFile(dir));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(f.fileName(), f.errorString());
        return std::nullopt;
    }
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = QStringLiteral("%1: offset %2: %3").arg(f.fileName()).arg(perr.offset).arg(perr.errorString());
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("schema")).toInt() != kSchema) {
        *error = QStringLiteral("%1: unsupported schema %2").arg(f.fileName()).arg(root.value(QStringLiteral("schema")).toInt());
        return std::nullopt;
    }
    Session s;
    s.m_dir = QDir(dir).absolutePath();
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
            // Nothing runs while the file is being opened: a running stage
            // belongs to a process that died.
            if (rec.state == StageRecord::State::Running) {
                rec.state = StageRecord::State::Interrupted;
                interrupted = true;
            }
            run.stages << rec;
        }
        s.m_runs << run;
    }
    if (interrupted && !s.save(error))
        return std::nullopt;
    return s;
}

const Session::Run *Session::run(int number) const
{
    return number >= 1 && number <= m_runs.size() ? &m_runs[number - 1] : nullptr;
}

int Session::beginRun(QString *error)
{
    const int number = int(m_runs.size()) + 1;
    const QString dir = runDirectory(number);
    if (QFileInfo::exists(dir)) {
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
