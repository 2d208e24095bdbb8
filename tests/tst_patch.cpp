// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// core/patch: strict unified-diff parsing, Myers line hunks, applying a
// chosen subset of hunks, and the session path guard, on real files.
#include "HunkApplier.h"
#include "LineDiff.h"
#include "PatchSet.h"
#include "UnifiedDiffParser.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace tileport::patch;

namespace {

void writeText(const QString &path, const QString &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
}

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QStringLiteral("<missing>");
}

QString numbered(int n, int from = 1)
{
    QString s;
    for (int i = from; i < from + n; ++i)
        s += QStringLiteral("line %1\n").arg(i);
    return s;
}

} // namespace

class TestPatch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesTwoFiles()
    {
        const QString diff = QStringLiteral("diff --git a/src/lib.rs b/src/lib.rs\n"
                                            "--- a/src/lib.rs\n+++ b/src/lib.rs\n"
                                            "@@ -1,3 +1,3 @@ fn k()\n a\n-b\n+B\n c\n"
                                            "@@ -10,2 +10,3 @@\n x\n y\n+z\n"
                                            "--- /dev/null\n+++ b/src/new.rs\n@@ -0,0 +1,2 @@\n+one\n+two\n");
        QString error;
        const auto files = UnifiedDiffParser::parse(diff, &error);
        QVERIFY2(files, qPrintable(error));
        QCOMPARE(files->size(), 2);
        QCOMPARE(files->at(0).path(), QStringLiteral("src/lib.rs"));
        QCOMPARE(files->at(0).hunks.size(), 2);
        QCOMPARE(files->at(0).hunks[0].section, QStringLiteral("fn k()"));
        QCOMPARE(files->at(0).hunks[0].oldLines(), (QStringList{"a", "b", "c"}));
        QCOMPARE(files->at(0).hunks[0].newLines(), (QStringList{"a", "B", "c"}));
        QCOMPARE(files->at(1).oldPath, QString());
        QCOMPARE(files->at(1).path(), QStringLiteral("src/new.rs"));
        // Printing and parsing again gives the same hunks.
        const auto again = UnifiedDiffParser::parse(files->at(0).toUnifiedDiff(), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->at(0).hunks[1].newLines(), (QStringList{"x", "y", "z"}));
    }

    void rejectsMalformed_data()
    {
        QTest::addColumn<QString>("diff");
        QTest::addColumn<QString>("reason");
        QTest::newRow("prose only") << "please change line 3" << "not a unified diff";
        QTest::newRow("no +++") << "--- a/x\n@@ -1 +1 @@\n-a\n+b\n" << "line 2: '--- ' header without";
        QTest::newRow("short hunk") << "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n" << "shorter than its header";
        QTest::newRow("long hunk") << "--- a/x\n+++ b/x\n@@ -1,1 +1,1 @@\n-a\n+b\n+c\n" << "line 6: unexpected text";
        QTest::newRow("bad tag") << "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n*b\n" << "line 5: hunk line must start";
        QTest::newRow("bad header") << "--- a/x\n+++ b/x\n@@ -a +1 @@\n" << "line 3: malformed hunk header";
        QTest::newRow("no hunks") << "--- a/x\n+++ b/x\n" << "has no hunks";
        QTest::newRow("overlap") << "--- a/x\n+++ b/x\n@@ -5,2 +5,2 @@\n a\n b\n@@ -3,1 +3,1 @@\n c\n" << "out of order";
    }
    void rejectsMalformed()
    {
        QFETCH(QString, diff);
        QFETCH(QString, reason);
        QString error;
        QVERIFY(!UnifiedDiffParser::parse(diff, &error));
        QVERIFY2(error.contains(reason), qPrintable(error));
    }

    // Found by fuzz_unified_diff (docs/fuzzing.md): a line of the old side
    // after that side's "\\ No newline at end of file" was taken, and the
    // printed hunk then parsed back to different markers.
    void rejectsLinesAfterTheirSidesEnd()
    {
        QFile f(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/fuzz/diff-line-after-no-newline-marker.diff"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString error;
        QVERIFY(!UnifiedDiffParser::parse(QString::fromUtf8(f.readAll()), &error));
        QCOMPARE(error, QStringLiteral("line 19: '\\ No newline at end of file' after a line that is not the last of its side"));
        const QString marker = QStringLiteral("\\ No newline at end of file\n");
        QVERIFY(!UnifiedDiffParser::parse(QStringLiteral("--- a/x\n+++ b/x\n@@ -1,2 +1 @@\n-a\n") + marker + QStringLiteral(" b\n"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("line 5: '\\ No newline")), qPrintable(error));
        // Each side ending on its own line is what diff writes; a context
        // line can end one side while the other goes on.
        const auto oneSide = UnifiedDiffParser::parse(QStringLiteral("--- a/x\n+++ b/x\n@@ -1,2 +1 @@\n a\n") + marker
                                                          + QStringLiteral("-b\n") + marker, &error);
        QVERIFY2(oneSide, qPrintable(error));
        QVERIFY(oneSide->first().hunks[0].oldNoNewlineAtEnd && oneSide->first().hunks[0].newNoNewlineAtEnd);
        const auto ok = UnifiedDiffParser::parse(QStringLiteral("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n") + marker + QStringLiteral("+b\n") + marker, &error);
        QVERIFY2(ok, qPrintable(error));
        QVERIFY(ok->first().hunks[0].oldNoNewlineAtEnd && ok->first().hunks[0].newNoNewlineAtEnd);
        QCOMPARE(UnifiedDiffParser::parse(ok->first().toUnifiedDiff(), &error)->first().hunks[0].toText(), ok->first().hunks[0].toText());
    }

    // Line numbers that would wrap an int are refused; a hunk built by hand
    // with one does not make the applier's search wrap.
    void refusesHugeLineNumbers()
    {
        QString error;
        QVERIFY(!UnifiedDiffParser::parse(QStringLiteral("--- a/x\n+++ b/x\n@@ -2147483647 +1 @@\n-a\n+b\n"), &error));
        QCOMPARE(error, QStringLiteral("line 3: hunk header '@@ -2147483647 +1 @@' names a line past 1073741824"));
        QVERIFY(!UnifiedDiffParser::parse(QStringLiteral("--- a/x\n+++ b/x\n@@ -1,99999999999 +1 @@\n"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("line 3: hunk header")), qPrintable(error));
        Hunk h;
        h.oldStart = std::numeric_limits<int>::max();
        h.oldCount = h.newCount = 1;
        h.lines = {{HunkLine::Kind::Removed, QStringLiteral("a")}, {HunkLine::Kind::Added, QStringLiteral("b")}};
        QVERIFY(!HunkApplier::apply(QStringLiteral("a\n"), {h}, {}, &error));
        QVERIFY2(error.contains(QStringLiteral("does not match")), qPrintable(error));
    }

    // Property: for random edits, the hunks of (a, b) applied to a give b,
    // and rejecting every hunk gives a back.
    void diffThenApplyRoundTrips()
    {
        QRandomGenerator rng(8);
        for (int round = 0; round < 300; ++round) {
            QStringList a;
            const int n = int(rng.bounded(0, 40));
            for (int i = 0; i < n; ++i)
                a << QStringLiteral("l%1").arg(rng.bounded(0, 8));
            QStringList b = a;
            for (int e = int(rng.bounded(0, 6)); e > 0; --e) {
                const int at = int(rng.bounded(0, int(b.size()) + 1));
                switch (rng.bounded(0, 3)) {
                case 0: b.insert(at, QStringLiteral("new%1").arg(e)); break;
                case 1: if (at < b.size()) b.removeAt(at); break;
                default: if (at < b.size()) b[at] = QStringLiteral("chg%1").arg(e); break;
                }
            }
            const QString ta = a.join(QLatin1Char('\n')) + (a.isEmpty() || rng.bounded(0, 4) ? QStringLiteral("\n") : QString());
            const QString tb = b.join(QLatin1Char('\n')) + (b.isEmpty() || rng.bounded(0, 4) ? QStringLiteral("\n") : QString());
            const QList<Hunk> hunks = LineDiff::hunks(ta, tb, int(rng.bounded(0, 4)));
            QString error;
            const auto out = HunkApplier::apply(ta, hunks, {}, &error);
            QVERIFY2(out, qPrintable(error));
            if (*out != tb)
                qWarning().noquote() << "old:" << ta.toUtf8().toPercentEncoding() << "new:" << tb.toUtf8().toPercentEncoding();
            QCOMPARE(*out, tb);
            const auto none = HunkApplier::apply(ta, hunks, QList<bool>(hunks.size(), false), &error);
            QCOMPARE(*none, ta);
            // The printed diff parses back to hunks that apply the same way.
            if (!hunks.isEmpty()) {
                FilePatch fp;
                fp.oldPath = fp.newPath = QStringLiteral("f");
                fp.hunks = hunks;
                const auto parsed = UnifiedDiffParser::parse(fp.toUnifiedDiff(), &error);
                QVERIFY2(parsed, qPrintable(error + QLatin1Char('\n') + fp.toUnifiedDiff()));
                QCOMPARE(*HunkApplier::apply(ta, parsed->first().hunks, {}, &error), tb);
            }
        }
    }

    void minimalHunks()
    {
        const QString a = numbered(30);
        QString b = a;
        b.replace(QStringLiteral("line 5\n"), QStringLiteral("line five\n"));
        b.replace(QStringLiteral("line 25\n"), QStringLiteral("line 25\nline 25b\n"));
        const QList<Hunk> h = LineDiff::hunks(a, b);
        QCOMPARE(h.size(), 2);
        QCOMPARE(h[0].header(), QStringLiteral("@@ -2,7 +2,7 @@"));
        QCOMPARE(h[0].removed(), 1);
        QCOMPARE(h[0].added(), 1);
        QCOMPARE(h[1].header(), QStringLiteral("@@ -23,6 +23,7 @@"));
    }

    void appliesChosenSubset()
    {
        const QString a = numbered(30);
        QString b = a;
        b.replace(QStringLiteral("line 5\n"), QStringLiteral("line five\n"));
        b.replace(QStringLiteral("line 25\n"), QStringLiteral("line twenty-five\n"));
        const QList<Hunk> h = LineDiff::hunks(a, b);
        QString error;
        const auto onlySecond = HunkApplier::apply(a, h, {false, true}, &error);
        QVERIFY2(onlySecond, qPrintable(error));
        QVERIFY(onlySecond->contains(QStringLiteral("line 5\n")));
        QVERIFY(onlySecond->contains(QStringLiteral("line twenty-five\n")));
        // The same hunks still find their place after lines were added above.
        const QString shifted = QStringLiteral("header 1\nheader 2\n") + a;
        const auto moved = HunkApplier::apply(shifted, h, {}, &error);
        QVERIFY2(moved, qPrintable(error));
        QCOMPARE(*moved, QStringLiteral("header 1\nheader 2\n") + b);
        // A hunk whose old lines are gone is an error, never a guess.
        QString edited = a;
        edited.replace(QStringLiteral("line 5\n"), QStringLiteral("user edit\n"));
        QVERIFY(!HunkApplier::apply(edited, h, {true, false}, &error));
        QVERIFY2(error.contains(QStringLiteral("hunk 1")), qPrintable(error));
        QVERIFY(HunkApplier::apply(edited, h, {false, true}, &error));
    }

    void guardRefusesEscapes()
    {
        QTemporaryDir outside, session;
        QDir(session.path()).mkpath(QStringLiteral("runs/001/generated/crate/src"));
        writeText(outside.filePath(QStringLiteral("victim.txt")), QStringLiteral("keep\n"));
        QVERIFY(QFile::link(outside.path(), session.filePath(QStringLiteral("runs/001/escape"))));
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("victim.txt")), session.filePath(QStringLiteral("runs/001/victim.rs"))));
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("nowhere")), session.filePath(QStringLiteral("dangling"))));
        const PathGuard guard(session.path());
        QString why;
        QVERIFY(guard.resolve(QStringLiteral("runs/001/generated/crate/src/lib.rs"), &why));
        QVERIFY(guard.resolve(QStringLiteral("runs/001/generated/new/dir/file.rs"), &why));
        const QStringList bad{QStringLiteral("/etc/passwd"), QStringLiteral("../x"), QStringLiteral("runs/../../x"),
                              QStringLiteral("~/x"), QStringLiteral("runs/001/escape/victim.txt"),
                              QStringLiteral("runs/001/escape/new.txt"), QStringLiteral("runs/001/victim.rs"),
                              QStringLiteral("dangling"), QStringLiteral("runs/001"), QString()};
        for (const QString &p : bad) {
            QVERIFY2(!guard.resolve(p, &why), qPrintable(p));
            QVERIFY(!why.isEmpty());
        }
        QVERIFY(guard.resolve(QStringLiteral("runs/001/escape/victim.txt"), &why) == std::nullopt);
        QVERIFY2(why.contains(QStringLiteral("outside the session")), qPrintable(why));
    }

    void patchSetIsAllOrNothing()
    {
        QTemporaryDir outside, session;
        const QString lib = session.filePath(QStringLiteral("src/lib.rs"));
        writeText(lib, numbered(10));
        writeText(outside.filePath(QStringLiteral("victim.txt")), QStringLiteral("keep\n"));
        QVERIFY(QFile::link(outside.path(), session.filePath(QStringLiteral("out"))));
        const PathGuard guard(session.path());

        PatchSet set;
        set.files << LineDiff::filePatch(QStringLiteral("src/lib.rs"), numbered(10), numbered(10).replace("line 3", "LINE 3"));
        FilePatch escape;
        escape.newPath = QStringLiteral("out/victim.txt");
        escape.wholeFile = true;
        escape.newText = QStringLiteral("owned\n");
        set.files << escape;
        QString error;
        QVERIFY(!set.apply(guard, nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("outside the session")), qPrintable(error));
        QCOMPARE(readText(lib), numbered(10));
        QCOMPARE(readText(outside.filePath(QStringLiteral("victim.txt"))), QStringLiteral("keep\n"));

        set.files.removeLast();
        FilePatch fresh;
        fresh.newPath = QStringLiteral("src/extra.rs");
        fresh.wholeFile = true;
        fresh.newText = QStringLiteral("pub fn x() {}\n");
        set.files << fresh;
        QVERIFY(set.toUnifiedDiff(guard).contains(QStringLiteral("+LINE 3")));
        QList<FileBackup> backups;
        QVERIFY2(set.apply(guard, &backups, &error), qPrintable(error));
        QVERIFY(readText(lib).contains(QStringLiteral("LINE 3\n")));
        QCOMPARE(readText(session.filePath(QStringLiteral("src/extra.rs"))), fresh.newText);
        QVERIFY(PatchSet::restore(backups, &error));
        QCOMPARE(readText(lib), numbered(10));
        QVERIFY(!QFile::exists(session.filePath(QStringLiteral("src/extra.rs"))));
    }
};

QTEST_GUILESS_MAIN(TestPatch)
#include "tst_patch.moc"
