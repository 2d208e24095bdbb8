// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QSet>
#include <QString>

#include <tree_sitter/api.h>

namespace tileport::frontend {

class PythonSource;

// Which names a Python `for` loop carries from one iteration to the next.
// A name assigned in the body is loop-carried when an iteration may read the
// value an earlier iteration (or the code before the loop) left in it: it is
// read in the body before the body definitely assigns it, or it is read
// after the loop. Any other name assigned in the body is local to one
// iteration, so a translation may re-bind it (with any type) each time.
class LoopLiveness
{
public:
    // `function` bounds what "after the loop" means: reads later in it, and
    // any read inside a loop of it that encloses `forNode` (its next
    // iteration may reach that read).
    LoopLiveness(const PythonSource &src, TSNode function, TSNode forNode);

    // Names plain or tuple assignment binds anywhere in the body.
    const QSet<QString> &assigned() const { return m_assigned; }
    // The assigned names that are loop-carried.
    const QSet<QString> &carried() const { return m_carried; }
    bool isCarried(const QString &name) const { return m_carried.contains(name); }

private:
    // Walks statements in order with the names definitely bound so far;
    // records names read while not yet bound in `m_readBeforeBound`.
    void block(TSNode blk, QSet<QString> &bound);
    void statement(TSNode stmt, QSet<QString> &bound);
    void reads(TSNode expr, const QSet<QString> &bound);
    void readsAfter(TSNode n);

    const PythonSource &m_src;
    TSNode m_for;
    QSet<QString> m_assigned;
    QSet<QString> m_readBeforeBound;
    QSet<QString> m_readAfter;
    QSet<QString> m_carried;
};

} // namespace tileport::frontend
