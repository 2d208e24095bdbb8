// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SettingsDialog.h"

#include "ApiKeyStore.h"
#include "CutileTarget.h"
#include "Doctor.h"
#include "JobRunner.h"

#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace tileport::ui {

SettingsDialog::SettingsDialog(const IdeSettings &settings, QWidget *parent)
    : QDialog(parent)
    , m_theme(new QComboBox)
    , m_cutile(new QComboBox)
    , m_api(new QComboBox)
    , m_message(new QLabel)
    , m_jobs(new JobRunner(this))
    , m_keys(new ApiKeyStore(this))
{
    setWindowTitle(tr("TilePort settings"));
    auto *tools = new QGroupBox(tr("Toolchains (empty fields are filled from tileport doctor)"));
    auto *toolForm = new QFormLayout(tools);
    for (const QString &t : IdeSettings::toolNames()) {
        auto *e = new QLineEdit(settings.toolPaths.value(t));
        e->setObjectName(t);
        m_fields.insert(t, e);
        toolForm->addRow(t, e);
    }
    auto *run = new QGroupBox(tr("Pipeline"));
    auto *runForm = new QFormLayout(run);
    auto *gpu = new QLineEdit(settings.gpuRunner);
    gpu->setPlaceholderText(QStringLiteral("local,  ssh://[user@]host[:port]/dir  or  slurm://[PARTITION][?gres=gpu:1&time=MM]"));
    gpu->setToolTip(tr("Where stages D and E run: this machine (local), a host over ssh, or a Slurm cluster "
                       "through your own sbatch (docs/pipeline.md, GPU runners)"));
    // The three runner kinds, offered as the field is typed.
    auto *kinds = new QCompleter(QStringList{QStringLiteral("local"), QStringLiteral("ssh://"),
                                             QStringLiteral("slurm://"), QStringLiteral("slurm://gpu?gres=gpu:1&time=30")},
                                 gpu);
    kinds->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    kinds->setObjectName(QStringLiteral("gpu_runner_kinds"));
    gpu->setCompleter(kinds);
    m_fields.insert(QStringLiteral("gpu_runner"), gpu);
    runForm->addRow(tr("GPU runner"), gpu);
    m_theme->addItems({QStringLiteral("light"), QStringLiteral("dark")});
    m_theme->setCurrentIndex(settings.theme == ThemeMode::Dark ? 1 : 0);
    runForm->addRow(tr("Theme"), m_theme);
    // New ports target this cutile release; a session keeps the one it was made with.
    m_cutile->setObjectName(QStringLiteral("cutile"));
    m_cutile->addItems(CutileTarget::supported());
    m_cutile->setCurrentText(settings.cutileVersion.isEmpty() ? Toolchains::fromEnvironment().cutileVersion : settings.cutileVersion);
    m_cutile->setToolTip(tr("The cutile crate version generated crates depend on (docs/toolchains.md); "
                            "a session keeps the version it was made with"));
    runForm->addRow(tr("cutile target"), m_cutile);

    auto *model = new QGroupBox(tr("Model for repair agents"));
    auto *modelForm = new QFormLayout(model);
    auto *endpoint = new QLineEdit(settings.modelEndpoint);
    endpoint->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080/v1"));
    auto *name = new QLineEdit(settings.modelName);
    auto *key = new QLineEdit;
    key->setEchoMode(QLineEdit::Password);
    key->setPlaceholderText(tr("stored in the system keychain; empty keeps the stored key"));
    m_fields.insert(QStringLiteral("model_endpoint"), endpoint);
    m_fields.insert(QStringLiteral("model_name"), name);
    m_fields.insert(QStringLiteral("api_key"), key);
    m_api->addItems({QStringLiteral("openai"), QStringLiteral("anthropic")});
    m_api->setCurrentText(settings.modelApi);
    modelForm->addRow(tr("Endpoint"), endpoint);
    modelForm->addRow(tr("API"), m_api);
    modelForm->addRow(tr("Model"), name);
    modelForm->addRow(tr("API key"), key);
    for (auto it = m_fields.begin(); it != m_fields.end(); ++it)
        it.value()->setObjectName(it.key());

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::apply);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_message->setObjectName(QStringLiteral("settingsMessage"));
    m_message->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(tools);
    layout->addWidget(run);
    layout->addWidget(model);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    connect(m_jobs, &JobRunner::finished, this, [this](const QString &, quint64, const QVariant &r) {
        const QVariantMap found = r.toMap();
        QMap<QString, QString> paths;
        for (auto it = found.cbegin(); it != found.cend(); ++it)
            paths.insert(it.key(), it.value().toString());
        int filled = 0;
        for (auto it = paths.cbegin(); it != paths.cend(); ++it)
            if (QLineEdit *e = m_fields.value(it.key()); e && e->text().isEmpty()) {
                e->setText(it.value());
                ++filled;
            }
        m_message->setText(tr("doctor found %1 tool(s), filled %2 empty field(s)").arg(paths.size()).arg(filled));
        Q_EMIT doctorFilled(int(paths.size()));
    });
    connect(m_keys, &ApiKeyStore::keyWritten, this, [this] {
        Q_EMIT applied();
        accept();
    });
    connect(m_keys, &ApiKeyStore::failed, this, [this](const QString &e) {
        m_message->setText(e);
        Q_EMIT keychainFailed(e);
    });
}

QLineEdit *SettingsDialog::field(const QString &name) const
{
    return m_fields.value(name);
}

QString SettingsDialog::message() const
{
    return m_message->text();
}

IdeSettings SettingsDialog::settings() const
{
    IdeSettings s;
    for (const QString &t : IdeSettings::toolNames())
        if (!m_fields.value(t)->text().trimmed().isEmpty())
            s.toolPaths.insert(t, m_fields.value(t)->text().trimmed());
    s.gpuRunner = m_fields.value(QStringLiteral("gpu_runner"))->text().trimmed();
    s.theme = m_theme->currentIndex() == 1 ? ThemeMode::Dark : ThemeMode::Light;
    s.cutileVersion = m_cutile->currentText();
    s.modelEndpoint = m_fields.value(QStringLiteral("model_endpoint"))->text().trimmed();
    s.modelApi = m_api->currentText();
    s.modelName = m_fields.value(QStringLiteral("model_name"))->text().trimmed();
    return s;
}

void SettingsDialog::prefillFromDoctor()
{
    m_message->setText(tr("probing toolchains…"));
    m_jobs->submit(QStringLiteral("doctor"), [](JobContext &) {
        Doctor doctor(Toolchains::fromEnvironment());
        doctor.setQuick(true);
        QVariantMap out;
        const auto paths = IdeSettings::pathsFromDoctor(doctor.run());
        for (auto it = paths.cbegin(); it != paths.cend(); ++it)
            out.insert(it.key(), it.value());
        return QVariant(out);
    });
}

void SettingsDialog::apply()
{
    const QString error = settings().validate();
    if (!error.isEmpty()) {
        m_message->setText(error);
        return;
    }
    const QString key = m_fields.value(QStringLiteral("api_key"))->text();
    if (key.isEmpty()) {
        Q_EMIT applied();
        accept();
        return;
    }
    m_message->setText(tr("storing the API key in the keychain…"));
    m_keys->write(key);
}

} // namespace tileport::ui
