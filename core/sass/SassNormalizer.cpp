// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassNormalizer.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <numeric>
#include <set>

namespace tileport::sass {

namespace {

QString joinLine(const QString &predicate, const QString &opcode, const QStringList &operands)
{
    QString s;
    if (!predicate.isEmpty())
        s = predicate + QLatin1Char(' ');
    s += opcode;
    if (!operands.isEmpty())
        s += QLatin1Char(' ') + operands.join(QStringLiteral(", "));
    return s;
}

QString dropRegisterNumbers(QString s)
{
    // General, uniform, predicate and uniform-predicate registers and the
    // convergence barriers; RZ, URZ, PT, UPT and SR_* have no number and stay.
    static const QRegularExpression reg(QStringLiteral("\\b(UR|R|UP|P|B)\\d+\\b"));
    static const QRegularExpression param(QStringLiteral("c\\[0x0\\]\\[0x[0-9a-fA-F]+\\]"));
    s.replace(reg, QStringLiteral("\\1"));
    s.replace(param, QStringLiteral("c[0x0][*]"));
    return s;
}

} // namespace

SassNormalizer::SassNormalizer(const Function &function)
    : m_function(function)
{
}

QStringList SassNormalizer::exactLines() const
{
    QList<int> all(m_function.instructions.size());
    std::iota(all.begin(), all.end(), 0);
    return exactLines(all);
}

QStringList SassNormalizer::exactLines(const QList<int> &indexes) const
{
    const auto &ins = m_function.instructions;
    std::set<qint64> targets;
    for (const int i : indexes)
        if (ins[i].target >= 0)
            targets.insert(ins[i].target);
    QHash<qint64, int> labelOf;
    for (const qint64 t : targets)
        labelOf.insert(t, int(labelOf.size()));
    QStringList out;
    out.reserve(indexes.size());
    for (const int i : indexes) {
        const Instruction &x = ins[i];
        QStringList ops = x.operands;
        if (x.targetOperand >= 0 && x.target >= 0)
            ops[x.targetOperand] = QStringLiteral("L%1").arg(labelOf.value(x.target));
        out << joinLine(x.predicate, x.opcode, ops);
    }
    return out;
}

QString SassNormalizer::canonical(const Instruction &ins)
{
    QStringList ops = ins.operands;
    if (ins.targetOperand >= 0)
        ops[ins.targetOperand] = QStringLiteral("L");
    return dropRegisterNumbers(joinLine(ins.predicate, ins.opcode, ops));
}

QStringList SassNormalizer::canonicalLines() const
{
    QStringList out;
    out.reserve(m_function.instructions.size());
    for (const Instruction &x : m_function.instructions)
        out << canonical(x);
    return out;
}

QStringList SassNormalizer::canonicalLines(const QList<int> &indexes) const
{
    QStringList out;
    out.reserve(indexes.size());
    for (const int i : indexes)
        out << canonical(m_function.instructions[i]);
    return out;
}

QMap<QString, int> SassNormalizer::multiset(const QStringList &lines)
{
    QMap<QString, int> m;
    for (const QString &l : lines)
        ++m[l];
    return m;
}

} // namespace tileport::sass
