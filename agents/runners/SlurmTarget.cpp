// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SlurmTarget.h"

#include <QDir>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrlQuery>

namespace tileport {

namespace {

std::optional<SlurmTarget> fail(QString *error, const QString &spec, const QString &why)
{
    if (error)
        *error = QStringLiteral("bad Slurm runner '%1': %2 (expected slurm://[PARTITION][?gres=gpu:1&time=MM&account=NAME])")
                     .arg(spec, why);
    return std::nullopt;
}

// Names Slurm takes (partitions, accounts, QOS, GRES): nothing a shell or
// sbatch could read as an option or syntax.
bool plainName(const QString &s, bool gres = false)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]*$"));
    static const QRegularExpression gresRe(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._:,-]*$"));
    return (gres ? gresRe : name).match(s).hasMatch();
}

} // namespace

int slurmTimeSeconds(const QString &text)
{
    // MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS (sbatch(1), --time).
    static const QRegularExpression re(QStringLiteral("^(?:(\\d+)-)?(\\d+)(?::(\\d+))?(?::(\\d+))?$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return -1;
    const bool days = m.hasCaptured(1);
    const qint64 a = m.captured(2).toLongLong(), b = m.captured(3).toLongLong(), c = m.captured(4).toLongLong();
    qint64 s = 0;
    if (days)
        s = m.captured(1).toLongLong() * 86400 + a * 3600 + b * 60 + c;
    else if (m.hasCaptured(4))
        s = a * 3600 + b * 60 + c;
    else if (m.hasCaptured(3))
        s = a * 60 + b;
    else
        s = a * 60;
    return s > 0 && s < (qint64(1) << 31) ? int(s) : -1;
}

std::optional<SlurmTarget> SlurmTarget::parse(const QString &spec, QString *error)
{
    const QLatin1String scheme("slurm://");
    if (!spec.startsWith(scheme))
        return fail(error, spec, QStringLiteral("it does not start with slurm://"));
    const QString rest = spec.mid(scheme.size());
    const qsizetype q = rest.indexOf(QLatin1Char('?'));
    SlurmTarget t;
    t.partition = q < 0 ? rest : rest.left(q);
    if (t.partition.endsWith(QLatin1Char('/')))
        t.partition.chop(1);
    if (!t.partition.isEmpty() && !plainName(t.partition))
        return fail(error, spec, QStringLiteral("'%1' is not a partition name").arg(t.partition));
    if (q < 0)
        return t;
    const QUrlQuery query(rest.mid(q + 1));
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (value.isEmpty())
            return fail(error, spec, QStringLiteral("'%1' has no value").arg(key));
        if (key == QLatin1String("gres")) {
            if (!plainName(value, true))
                return fail(error, spec, QStringLiteral("'%1' is not a GRES request (gpu:1, gpu:h200:2)").arg(value));
            t.gres = value;
        } else if (key == QLatin1String("time")) {
            if (slurmTimeSeconds(value) < 0)
                return fail(error, spec, QStringLiteral("'%1' is not a Slurm time limit (MM, MM:SS, HH:MM:SS, D-HH:MM)").arg(value));
            t.time = value;
        } else if (key == QLatin1String("wait")) {
            const int s = slurmTimeSeconds(value);
            if (s < 0)
                return fail(error, spec, QStringLiteral("'%1' is not a wait (MM or MM:SS)").arg(value));
            t.waitS = s;
        } else if (key == QLatin1String("account") || key == QLatin1String("qos")) {
            if (!plainName(value))
                return fail(error, spec, QStringLiteral("'%1' is not a valid %2").arg(value, key));
            (key == QLatin1String("account") ? t.account : t.qos) = value;
        } else if (key == QLatin1String("stage")) {
            if (!QDir::isAbsolutePath(value) || QDir::cleanPath(value) == QLatin1String("/"))
                return fail(error, spec, QStringLiteral("the staging directory '%1' must be an absolute path other than /").arg(value));
            for (const QChar c : value) {
                if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                    return fail(error, spec, QStringLiteral("the staging directory contains a control character"));
            }
            t.stage = QDir::cleanPath(value);
        } else {
            return fail(error, spec, QStringLiteral("unknown parameter '%1' (gres, time, account, qos, wait, stage)").arg(key));
        }
    }
    return t;
}

QString SlurmTarget::spec() const
{
    QUrlQuery query;
    if (!gres.isEmpty())
        query.addQueryItem(QStringLiteral("gres"), gres);
    if (!time.isEmpty())
        query.addQueryItem(QStringLiteral("time"), time);
    if (!account.isEmpty())
        query.addQueryItem(QStringLiteral("account"), account);
    if (!qos.isEmpty())
        query.addQueryItem(QStringLiteral("qos"), qos);
    if (waitS != 30 * 60)
        query.addQueryItem(QStringLiteral("wait"), QStringLiteral("%1:%2").arg(waitS / 60).arg(waitS % 60, 2, 10, QLatin1Char('0')));
    if (!stage.isEmpty())
        query.addQueryItem(QStringLiteral("stage"), stage);
    const QString q = query.toString(QUrl::FullyEncoded);
    return QStringLiteral("slurm://") + partition + (q.isEmpty() ? QString() : QLatin1Char('?') + q);
}

QStringList SlurmTarget::submitOptions(int fallbackMinutes) const
{
    QStringList o;
    if (!partition.isEmpty())
        o << QStringLiteral("--partition=") + partition;
    if (!gres.isEmpty())
        o << QStringLiteral("--gres=") + gres;
    if (!account.isEmpty())
        o << QStringLiteral("--account=") + account;
    if (!qos.isEmpty())
        o << QStringLiteral("--qos=") + qos;
    if (!time.isEmpty())
        o << QStringLiteral("--time=") + time;
    else if (fallbackMinutes > 0)
        o << QStringLiteral("--time=%1").arg(fallbackMinutes);
    return o;
}

QString SlurmTarget::stageDirectory() const
{
    if (!stage.isEmpty())
        return stage;
    const QString env = qEnvironmentVariable("TILEPORT_SLURM_STAGE");
    if (!env.isEmpty())
        return env;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation)).filePath(QStringLiteral("tileport/slurm"));
}

} // namespace tileport
