// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "ThemeMode.h"

#include <QList>
#include <QString>
#include <QTextLayout>

#include <memory>

namespace tileport::ui {

// Colours one line of Tile IR with our KSyntaxHighlighting definition
// (resources/syntax/tileir.xml), for views that paint op texts themselves
// (the aligned diff's cells) rather than through a QTextDocument. Lines are
// highlighted one at a time from the definition's initial state: an op's
// one-line text never continues a construct from the line before.
class IrLineHighlighter
{
public:
    IrLineHighlighter();
    ~IrLineHighlighter();
    IrLineHighlighter(const IrLineHighlighter &) = delete;
    IrLineHighlighter &operator=(const IrLineHighlighter &) = delete;

    void setTheme(ThemeMode mode);
    ThemeMode theme() const { return m_mode; }
    // The character formats of `line` (foreground colour and weight), in order.
    QList<QTextLayout::FormatRange> formats(const QString &line) const;
    // The theme's normal text colour.
    QColor textColor() const;

private:
    class Engine;
    std::unique_ptr<Engine> m_engine;
    ThemeMode m_mode = ThemeMode::Light;
};

} // namespace tileport::ui
