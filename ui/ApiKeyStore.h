// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QObject>

namespace tileport::ui {

// The model API key in the system keychain (QtKeychain: Secret Service,
// KWallet, macOS Keychain, Windows Credential Store), service "TilePort",
// key "model-api-key". Never stored in QSettings: no insecure fallback.
// Jobs are asynchronous; each call answers with one signal.
class ApiKeyStore : public QObject
{
    Q_OBJECT
public:
    static constexpr const char *kService = "TilePort";
    static constexpr const char *kKey = "model-api-key";

    explicit ApiKeyStore(QObject *parent = nullptr);

    void read();
    void write(const QString &key);
    void remove();

Q_SIGNALS:
    void keyRead(const QString &key); // empty when none is stored
    void keyWritten();
    void keyRemoved();
    // The keychain refused or is unavailable, with its reason.
    void failed(const QString &error);
};

} // namespace tileport::ui
