// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The progress bar of long commands: its text, and the real `tileport
// batch` on a pseudo-terminal (the bar, redrawn in place) and through a
// pipe (one line per row, no bar).
#include "ProgressBar.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

using tileport::cli::ProgressBar;

namespace {

// Runs ARGS under a new pseudo-terminal of 100 columns; returns what it wrote.
QByteArray runOnTerminal(const QStringList &args, int *exitCode)
{
    int master = -1;
    winsize ws{};
    ws.ws_col = 100;
    ws.ws_row = 30;
    const pid_t pid = forkpty(&master, nullptr, nullptr, &ws);
    if (pid == 0) {
        std::vector<QByteArray> storage;
        std::vector<char *> argv;
        for (const QString &a : args)
            storage.push_back(a.toLocal8Bit());
        for (QByteArray &a : storage)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        setenv("TERM", "xterm", 1);
        execv(argv[0], argv.data());
        _exit(127);
    }
    QByteArray out;
    char buf[4096];
    for (;;) {
        const ssize_t n = read(master, buf, sizeof buf);
        if (n <= 0)
            break; // EIO once the child has gone
        out.append(buf, n);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    close(master);
    *exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

} // namespace

class TestProgress : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    int m_rows = 0;

private Q_SLOTS:
    void initTestCase()
    {
        for (const char *f : {"vector_add.py", "vector_add.tileport.json", "softmax.py", "softmax.tileport.json"})
            QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/") + QLatin1String(f), m_dir.filePath(QLatin1String(f))));
    }

    void render()
    {
        QCOMPARE(ProgressBar::render(0, 40, 0, QString(), 80), QStringLiteral("[..........................]  0/40    0%  ETA -"));
        // 10 of 40 in 30 s: 90 s to go.
        const QString quarter = ProgressBar::render(10, 40, 30'000, QStringLiteral("softmax.py"), 80);
        QVERIFY2(quarter.startsWith(QStringLiteral("[######....................]  10/40   25%  ETA 1m30s  softmax.py")), qPrintable(quarter));
        QVERIFY(ProgressBar::render(40, 40, 125'000, QString(), 80).endsWith(QStringLiteral("40/40  100%  2m05s")));
        // Long labels keep their end and the line its width.
        const QString narrow = ProgressBar::render(1, 2, 1000, QString(200, QLatin1Char('x')) + QStringLiteral("end.py"), 60);
        QVERIFY(narrow.size() <= 59);
        QVERIFY(narrow.endsWith(QStringLiteral("end.py")));
        QCOMPARE(ProgressBar::duration(59'000), QStringLiteral("59s"));
        QCOMPARE(ProgressBar::duration(3'600'000 + 120'000), QStringLiteral("1h02m"));
        // Not a terminal here: nothing is drawn.
        QVERIFY(!ProgressBar(stdout).interactive() || isatty(fileno(stdout)));
    }

    // Through a pipe: one line per row, "[k/N] ...", and no bar.
    void batchThroughAPipe()
    {
        QProcess p;
        p.start(QStringLiteral(TILEPORT_CLI), {QStringLiteral("batch"), m_dir.path(), QStringLiteral("--no-build"), QStringLiteral("--no-capture")});
        QVERIFY(p.waitForFinished(300'000));
        QCOMPARE(p.exitCode(), 0);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(!err.contains(QLatin1Char('\r')) && !err.contains(QStringLiteral("ETA")), qPrintable(err));
        QStringList rows;
        for (const QString &l : err.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (l.startsWith(QLatin1Char('[')))
                rows << l;
        QVERIFY(rows.size() >= 3); // three kernels, at least one row each
        m_rows = rows.size();
        QVERIFY2(rows.last().startsWith(QStringLiteral("[%1/%1] ").arg(m_rows)), qPrintable(rows.last()));
    }

    // On a terminal: the same lines, with the bar redrawn in place under them.
    void batchOnATerminal()
    {
        QVERIFY(m_rows > 0);
        int code = -1;
        const QString text = QString::fromUtf8(runOnTerminal({QStringLiteral(TILEPORT_CLI), QStringLiteral("batch"), m_dir.path(),
                                                              QStringLiteral("--no-build"), QStringLiteral("--no-capture")},
                                                             &code));
        QVERIFY2(code == 0, qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("\r\x1b[2K[")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("%1/%1  100%").arg(m_rows)), qPrintable(text));
        if (m_rows > 1)
            QVERIFY2(text.contains(QStringLiteral("ETA ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[1/%1] ").arg(m_rows)), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestProgress)
#include "tst_progress.moc"
