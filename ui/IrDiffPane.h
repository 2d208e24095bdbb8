// SPDX-License-Identifier: MIT
#pragma once

#include "ThemeMode.h"

#include <QWidget>

class QLabel;

namespace tileport::ui {

class CodeEditor;

// Reference and generated Tile IR side by side, with a summary line.
class IrDiffPane : public QWidget
{
    Q_OBJECT
public:
    explicit IrDiffPane(QWidget *parent = nullptr);

    CodeEditor *reference() const { return m_reference; }
    CodeEditor *generated() const { return m_generated; }
    void setSummary(const QString &text);
    void setTheme(ThemeMode mode);

private:
    CodeEditor *m_reference;
    CodeEditor *m_generated;
    QLabel *m_summary;
};

} // namespace tileport::ui
