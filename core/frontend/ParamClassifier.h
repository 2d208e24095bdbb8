// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "KernelParam.h"
#include "ParamUsage.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <tree_sitter/api.h>

namespace tileport::frontend {

class ImportTable;
class PythonSource;

// Decides what each kernel parameter is: from its annotation (ct.Constant[T],
// ct.Array, Annotated[...], int/float/bool, module aliases such as ConstInt)
// and, where that leaves it open, from what the body does with it; then its
// rank and dtype (fixed, or a dtype variable shared by arrays stored as each
// other's dtype).
class ParamClassifier
{
public:
    struct Annotation {
        KernelParam::Kind kind = KernelParam::Kind::Unknown;
        QString constantType;
        QString dtype;
        QString note;
    };

    static Annotation fromAnnotation(const PythonSource &src, const ImportTable &imports, TSNode annotation);
    static void applyUsage(QList<KernelParam> &params, const QHash<QString, ParamUsage> &usage, QStringList &notes);
};

} // namespace tileport::frontend
