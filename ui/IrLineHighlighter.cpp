// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrLineHighlighter.h"
#include "SyntaxRepository.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

namespace tileport::ui {

namespace ksh = KSyntaxHighlighting;

class IrLineHighlighter::Engine : public ksh::AbstractHighlighter
{
public:
    QList<QTextLayout::FormatRange> run(const QString &line)
    {
        m_out.clear();
        highlightLine(line, ksh::State());
        return std::move(m_out);
    }

protected:
    void applyFormat(int offset, int length, const ksh::Format &format) override
    {
        if (length <= 0 || format.isDefaultTextStyle(theme()))
            return;
        QTextLayout::FormatRange r;
        r.start = offset;
        r.length = length;
        if (format.hasTextColor(theme()))
            r.format.setForeground(format.textColor(theme()));
        if (format.isBold(theme()))
            r.format.setFontWeight(QFont::Bold);
        if (format.isItalic(theme()))
            r.format.setFontItalic(true);
        m_out.append(r);
    }

private:
    QList<QTextLayout::FormatRange> m_out;
};

IrLineHighlighter::IrLineHighlighter()
    : m_engine(std::make_unique<Engine>())
{
    m_engine->setDefinition(SyntaxRepository::instance().definitionForName(QStringLiteral("Tile IR")));
    setTheme(ThemeMode::Light);
}

IrLineHighlighter::~IrLineHighlighter() = default;

void IrLineHighlighter::setTheme(ThemeMode mode)
{
    m_mode = mode;
    m_engine->setTheme(SyntaxRepository::instance().defaultTheme(
        mode == ThemeMode::Dark ? ksh::Repository::DarkTheme : ksh::Repository::LightTheme));
}

QList<QTextLayout::FormatRange> IrLineHighlighter::formats(const QString &line) const
{
    return m_engine->run(line);
}

QColor IrLineHighlighter::textColor() const
{
    return QColor::fromRgba(m_engine->theme().textColor(ksh::Theme::Normal));
}

} // namespace tileport::ui
