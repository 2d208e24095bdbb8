// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "BenchmarksPane.h"
#include "CodeEditor.h"
#include "DisplayCheck.h"
#include "IrDiffPane.h"
#include "MainWindow.h"
#include "SassPane.h"
#include "SassRowsModel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

namespace {

// Reports the first paint of any of the window's widgets, then quits (bench_gui_startup).
class PaintWatch : public QObject
{
public:
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (e->type() == QEvent::Paint && !m_seen) {
            m_seen = true;
            QTimer::singleShot(0, qApp, [] {
                std::fputs("first paint\n", stdout);
                std::fflush(stdout);
                QApplication::exit(0);
            });
        }
        return QObject::eventFilter(o, e);
    }

private:
    bool m_seen = false;
};

} // namespace

int main(int argc, char **argv)
{
    using tileport::ui::MainWindow;
    // Without a display Qt would abort: go offscreen for a screenshot, else say what is missing.
    QStringList rawArgs;
    for (int i = 1; i < argc; ++i)
        rawArgs << QString::fromLocal8Bit(argv[i]);
    const tileport::ui::DisplayChoice display = tileport::ui::chooseDisplay(QProcessEnvironment::systemEnvironment(), rawArgs);
    if (!display.missing.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(display.missing));
        return 1;
    }
    if (display.offscreen)
        qputenv("QT_QPA_PLATFORM", "offscreen");
    tileport::ui::beginPlatformGuard();
    QApplication app(argc, argv);
    tileport::ui::endPlatformGuard();
    QApplication::setApplicationName(QStringLiteral("tileport-gui"));
    QApplication::setOrganizationName(QStringLiteral("TilePort"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("TilePort IDE"));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("kernel to open"));
    QCommandLineOption theme(QStringLiteral("theme"), QStringLiteral("light or dark"), QStringLiteral("mode"));
    // Not "--session": QGuiApplication takes that one for X11 session management.
    QCommandLineOption session(QStringLiteral("open-session"), QStringLiteral("open a session directory"), QStringLiteral("dir"));
    QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("save a PNG of the window and quit"),
                            QStringLiteral("png"));
    QCommandLineOption tab(QStringLiteral("tab"), QStringLiteral("bottom tab to show: Pipeline, Problems or Benchmarks"),
                           QStringLiteral("name"));
    QCommandLineOption benchReport(QStringLiteral("bench-report"),
                                   QStringLiteral("show a stage E report (or tileport-results/1 file) in Benchmarks"),
                                   QStringLiteral("json"));
    QCommandLineOption link(QStringLiteral("link"), QStringLiteral("show the links of this Python line"), QStringLiteral("line"));
    QCommandLineOption hideMatching(QStringLiteral("hide-matching"), QStringLiteral("hide matching IR rows"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("window size, e.g. 1280x800"), QStringLiteral("WxH"));
    QCommandLineOption walk(QStringLiteral("walk"),
                            QStringLiteral("select the Nth difference of the IR diff (as F7 pressed N times), or the first changed op "
                                           "(on the Machine code tab: its differing instructions)"),
                            QStringLiteral("n|changed"));
    QCommandLineOption irTab(QStringLiteral("ir-tab"), QStringLiteral("IR diff tab to show: Aligned, Text, Op Δ per config or Machine code"),
                             QStringLiteral("name"));
    QCommandLineOption fresh(QStringLiteral("default-layout"), QStringLiteral("ignore the saved layout"));
    QCommandLineOption firstPaint(QStringLiteral("exit-on-first-paint"),
                                  QStringLiteral("print 'first paint' once the window has painted, then quit"));
    benchReport.setDescription(QStringLiteral("show a stage E report (or tileport-results/1 file) in Benchmarks; "
                                              "given twice, the second is the earlier run"));
    parser.addOptions({theme, session, shot, tab, benchReport, link, hideMatching, firstPaint, size, walk, fresh, irTab});
    parser.process(app);

    if (parser.isSet(firstPaint))
        app.installEventFilter(new PaintWatch);
    // One look on every desktop, and a dark palette that applies to every widget.
    QApplication::setStyle(QStringLiteral("Fusion"));
    MainWindow window;
    window.setCaptureOnOpen(true);
    // Screenshots show the defaults, not the last user's arrangement.
    if (!parser.isSet(fresh))
        window.restoreLayout();
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(theme))
        window.setTheme(parser.value(theme) == QLatin1String("dark") ? tileport::ui::ThemeMode::Dark
                                                                      : tileport::ui::ThemeMode::Light);
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty() && !QFileInfo(files.first()).isFile()) {
        std::fprintf(stderr, "tileport-gui: %s: no such file\n", qPrintable(files.first()));
        return 2;
    }
    if (parser.isSet(tab))
        if (auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("bottomTabs")))
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i).compare(parser.value(tab), Qt::CaseInsensitive) == 0)
                    tabs->setCurrentIndex(i);
    if (parser.isSet(irTab))
        if (auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("irDiffTabs")))
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i).compare(parser.value(irTab), Qt::CaseInsensitive) == 0)
                    tabs->setCurrentIndex(i);
    const QStringList reports = parser.values(benchReport);
    if (!reports.isEmpty()
        && !window.benchmarksPane()->showReport(reports.first(), reports.value(1), reports.size() > 1 ? QStringLiteral("latest run") : QString(),
                                                QStringLiteral("earlier run"))) {
        std::fprintf(stderr, "tileport-gui: %s\n", qPrintable(window.benchmarksPane()->caption()));
        return 2;
    }
    window.irDiffPane()->setHideMatching(parser.isSet(hideMatching));
    window.show();
    if (parser.isSet(shot)) {
        // Shoot once what was asked for is shown: the session's artifacts, the kernel, or at once.
        const QString png = parser.value(shot);
        const int linkLine = parser.value(link).toInt();
        const int walks = parser.value(walk).toInt();
        const bool toChanged = parser.value(walk) == QLatin1String("changed");
        // The machine-code tab fills when tileiras is done (seconds, cold): the shot waits for it, at most a minute.
        auto compiling = [&window] {
            return window.irDiffPane()->machineCode()->isVisible()
                   && window.irDiffPane()->machineCode()->status().startsWith(QLatin1String("Compiling"));
        };
        auto take = [&window, png, linkLine, walks, toChanged, compiling] {
            auto *poll = new QTimer(&window);
            auto *clock = new QElapsedTimer;
            clock->start();
            poll->setInterval(200);
            QObject::connect(poll, &QTimer::timeout, &window, [poll, clock, compiling, &window, png, linkLine, walks, toChanged] {
                if (compiling() && clock->elapsed() < 60000)
                    return;
                poll->stop();
                delete clock;
                QTimer::singleShot(400, &window, [&window, png, linkLine, walks, toChanged] {
                if (linkLine > 0) {
                    window.sourcePane()->goTo(linkLine);
                    window.linkFrom(MainWindow::Pane::Python, linkLine);
                    QApplication::processEvents();
                }
                // A number of steps, or "changed": on to the first changed op (or
                // instruction, on the machine-code tab, where the walk steps through those).
                auto *pane = window.irDiffPane();
                auto *sass = pane->machineCode();
                const bool onSass = sass->isVisible();
                const int rows = onSass ? sass->rows()->rowCount() : pane->rowsModel()->rowCount();
                auto changed = [&](int row) {
                    return onSass ? sass->rows()->index(row, 0).data(tileport::ui::SassRowsModel::KindRole).toString() == QLatin1String("changed")
                                  : pane->rowsModel()->diff().rows.at(row).kind == tileport::ui::AlignedRow::Kind::Changed;
                };
                for (int i = 0; i < (walks > 0 ? walks : (toChanged ? rows : 0)); ++i) {
                    const int row = pane->walk(tileport::ui::DiffRowsModel::Walk::NextDifference);
                    if (toChanged && (row < 0 || changed(row)))
                        break;
                }
                QApplication::processEvents();
                const bool ok = window.grab().save(png);
                std::fprintf(ok ? stdout : stderr, ok ? "screenshot: %s\n" : "cannot write %s\n", qPrintable(png));
                QApplication::exit(ok ? 0 : 1);
                });
            });
            poll->start();
        };
        if (parser.isSet(session))
            QObject::connect(&window, &MainWindow::artifactsLoaded, &window, take, Qt::SingleShotConnection);
        else if (!files.isEmpty())
            QObject::connect(&window, &MainWindow::sourceOpened, &window, take);
        else
            take();
        QObject::connect(&window, &MainWindow::sourceOpenFailed, &window, [](const QString &e) {
            std::fprintf(stderr, "tileport-gui: %s\n", qPrintable(e));
            QApplication::exit(2);
        });
    }
    if (parser.isSet(session) && !window.openSession(parser.value(session))) {
        std::fprintf(stderr, "tileport-gui: %s: not a session\n", qPrintable(parser.value(session)));
        return 2;
    } else if (!files.isEmpty()) {
        window.openSource(files.first());
    }
    return app.exec();
}
