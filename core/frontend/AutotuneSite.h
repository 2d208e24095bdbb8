// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelOption.h"
#include "SourceRange.h"

#include <QList>
#include <QPair>
#include <QStringList>

namespace tileport::frontend {

// Host-side tuning: a ct.tune.exhaustive_search call, a kernel.replace_hints
// call, or a list of configurations (dicts or keyword calls whose keys name
// kernel constants or hints).
struct AutotuneSite {
    struct Config {
        QString text;
        QList<QPair<QString, QString>> values; // key -> value as written
    };

    QString kind; // "exhaustive_search", "replace_hints", "config_list"
    QString function; // enclosing host function, empty at module level
    QString name;     // config_list: the bound name
    QString kernel;   // the kernel tuned or re-hinted, when known
    QString searchSpace; // exhaustive_search: the search space as written
    QString gridFn, argsFn, hintsFn;
    QList<Config> configs;
    bool generated = false; // the list is a comprehension, configs not enumerated
    QList<KernelOption> hints; // replace_hints keywords
    SourceRange range;
};

} // namespace tileport::frontend
