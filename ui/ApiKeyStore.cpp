// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ApiKeyStore.h"

#include <qt6keychain/keychain.h>

namespace tileport::ui {

namespace {

template<typename Job>
Job *makeJob(QObject *parent)
{
    auto *job = new Job(QLatin1String(ApiKeyStore::kService), parent);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(QLatin1String(ApiKeyStore::kKey));
    return job;
}

QString describe(const QKeychain::Job *job)
{
    return QStringLiteral("keychain (%1/%2): %3").arg(QLatin1String(ApiKeyStore::kService), QLatin1String(ApiKeyStore::kKey),
                                                     job->errorString());
}

} // namespace

ApiKeyStore::ApiKeyStore(QObject *parent)
    : QObject(parent)
{
}

void ApiKeyStore::read()
{
    auto *job = makeJob<QKeychain::ReadPasswordJob>(this);
    connect(job, &QKeychain::Job::finished, this, [this, job] {
        if (job->error() == QKeychain::NoError)
            Q_EMIT keyRead(job->textData());
        else if (job->error() == QKeychain::EntryNotFound)
            Q_EMIT keyRead(QString());
        else
            Q_EMIT failed(describe(job));
    });
    job->start();
}

void ApiKeyStore::write(const QString &key)
{
    auto *job = makeJob<QKeychain::WritePasswordJob>(this);
    job->setTextData(key);
    connect(job, &QKeychain::Job::finished, this, [this, job] {
        if (job->error() == QKeychain::NoError)
            Q_EMIT keyWritten();
        else
            Q_EMIT failed(describe(job));
    });
    job->start();
}

void ApiKeyStore::remove()
{
    auto *job = makeJob<QKeychain::DeletePasswordJob>(this);
    connect(job, &QKeychain::Job::finished, this, [this, job] {
        if (job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound)
            Q_EMIT keyRemoved();
        else
            Q_EMIT failed(describe(job));
    });
    job->start();
}

} // namespace tileport::ui
