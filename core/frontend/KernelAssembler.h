// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ConstantEvaluator.h"
#include "FunctionFacts.h"
#include "ImportTable.h"
#include "ModuleAnalysis.h"

#include <QHash>
#include <QSet>

#include <map>
#include <memory>
#include <vector>

namespace tileport::frontend {

class PythonSource;

// Builds a ModuleAnalysis from a parsed file: imports and aliases, module
// constants and functions, the kernels (decorated or wrapped with
// ct.kernel(...)), the helpers they call, and the host code around them.
class KernelAssembler
{
public:
    KernelAssembler(const PythonSource &src, ModuleAnalysis &out);
    ~KernelAssembler();
    void run();

private:
    struct KernelDef {
        QString name;
        QString qualifiedName;
        TSNode definition{};
        TSNode options{};   // the ct.kernel(...) call holding the options, if any
        QStringList decorators;
        SourceRange nameRange;
    };
    struct ParsedParams {
        QList<KernelParam> params;
        QList<UnsupportedConstruct> unsupported;
        QStringList notes;
    };

    // KernelAssembler.cpp: the module level
    void collectImports();
    void moduleStatements();
    void findKernels();
    void kernelFromAssignment(TSNode assignment);
    bool staticValue(TSNode n, int depth) const;
    ParsedParams parseParams(TSNode definition, const QString &function) const;
    void scanKernel(const KernelDef &def);
    // KernelAssemblerFinish.cpp: helpers (scanned per calling context: a
    // helper parameter is constant when every call passes a compile-time
    // value), recursion, parameter facts across calls, host code.
    using FactsMap = QHash<QString, const FunctionFacts *>;
    struct HelperDef {
        TSNode definition{};
        QStringList params;
        QSet<QString> constantDefaults; // parameters whose default is a compile-time value
    };
    void scanHelpers();
    const FunctionFacts *helperFacts(const QString &name, const QSet<QString> &constants);
    FactsMap solveContext(const QList<const FunctionFacts *> &roots);
    QStringList argumentTargets(const HelperCall &call, bool &splat) const;
    void findRecursion(qsizetype kernelIndex);
    void mergeHelperUsage(ParamUsage &into, const QString &helper, const QString &param, const FactsMap &facts,
                          QSet<QString> &visited, int depth) const;
    QStringList helperOrder(const FunctionFacts &facts, const FactsMap &helpers) const;
    void finishKernel(qsizetype kernelIndex);
    void scanHost();

    const PythonSource &m_src;
    ModuleAnalysis &m_out;
    ImportTable m_imports;
    QHash<QString, ModuleConstant> m_constants;
    QSet<QString> m_staticGlobals;
    std::unique_ptr<ConstantEvaluator> m_eval;
    QHash<QString, TSNode> m_functions;
    QSet<QString> m_functionNames;
    QSet<QString> m_importedHelperNames; // helpers imported from the project's modules
    QSet<QString> m_tileFunctions;
    QSet<QString> m_kernelNames;
    QList<KernelDef> m_kernelDefs;
    QList<FunctionFacts> m_kernelFacts; // parallel to m_out.kernels
    QHash<QString, HelperDef> m_helperDefs;
    QStringList m_helperOrder; // discovery order
    std::map<QString, std::unique_ptr<FunctionFacts>> m_helperScans; // by name and constant parameters
    QList<FactsMap> m_kernelHelpers; // parallel to m_out.kernels
};

} // namespace tileport::frontend
