// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The Slurm runner against a real Slurm: munged, slurmctld and slurmd on
// loopback, started by the suite with their own key, sockets, ports, state
// and one CPU-only partition, all under the test's temporary directory.
// Bundles do CPU work; what is tested is the runner's contract: submission,
// job-array fan-out, collection, scancel, time-outs, a failing job, a job
// that never starts and a node whose slurmd dies mid-job; and `tileport
// batch --gpu slurm://...`, whose bundles go to the cluster as one array.
#include "BatchJournal.h"
#include "BatchReport.h"
#include "BatchRunner.h"
#include "runners/SlurmJobInfo.h"
#include "runners/SlurmRunner.h"

#include <QRegularExpression>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

using namespace tileport;
using Status = RunnerOutcome::Status;

namespace {

int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

bool writeFile(const QString &path, const QByteArray &data, bool executable = false)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        return false;
    if (executable)
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return true;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString comm(qint64 pid)
{
    return QString::fromUtf8(readFile(QStringLiteral("/proc/%1/comm").arg(pid))).trimmed();
}

bool alive(qint64 pid)
{
    const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(')');
    return close > 0 && stat.size() > close + 2 && stat.at(close + 2) != 'Z' && stat.at(close + 2) != 'X';
}

bool gone(qint64 pid, int withinMs)
{
    QElapsedTimer t;
    t.start();
    while (alive(pid) && t.elapsed() < withinMs)
        QThread::msleep(50);
    return !alive(pid);
}

QList<qint64> processesNamed(const QString &name)
{
    QList<qint64> found;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool num = false;
        const qint64 pid = entry.toLongLong(&num);
        if (num && comm(pid) == name)
            found << pid;
    }
    return found;
}

qint64 waitForPidFile(const QString &path, int withinMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < withinMs) {
        if (const qint64 pid = readFile(path).trimmed().toLongLong(); pid > 0)
            return pid;
        QThread::msleep(50);
    }
    return -1;
}

QString findTool(const char *name)
{
    return QStandardPaths::findExecutable(QLatin1String(name), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"),
                                                                QStringLiteral("/usr/local/sbin"), QStringLiteral("/usr/local/bin")});
}

} // namespace

class TestSlurmRunner : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_munged, m_slurmctld, m_slurmd;
    std::unique_ptr<QProcess> m_munge, m_ctld, m_node;
    int m_bundles = 0;

    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString stage() const { return path(QStringLiteral("stage")); }

    std::unique_ptr<QProcess> daemon(const QString &program, const QStringList &args, const QString &log)
    {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::MergedChannels);
        p->setStandardOutputFile(path(log), QIODevice::Append);
        p->start(program, args);
        if (!p->waitForStarted(5'000))
            qWarning("%s: %s", qPrintable(program), qPrintable(p->errorString()));
        return p;
    }

    QString sinfo(const QStringList &args) const
    {
        QProcess p;
        p.start(QStringLiteral("sinfo"), args);
        p.waitForFinished(10'000);
        return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()).trimmed();
    }

    QString jobState(const QString &id) const
    {
        QProcess p;
        p.start(QStringLiteral("scontrol"), {QStringLiteral("-o"), QStringLiteral("show"), QStringLiteral("job"), id});
        p.waitForFinished(10'000);
        const QList<SlurmJobInfo> jobs = SlurmJobInfo::parse(QString::fromUtf8(p.readAllStandardOutput()));
        return jobs.isEmpty() ? QString() : jobs.first().state;
    }

    void startNode()
    {
        m_node = daemon(m_slurmd, {QStringLiteral("-D"), QStringLiteral("-N"), QStringLiteral("tpnode")}, QStringLiteral("slurmd.out"));
        QElapsedTimer t;
        t.start();
        // Up when the node is idle in the partition (ReturnToService=2
        // brings a node back from DOWN once its slurmd registers).
        while (sinfo({QStringLiteral("-h"), QStringLiteral("-p"), QStringLiteral("tpcpu"), QStringLiteral("-o"), QStringLiteral("%t")})
               != QLatin1String("idle")) {
            QVERIFY2(m_node->state() == QProcess::Running && t.elapsed() < 30'000,
                     qPrintable(sinfo({}) + QLatin1Char('\n') + QString::fromUtf8(readFile(path(QStringLiteral("log/slurmd.log"))).right(2000))));
            QThread::msleep(200);
        }
    }

    std::unique_ptr<GpuRunner> runner(const QString &query = {}, const QString &partition = QStringLiteral("tpcpu"))
    {
        SlurmOptions o;
        o.pollMs = 250;
        o.settleMs = 30'000;
        QString error;
        const QString spec = QStringLiteral("slurm://%1?stage=%2%3").arg(partition, stage(), query.isEmpty() ? QString() : QLatin1Char('&') + query);
        auto r = makeSlurmRunner(spec, &error, o);
        if (!r)
            qWarning("%s", qPrintable(error));
        return r;
    }

    QString bundle(const QByteArray &script)
    {
        const QString dir = path(QStringLiteral("bundles/%1").arg(++m_bundles));
        QDir().mkpath(dir);
        writeFile(dir + QStringLiteral("/run.sh"), "#!/bin/sh\n" + script, true);
        writeFile(dir + QStringLiteral("/input.txt"), "payload 42\n");
        return dir;
    }

    bool stageIsEmpty() const
    {
        return QDir(stage()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty();
    }

    // CPU work: sums the input's numbers in awk, and says where it ran.
    static QByteArray cpuWork()
    {
        return "set -e\nmkdir -p results\n"
               "sum=$(seq 1 200000 | awk '{s+=$1} END {print s}')\n"
               "printf '{\"input\": \"%s\", \"sum\": %s, \"job\": \"%s\", \"array\": \"%s\", \"task\": \"%s\", \"args\": \"%s\"}\\n'"
               " \"$(cat input.txt)\" \"$sum\" \"$SLURM_JOB_ID\" \"${SLURM_ARRAY_JOB_ID:-}\" \"${SLURM_ARRAY_TASK_ID:-}\" \"$*\""
               " > results/result.json\n"
               "echo harness ran\n";
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_munged = findTool("munged");
        m_slurmctld = findTool("slurmctld");
        m_slurmd = findTool("slurmd");
        if (m_munged.isEmpty() || m_slurmctld.isEmpty() || m_slurmd.isEmpty() || findTool("sbatch").isEmpty())
            QSKIP("needs munged, slurmctld, slurmd and the Slurm client (munge, slurmctld, slurmd, slurm-client; "
                  "./scripts/setup installs them)");
        // slurmd starts every job as its submitting user, which needs root.
        if (::getuid() != 0)
            QSKIP("slurmd must run as root to launch jobs; run the suite as root (the build root's tests do)");
        for (const char *d : {"state", "spool", "log", "munge", "stage"})
            QVERIFY(QDir().mkpath(path(QLatin1String(d))));
        QByteArray key(1024, '\0');
        for (char &c : key)
            c = char(QRandomGenerator::global()->generate());
        QVERIFY(writeFile(path(QStringLiteral("munge/key")), key));
        QFile::setPermissions(path(QStringLiteral("munge/key")), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QFile::setPermissions(path(QStringLiteral("munge")), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        const QString socket = path(QStringLiteral("munge/socket"));
        m_munge = daemon(m_munged, {QStringLiteral("--foreground"), QStringLiteral("--force"), QStringLiteral("--socket=") + socket,
                                    QStringLiteral("--key-file=") + path(QStringLiteral("munge/key")),
                                    QStringLiteral("--pid-file=") + path(QStringLiteral("munge/pid")),
                                    QStringLiteral("--seed-file=") + path(QStringLiteral("munge/seed")),
                                    QStringLiteral("--log-file=") + path(QStringLiteral("munge/log"))},
                         QStringLiteral("munged.out"));
        QElapsedTimer t;
        t.start();
        while (!QFile::exists(socket)) {
            QVERIFY2(m_munge->state() == QProcess::Running && t.elapsed() < 10'000, readFile(path(QStringLiteral("munged.out"))).constData());
            QThread::msleep(50);
        }
        const int ctldPort = freePort(), slurmdPort = freePort();
        QVERIFY(ctldPort > 0 && slurmdPort > 0 && ctldPort != slurmdPort);
        // Only what this cluster needs: no cgroups, no accounting, a short
        // SlurmdTimeout so a dead slurmd is noticed within seconds.
        QVERIFY(writeFile(path(QStringLiteral("slurm.conf")),
                          QStringLiteral("ClusterName=tileport-test\nSlurmctldHost=localhost(127.0.0.1)\n"
                                         "SlurmctldPort=%1\nSlurmdPort=%2\nSlurmUser=root\nSlurmdUser=root\n"
                                         "AuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket=%3\n"
                                         "StateSaveLocation=%4/state\nSlurmdSpoolDir=%4/spool\n"
                                         "SlurmctldPidFile=%4/slurmctld.pid\nSlurmdPidFile=%4/slurmd.pid\n"
                                         "SlurmctldLogFile=%4/log/slurmctld.log\nSlurmdLogFile=%4/log/slurmd.log\n"
                                         "ProctrackType=proctrack/pgid\nTaskPlugin=task/none\n"
                                         "JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n"
                                         "JobCompType=jobcomp/none\nSelectType=select/cons_tres\nSelectTypeParameters=CR_Core\n"
                                         "SlurmdParameters=config_overrides\nReturnToService=2\nSlurmdTimeout=5\n"
                                         "MessageTimeout=5\nKillWait=2\nMinJobAge=300\nJobRequeue=0\nMpiDefault=none\n"
                                         "NodeName=tpnode NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=4 RealMemory=1000 State=UNKNOWN\n"
                                         "PartitionName=tpcpu Nodes=tpnode Default=YES MaxTime=INFINITE State=UP\n"
                                         "PartitionName=tpdown Nodes=tpnode MaxTime=INFINITE State=DOWN\n")
                              .arg(ctldPort)
                              .arg(slurmdPort)
                              .arg(socket, m_dir.path())
                              .toUtf8()));
        QVERIFY(writeFile(path(QStringLiteral("cgroup.conf")), "CgroupPlugin=disabled\n"));
        // The daemons, the runner's sbatch/scontrol/scancel and our own
        // sinfo all read this configuration.
        qputenv("SLURM_CONF", path(QStringLiteral("slurm.conf")).toUtf8());
        m_ctld = daemon(m_slurmctld, {QStringLiteral("-D"), QStringLiteral("-i")}, QStringLiteral("slurmctld.out"));
        t.restart();
        while (!sinfo({QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%P")}).contains(QLatin1String("tpcpu"))) {
            QVERIFY2(m_ctld->state() == QProcess::Running && t.elapsed() < 30'000,
                     readFile(path(QStringLiteral("log/slurmctld.log"))).right(2000).constData());
            QThread::msleep(200);
        }
        startNode();
    }

    void init()
    {
        if (m_ctld && (!m_node || m_node->state() != QProcess::Running))
            startNode();
    }

    void cleanupTestCase()
    {
        for (auto *p : {&m_node, &m_ctld, &m_munge}) {
            if (*p) {
                (*p)->terminate();
                if (!(*p)->waitForFinished(5'000)) {
                    (*p)->kill();
                    (*p)->waitForFinished(5'000);
                }
            }
        }
        // Job steps that outlived their slurmd (killedSlurmdIsANodeFailure).
        for (qint64 pid : processesNamed(QStringLiteral("slurmstepd"))) {
            if (QString::fromUtf8(readFile(QStringLiteral("/proc/%1/environ").arg(pid))).contains(m_dir.path()))
                ::kill(pid_t(pid), SIGKILL);
        }
    }

    void specsParse_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("partition");
        QTest::addColumn<QStringList>("options");
        QTest::newRow("default partition") << "slurm://" << "" << QStringList{QStringLiteral("--time=11")};
        QTest::newRow("partition") << "slurm://gpu" << "gpu" << QStringList{QStringLiteral("--partition=gpu"), QStringLiteral("--time=11")};
        QTest::newRow("everything")
            << "slurm://gpu?gres=gpu:h200:1&time=30&account=proj-7&qos=high" << "gpu"
            << QStringList{QStringLiteral("--partition=gpu"), QStringLiteral("--gres=gpu:h200:1"), QStringLiteral("--account=proj-7"),
                           QStringLiteral("--qos=high"), QStringLiteral("--time=30")};
        QTest::newRow("time forms") << "slurm://a?time=1-02:30" << "a"
                                    << QStringList{QStringLiteral("--partition=a"), QStringLiteral("--time=1-02:30")};
    }

    void specsParse()
    {
        QFETCH(QString, spec);
        QFETCH(QString, partition);
        QFETCH(QStringList, options);
        QString error;
        const auto t = SlurmTarget::parse(spec, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->partition, partition);
        QCOMPARE(t->submitOptions(11), options);
        QCOMPARE(SlurmTarget::parse(t->spec(), &error)->spec(), t->spec());
        QVERIFY(makeGpuRunner(spec, &error));
    }

    void malformedSpecsAreNamed_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("why");
        QTest::newRow("option injection") << "slurm://-x" << "not a partition name";
        QTest::newRow("bad time") << "slurm://gpu?time=soon" << "not a Slurm time limit";
        QTest::newRow("bad gres") << "slurm://gpu?gres=gpu;1" << "not a GRES request";
        QTest::newRow("unknown key") << "slurm://gpu?nodes=4" << "unknown parameter 'nodes'";
        QTest::newRow("relative stage") << "slurm://gpu?stage=scratch" << "must be an absolute path";
        QTest::newRow("empty value") << "slurm://gpu?account=" << "has no value";
    }

    void malformedSpecsAreNamed()
    {
        QFETCH(QString, spec);
        QFETCH(QString, why);
        QString error;
        QVERIFY(!makeGpuRunner(spec, &error));
        QVERIFY2(error.contains(why) && error.contains(spec), qPrintable(error));
    }

    void timeFormsAreSeconds()
    {
        QCOMPARE(slurmTimeSeconds(QStringLiteral("30")), 1800);
        QCOMPARE(slurmTimeSeconds(QStringLiteral("0:05")), 5);
        QCOMPARE(slurmTimeSeconds(QStringLiteral("1:00:00")), 3600);
        QCOMPARE(slurmTimeSeconds(QStringLiteral("2-1")), 2 * 86400 + 3600);
        QCOMPARE(slurmTimeSeconds(QStringLiteral("x")), -1);
    }

    void probeAsksTheCluster()
    {
        QString why = runner()->unavailableReason();
        QVERIFY2(why.isEmpty(), qPrintable(why));
        why = runner({}, QStringLiteral("nope"))->unavailableReason();
        QVERIFY2(why.contains(QLatin1String("no partition 'nope'")), qPrintable(why));
        why = runner({}, QStringLiteral("tpdown"))->unavailableReason();
        QVERIFY2(why.contains(QLatin1String("tpdown is down")), qPrintable(why));
        why = runner(QStringLiteral("gres=gpu:1"))->unavailableReason();
        QVERIFY2(why.contains(QLatin1String("offers no 'gpu' GRES")), qPrintable(why));
    }

    void submitsRunsAndCollects()
    {
        const QString dir = bundle(cpuWork());
        QVERIFY(QDir().mkpath(dir + QStringLiteral("/results")));
        QVERIFY(writeFile(dir + QStringLiteral("/results/stale.txt"), "old"));
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("run.sh"), QStringLiteral("a b"), QStringLiteral("it's")}, 60'000});
        QVERIFY2(out.status == Status::Ok, qPrintable(out.reason + QLatin1Char('\n') + out.log));
        QCOMPARE(out.exitCode, 0);
        QVERIFY(out.log.contains(QLatin1String("harness ran")));
        const QByteArray result = readFile(dir + QStringLiteral("/results/result.json"));
        QVERIFY2(result.startsWith("{\"input\": \"payload 42\", \"sum\": 20000100000, \"job\": \""), result.constData());
        QVERIFY2(!result.contains("\"job\": \"\"") && result.contains("\"args\": \"a b it's\""), result.constData());
        QVERIFY(!QFile::exists(dir + QStringLiteral("/results/stale.txt")));
        QVERIFY2(stageIsEmpty(), "the staging directory was left behind");
    }

    // One sbatch --array for all bundles; each task's results come back to
    // its own bundle, and progress names each task as it moves.
    void arrayFansOut()
    {
        QList<RunnerJob> jobs;
        for (int i = 0; i < 3; ++i)
            jobs << RunnerJob{bundle(cpuWork() + (i == 1 ? "echo task one fails >&2; exit 5\n" : "")), {QStringLiteral("run.sh")}, 60'000};
        QMutex mutex;
        QList<QStringList> seen(3);
        QStringList ids(3);
        const QList<RunnerOutcome> outs = runner()->runMany(jobs, nullptr, [&](int i, RunnerJobState s, const QString &id) {
            QMutexLocker lock(&mutex);
            seen[i] << (s == RunnerJobState::Pending ? QStringLiteral("pending") : s == RunnerJobState::Running ? QStringLiteral("running")
                                                                                                                 : QStringLiteral("done"));
            ids[i] = id;
        });
        QCOMPARE(outs.size(), 3);
        QString arrayId;
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(seen[i].first(), QStringLiteral("pending"));
            QCOMPARE(seen[i].last(), QStringLiteral("done"));
            QVERIFY2(seen[i].size() == 3 || seen[i].size() == 2, qPrintable(seen[i].join(QLatin1Char(','))));
            const QByteArray result = readFile(jobs[i].bundleDir + QStringLiteral("/results/result.json"));
            QVERIFY2(result.contains(QStringLiteral("\"task\": \"%1\"").arg(i).toUtf8()), result.constData());
            const QString array = QString::fromUtf8(result).section(QStringLiteral("\"array\": \""), 1).section(QLatin1Char('"'), 0, 0);
            QVERIFY(!array.isEmpty());
            if (arrayId.isEmpty())
                arrayId = array;
            QCOMPARE(array, arrayId); // one array
            QCOMPARE(ids[i], QStringLiteral("%1_%2").arg(arrayId).arg(i));
        }
        QVERIFY2(outs[0].status == Status::Ok && outs[2].status == Status::Ok, qPrintable(outs[0].reason + outs[2].reason));
        QCOMPARE(outs[1].status, Status::Failed);
        QCOMPARE(outs[1].exitCode, 5);
        QVERIFY2(outs[1].reason.contains(QLatin1String("exited with code 5")), qPrintable(outs[1].reason));
        QVERIFY(outs[1].log.contains(QLatin1String("task one fails")));
        QVERIFY(stageIsEmpty());
    }

    // `batch --gpu slurm://...`: each built kernel's host bundle is made as
    // stage D makes it, and all checks go to Slurm as one job array. Each
    // bundle's steps are reported as they move, and what each task's
    // harness wrote comes back into its bundle and its rows. The node has
    // no GPU, so every harness says so: the rows carry its own reason.
    void batchSubmitsItsBundlesAsOneArray()
    {
        const Toolchains tools = Toolchains::fromEnvironment();
        if (tools.cargo.isEmpty() || tools.python.isEmpty())
            QSKIP("needs cargo and the Python with cuda-tile for the batch's builds and references (./scripts/setup)");
        QTemporaryDir src, work;
        QVERIFY(src.isValid() && work.isValid());
        for (const char *f : {"tile_ops.py", "tile_ops.tileport.json"})
            QVERIFY(QFile::copy(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/batch/") + QLatin1String(f),
                                src.filePath(QLatin1String(f))));
        BatchRunner::Options options{src.path(), 2, true, work.path(), 900'000};
        options.gpu = QStringLiteral("slurm://tpcpu?stage=%1").arg(stage());
        BatchRunner runner(options, tools);
        QHash<QString, QStringList> checkStates, bundleStates;
        QHash<QString, QString> checkJobs;
        QStringList lines;
        connect(&runner, &BatchRunner::gpuProgress, this,
                [&](const QString &label, const QString &step, const QString &state, const QString &job, int done, int total) {
                    lines << BatchReport::gpuProgressLine(label, step, state, job, done, total);
                    if (step == QLatin1String("bundle"))
                        bundleStates[label] << state;
                    if (step == QLatin1String("check")) {
                        checkStates[label] << state;
                        if (!job.isEmpty())
                            checkJobs[label] = job;
                    }
                });
        QCOMPARE(runner.runToCompletion(), QString());
        const QStringList kernels{QStringLiteral("tile_ops.py double_tiles"), QStringLiteral("tile_ops.py copy_vec")};
        QStringList said = lines;
        for (const BatchRow &r : runner.rows())
            said << QStringLiteral("%1 %2: built %3, ir %4, check %5: %6")
                        .arg(r.kernel, r.config, BatchRow::text(r.built), r.irVerdict, r.gpuCheck, r.gpuReason);
        QVERIFY2(checkStates.size() == 2, qPrintable(said.join(QLatin1Char('\n'))));
        QString arrayId;
        for (const QString &k : kernels) {
            QCOMPARE(bundleStates.value(k), (QStringList{QStringLiteral("running"), QStringLiteral("done")}));
            const QStringList seen = checkStates.value(k);
            QVERIFY2(!seen.isEmpty() && seen.first() == QLatin1String("pending") && seen.last() == QLatin1String("done"),
                     qPrintable(lines.join(QLatin1Char('\n'))));
            const QString job = checkJobs.value(k);
            QVERIFY2(job.contains(QLatin1Char('_')), qPrintable(job));
            if (arrayId.isEmpty())
                arrayId = job.section(QLatin1Char('_'), 0, 0);
            QCOMPARE(job.section(QLatin1Char('_'), 0, 0), arrayId); // one array for both
        }
        QVERIFY2(lines.contains(QStringLiteral("gpu check [2/2] %1: done (job %2)").arg(kernels[0], checkJobs.value(kernels[0])))
                     || lines.contains(QStringLiteral("gpu check [2/2] %1: done (job %2)").arg(kernels[1], checkJobs.value(kernels[1]))),
                 qPrintable(lines.join(QLatin1Char('\n'))));

        // Each bundle's results/check.json came back from its task, and
        // every config row of that kernel carries its verdict and reason.
        QJsonObject harnessSaid;
        for (const QString &kernel : {QStringLiteral("double_tiles"), QStringLiteral("copy_vec")}) {
            QFile f(work.filePath(QStringLiteral("tile_ops/%1/bundle/results/check.json").arg(kernel)));
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
            const QJsonObject blocked = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("blocked")).toObject();
            QCOMPARE(blocked.value(QStringLiteral("owner")).toString(), QStringLiteral("env"));
            harnessSaid.insert(kernel, blocked.value(QStringLiteral("reason")));
        }
        const QList<BatchRow> &rows = runner.rows();
        QCOMPARE(rows.size(), 6);
        for (const BatchRow &r : rows) {
            QCOMPARE(r.built, BatchRow::Step::Yes);
            QCOMPARE(r.gpuCheck, QStringLiteral("BLOCKED(env)"));
            QCOMPARE(r.gpuReason, harnessSaid.value(r.kernel).toString());
            QVERIFY(!r.gpuReason.isEmpty());
            QCOMPARE(r.gpuJob, checkJobs.value(QStringLiteral("tile_ops.py ") + r.kernel));
            QCOMPARE(r.ratio, 0.0); // nothing ran, so E was not asked
        }
        const QString table = BatchReport::table(rows, false, false, true);
        QVERIFY2(table.section(QLatin1Char('\n'), 0, 0).contains(QRegularExpression(QStringLiteral("\\bcheck +rust/ref\\b"))),
                 qPrintable(table));
        QVERIFY2(table.contains(QLatin1String("BLOCKED(env)")), qPrintable(table));
        QVERIFY2(BatchReport::summary(BatchReport::count(rows, 1), 0).contains(QLatin1String("stage D per config: 0 pass, 0 fail, 6 not checked")),
                 qPrintable(BatchReport::summary(BatchReport::count(rows, 1), 0)));
        // The journal holds the rows with their GPU outcome (what --resume reads).
        const BatchJournal::Contents journal = BatchJournal::read(BatchJournal::pathIn(work.path()));
        QCOMPARE(journal.header.gpu, options.gpu);
        QCOMPARE(journal.rows.value(QStringLiteral("tile_ops.py")).size(), 6);
        for (const BatchRow &r : journal.rows.value(QStringLiteral("tile_ops.py")))
            QCOMPARE(r.gpuCheck, QStringLiteral("BLOCKED(env)"));
        QVERIFY(stageIsEmpty());
    }

    void failingJobIsReported()
    {
        const QString dir = bundle("mkdir -p results; echo partial > results/partial.txt; echo broken >&2; exit 3\n");
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("./run.sh")}, 60'000});
        QCOMPARE(out.status, Status::Failed);
        QCOMPARE(out.exitCode, 3);
        QVERIFY2(out.reason.contains(QLatin1String("exited with code 3")) && out.reason.contains(QLatin1String("FAILED")),
                 qPrintable(out.reason));
        QVERIFY(out.log.contains(QLatin1String("broken")));
        QCOMPARE(readFile(dir + QStringLiteral("/results/partial.txt")), QByteArray("partial\n"));
        QVERIFY(stageIsEmpty());
    }

    void cancelIsScancel()
    {
        const QString pidFile = path(QStringLiteral("cancel.pid"));
        const QString dir = bundle("echo $$ > '" + pidFile.toUtf8() + "'; echo $SLURM_JOB_ID > '" + pidFile.toUtf8() + ".job'; exec sleep 120\n");
        std::atomic_bool cancel = false;
        qint64 pid = -1;
        std::thread canceller([&] {
            pid = waitForPidFile(pidFile, 30'000);
            cancel = true;
        });
        QElapsedTimer t;
        t.start();
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("run.sh")}, 120'000}, &cancel);
        canceller.join();
        QCOMPARE(out.status, Status::Cancelled);
        QVERIFY2(out.reason.contains(QLatin1String("CANCELLED")) && out.reason.contains(QLatin1String("scancel")), qPrintable(out.reason));
        QVERIFY2(t.elapsed() < 40'000, qPrintable(QString::number(t.elapsed())));
        QVERIFY(pid > 0);
        QVERIFY2(gone(pid, 10'000), "the job outlived scancel");
        QCOMPARE(jobState(QString::fromUtf8(readFile(pidFile + QStringLiteral(".job"))).trimmed()), QStringLiteral("CANCELLED"));
        QVERIFY(stageIsEmpty());
    }

    // The runner's own time-out: the job is cancelled with scancel.
    void timeOutCancelsTheJob()
    {
        const QString pidFile = path(QStringLiteral("timeout.pid"));
        const QString dir = bundle("echo $$ > '" + pidFile.toUtf8() + "'; exec sleep 120\n");
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("run.sh")}, 3'000});
        QCOMPARE(out.status, Status::TimedOut);
        QVERIFY2(out.reason.contains(QLatin1String("time-out of 3000 ms")) && out.reason.contains(QLatin1String("scancel")),
                 qPrintable(out.reason));
        const qint64 pid = waitForPidFile(pidFile, 1'000);
        QVERIFY(pid > 0);
        QVERIFY2(gone(pid, 10'000), "the job outlived its time-out");
        QVERIFY(stageIsEmpty());
    }

    // Slurm's own time limit (time=1: one minute, Slurm's smallest unit)
    // ends the job; the outcome carries Slurm's state and reason.
    void slurmTimeLimitIsSlurmsReason()
    {
        const QString dir = bundle("exec sleep 300\n");
        QElapsedTimer t;
        t.start();
        const RunnerOutcome out = runner(QStringLiteral("time=1"))->run({dir, {QStringLiteral("run.sh")}, 240'000});
        qInfo("%s after %lld ms", qPrintable(out.reason), t.elapsed());
        QCOMPARE(out.status, Status::TimedOut);
        QVERIFY2(out.reason.startsWith(QLatin1String("Slurm: job ")) && out.reason.contains(QLatin1String("TIMEOUT"))
                     && out.reason.contains(QLatin1String("TimeLimit")),
                 qPrintable(out.reason));
        QVERIFY(stageIsEmpty());
    }

    void neverStartingJobIsCancelled()
    {
        const QString dir = bundle(cpuWork());
        const RunnerOutcome out = runner(QStringLiteral("wait=0:03"), QStringLiteral("tpdown"))->run({dir, {QStringLiteral("run.sh")}, 60'000});
        QCOMPARE(out.status, Status::Unavailable);
        QVERIFY2(out.reason.contains(QLatin1String("PENDING")) && out.reason.contains(QLatin1String("PartitionDown"))
                     && out.reason.contains(QLatin1String("did not start within 3 s")),
                 qPrintable(out.reason));
        QVERIFY(!QFile::exists(dir + QStringLiteral("/results/result.json")));
        QVERIFY(stageIsEmpty());
    }

    // The node dies mid-job: slurmd and its job steps are killed, slurmctld
    // notices after SlurmdTimeout and ends the job NODE_FAIL.
    void killedSlurmdIsANodeFailure()
    {
        const QString pidFile = path(QStringLiteral("killed.pid"));
        const QString dir = bundle("echo $$ > '" + pidFile.toUtf8() + "'; exec sleep 120\n");
        qint64 pid = -1;
        std::thread killer([&] {
            pid = waitForPidFile(pidFile, 30'000);
            for (qint64 p : processesNamed(QStringLiteral("slurmstepd")))
                ::kill(pid_t(p), SIGKILL);
            ::kill(pid_t(m_node->processId()), SIGKILL);
            if (pid > 0)
                ::kill(pid_t(pid), SIGKILL);
        });
        QElapsedTimer t;
        t.start();
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("run.sh")}, 120'000});
        killer.join();
        m_node->waitForFinished(5'000);
        qInfo("%s after %lld ms", qPrintable(out.reason), t.elapsed());
        QCOMPARE(out.status, Status::Unavailable);
        QVERIFY2(out.reason.contains(QLatin1String("NODE_FAIL")) && out.reason.contains(QLatin1String("tpnode")), qPrintable(out.reason));
        QVERIFY2(t.elapsed() < 90'000, qPrintable(QString::number(t.elapsed())));
        QVERIFY(stageIsEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSlurmRunner)
#include "tst_slurm_runner.moc"
