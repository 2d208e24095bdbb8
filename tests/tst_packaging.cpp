// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// packaging/: the desktop entry, the icon and the AppStream metainfo agree
// with each other and with the programs; appstreamcli validates the
// metainfo where it is installed.
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <QXmlStreamReader>

namespace {

const QString kDir = QStringLiteral(TILEPORT_SOURCE_DIR "/packaging/");
const QString kId = QStringLiteral("dev.tileport.TilePort");

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The text of every element named NAME, in document order; empty on malformed XML.
QStringList elements(const QByteArray &xml, const QString &name, QString *error)
{
    QStringList out;
    QXmlStreamReader r(xml);
    while (!r.atEnd()) {
        if (r.readNext() == QXmlStreamReader::StartElement && r.name() == name)
            out << r.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    if (r.hasError())
        *error = r.errorString();
    return out;
}

} // namespace

class TestPackaging : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void desktopEntry()
    {
        const QString text = QString::fromUtf8(readFile(kDir + kId + QStringLiteral(".desktop")));
        QVERIFY(text.contains(QStringLiteral("\n[Desktop Entry]\n")));
        for (const QString &line : {QStringLiteral("Type=Application"), QStringLiteral("Exec=tileport-gui %f"), QStringLiteral("Icon=") + kId,
                                    QStringLiteral("Categories=Development;IDE;")})
            QVERIFY2(text.contains(QLatin1Char('\n') + line + QLatin1Char('\n')), qPrintable(line));
    }

    void iconIsAnSvg()
    {
        QString error;
        const QByteArray svg = readFile(kDir + kId + QStringLiteral(".svg"));
        QCOMPARE(elements(svg, QStringLiteral("svg"), &error).size(), 1);
        QCOMPARE(error, QString());
        QVERIFY(svg.contains("viewBox=\"0 0 128 128\""));
    }

    void metainfoNamesTheDesktopEntry()
    {
        QString error;
        const QByteArray xml = readFile(kDir + kId + QStringLiteral(".metainfo.xml"));
        QCOMPARE(elements(xml, QStringLiteral("id"), &error), QStringList{kId});
        QCOMPARE(elements(xml, QStringLiteral("launchable"), &error), QStringList{kId + QStringLiteral(".desktop")});
        QCOMPARE(elements(xml, QStringLiteral("binary"), &error), (QStringList{QStringLiteral("tileport"), QStringLiteral("tileport-gui")}));
        QCOMPARE(elements(xml, QStringLiteral("release"), &error).size(), 1);
        QVERIFY(xml.contains("<release version=\"" TILEPORT_VERSION "\""));
        QCOMPARE(error, QString());
    }

    void appstreamValidates()
    {
        const QString tool = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
        if (tool.isEmpty())
            QSKIP("appstreamcli is not installed in this build root (Debian package appstream)");
        QProcess p;
        p.start(tool, {QStringLiteral("validate"), QStringLiteral("--no-net"), kDir + kId + QStringLiteral(".metainfo.xml")});
        QVERIFY(p.waitForFinished(60'000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardOutput().constData());
    }
};

QTEST_GUILESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
