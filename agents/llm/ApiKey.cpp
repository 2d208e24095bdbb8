// SPDX-License-Identifier: MIT
#include "ApiKey.h"

#include <QEventLoop>
#include <QTimer>

#include <qt6keychain/keychain.h>

namespace tileport::llm {

QString ApiKey::load(QString *source, QString *error, int keychainTimeoutMs)
{
    const QString env = qEnvironmentVariable(kEnvVar).trimmed();
    if (!env.isEmpty()) {
        if (source)
            *source = QStringLiteral("environment");
        return env;
    }
    QKeychain::ReadPasswordJob job(QString::fromLatin1(kService));
    job.setAutoDelete(false);
    job.setKey(QString::fromLatin1(kEntry));
    QEventLoop loop;
    bool finished = false;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, [&] {
        finished = true;
        loop.quit();
    });
    QTimer::singleShot(keychainTimeoutMs, &loop, &QEventLoop::quit);
    job.start();
    if (!finished)
        loop.exec();
    if (!finished || job.error() != QKeychain::NoError || job.textData().isEmpty()) {
        if (error)
            *error = QStringLiteral("no API key: set %1 or store one in the keychain (service %2, entry %3)%4")
                         .arg(QString::fromLatin1(kEnvVar), QString::fromLatin1(kService), QString::fromLatin1(kEntry),
                              !finished ? QStringLiteral("; the keychain did not answer")
                              : job.error() != QKeychain::NoError ? QStringLiteral("; keychain: ") + job.errorString()
                                                                  : QString());
        return {};
    }
    if (source)
        *source = QStringLiteral("keychain");
    return job.textData();
}

} // namespace tileport::llm
