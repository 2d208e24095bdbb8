// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Bytecode/BytecodeHeader.h"

#include <QTest>

#include <vector>

using namespace tileport::tileir;

class TestBytecodeHeader : public QObject
{
    Q_OBJECT
private:
    static std::vector<uint8_t> header(uint8_t major, uint8_t minor)
    {
        return {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00, major, minor, 0, 0, 0x00};
    }

private Q_SLOTS:
    void acceptsSupportedVersions()
    {
        for (uint8_t minor : {1, 2, 3, 4}) {
            BytecodeHeader h;
            std::string err;
            QVERIFY2(parseBytecodeHeader(header(13, minor), h, err), err.c_str());
            QCOMPARE(h.major, 13);
            QCOMPARE(h.minor, int(minor));
        }
    }

    void rejectsBadMagic()
    {
        auto bytes = header(13, 3);
        bytes[0] = 0x7E;
        BytecodeHeader h;
        std::string err;
        QVERIFY(!parseBytecodeHeader(bytes, h, err));
        QCOMPARE(QString::fromStdString(err), QStringLiteral("offset 0: not Tile IR bytecode (bad magic)"));
    }

    void rejectsTruncated()
    {
        const auto bytes = header(13, 3);
        BytecodeHeader h;
        std::string err;
        QVERIFY(!parseBytecodeHeader(std::span(bytes.data(), 7), h, err));
        QVERIFY(err.starts_with("offset 7:"));
    }

    void rejectsUnknownVersion()
    {
        BytecodeHeader h;
        std::string err;
        QVERIFY(!parseBytecodeHeader(header(18, 0), h, err));
        QCOMPARE(QString::fromStdString(err), QStringLiteral("offset 8: unsupported Tile IR bytecode version 18.0"));
    }
};

QTEST_GUILESS_MAIN(TestBytecodeHeader)
#include "tst_bytecodeheader.moc"
