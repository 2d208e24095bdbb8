// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BundleOutcome.h"

#include "Verdict.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace tileport {

namespace {

BundleOutcome failed(Verdict verdict, std::optional<Owner> owner, const QString &reason)
{
    BundleOutcome o;
    o.verdict = verdict;
    o.owner = owner;
    o.reason = reason;
    return o;
}

} // namespace

QJsonObject BundleOutcome::readResults(const QString &bundleDir, const QString &mode, QString *error)
{
    QFile f(QDir(bundleDir).filePath(QStringLiteral("results/%1.json").arg(mode)));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: not written").arg(f.fileName());
        return {};
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: %2").arg(f.fileName(), pe.errorString());
        return {};
    }
    return doc.object();
}

BundleOutcome BundleOutcome::read(const RunnerOutcome &ran, const QString &bundleDir, const QString &mode, const QString &runner)
{
    if (ran.status == RunnerOutcome::Status::Unavailable || ran.status == RunnerOutcome::Status::TimedOut)
        return failed(Verdict::Blocked, Owner::Env, QStringLiteral("GPU runner %1: %2").arg(runner, ran.reason));
    QString error;
    const QJsonObject results = readResults(bundleDir, mode, &error);
    if (results.isEmpty())
        return failed(Verdict::Fail, Owner::Host,
                      QStringLiteral("%1 (%2)").arg(error, ran.reason.isEmpty() ? QStringLiteral("no reason given") : ran.reason));
    const QJsonObject b = results.value(QStringLiteral("blocked")).toObject();
    if (!b.isEmpty()) {
        const std::optional<Owner> owner = ownerFromName(b.value(QStringLiteral("owner")).toString());
        return failed(owner == Owner::Env ? Verdict::Blocked : Verdict::Fail, owner,
                      b.value(QStringLiteral("reason")).toString());
    }
    if (ran.status != RunnerOutcome::Status::Ok)
        return failed(Verdict::Fail, Owner::Host, ran.reason);
    BundleOutcome o;
    o.results = results;
    return o;
}

QString BundleOutcome::checkFailure(const QJsonObject &row)
{
    const QString status = row.value(QStringLiteral("status")).toString();
    if (status == QLatin1String("pass"))
        return {};
    if (status == QLatin1String("fail")) {
        const QJsonObject tol = row.value(QStringLiteral("tolerance")).toObject();
        return QStringLiteral("outside atol %1, rtol %2")
            .arg(tol.value(QStringLiteral("atol")).toDouble())
            .arg(tol.value(QStringLiteral("rtol")).toDouble());
    }
    const QString why = row.value(QStringLiteral("reason")).toString();
    return why.isEmpty() ? QStringLiteral("status %1").arg(status.isEmpty() ? QStringLiteral("missing") : status) : why;
}

} // namespace tileport
