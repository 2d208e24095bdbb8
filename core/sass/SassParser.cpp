// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassParser.h"

#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <vector>

namespace tileport::sass {

namespace {

// Opcodes whose last address-like operand is a code address.
bool hasCodeTarget(const QString &base)
{
    static const QSet<QString> s{QStringLiteral("BRA"),  QStringLiteral("BRX"),   QStringLiteral("JMP"),
                                 QStringLiteral("JMX"),  QStringLiteral("CALL"),  QStringLiteral("BSSY"),
                                 QStringLiteral("SSY"),  QStringLiteral("PBK"),   QStringLiteral("PCNT"),
                                 QStringLiteral("CAL"),  QStringLiteral("JCAL"),  QStringLiteral("BREAK")};
    return s.contains(base);
}

struct PendingTarget {
    int instruction;
    QString label; // nvdisasm's `(.L_x_3)`, resolved once every label is known
};

Resources parseResourceLine(const QString &line)
{
    Resources r;
    static const QRegularExpression kv(QStringLiteral("([A-Z]+(?:\\[\\d+\\])?):(\\d+)"));
    auto it = kv.globalMatch(line);
    while (it.hasNext()) {
        const auto m = it.next();
        const QString key = m.captured(1);
        const int v = m.captured(2).toInt();
        if (key == QLatin1String("REG"))
            r.registers = v, r.known = true;
        else if (key == QLatin1String("STACK"))
            r.stack = v;
        else if (key == QLatin1String("SHARED"))
            r.shared = v;
        else if (key == QLatin1String("LOCAL"))
            r.local = v;
        else if (key == QLatin1String("CONSTANT[0]"))
            r.constant0 = v;
    }
    return r;
}

} // namespace

QStringList splitOperands(const QString &text)
{
    QStringList out;
    int depth = 0;
    QString cur;
    for (const QChar c : text) {
        if (c == QLatin1Char('[') || c == QLatin1Char('{') || c == QLatin1Char('('))
            ++depth;
        else if (c == QLatin1Char(']') || c == QLatin1Char('}') || c == QLatin1Char(')'))
            depth = std::max(0, depth - 1);
        if (c == QLatin1Char(',') && depth == 0) {
            out << cur.trimmed();
            cur.clear();
            continue;
        }
        cur += c;
    }
    if (!cur.trimmed().isEmpty())
        out << cur.trimmed();
    return out;
}

QList<Loop> findLoops(const QList<Instruction> &instructions)
{
    const int n = int(instructions.size());
    if (n == 0)
        return {};
    QHash<quint32, int> indexOf;
    for (int i = 0; i < n; ++i)
        indexOf.insert(instructions[i].address, i);
    const auto isJump = [](const Instruction &x) {
        const QString b = x.base();
        return b == QLatin1String("BRA") || b == QLatin1String("JMP") || b == QLatin1String("BRX")
            || b == QLatin1String("JMX");
    };
    const auto isEnd = [](const Instruction &x) {
        const QString b = x.base();
        return b == QLatin1String("EXIT") || b == QLatin1String("RET") || b == QLatin1String("KILL");
    };
    // A jump is taken always when it has no predicate and no operand but its
    // target (`BRA.U !UP0, L` and `BRA.DIV UR4, L` are conditional).
    const auto always = [](const Instruction &x) { return x.predicate.isEmpty() && x.operands.size() <= 1; };

    // Basic blocks: a leader at the start, at every jump target and after
    // every jump or exit.
    std::vector<bool> leader(size_t(n) + 1, false);
    leader[0] = true;
    for (int i = 0; i < n; ++i) {
        const Instruction &x = instructions[i];
        if (isJump(x) || isEnd(x))
            leader[size_t(i) + 1] = true;
        if (isJump(x) && x.target >= 0)
            if (const auto it = indexOf.constFind(quint32(x.target)); it != indexOf.cend())
                leader[size_t(*it)] = true;
    }
    std::vector<int> blockStart, blockOf(instructions.size());
    for (int i = 0; i < n; ++i) {
        if (leader[size_t(i)])
            blockStart.push_back(i);
        blockOf[size_t(i)] = int(blockStart.size()) - 1;
    }
    const int nb = int(blockStart.size());
    const auto blockEnd = [&](int b) { return b + 1 < nb ? blockStart[size_t(b) + 1] - 1 : n - 1; };
    std::vector<std::vector<int>> succ(blockStart.size()), pred(blockStart.size());
    for (int b = 0; b < nb; ++b) {
        const Instruction &x = instructions[blockEnd(b)];
        bool fallthrough = b + 1 < nb;
        if (isJump(x)) {
            if (x.target >= 0)
                if (const auto it = indexOf.constFind(quint32(x.target)); it != indexOf.cend())
                    succ[size_t(b)].push_back(blockOf[size_t(*it)]);
            fallthrough &= !always(x);
        } else if (isEnd(x)) {
            fallthrough &= !x.predicate.isEmpty();
        }
        if (fallthrough)
            succ[size_t(b)].push_back(b + 1);
        for (const int t : succ[size_t(b)])
            pred[size_t(t)].push_back(b);
    }

    // Dominators, iterated to a fixed point over the reachable blocks.
    std::vector<bool> reachable(size_t(nb), false);
    std::vector<int> stack{0};
    reachable[0] = true;
    while (!stack.empty()) {
        const int b = stack.back();
        stack.pop_back();
        for (const int t : succ[size_t(b)])
            if (!reachable[size_t(t)])
                reachable[size_t(t)] = true, stack.push_back(t);
    }
    std::vector<std::vector<bool>> dom(size_t(nb), std::vector<bool>(size_t(nb), true));
    dom[0].assign(size_t(nb), false);
    dom[0][0] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int b = 1; b < nb; ++b) {
            if (!reachable[size_t(b)])
                continue;
            std::vector<bool> d(size_t(nb), true);
            for (const int p : pred[size_t(b)])
                if (reachable[size_t(p)])
                    for (int k = 0; k < nb; ++k)
                        d[size_t(k)] = d[size_t(k)] && dom[size_t(p)][size_t(k)];
            d[size_t(b)] = true;
            if (d != dom[size_t(b)]) {
                dom[size_t(b)] = std::move(d);
                changed = true;
            }
        }
    }

    // Natural loops: per header, the blocks that reach a back edge's source
    // without passing the header.
    QMap<int, std::vector<bool>> loopBlocks; // header block -> member blocks
    for (int u = 0; u < nb; ++u) {
        if (!reachable[size_t(u)])
            continue;
        for (const int h : succ[size_t(u)]) {
            if (!dom[size_t(u)][size_t(h)])
                continue;
            auto &members = loopBlocks[h];
            if (members.empty())
                members.assign(size_t(nb), false);
            members[size_t(h)] = true;
            std::vector<int> work;
            if (!members[size_t(u)])
                members[size_t(u)] = true, work.push_back(u);
            while (!work.empty()) {
                const int b = work.back();
                work.pop_back();
                for (const int p : pred[size_t(b)])
                    if (reachable[size_t(p)] && !members[size_t(p)])
                        members[size_t(p)] = true, work.push_back(p);
            }
        }
    }
    QList<Loop> loops;
    for (auto it = loopBlocks.cbegin(); it != loopBlocks.cend(); ++it) {
        Loop l;
        l.header = blockStart[size_t(it.key())];
        bool spins = false, works = false;
        for (int b = 0; b < nb; ++b) {
            if (!it.value()[size_t(b)])
                continue;
            for (int i = blockStart[size_t(b)]; i <= blockEnd(b); ++i) {
                l.body << i;
                const Instruction &x = instructions[i];
                const InstructionClass c = x.instructionClass();
                spins |= x.opcode.startsWith(QLatin1String("SYNCS.PHASECHK")) || x.base() == QLatin1String("NANOSLEEP");
                works |= c == InstructionClass::GlobalMemory || c == InstructionClass::SharedMemory
                    || c == InstructionClass::Tma || c == InstructionClass::Mma || c == InstructionClass::Float;
            }
        }
        l.wait = spins && !works;
        loops << l;
    }
    for (Loop &l : loops)
        for (const Loop &outer : std::as_const(loops))
            if (&outer != &l && outer.size() > l.size() && outer.body.contains(l.header))
                ++l.depth;
    return loops;
}

ParseResult parseListing(const QString &text)
{
    ParseResult result;
    static const QRegularExpression codeHeader(QStringLiteral("^\\s*Function\\s*:\\s*(\\S+)\\s*$"));
    static const QRegularExpression resourceHeader(QStringLiteral("^\\s*Function\\s+([^\\s:]+):\\s*$"));
    static const QRegularExpression nvdisasmHeader(QStringLiteral("^\\s*\\.text\\.(\\S+):\\s*$"));
    static const QRegularExpression label(QStringLiteral("^\\s*(\\.L_x_\\d+):\\s*$"));
    static const QRegularExpression instruction(QStringLiteral("^\\s*/\\*([0-9a-fA-F]+)\\*/\\s+(.*?)\\s*;"));
    static const QRegularExpression target(QStringLiteral("^\\.target\\s+(\\S+)|code for (sm_\\w+)"));
    static const QRegularExpression predicate(QStringLiteral("^(@!?U?P(?:\\d|T))\\s+"));
    static const QRegularExpression hexTarget(QStringLiteral("^0x([0-9a-fA-F]+)$"));
    static const QRegularExpression labelTarget(QStringLiteral("^`?\\(?(\\.L_x_\\d+)\\)?$"));
    static const QRegularExpression reuse(QStringLiteral("\\.reuse\\b"));
    static const QRegularExpression sourceLine(QStringLiteral("^//## File \"([^\"]*)\", line (\\d+)"));

    QHash<QString, Resources> resources;
    QString pendingResource;
    Function *fn = nullptr;
    QHash<QString, quint32> labels;      // of the current function
    QList<PendingTarget> pending;        // of the current function
    QStringList pendingLabels;           // labels waiting for their instruction
    QString sourceFile;                  // the position nvdisasm -g gave last
    int sourceLineNumber = 0;

    const auto finishFunction = [&] {
        if (!fn)
            return;
        for (const PendingTarget &p : pending) {
            const auto it = labels.constFind(p.label);
            if (it != labels.cend())
                fn->instructions[p.instruction].target = *it;
        }
        // The padding after the last EXIT: a branch to itself (a trap for a
        // runaway warp) and the NOPs that align the function. Not code.
        // NOPs before the trap are padding too, so both go until neither is last.
        auto &ins = fn->instructions;
        for (bool dropped = true; dropped;) {
            dropped = false;
            while (!ins.isEmpty() && ins.last().opcode == QLatin1String("NOP") && ins.last().predicate.isEmpty())
                ins.removeLast(), dropped = true;
            if (!ins.isEmpty() && ins.last().base() == QLatin1String("BRA") && ins.last().predicate.isEmpty()
                && ins.last().target == qint64(ins.last().address))
                ins.removeLast(), dropped = true;
        }
        fn->loops = findLoops(fn->instructions);
        labels.clear();
        pending.clear();
        pendingLabels.clear();
        sourceFile.clear();
        sourceLineNumber = 0;
        fn = nullptr;
    };

    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        if (line.isEmpty())
            continue;
        if (!pendingResource.isEmpty()) {
            if (line.startsWith(QLatin1String("REG:"))) {
                resources.insert(pendingResource, parseResourceLine(line));
                pendingResource.clear();
                continue;
            }
            pendingResource.clear();
        }
        if (auto m = resourceHeader.match(raw); m.hasMatch()) {
            pendingResource = m.captured(1);
            continue;
        }
        if (auto m = codeHeader.match(raw); m.hasMatch()) {
            finishFunction();
            result.module.functions.append(Function{});
            fn = &result.module.functions.last();
            fn->name = m.captured(1);
            continue;
        }
        if (auto m = nvdisasmHeader.match(raw); m.hasMatch()) {
            finishFunction();
            result.module.functions.append(Function{});
            fn = &result.module.functions.last();
            fn->name = m.captured(1);
            continue;
        }
        if (auto m = target.match(line); m.hasMatch() && result.module.target.isEmpty()) {
            result.module.target = m.captured(1).isEmpty() ? m.captured(2) : m.captured(1);
            continue;
        }
        if (auto m = label.match(line); m.hasMatch()) {
            pendingLabels << m.captured(1);
            continue;
        }
        if (auto m = sourceLine.match(line); m.hasMatch()) {
            sourceFile = m.captured(1);
            sourceLineNumber = m.captured(2).toInt();
            continue;
        }
        const auto m = instruction.match(raw);
        if (!m.hasMatch() || !fn)
            continue;
        Instruction ins;
        ins.address = m.captured(1).toUInt(nullptr, 16);
        ins.sourceFile = sourceFile;
        ins.sourceLine = sourceLineNumber;
        for (const QString &l : std::as_const(pendingLabels))
            labels.insert(l, ins.address);
        pendingLabels.clear();
        QString body = m.captured(2).trimmed();
        if (const auto p = predicate.match(body); p.hasMatch()) {
            ins.predicate = p.captured(1);
            body = body.mid(p.capturedLength(0));
        }
        const int space = body.indexOf(QLatin1Char(' '));
        ins.opcode = space < 0 ? body : body.left(space);
        if (space >= 0) {
            QString ops = body.mid(space + 1);
            ops.remove(reuse);
            ins.operands = splitOperands(ops);
        }
        if (hasCodeTarget(ins.base())) {
            for (int k = int(ins.operands.size()) - 1; k >= 0; --k) {
                if (const auto h = hexTarget.match(ins.operands[k]); h.hasMatch()) {
                    ins.target = h.captured(1).toLongLong(nullptr, 16);
                    ins.targetOperand = k;
                    break;
                }
                if (const auto l = labelTarget.match(ins.operands[k]); l.hasMatch()) {
                    ins.targetOperand = k;
                    pending << PendingTarget{int(fn->instructions.size()), l.captured(1)};
                    break;
                }
            }
        }
        fn->instructions << ins;
    }
    finishFunction();

    for (Function &f : result.module.functions)
        f.resources = resources.value(f.name);
    if (result.module.functions.isEmpty())
        result.error = QStringLiteral("no SASS functions in the disassembler's listing");
    return result;
}

int applySourceLines(Module &module, const Module &located)
{
    int applied = 0;
    for (Function &f : module.functions) {
        const Function *other = nullptr;
        for (const Function &g : located.functions)
            if (g.name == f.name)
                other = &g;
        if (!other)
            continue;
        QHash<quint32, const Instruction *> byAddress;
        for (const Instruction &i : other->instructions)
            byAddress.insert(i.address, &i);
        for (Instruction &i : f.instructions)
            if (const Instruction *o = byAddress.value(i.address); o && o->sourceLine > 0) {
                i.sourceFile = o->sourceFile;
                i.sourceLine = o->sourceLine;
                ++applied;
            }
    }
    return applied;
}

} // namespace tileport::sass
