// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// A run's configs are read once and handed to every stage (RunConfigs);
// a file stage A rewrites during the run is read again.
#include "RunConfigs.h"
#include "support/TestFiles.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace tileport;

class TestRunConfigs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readOnceThenAgainWhenRewritten()
    {
        QTemporaryDir dir;
        const QString sidecar = dir.filePath(QStringLiteral("saxpy.tileport.json"));
        QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/saxpy.tileport.json"), sidecar));
        RunConfigs run;
        bool loaded = false;
        const frontend::KernelConfigFile &first = run.get(sidecar, &loaded);
        QVERIFY(loaded);
        const qsizetype n = first.configs.size();
        QVERIFY(n >= 2);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(run.get(sidecar).configs.size(), n);
        QCOMPARE(run.loads(), 1);

        // Stage A captures into the file: the next stage reads what it wrote.
        QThread::msleep(20);
        QFile out(sidecar);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(tileport::testing::readBytes(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/vector_add.tileport.json")));
        out.close();
        const frontend::KernelConfigFile &second = run.get(sidecar, &loaded);
        QVERIFY(loaded);
        QCOMPARE(run.loads(), 2);
        QCOMPARE(second.kernel, QStringLiteral("vector_add"));

        // A missing file is read (and refused) once too, as KernelConfigFile says.
        const QString none = dir.filePath(QStringLiteral("none.tileport.json"));
        QVERIFY(run.get(none, &loaded).configs.isEmpty());
        QVERIFY(!loaded);
        run.get(none, &loaded);
        QCOMPARE(run.loads(), 3);
    }
};

QTEST_GUILESS_MAIN(TestRunConfigs)
#include "tst_run_configs.moc"
