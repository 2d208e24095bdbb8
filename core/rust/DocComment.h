// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QStringList>

namespace tileport::rust {

// A rustdoc comment as the generated code carries it: headed sections of
// paragraphs and bullet lists, printed as `///` (outer) or `//!` (inner)
// lines. The text is Markdown: names go in backticks, so rustdoc takes no
// bracket for an intra-doc link and no `<T>` for HTML.
struct DocComment {
    struct Block {
        QString heading;   // a `# Heading` line before the block, or none
        QStringList lines; // a paragraph's lines, or a list's items
        bool list = false;
    };
    QList<Block> blocks;

    DocComment &paragraph(const QStringList &lines, const QString &heading = {});
    DocComment &list(const QStringList &items, const QString &heading = {});
    bool isEmpty() const { return blocks.isEmpty(); }

    enum class Kind { Outer, Inner };
    // The comment's lines, each `indent` spaces then `///` or `//!`; blocks
    // are separated by an empty comment line.
    QStringList lines(int indent, Kind kind = Kind::Outer) const;
};

} // namespace tileport::rust
