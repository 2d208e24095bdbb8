// SPDX-License-Identifier: MIT
#include "IrDiffPane.h"
#include "CodeEditor.h"

#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

namespace tileport::ui {

IrDiffPane::IrDiffPane(QWidget *parent)
    : QWidget(parent)
    , m_reference(new CodeEditor(QStringLiteral("Tile IR"), this))
    , m_generated(new CodeEditor(QStringLiteral("Tile IR"), this))
    , m_summary(new QLabel(this))
{
    m_reference->setObjectName(QStringLiteral("irReference"));
    m_generated->setObjectName(QStringLiteral("irGenerated"));
    m_reference->setReadOnly(true);
    m_generated->setReadOnly(true);
    m_reference->setPlaceholderText(tr("Reference Tile IR (cuTile Python)"));
    m_generated->setPlaceholderText(tr("Generated Tile IR (cuTile Rust)"));
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_reference);
    split->addWidget(m_generated);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Tile IR diff"), this));
    layout->addWidget(split, 1);
    layout->addWidget(m_summary);
    setSummary(tr("no diff yet"));
}

void IrDiffPane::setSummary(const QString &text)
{
    m_summary->setText(text);
}

void IrDiffPane::setTheme(ThemeMode mode)
{
    m_reference->setTheme(mode);
    m_generated->setTheme(mode);
}

} // namespace tileport::ui
