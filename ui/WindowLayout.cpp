// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "WindowLayout.h"

#include <QHeaderView>
#include <QSettings>
#include <QSplitter>

namespace tileport::ui {

namespace {

QString groupOf(const QWidget *root)
{
    return QStringLiteral("layout/%1").arg(root->objectName().isEmpty() ? QStringLiteral("window") : root->objectName());
}

} // namespace

void WindowLayout::save(const QWidget *root, QSettings &store)
{
    store.beginGroup(groupOf(root));
    for (const QSplitter *s : root->findChildren<QSplitter *>())
        if (!s->objectName().isEmpty())
            store.setValue(QStringLiteral("splitter/") + s->objectName(), s->saveState());
    for (const QHeaderView *h : root->findChildren<QHeaderView *>())
        if (!h->objectName().isEmpty())
            store.setValue(QStringLiteral("header/") + h->objectName(), h->saveState());
    store.endGroup();
}

bool WindowLayout::restore(QWidget *root, QSettings &store)
{
    bool any = false;
    store.beginGroup(groupOf(root));
    for (QSplitter *s : root->findChildren<QSplitter *>()) {
        const QByteArray state = store.value(QStringLiteral("splitter/") + s->objectName()).toByteArray();
        if (!s->objectName().isEmpty() && !state.isEmpty())
            any = s->restoreState(state) || any;
    }
    for (QHeaderView *h : root->findChildren<QHeaderView *>()) {
        const QByteArray state = store.value(QStringLiteral("header/") + h->objectName()).toByteArray();
        if (!h->objectName().isEmpty() && !state.isEmpty())
            any = h->restoreState(state) || any;
    }
    store.endGroup();
    return any;
}

void WindowLayout::share(QSplitter *splitter, const QList<double> &proportions)
{
    const int extent = splitter->orientation() == Qt::Horizontal ? splitter->width() : splitter->height();
    double total = 0;
    for (double p : proportions)
        total += p;
    QList<int> sizes;
    for (double p : proportions)
        sizes << int(extent * p / total);
    splitter->setSizes(sizes);
}

} // namespace tileport::ui
