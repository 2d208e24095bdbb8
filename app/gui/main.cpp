// SPDX-License-Identifier: MIT
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QScreen>
#include <QTimer>

#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("tileport-gui"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("TilePort IDE"));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("kernel to open"));
    QCommandLineOption theme(QStringLiteral("theme"), QStringLiteral("light or dark"), QStringLiteral("mode"),
                             QStringLiteral("light"));
    QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("save a PNG of the window and quit"),
                            QStringLiteral("png"));
    parser.addOptions({theme, shot});
    parser.process(app);

    tileport::ui::MainWindow window;
    window.setTheme(parser.value(theme) == QLatin1String("dark") ? tileport::ui::ThemeMode::Dark
                                                                  : tileport::ui::ThemeMode::Light);
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty() && !QFileInfo(files.first()).isFile()) {
        std::fprintf(stderr, "tileport-gui: %s: no such file\n", qPrintable(files.first()));
        return 2;
    }
    window.show();
    if (parser.isSet(shot)) {
        // Shoot once the kernel is loaded (or at once when there is none).
        const QString png = parser.value(shot);
        auto take = [&window, png] {
            QTimer::singleShot(300, &window, [&window, png] {
                const bool ok = window.grab().save(png);
                std::fprintf(ok ? stdout : stderr, ok ? "screenshot: %s\n" : "cannot write %s\n", qPrintable(png));
                QApplication::exit(ok ? 0 : 1);
            });
        };
        if (files.isEmpty())
            take();
        QObject::connect(&window, &tileport::ui::MainWindow::sourceOpened, &window, take);
        QObject::connect(&window, &tileport::ui::MainWindow::sourceOpenFailed, &window, [](const QString &e) {
            std::fprintf(stderr, "tileport-gui: %s\n", qPrintable(e));
            QApplication::exit(2);
        });
    }
    if (!files.isEmpty())
        window.openSource(files.first());
    return app.exec();
}
