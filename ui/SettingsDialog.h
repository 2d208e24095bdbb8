// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "IdeSettings.h"

#include <QDialog>
#include <QMap>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace tileport {
class JobRunner;
}

namespace tileport::ui {

class ApiKeyStore;

// Toolchain paths (the empty ones pre-filled from `tileport doctor`, probed
// in the background), the GPU runner, the theme and the model endpoint; the
// API key goes to the keychain through ApiKeyStore.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    SettingsDialog(const IdeSettings &settings, QWidget *parent = nullptr);

    IdeSettings settings() const;
    QLineEdit *field(const QString &name) const; // tool names, "gpu_runner", "model_endpoint", "model_name", "api_key"
    QComboBox *themeBox() const { return m_theme; }
    QComboBox *cutileBox() const { return m_cutile; }
    QString message() const;
    // Starts the doctor probe (quick) on a JobRunner job; doctorFilled follows.
    void prefillFromDoctor();
    // Checks the fields, stores the key in the keychain when one was typed,
    // then accepts; a bad field keeps the dialog open with the reason.
    void apply();

Q_SIGNALS:
    void doctorFilled(int toolsFound);
    void applied();
    void keychainFailed(const QString &error);

private:
    QMap<QString, QLineEdit *> m_fields;
    QComboBox *m_theme;
    QComboBox *m_cutile;
    QComboBox *m_api;
    QLabel *m_message;
    JobRunner *m_jobs;
    ApiKeyStore *m_keys;
};

} // namespace tileport::ui
