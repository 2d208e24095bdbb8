// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ConfigSource.h"

#include "KernelConfigFile.h"

#include <QFileInfo>

#include <set>

namespace tileport::frontend {

ConfigSourceKind configSourceKind(const QString &source)
{
    // The backward of a case's autograd nodes, run after the case stopped:
    // the case's kind.
    const QLatin1String autograd("autograd: ");
    if (source.startsWith(autograd))
        return configSourceKind(source.mid(autograd.size()));
    if (source.startsWith(QLatin1String("__main__")))
        return ConfigSourceKind::MainBlock;
    if (source.startsWith(QLatin1String("main():")))
        return ConfigSourceKind::MainFunction;
    if (source.startsWith(QLatin1String("call:")))
        return ConfigSourceKind::Call;
    if (source.startsWith(QLatin1String("module:")) || source.endsWith(QLatin1String("::<module>")))
        return ConfigSourceKind::Module;
    if (source.startsWith(QLatin1String("bench:")))
        return ConfigSourceKind::Bench;
    if (source.startsWith(QLatin1String("test:")))
        return ConfigSourceKind::Test;
    // A project case: a benchmark when its file is one (bench_x.py, a
    // benchmark directory), a test otherwise.
    const QString file = source.section(QStringLiteral("::"), 0, 0);
    const QString name = QFileInfo(file).fileName().toLower();
    if (name.startsWith(QLatin1String("bench")) || name.startsWith(QLatin1String("perf"))
        || file.contains(QLatin1String("/bench")) || file.startsWith(QLatin1String("bench")))
        return ConfigSourceKind::Bench;
    return ConfigSourceKind::Test;
}

QString configSourceKindName(ConfigSourceKind kind)
{
    switch (kind) {
    case ConfigSourceKind::Test: return QStringLiteral("test");
    case ConfigSourceKind::Bench: return QStringLiteral("bench");
    case ConfigSourceKind::MainBlock: return QStringLiteral("__main__");
    case ConfigSourceKind::MainFunction: return QStringLiteral("main()");
    case ConfigSourceKind::Call: return QStringLiteral("call");
    case ConfigSourceKind::Module: return QStringLiteral("module");
    }
    return {};
}

QString configSourceKinds(const QStringList &sources)
{
    std::set<ConfigSourceKind> kinds;
    for (const QString &s : sources)
        kinds.insert(configSourceKind(s));
    QStringList names;
    for (ConfigSourceKind k : kinds)
        names << configSourceKindName(k);
    return names.join(QStringLiteral(", "));
}

QString configSourceKinds(const QList<KernelConfig> &configs)
{
    QStringList all;
    for (const KernelConfig &c : configs)
        all << c.sources;
    return configSourceKinds(all);
}

} // namespace tileport::frontend
