// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "Dependencies.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <tree_sitter/api.h>

namespace tileport::frontend {

class ImportTable;
class PythonSource;
struct ModuleConstant;

// The names of one device function: its parameters, its locals and which of
// them hold compile-time values (constant parameters, module constants, and
// locals bound only to constant expressions or ct.static_iter items), plus
// locals that alias parameters (`t` in `for t in ct.static_iter((q, k))`).
class ScopeAnalysis
{
public:
    struct Module {
        const PythonSource *source = nullptr;
        const ImportTable *imports = nullptr;
        const QHash<QString, ModuleConstant> *constants = nullptr;
        const QSet<QString> *functions = nullptr; // module-level function names
        const QSet<QString> *importedHelpers = nullptr; // helpers imported from the project's modules
        // Module-level names bound once to other compile-time values (tuples
        // of constants, strings): cuTile reads them as frozen globals.
        const QSet<QString> *staticGlobals = nullptr;
    };

    ScopeAnalysis(const Module &module, const QStringList &params, const QSet<QString> &constantParams,
                  bool paramShapesAreRuntime);
    // Collects the bindings of a function body and solves which locals are constant.
    void analyze(TSNode body);

    Dependencies dependencies(TSNode expr) const;
    bool isConstant(TSNode expr) const { return dependencies(expr).constantOnly(); }

    bool isParam(const QString &name) const { return m_params.contains(name); }
    bool isConstantParam(const QString &name) const { return m_constantParams.contains(name); }
    bool isLocal(const QString &name) const { return m_bindings.contains(name); }
    bool isConstantLocal(const QString &name) const { return m_constantLocals.contains(name); }
    // Module constant visible here (not shadowed by a parameter or local).
    bool isModuleConstant(const QString &name) const;
    // The runtime parameters an identifier stands for: itself, or the
    // parameters a local aliases.
    QStringList paramsOf(TSNode expr) const;
    // The single right-hand side bound to a local, or a null node.
    TSNode singleBinding(const QString &name) const;
    // A local bound only as the target of `for NAME in range(...)`: an int.
    bool isRangeIndex(const QString &name) const;
    QStringList constantLocals() const;

private:
    struct Binding {
        TSNode rhs{};
        bool runtime = false;
        bool staticIter = false;
    };

    void collect(TSNode n, int depth);
    void bindTarget(TSNode target, TSNode rhs, bool elementOf, int depth);
    void addBinding(const QString &name, Binding b);
    void deps(TSNode n, Dependencies &d, int depth) const;
    bool bindingConstant(const Binding &b) const;

    Module m_module;
    QStringList m_paramList;
    QSet<QString> m_params;
    QSet<QString> m_constantParams;
    bool m_paramShapesRuntime;
    QHash<QString, QList<Binding>> m_bindings;
    QSet<QString> m_constantLocals;
    QHash<QString, QStringList> m_aliases;
    QHash<QString, int> m_rangeTargets; // bindings of a name as a range() loop's target
};

} // namespace tileport::frontend
