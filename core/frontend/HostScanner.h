// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "AutotuneSite.h"
#include "LaunchSite.h"

#include <QList>
#include <QStringList>

#include <tree_sitter/api.h>

#include <vector>

namespace tileport::frontend {

class ConstantEvaluator;
class ImportTable;
class PythonSource;

// Scans host code (everything outside device functions) for ct.launch sites,
// ct.tune.exhaustive_search calls, kernel.replace_hints calls and lists of
// tuning configurations, following simple local bindings (`grid = (...)`,
// `tuned = k.replace_hints(...)`) to their values.
class HostScanner
{
public:
    struct Kernel {
        QString name;
        QStringList params;
    };

    HostScanner(const PythonSource &src, const ImportTable &imports, const ConstantEvaluator &eval,
                QList<Kernel> kernels, std::vector<TSNode> deviceFunctions);
    void scan(TSNode root);

    const QList<LaunchSite> &launches() const { return m_launches; }
    const QList<AutotuneSite> &autotune() const { return m_autotune; }

private:
    void launch(TSNode call);
    void exhaustiveSearch(TSNode call);
    void replaceHints(TSNode call);
    void configList(TSNode assignment);
    QString resolveKernel(TSNode expr, TSNode at, QList<KernelOption> *hints, int depth) const;
    QStringList elements(TSNode expr, TSNode at, bool *known, int depth) const;
    TSNode binding(const QString &name, TSNode at) const;
    TSNode listValue(TSNode expr, TSNode at, int depth) const;
    bool configItem(TSNode item, AutotuneSite::Config &config) const;
    bool isConfigKey(const QString &key) const;
    QString enclosingFunction(TSNode n) const;
    TSNode enclosingScope(TSNode n) const;
    const Kernel *kernel(const QString &name) const;

    const PythonSource &m_src;
    const ImportTable &m_imports;
    const ConstantEvaluator &m_eval;
    QList<Kernel> m_kernels;
    std::vector<TSNode> m_device;
    TSNode m_root{};
    QList<LaunchSite> m_launches;
    QList<AutotuneSite> m_autotune;
};

} // namespace tileport::frontend
