// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IdeSettings.h"

#include "CutileTarget.h"
#include "GpuRunner.h"

#include <QSettings>
#include <QUrl>

namespace tileport::ui {

QStringList IdeSettings::toolNames()
{
    return {QStringLiteral("python"), QStringLiteral("cargo"), QStringLiteral("rustc"), QStringLiteral("tileiras"), QStringLiteral("cuda")};
}

IdeSettings IdeSettings::load(QSettings &s)
{
    IdeSettings out;
    s.beginGroup(QStringLiteral("ide"));
    for (const QString &t : toolNames()) {
        const QString p = s.value(QStringLiteral("tools/") + t).toString();
        if (!p.isEmpty())
            out.toolPaths.insert(t, p);
    }
    out.gpuRunner = s.value(QStringLiteral("gpu_runner"), out.gpuRunner).toString();
    out.cutileVersion = s.value(QStringLiteral("cutile")).toString();
    out.theme = s.value(QStringLiteral("theme")).toString() == QLatin1String("dark") ? ThemeMode::Dark : ThemeMode::Light;
    out.modelEndpoint = s.value(QStringLiteral("model/endpoint")).toString();
    out.modelApi = s.value(QStringLiteral("model/api"), out.modelApi).toString();
    out.modelName = s.value(QStringLiteral("model/name")).toString();
    s.endGroup();
    return out;
}

void IdeSettings::save(QSettings &s) const
{
    s.beginGroup(QStringLiteral("ide"));
    for (const QString &t : toolNames())
        s.setValue(QStringLiteral("tools/") + t, toolPaths.value(t));
    s.setValue(QStringLiteral("gpu_runner"), gpuRunner);
    s.setValue(QStringLiteral("cutile"), cutileVersion);
    s.setValue(QStringLiteral("theme"), theme == ThemeMode::Dark ? QStringLiteral("dark") : QStringLiteral("light"));
    s.setValue(QStringLiteral("model/endpoint"), modelEndpoint);
    s.setValue(QStringLiteral("model/api"), modelApi);
    s.setValue(QStringLiteral("model/name"), modelName);
    s.endGroup();
    s.sync();
}

QMap<QString, QString> IdeSettings::pathsFromDoctor(const QList<DoctorRow> &rows)
{
    // Doctor rows are named by component; the first word names the tool.
    static const QMap<QString, QString> byComponent{{QStringLiteral("python"), QStringLiteral("python")},
                                                    {QStringLiteral("cargo"), QStringLiteral("cargo")},
                                                    {QStringLiteral("rustc"), QStringLiteral("rustc")},
                                                    {QStringLiteral("tileiras"), QStringLiteral("tileiras")},
                                                    {QStringLiteral("CUDA"), QStringLiteral("cuda")}};
    QMap<QString, QString> out;
    for (const DoctorRow &r : rows) {
        const QString tool = byComponent.value(r.component.section(QLatin1Char(' '), 0, 0));
        if (!tool.isEmpty() && r.status == DoctorRow::Status::Found && !r.path.isEmpty())
            out.insert(tool, r.path);
    }
    return out;
}

void IdeSettings::fillMissingTools(const QMap<QString, QString> &found)
{
    for (auto it = found.cbegin(); it != found.cend(); ++it)
        if (toolPaths.value(it.key()).isEmpty())
            toolPaths.insert(it.key(), it.value());
}

QString IdeSettings::validate() const
{
    QString error;
    if (!makeGpuRunner(gpuRunner, &error))
        return QStringLiteral("GPU runner '%1': %2").arg(gpuRunner, error);
    if (!modelEndpoint.isEmpty()) {
        const QUrl url(modelEndpoint, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
            return QStringLiteral("model endpoint '%1': not an http(s) URL").arg(modelEndpoint);
    }
    if (QString e; !cutileVersion.isEmpty() && CutileTarget::resolve(cutileVersion, &e).isEmpty())
        return e;
    if (modelApi != QLatin1String("openai") && modelApi != QLatin1String("anthropic"))
        return QStringLiteral("model API '%1': openai or anthropic").arg(modelApi);
    return {};
}

} // namespace tileport::ui
