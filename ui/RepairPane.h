// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace tileport::ui {

// The repair agent's transcript: what it was asked, the model's answer as
// it streams, the gate's progress and the outcome. A view only: the
// RepairController decides, MainWindow feeds it.
class RepairPane : public QWidget
{
    Q_OBJECT
public:
    explicit RepairPane(QWidget *parent = nullptr);

    void begin(const QString &title);
    void appendToken(const QString &text);
    void appendLog(const QString &line);
    void setStatus(const QString &status);

    QLabel *statusLabel() const { return m_status; }
    QPlainTextEdit *transcript() const { return m_text; }

private:
    QLabel *m_status;
    QPlainTextEdit *m_text;
};

} // namespace tileport::ui
