// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "AutotuneSite.h"
#include "HelperFunction.h"
#include "ImportBinding.h"
#include "KernelInfo.h"
#include "LaunchSite.h"
#include "ModuleConstant.h"
#include "SiblingHelpers.h"
#include "SyntaxError.h"
#include "UnsupportedConstruct.h"

#include <QList>

#include <memory>

namespace tileport::frontend {

class PythonSource;

// The result of analyzing one cuTile Python file (stage A's model).
struct ModuleAnalysis {
    QString file;
    QString error;  // set when the file could not be read at all
    QList<SyntaxError> syntaxErrors;
    QList<ImportBinding> imports;
    QList<ModuleConstant> constants;
    QList<KernelInfo> kernels;
    QList<HelperFunction> helpers;
    QList<LaunchSite> launches;
    QList<AutotuneSite> autotune;
    QList<UnsupportedConstruct> unsupported; // every kernel's, deduplicated, in source order
    // Helpers imported from modules of the same project, by local name.
    QList<ImportedHelper> importedHelpers;
    // The parsed file the analysis read (null when it could not be read):
    // the translator lowers from it, so a stage parses the file once.
    std::shared_ptr<const PythonSource> source;

    bool ok() const { return error.isEmpty() && syntaxErrors.isEmpty(); }
    const KernelInfo *kernel(const QString &name) const
    {
        for (const KernelInfo &k : kernels)
            if (k.name == name)
                return &k;
        return nullptr;
    }
    const ImportedHelper *importedHelper(const QString &local) const
    {
        for (const ImportedHelper &h : importedHelpers)
            if (h.local == local)
                return &h;
        return nullptr;
    }
    const HelperFunction *helper(const QString &name) const
    {
        for (const HelperFunction &h : helpers)
            if (h.name == name)
                return &h;
        return nullptr;
    }
};

} // namespace tileport::frontend
