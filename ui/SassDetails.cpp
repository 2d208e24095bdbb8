// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassDetails.h"
#include "CodeEditor.h"

#include <QAbstractTextDocumentLayout>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QTextLayout>
#include <QVBoxLayout>

namespace tileport::ui {

namespace {

QPlainTextEdit *instructionView(QWidget *parent)
{
    auto *e = new QPlainTextEdit(parent);
    e->setReadOnly(true);
    e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    e->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    e->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    e->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    e->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    return e;
}

QString where(const QString &side, const QString &file, int line)
{
    return line > 0 ? QStringLiteral("%1 %2:%3").arg(side, QFileInfo(file).fileName()).arg(line) : QString();
}

} // namespace

SassDetails::SassDetails(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_ref(instructionView(this))
    , m_gen(instructionView(this))
    , m_irTitle(new QLabel(this))
    , m_ir(new CodeEditor(QStringLiteral("Tile IR"), this))
{
    setObjectName(QStringLiteral("sassDetails"));
    m_title->setObjectName(QStringLiteral("sassDetailsTitle"));
    m_ref->setObjectName(QStringLiteral("sassDetailsReference"));
    m_gen->setObjectName(QStringLiteral("sassDetailsGenerated"));
    m_irTitle->setObjectName(QStringLiteral("sassDetailsTileIrTitle"));
    m_ir->setObjectName(QStringLiteral("sassDetailsTileIr"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_irTitle->setWordWrap(true);
    m_ir->setReadOnly(true);
    m_ir->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_ir->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_ir->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_ir->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // A new width wraps the texts into another number of lines: the views follow.
    for (QPlainTextEdit *e : {m_ref, m_gen, static_cast<QPlainTextEdit *>(m_ir)})
        connect(e->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
                [this, e] { fit(e, e == m_ir ? 8 : 3); });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(new QLabel(tr("Reference"), this));
    layout->addWidget(m_ref);
    layout->addWidget(new QLabel(tr("Generated"), this));
    layout->addWidget(m_gen);
    layout->addWidget(m_irTitle);
    layout->addWidget(m_ir);
    layout->addStretch(1);
    clear();
}

QString SassDetails::title() const
{
    return m_title->text();
}

QString SassDetails::tileIrTitle() const
{
    return m_irTitle->text();
}

void SassDetails::fit(QPlainTextEdit *editor, int maxLines)
{
    // As tall as its wrapped lines, up to maxLines (then it scrolls).
    int lines = 0;
    for (QTextBlock b = editor->document()->firstBlock(); b.isValid(); b = b.next())
        lines += qMax(1, b.layout() ? b.layout()->lineCount() : 1);
    lines = qBound(1, lines, maxLines);
    editor->setFixedHeight(editor->fontMetrics().lineSpacing() * lines + 2 * editor->frameWidth()
                           + int(2 * editor->document()->documentMargin()) + 2);
}

void SassDetails::clear()
{
    m_title->setText(tr("Select an instruction (F7 walks the differing ones) to see both sides in full, "
                        "where they come from, and the Tile IR ops at that line."));
    m_ref->setPlainText(QString());
    m_gen->setPlainText(QString());
    m_irTitle->clear();
    m_ir->setPlainText(QString());
    m_ir->hide();
    m_irTitle->hide();
    m_shown = {};
}

void SassDetails::mark(QPlainTextEdit *editor, const QList<IrChangeMarks::Span> &marks)
{
    QList<QTextEdit::ExtraSelection> sels;
    for (const IrChangeMarks::Span &m : marks) {
        QTextEdit::ExtraSelection s;
        s.cursor = QTextCursor(editor->document());
        s.cursor.setPosition(m.start);
        s.cursor.setPosition(m.start + m.length, QTextCursor::KeepAnchor);
        s.format.setBackground(QColor(0xf0, 0xc0, 0x40));
        s.format.setForeground(QColor(Qt::black));
        s.format.setFontUnderline(true);
        sels << s;
    }
    editor->setExtraSelections(sels);
}

void SassDetails::showRow(const SassRowsModel::Details &d)
{
    m_shown = d;
    QStringList parts{QStringLiteral("<b>%1</b>").arg(d.kind.toHtmlEscaped())};
    for (const QString &w : {where(tr("ref"), d.refFile, d.refLine), where(tr("gen"), d.genFile, d.genLine)})
        if (!w.isEmpty())
            parts << w.toHtmlEscaped();
    if (d.registersOnly)
        parts << tr("equal up to register numbers");
    if (d.kind != QLatin1String("function") && d.refLine <= 0 && d.genLine <= 0)
        parts << tr("no source line (the cubin has no line table here)");
    m_title->setText(parts.join(QStringLiteral(" · ")));
    m_title->setToolTip(QStringList{d.refLine > 0 ? QStringLiteral("%1:%2").arg(d.refFile).arg(d.refLine) : QString(),
                                    d.genLine > 0 ? QStringLiteral("%1:%2").arg(d.genFile).arg(d.genLine) : QString()}
                            .join(QLatin1Char('\n'))
                            .trimmed());
    m_ref->setPlainText(d.ref.isEmpty() ? tr("(no instruction on this side)") : d.ref);
    m_gen->setPlainText(d.gen.isEmpty() ? tr("(no instruction on this side)") : d.gen);
    mark(m_ref, d.ref.isEmpty() ? QList<IrChangeMarks::Span>{} : d.refMarks);
    mark(m_gen, d.gen.isEmpty() ? QList<IrChangeMarks::Span>{} : d.genMarks);
    fit(m_ref, 3);
    fit(m_gen, 3);
}

void SassDetails::showTileIr(const QStringList &ops, const QString &where)
{
    m_irTitle->setVisible(!where.isEmpty());
    m_ir->setVisible(!where.isEmpty());
    m_irTitle->setText(ops.isEmpty() ? tr("No Tile IR op of this diff at %1").arg(where)
                                     : tr("Tile IR at %1 (%n op(s)):", nullptr, int(ops.size())).arg(where));
    m_ir->setPlainText(ops.join(QLatin1Char('\n')));
    m_ir->setVisible(!ops.isEmpty());
    fit(m_ir, 8);
}

void SassDetails::setTheme(ThemeMode mode)
{
    m_ir->setTheme(mode);
}

} // namespace tileport::ui
