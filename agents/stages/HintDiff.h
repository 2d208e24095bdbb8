// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace tileport {

// The performance-relevant part of one IR diff report (tileport-ir-diff/1):
// attribute changes on matched ops that steer code generation, and op kinds
// whose counts differ among those that do (assume facts, memory-op forms,
// mma, conversions).
struct HintDiff {
    struct Item {
        QString kind;   // "hint" (attribute change) or "count" (op count)
        QString op;     // op mnemonic
        QString name;   // attribute name, or "" for counts
        QString ref;    // reference value (text), or count
        QString gen;
        QString where;  // ref source location "file:line:col", when known
    };
    QList<Item> items;

    static HintDiff fromReport(const QJsonObject &diffReport);
    QJsonObject toJson() const;
};


} // namespace tileport
