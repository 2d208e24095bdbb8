// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Resource bounds of the front-ends (issue 20 §3), beyond the three inputs
// tst_batch_faults gives batch: nesting of every kind (a 100,000-term sum,
// 10,000 nested calls, attribute and subscript chains, unary operators,
// deep code in a helper), in cuTile and in Triton files, a 16 MiB and a
// 1M-line Triton file. The real `tileport analyze` and `translate` each
// end on their own (no signal) in bounded time and memory, with a
// diagnostic at file:line:col where they refuse.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

namespace {

const QByteArray kCuTile("import cuda.tile as ct\n\n@ct.kernel\ndef k(a, b, TILE: ct.Constant[int]):\n");
const QByteArray kStore("    ct.store(b, index=(ct.bid(0),), tile=ct.load(a, index=(ct.bid(0),), shape=(TILE,)))\n");
const QByteArray kTriton("import triton\nimport triton.language as tl\n\n@triton.jit\n"
                         "def k(a_ptr, b_ptr, n, BLOCK: tl.constexpr):\n"
                         "    pid = tl.program_id(0)\n    offs = pid * BLOCK + tl.arange(0, BLOCK)\n");
const QByteArray kTritonStore("    tl.store(b_ptr + offs, tl.load(a_ptr + offs))\n");

QByteArray repeat(const QByteArray &s, int n)
{
    QByteArray out;
    out.reserve(s.size() * n);
    for (int i = 0; i < n; ++i)
        out += s;
    return out;
}

QByteArray joined(const QByteArray &item, const QByteArray &sep, int n)
{
    QByteArray out = item;
    out.reserve((item.size() + sep.size()) * n);
    for (int i = 1; i < n; ++i)
        out += sep + item;
    return out;
}

qint64 childMaxRssKiB()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_maxrss;
}

} // namespace

class TestInputBounds : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void boundedWithDiagnostic_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("analyzed");   // in analyze's output
        QTest::addColumn<QString>("translated"); // in translate's output
        const int n = 10'000;
        QTest::newRow("cutile sum of 100000") << kCuTile + "    x = " + joined("a", " + ", 100'000) + "\n" << QStringLiteral("hostile.py:5:9: deep nesting")
                                              << QStringLiteral("hostile.py:5:9: error: deep nesting");
        QTest::newRow("cutile 10000 nested calls")
            << kCuTile + "    x = " + repeat("f(", n) + "1" + repeat(")", n) + "\n" << QStringLiteral("hostile.py:5:307: deep nesting")
            << QStringLiteral("hostile.py:5:307: error: deep nesting");
        QTest::newRow("cutile attribute chain") << kCuTile + "    x = a" + repeat(".b", n) + "\n" << QStringLiteral("hostile.py:5:9: deep nesting")
                                                << QStringLiteral("hostile.py:5:9: error: deep nesting");
        QTest::newRow("cutile subscript chain") << kCuTile + "    x = a" + repeat("[0]", n) + "\n" << QStringLiteral("hostile.py:5:9: deep nesting")
                                                << QStringLiteral("hostile.py:5:9: error: deep nesting");
        QTest::newRow("cutile 10000 unary minus") << kCuTile + "    x = " + repeat("-", n) + "a\n" << QStringLiteral("hostile.py:5:158: deep nesting")
                                                  << QStringLiteral("hostile.py:5:158: error: deep nesting");
        QTest::newRow("cutile deep helper")
            << "import cuda.tile as ct\n\ndef h(x):\n    return " + repeat("(", n) + "x" + repeat(")", n) + "\n\n" + kCuTile
                   + "    ct.store(b, index=(ct.bid(0),), tile=h(ct.load(a, index=(ct.bid(0),), shape=(TILE,))))\n"
            << QStringLiteral("hostile.py:4:161: deep nesting") << QStringLiteral("hostile.py:4:161: error: deep nesting");
        QTest::newRow("cutile deep module constant")
            << "import cuda.tile as ct\nC = " + repeat("(", n) + "1" + repeat(")", n) + "\n\n" + kCuTile + kStore << QStringLiteral("kernel k")
            << QStringLiteral("translated k");
        QTest::newRow("triton 10000 parentheses")
            << kTriton + "    x = " + repeat("(", n) + "offs" + repeat(")", n) + "\n" + kTritonStore << QStringLiteral("Triton, 1 kernel(s)")
            << QStringLiteral("translated k");
        QTest::newRow("triton sum of 100000")
            << kTriton + "    x = " + joined("offs", " + ", 100'000) + "\n    tl.store(b_ptr + x, tl.load(a_ptr + offs))\n"
            << QStringLiteral("hostile.py:8:9: deep nesting") << QStringLiteral("hostile.py:8:9: error: deep nesting");
        QTest::newRow("triton pointer sum of 20000")
            << kTriton + "    tl.store(b_ptr + offs, tl.load(a_ptr" + repeat(" + offs", 20'000) + "))\n" << QStringLiteral("hostile.py:8:36: deep nesting")
            << QStringLiteral("hostile.py:8:36: error: deep nesting");
        QTest::newRow("triton 10000 nested calls")
            << kTriton + "    x = " + repeat("tl.abs(", n) + "offs" + repeat(")", n) + "\n" << QStringLiteral("hostile.py:8:1409: deep nesting")
            << QStringLiteral("hostile.py:8:1409: error: deep nesting");
        QByteArray big = kTriton + kTritonStore;
        const QByteArray pad("# padding padding padding padding padding padding padding padding padding padding\n");
        while (big.size() <= 16 * 1024 * 1024)
            big += pad;
        QTest::newRow("triton 16MiB") << big << QStringLiteral("larger than the 16777216-byte limit")
                                      << QStringLiteral("larger than the 16777216-byte limit");
        QByteArray lines("import triton\nimport triton.language as tl\n");
        for (int i = 0; i < 1'000'000; ++i)
            lines += i % 10 ? QByteArray("# ...\n") : "c" + QByteArray::number(i) + " = 1\n";
        lines += kTriton.mid(kTriton.indexOf("@triton.jit")) + kTritonStore;
        QTest::newRow("triton 1M lines") << lines << QStringLiteral("Triton, 1 kernel(s)") << QStringLiteral("translated k");
    }

    void boundedWithDiagnostic()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, analyzed);
        QFETCH(QString, translated);
        QVERIFY(m_tmp.isValid());
        const QString dir = m_tmp.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
        QVERIFY(QDir().mkpath(dir));
        const QString file = QDir(dir).filePath(QStringLiteral("hostile.py"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(bytes), bytes.size());
        }
        for (const QString &cmd : {QStringLiteral("analyze"), QStringLiteral("translate")}) {
            QStringList args{cmd, file};
            if (cmd == QLatin1String("translate"))
                args << QStringLiteral("-o") << QDir(dir).filePath(QStringLiteral("crate"));
            QProcess p;
            // Bounded memory: 4 GiB of address space; a runaway parse dies here, not the machine.
            p.setChildProcessModifier([] {
                const rlimit as{4ULL << 30, 4ULL << 30};
                ::setrlimit(RLIMIT_AS, &as);
                const rlimit core{0, 0};
                ::setrlimit(RLIMIT_CORE, &core);
            });
            QElapsedTimer t;
            t.start();
            p.start(QStringLiteral(TILEPORT_CLI), args);
            const bool ended = p.waitForFinished(60'000);
            if (!ended)
                p.kill(), p.waitForFinished();
            const qint64 ms = t.elapsed();
            const QString all = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
            const QString what = QStringLiteral("%1: exit %2 (%3) in %4 ms: %5")
                                     .arg(cmd)
                                     .arg(p.exitCode())
                                     .arg(p.exitStatus() == QProcess::NormalExit ? QStringLiteral("normal") : QStringLiteral("crash"))
                                     .arg(ms)
                                     .arg(all.right(400));
            QVERIFY2(ended && p.exitStatus() == QProcess::NormalExit && p.exitCode() < 4, qPrintable(what));
            QVERIFY2(ms < 30'000, qPrintable(what));
            QVERIFY2(all.contains(cmd == QLatin1String("analyze") ? analyzed : translated), qPrintable(what));
            qInfo("%s: exit %d in %lld ms", qPrintable(cmd), p.exitCode(), ms);
        }
        QVERIFY2(childMaxRssKiB() < 2 * 1024 * 1024, qPrintable(QString::number(childMaxRssKiB())));
    }

private:
    QTemporaryDir m_tmp;
};

QTEST_GUILESS_MAIN(TestInputBounds)
#include "tst_input_bounds.moc"
