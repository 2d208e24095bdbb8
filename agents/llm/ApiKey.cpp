// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ApiKey.h"

#include <QEventLoop>
#include <QPointer>
#include <QTimer>

#include <qt6keychain/keychain.h>

#include <memory>

namespace tileport::llm {

QString ApiKey::load(QString *source, QString *error, int keychainTimeoutMs)
{
    const QString env = qEnvironmentVariable(kEnvVar).trimmed();
    if (!env.isEmpty()) {
        if (source)
            *source = QStringLiteral("environment");
        return env;
    }
    // The job deletes itself when it finishes, even after a time-out here.
    struct State {
        bool finished = false;
        QKeychain::Error code = QKeychain::NoError;
        QString text, message;
    };
    auto state = std::make_shared<State>();
    auto *job = new QKeychain::ReadPasswordJob(QString::fromLatin1(kService));
    job->setKey(QString::fromLatin1(kEntry));
    QEventLoop loop;
    QPointer<QEventLoop> waiting(&loop);
    QObject::connect(job, &QKeychain::Job::finished, job, [state, waiting, job] {
        state->finished = true;
        state->code = job->error();
        state->text = job->textData();
        state->message = job->errorString();
        if (waiting)
            waiting->quit();
    });
    QTimer::singleShot(keychainTimeoutMs, &loop, &QEventLoop::quit);
    job->start();
    if (!state->finished)
        loop.exec();
    if (!state->finished || state->code != QKeychain::NoError || state->text.isEmpty()) {
        if (error)
            *error = QStringLiteral("no API key: set %1 or store one in the keychain (service %2, entry %3)%4")
                         .arg(QString::fromLatin1(kEnvVar), QString::fromLatin1(kService), QString::fromLatin1(kEntry),
                              !state->finished                     ? QStringLiteral("; the keychain did not answer")
                              : state->code != QKeychain::NoError ? QStringLiteral("; keychain: ") + state->message
                                                                   : QString());
        return {};
    }
    if (source)
        *source = QStringLiteral("keychain");
    return state->text;
}

} // namespace tileport::llm
