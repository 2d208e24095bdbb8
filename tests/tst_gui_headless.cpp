// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The real tileport-gui without a display: --screenshot renders offscreen,
// anything else says in one line what is missing (not Qt's abort).
#include "DisplayCheck.h"

#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QString out, err;
};

// The environment of a shell with no display at all.
QProcessEnvironment headless()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(v));
    return env;
}

Run gui(const QStringList &args, const QProcessEnvironment &env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TILEPORT_GUI), args);
    if (!p.waitForFinished(120'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TestGuiHeadless : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void choice()
    {
        using tileport::ui::chooseDisplay;
        const QProcessEnvironment none = headless();
        QVERIFY(chooseDisplay(none, {QStringLiteral("--screenshot"), QStringLiteral("a.png")}).offscreen);
        QVERIFY(chooseDisplay(none, {QStringLiteral("--screenshot=a.png")}).offscreen);
        QVERIFY(chooseDisplay(none, {QStringLiteral("--help")}).offscreen);
        QVERIFY(chooseDisplay(none, {QStringLiteral("k.py")}).missing.contains(QStringLiteral("neither DISPLAY nor WAYLAND_DISPLAY")));
        QProcessEnvironment x = none;
        x.insert(QStringLiteral("DISPLAY"), QStringLiteral(":0"));
        const auto withX = chooseDisplay(x, {QStringLiteral("--screenshot"), QStringLiteral("a.png")});
        QVERIFY(!withX.offscreen && withX.missing.isEmpty());
        QProcessEnvironment platform = none;
        platform.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("minimal"));
        QVERIFY(chooseDisplay(platform, {}).missing.isEmpty());
    }

    void screenshotWithoutADisplay()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("shot.png"));
        const Run r = gui({QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"), QStringLiteral("--screenshot"), png,
                           QStringLiteral("--size"), QStringLiteral("1024x700"), QStringLiteral("--default-layout")},
                          headless());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("screenshot: ") + png), qPrintable(r.out));
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.width() > 500, true);
    }

    void helpWithoutADisplay()
    {
        const Run r = gui({QStringLiteral("--help")}, headless());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("--screenshot")), qPrintable(r.out));
    }

    void sayWhatIsMissing()
    {
        const Run r = gui({}, headless());
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("tileport-gui: no display: neither DISPLAY nor WAYLAND_DISPLAY is set")), qPrintable(r.err));
    }

    // A DISPLAY naming no server: Qt's fatal message becomes one line.
    void unreachableDisplay()
    {
        QProcessEnvironment env = headless();
        env.insert(QStringLiteral("DISPLAY"), QStringLiteral(":93"));
        const Run r = gui({}, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("tileport-gui: cannot open the display (DISPLAY=:93)")), qPrintable(r.err));
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    }
};

QTEST_GUILESS_MAIN(TestGuiHeadless)
#include "tst_gui_headless.moc"
