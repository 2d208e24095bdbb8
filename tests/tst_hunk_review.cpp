// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The hunk review model and dialog: a patch shown as hunks, some accepted
// and some rejected, and only the accepted ones written to a real file.
#include "HunkReviewDialog.h"
#include "HunkReviewModel.h"

#include <QApplication>
#include <QFile>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;

namespace {

QString numbered(int n)
{
    QString s;
    for (int i = 1; i <= n; ++i)
        s += QStringLiteral("let x%1 = %1;\n").arg(i);
    return s;
}

} // namespace

class TestHunkReview : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void chosenHunksAreApplied()
    {
        QTemporaryDir dir;
        const QString current = numbered(40);
        QString proposed = current;
        proposed.replace(QStringLiteral("let x3 = 3;\n"), QStringLiteral("let x3 = 300;\n"));
        proposed.replace(QStringLiteral("let x30 = 30;\n"), QStringLiteral("let x30 = 3000;\nlet extra = 1;\n"));
        QFile f(dir.filePath(QStringLiteral("lib.rs")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(current.toUtf8());
        f.close();

        HunkReviewModel model;
        model.setTexts(QStringLiteral("lib.rs"), current, proposed);
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex first = model.index(0), second = model.index(1);
        QCOMPARE(model.data(first, HunkReviewModel::PathRole).toString(), QStringLiteral("lib.rs"));
        QCOMPARE(model.data(second, HunkReviewModel::AddedRole).toInt(), 2);
        QCOMPARE(model.data(second, HunkReviewModel::RemovedRole).toInt(), 1);
        QVERIFY(model.data(first, HunkReviewModel::BodyRole).toString().contains(QStringLiteral("+let x3 = 300;")));
        QCOMPARE(model.data(first, Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Checked);
        QVERIFY(model.flags(first) & Qt::ItemIsUserCheckable);
        QVERIFY(model.roleNames().contains(HunkReviewModel::AcceptedRole));

        // Reject the first hunk, keep the second.
        QVERIFY(model.setData(first, Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(model.acceptedCount(), 1);
        QString error;
        QVERIFY2(model.reviewed().apply(patch::PathGuard(dir.path()), nullptr, &error), qPrintable(error));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString written = QString::fromUtf8(f.readAll());
        QVERIFY(written.contains(QStringLiteral("let x3 = 3;\n")));
        QVERIFY(written.contains(QStringLiteral("let x30 = 3000;\nlet extra = 1;\n")));
    }

    void dialogTogglesThroughTheModel()
    {
        HunkReviewModel model;
        model.setTexts(QStringLiteral("src/lib.rs"), numbered(20), numbered(20).replace(QStringLiteral("x2 = 2"), QStringLiteral("x2 = 4")));
        HunkReviewDialog dialog(&model, QStringLiteral("Review"));
        dialog.show();
        QCOMPARE(dialog.hunkList()->model()->rowCount(), 1);
        QVERIFY(dialog.preview()->toPlainText().contains(QStringLiteral("-let x2 = 2;")));
        auto *none = dialog.findChild<QPushButton *>(QStringLiteral("rejectAll"));
        auto *all = dialog.findChild<QPushButton *>(QStringLiteral("acceptAll"));
        QVERIFY(none && all);
        QTest::mouseClick(none, Qt::LeftButton);
        QCOMPARE(model.acceptedCount(), 0);
        QTest::mouseClick(all, Qt::LeftButton);
        QCOMPARE(model.acceptedCount(), 1);
    }
};

QTEST_MAIN(TestHunkReview)
#include "tst_hunk_review.moc"
