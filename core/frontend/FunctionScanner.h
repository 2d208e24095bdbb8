// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "FunctionFacts.h"
#include "ScopeAnalysis.h"

#include <QSet>
#include <QStringList>

#include <tree_sitter/api.h>

#include <memory>

namespace tileport::frontend {

// Walks the body of one device function (a kernel or a helper it calls) and
// records its cuTile ops, tile shapes, control flow, constant-driven branch
// points, helper calls, what it does with each parameter, and every
// construct outside the portable cuTile subset.
class FunctionScanner
{
public:
    enum class Role { Kernel, Helper };

    struct Module : ScopeAnalysis::Module {
        const QSet<QString> *kernels = nullptr;
    };

    FunctionScanner(const Module &module, Role role, QString functionName);
    ~FunctionScanner();

    // `definition` is a function_definition node; `constantParams` are the
    // parameters annotated as ct.Constant.
    FunctionFacts scan(TSNode definition, const QStringList &params, const QSet<QString> &constantParams);

private:
    struct OpenArm {
        int point;
        int arm;
    };

    // statements (FunctionScanner.cpp)
    void block(TSNode n, int depth);
    void statement(TSNode s, int depth);
    void ifStatement(TSNode s, int depth);
    void forStatement(TSNode s, int depth);
    void assignmentTargets(TSNode target, int depth);
    bool tooDeep(TSNode n, int depth);
    // expressions and calls (FunctionScannerCalls.cpp)
    void expression(TSNode n, int depth);
    void call(TSNode n, int depth);
    void attribute(TSNode n, int depth);
    void recordOp(TSNode call, const QString &name, const QString &qualified, const char *category, bool method,
                  TSNode receiver, int shapeArg, const char *shapeKeyword);
    void memoryEvidence(TSNode call, const QString &name);
    void tileShape(TSNode call, const QString &op, TSNode shape, bool sizeOnly);
    void dtypeEvidence(const QStringList &params, TSNode tile, int depth);
    void scalarOperand(TSNode operand, const QString &why, bool intContext, bool floatContext);
    void addSignature(const QString &entry);
    void unsupported(TSNode n, const QString &construct, const QString &reason);
    QString where(TSNode n) const;
    ParamUsage &usage(const QString &param) { return m_facts.params[param]; }

    Module m_module;
    Role m_role;
    QString m_name;
    std::unique_ptr<ScopeAnalysis> m_scope;
    FunctionFacts m_facts;
    QList<OpenArm> m_arms;
    int m_nesting = 0; // control-flow nesting depth
    bool m_reportedDepth = false;
};

} // namespace tileport::frontend
