// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point for the cuobjdump/nvdisasm listing parser: any text
// gives a module or the "no functions" error; a function's branch targets
// name one of its operands, its loops (from the loop finder) are made of its
// own instructions in address order with the header first among them, and
// both normal forms have one line per instruction given.
#include "FuzzCheck.h"

#include "SassNormalizer.h"
#include "SassParser.h"

#include <QSet>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace tileport::sass;
using tileport::fuzz::check;

namespace {

void checkLoops(const Function &f, const QList<Loop> &loops)
{
    const int n = int(f.instructions.size());
    int previousHeader = -1;
    for (const Loop &l : loops) {
        check(l.header > previousHeader && l.header < n);
        previousHeader = l.header;
        check(!l.body.isEmpty() && l.body.contains(l.header));
        check(l.depth >= 1 && l.depth <= loops.size());
        for (qsizetype i = 0; i < l.body.size(); ++i) {
            check(l.body[i] >= 0 && l.body[i] < n);
            if (i > 0)
                check(l.body[i] > l.body[i - 1]);
        }
        const SassNormalizer norm(f);
        check(norm.exactLines(l.body).size() == l.body.size());
        check(norm.canonicalLines(l.body).size() == l.body.size());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const ParseResult r = parseListing(text);
    check(r.ok() == !r.module.functions.isEmpty());
    if (!r.ok())
        return 0;
    for (const Function &f : r.module.functions) {
        check(!f.name.isEmpty());
        QSet<quint32> addresses;
        for (const Instruction &i : f.instructions) {
            check(i.targetOperand >= -1 && i.targetOperand < i.operands.size());
            check(i.target == -1 || i.targetOperand >= 0);
            check(i.sourceLine >= 0);
            addresses.insert(i.address);
        }
        checkLoops(f, f.loops);
        // The loop finder is a function of the instructions alone.
        const QList<Loop> again = findLoops(f.instructions);
        check(again.size() == f.loops.size());
        for (qsizetype k = 0; k < again.size(); ++k)
            check(again[k].header == f.loops[k].header && again[k].body == f.loops[k].body && again[k].depth == f.loops[k].depth);

        const SassNormalizer norm(f);
        const QStringList exact = norm.exactLines();
        const QStringList canonical = norm.canonicalLines();
        check(exact.size() == f.instructions.size() && canonical.size() == f.instructions.size());
        int lines = 0;
        for (const int count : SassNormalizer::multiset(canonical))
            lines += count;
        check(lines == canonical.size());
        // Padding is dropped: no listing ends on an unpredicated NOP.
        if (!f.instructions.isEmpty())
            check(f.instructions.last().opcode != QLatin1String("NOP") || !f.instructions.last().predicate.isEmpty());
    }
    return 0;
}
