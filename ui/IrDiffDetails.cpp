// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrDiffDetails.h"
#include "CodeEditor.h"
#include "DiffFindingsModel.h"

#include <QAbstractTextDocumentLayout>
#include <QFileInfo>
#include <QHeaderView>
#include <QResizeEvent>
#include <QTextLayout>
#include <QLabel>
#include <QTableView>
#include <QTextBlock>
#include <QVBoxLayout>

namespace tileport::ui {

namespace {

// An editor that shows one op wrapped, as tall as its text (up to a limit,
// then it scrolls): the op is read whole, not cut at the pane's edge.
class OpView : public CodeEditor
{
public:
    OpView(QWidget *parent)
        : CodeEditor(QStringLiteral("Tile IR"), parent)
    {
        setReadOnly(true);
        setLineWrapMode(QPlainTextEdit::WidgetWidth);
        setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
        connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
                [this] { updateGeometry(); });
    }
    static constexpr int kMaxLines = 6;
    int linesShown() const
    {
        // QPlainTextEdit's layout counts lines, wrapped ones included.
        int lines = 0;
        for (QTextBlock b = document()->firstBlock(); b.isValid(); b = b.next())
            lines += qMax(1, b.layout() ? b.layout()->lineCount() : 1);
        return qBound(1, lines, kMaxLines);
    }
    QSize sizeHint() const override
    {
        return QSize(300, fontMetrics().lineSpacing() * linesShown() + 2 * frameWidth() + int(2 * document()->documentMargin()) + 2);
    }
    QSize minimumSizeHint() const override { return sizeHint(); }
    void resizeEvent(QResizeEvent *e) override
    {
        CodeEditor::resizeEvent(e);
        updateGeometry(); // a new width wraps into another number of lines
    }
};

// The findings table as tall as its rows: the details pane scrolls as a
// whole, so a wrapped message is never cut inside a small inner viewport.
class FindingsView : public QTableView
{
public:
    using QTableView::QTableView;
    QSize sizeHint() const override
    {
        const int rows = model() ? model()->rowCount() : 0;
        const int body = rows ? verticalHeader()->length() : fontMetrics().lineSpacing();
        return QSize(300, horizontalHeader()->sizeHint().height() + body + 2 * frameWidth() + 2);
    }
    QSize minimumSizeHint() const override { return sizeHint(); }
    void resizeEvent(QResizeEvent *e) override
    {
        QTableView::resizeEvent(e);
        resizeRowsToContents(); // the message wraps anew at another width
        updateGeometry();
    }
};

} // namespace

IrDiffDetails::IrDiffDetails(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_refLabel(new QLabel(tr("Reference"), this))
    , m_genLabel(new QLabel(tr("Generated"), this))
    , m_ref(new OpView(this))
    , m_gen(new OpView(this))
    , m_changes(new QLabel(this))
    , m_findings(new DiffFindingsModel(this))
    , m_findingsView(new FindingsView(this))
{
    setObjectName(QStringLiteral("irDiffDetails"));
    m_title->setObjectName(QStringLiteral("irDetailsTitle"));
    m_ref->setObjectName(QStringLiteral("irDetailsReference"));
    m_gen->setObjectName(QStringLiteral("irDetailsGenerated"));
    m_changes->setObjectName(QStringLiteral("irDetailsChanges"));
    m_findingsView->setObjectName(QStringLiteral("irDetailsFindings"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_changes->setWordWrap(true);
    m_changes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_findingsView->setModel(m_findings);
    m_findingsView->verticalHeader()->hide();
    m_findingsView->setWordWrap(true);
    m_findingsView->setTextElideMode(Qt::ElideNone);
    m_findingsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_findingsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    auto *h = m_findingsView->horizontalHeader();
    h->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The message takes the width that is left and wraps in it.
    h->setSectionResizeMode(DiffFindingsModel::MessageColumn, QHeaderView::Stretch);
    m_findingsView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_findingsView->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_findingsView->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    connect(m_findings, &QAbstractItemModel::modelReset, m_findingsView, [this] {
        m_findingsView->resizeRowsToContents();
        m_findingsView->updateGeometry();
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_refLabel);
    layout->addWidget(m_ref);
    layout->addWidget(m_genLabel);
    layout->addWidget(m_gen);
    layout->addWidget(m_changes);
    layout->addWidget(m_findingsView);
    layout->addStretch(1);
    clear();
}

QString IrDiffDetails::title() const
{
    return m_title->text();
}

void IrDiffDetails::clear()
{
    m_title->setText(tr("Select a row of the diff (F7 walks the differences) to see its ops in full and their findings."));
    m_ref->setPlainText(QString());
    m_gen->setPlainText(QString());
    m_changes->clear();
    m_changes->hide();
    m_findings->clear();
    m_shown = {};
}

void IrDiffDetails::mark(CodeEditor *editor, const QList<IrChangeMarks::Span> &marks)
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

void IrDiffDetails::showRow(const DiffRowsModel::Details &d, const QList<IrFinding> &findings)
{
    m_shown = d;
    // File names only: the full paths are in the tooltip.
    QStringList where;
    if (!d.refLoc.isEmpty())
        where << tr("ref %1").arg(QFileInfo(d.refLoc).fileName());
    if (!d.genLoc.isEmpty())
        where << tr("gen %1").arg(QFileInfo(d.genLoc).fileName());
    m_title->setToolTip(QStringList{d.refLoc, d.genLoc}.join(QLatin1Char('\n')).trimmed());
    m_title->setText(QStringLiteral("<b>%1</b>%2").arg(d.kind.toHtmlEscaped(),
                                                        where.isEmpty() ? QString() : QStringLiteral(" · ") + where.join(QStringLiteral(" · ")).toHtmlEscaped()));
    m_ref->setPlainText(d.refText.isEmpty() ? tr("(no op on this side)") : d.refText);
    m_gen->setPlainText(d.genText.isEmpty() ? tr("(no op on this side)") : d.genText);
    mark(m_ref, d.refText.isEmpty() ? QList<IrChangeMarks::Span>{} : d.refMarks);
    mark(m_gen, d.genText.isEmpty() ? QList<IrChangeMarks::Span>{} : d.genMarks);
    m_changes->setVisible(!d.changes.isEmpty());
    m_changes->setText(d.changes.isEmpty() ? QString() : tr("Changed: %1").arg(d.changes.join(QStringLiteral("; "))));
    m_findings->setFindings(findings, d.findings);
}

void IrDiffDetails::setTheme(ThemeMode mode)
{
    m_ref->setTheme(mode);
    m_gen->setTheme(mode);
    // The theme resets the editors' extra selections: the marks go back on.
    mark(m_ref, m_shown.refText.isEmpty() ? QList<IrChangeMarks::Span>{} : m_shown.refMarks);
    mark(m_gen, m_shown.genText.isEmpty() ? QList<IrChangeMarks::Span>{} : m_shown.genMarks);
}

} // namespace tileport::ui
