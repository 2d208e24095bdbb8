// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The ssh runner against a real sshd on loopback, started by the suite with
// its own host key, client key and config: copy, run and collect, exit codes,
// time-outs, cancellation, a killed server and a stalled connection.
#include "runners/SshRunner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
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

bool portOpen(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

// "pid (comm) state ppid ..." from /proc; comm may hold spaces.
struct ProcStat {
    QString comm;
    char state = '?';
    qint64 ppid = -1;
};

std::optional<ProcStat> procStat(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray s = f.readAll();
    const qsizetype open = s.indexOf('('), close = s.lastIndexOf(')');
    if (open < 0 || close < 0)
        return std::nullopt;
    const QList<QByteArray> rest = s.mid(close + 2).split(' ');
    const QByteArray state = rest.value(0);
    return ProcStat{QString::fromUtf8(s.mid(open + 1, close - open - 1)), state.isEmpty() ? '?' : state.at(0),
                    rest.value(1).toLongLong()};
}

// Running, not a zombie left for an init that does not reap.
bool alive(qint64 pid)
{
    const auto st = procStat(pid);
    return st && st->state != 'Z' && st->state != 'X';
}

bool gone(qint64 pid, int withinMs)
{
    QElapsedTimer t;
    t.start();
    while (alive(pid) && t.elapsed() < withinMs)
        QThread::msleep(20);
    return !alive(pid);
}

QList<qint64> descendants(qint64 root)
{
    QList<qint64> found{root};
    for (qsizetype i = 0; i < found.size(); ++i) {
        for (const QString &name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            bool num = false;
            const qint64 pid = name.toLongLong(&num);
            if (!num || found.contains(pid))
                continue;
            if (const auto st = procStat(pid); st && st->ppid == found.at(i))
                found << pid;
        }
    }
    found.removeFirst();
    return found;
}

qint64 waitForPidFile(const QString &path, int withinMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < withinMs) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) {
            if (const qint64 pid = f.readAll().trimmed().toLongLong(); pid > 0)
                return pid;
        }
        QThread::msleep(20);
    }
    return -1;
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

} // namespace

class TestSshRunner : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_sshd;
    QString m_user;
    int m_port = 0;
    std::unique_ptr<QProcess> m_server;
    int m_bundles = 0;

    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString remoteDir() const { return path(QStringLiteral("remote")); }

    void startServer()
    {
        m_server = std::make_unique<QProcess>();
        m_server->setStandardErrorFile(path(QStringLiteral("sshd.log")), QIODevice::Append);
        m_server->start(m_sshd, {QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), path(QStringLiteral("sshd_config"))});
        QVERIFY2(m_server->waitForStarted(5'000), qPrintable(m_server->errorString()));
        QElapsedTimer t;
        t.start();
        while (!portOpen(m_port)) {
            QVERIFY2(m_server->state() == QProcess::Running && t.elapsed() < 10'000,
                     readFile(path(QStringLiteral("sshd.log"))).constData());
            QThread::msleep(20);
        }
    }

    std::unique_ptr<GpuRunner> runner(bool requireGpu = false, int port = 0)
    {
        SshOptions o;
        o.configFile = path(QStringLiteral("ssh_config"));
        o.requireGpu = requireGpu;
        o.connectTimeoutS = 5;
        o.serverAliveIntervalS = 1;
        o.serverAliveCountMax = 3;
        QString error;
        auto r = makeSshRunner(QStringLiteral("ssh://%1@127.0.0.1:%2%3").arg(m_user).arg(port ? port : m_port).arg(remoteDir()),
                               &error, o);
        if (!r)
            qWarning("%s", qPrintable(error));
        return r;
    }

    // A bundle holding run.sh (the harness) and an input file.
    QString bundle(const QByteArray &script)
    {
        const QString dir = path(QStringLiteral("bundles/%1").arg(++m_bundles));
        QDir().mkpath(dir);
        writeFile(dir + QStringLiteral("/run.sh"), "#!/bin/sh\n" + script, true);
        writeFile(dir + QStringLiteral("/input.txt"), "payload 42\n");
        return dir;
    }

    bool remoteIsEmpty() const
    {
        return QDir(remoteDir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_sshd = QStandardPaths::findExecutable(QStringLiteral("sshd"), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/local/sbin")});
        if (m_sshd.isEmpty() || QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty()
            || QStandardPaths::findExecutable(QStringLiteral("ssh-keygen")).isEmpty())
            QSKIP("needs sshd, ssh and ssh-keygen (openssh-server and openssh-client; ./scripts/setup installs them)");
        m_user = QString::fromLocal8Bit(::getpwuid(::getuid())->pw_name);
        // sshd refuses to start as root without its privilege separation directory.
        if (::getuid() == 0)
            QDir().mkpath(QStringLiteral("/run/sshd"));
        for (const char *key : {"host_key", "client_key"}) {
            QProcess keygen;
            keygen.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                                        QStringLiteral("-N"), QString(), QStringLiteral("-f"), path(QLatin1String(key))});
            QVERIFY(keygen.waitForFinished(10'000) && keygen.exitCode() == 0);
        }
        m_port = freePort();
        QVERIFY(m_port > 0);
        QVERIFY(QDir().mkpath(remoteDir()));
        QVERIFY(writeFile(path(QStringLiteral("authorized_keys")), readFile(path(QStringLiteral("client_key.pub")))));
        QVERIFY(writeFile(path(QStringLiteral("known_hosts")),
                          QStringLiteral("[127.0.0.1]:%1 ").arg(m_port).toUtf8() + readFile(path(QStringLiteral("host_key.pub")))));
        QVERIFY(writeFile(path(QStringLiteral("sshd_config")),
                          QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2\nPidFile %3\nAuthorizedKeysFile %4\n"
                                         "PubkeyAuthentication yes\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                                         "PermitRootLogin prohibit-password\nUsePAM no\nStrictModes no\nAllowUsers %5\n")
                              .arg(m_port)
                              .arg(path(QStringLiteral("host_key")), path(QStringLiteral("sshd.pid")),
                                   path(QStringLiteral("authorized_keys")), m_user)
                              .toUtf8()));
        // The runner reads this instead of ~/.ssh/config: our key, our known
        // hosts, and strict host key checking as a real user would have.
        QVERIFY(writeFile(path(QStringLiteral("ssh_config")),
                          QStringLiteral("Host *\n  IdentityFile %1\n  IdentitiesOnly yes\n  UserKnownHostsFile %2\n"
                                         "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n")
                              .arg(path(QStringLiteral("client_key")), path(QStringLiteral("known_hosts")))
                              .toUtf8()));
    }

    void init()
    {
        if (!m_server || m_server->state() != QProcess::Running)
            startServer();
    }

    void cleanupTestCase()
    {
        if (m_server) {
            m_server->kill();
            m_server->waitForFinished(5'000);
        }
    }

    void specsParse_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("destination");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("dir");
        QTest::newRow("host") << "ssh://gpu1/scratch/tp" << "gpu1" << 0 << "/scratch/tp";
        QTest::newRow("user and port") << "ssh://ana@gpu-1.lab.example:2222/srv/tp/" << "ana@gpu-1.lab.example" << 2222 << "/srv/tp";
        QTest::newRow("ipv6") << "ssh://[::1]:22/tmp/x" << "::1" << 22 << "/tmp/x";
        QTest::newRow("home") << "ssh://gpu1/~/tileport" << "gpu1" << 0 << "~/tileport";
    }

    void specsParse()
    {
        QFETCH(QString, spec);
        QFETCH(QString, destination);
        QFETCH(int, port);
        QFETCH(QString, dir);
        QString error;
        const auto t = SshTarget::parse(spec, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->destination(), destination);
        QCOMPARE(t->port, port);
        QCOMPARE(t->remoteDir, dir);
        QCOMPARE(SshTarget::parse(t->spec(), &error)->spec(), t->spec());
    }

    void malformedSpecsAreNamed_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("why");
        QTest::newRow("scheme") << "gpu1:/tmp" << "does not start with ssh://";
        QTest::newRow("no dir") << "ssh://gpu1" << "remote directory is missing";
        QTest::newRow("root dir") << "ssh://gpu1/" << "remote directory is missing";
        QTest::newRow("option injection") << "ssh://-oProxyCommand=x/tmp" << "not a valid host name";
        QTest::newRow("bad port") << "ssh://gpu1:99999/tmp" << "not a port number";
        QTest::newRow("empty port") << "ssh://gpu1:/tmp" << "not a port number";
        QTest::newRow("empty host") << "ssh://ana@/tmp" << "host is missing";
        QTest::newRow("bad user") << "ssh://a;b@gpu1/tmp" << "not a valid user name";
        QTest::newRow("other home") << "ssh://gpu1/~bob/x" << "own home directory";
    }

    void malformedSpecsAreNamed()
    {
        QFETCH(QString, spec);
        QFETCH(QString, why);
        QString error;
        QVERIFY(!makeSshRunner(spec, &error));
        QVERIFY2(error.contains(why) && error.contains(spec), qPrintable(error));
    }

    void probeReportsHostAndGpu()
    {
        QVERIFY(runner(false)->unavailableReason().isEmpty());
        if (QStandardPaths::findExecutable(QStringLiteral("nvidia-smi")).isEmpty()) {
            const QString why = runner(true)->unavailableReason();
            QVERIFY2(why.contains(QLatin1String("no nvidia-smi on the host")), qPrintable(why));
        }
        QElapsedTimer t;
        t.start();
        const QString down = runner(false, freePort())->unavailableReason();
        QVERIFY2(down.contains(QLatin1String("cannot reach")) && down.contains(QLatin1String("refused")), qPrintable(down));
        QVERIFY(t.elapsed() < 5'000);
    }

    void copiesRunsAndCollects()
    {
        const QString dir = bundle("set -e\nmkdir -p results\n"
                                   "printf '{\"input\": \"%s\", \"args\": \"%s\"}\\n' \"$(cat input.txt)\" \"$*\" > results/result.json\n"
                                   "echo harness ran\n");
        // A stale result from an earlier run is neither sent nor kept.
        QVERIFY(QDir().mkpath(dir + QStringLiteral("/results")));
        QVERIFY(writeFile(dir + QStringLiteral("/results/stale.txt"), "old"));
        RunnerJob job{dir, {QStringLiteral("run.sh"), QStringLiteral("a b"), QStringLiteral("it's")}, 20'000};
        const RunnerOutcome out = runner()->run(job);
        QVERIFY2(out.status == Status::Ok, qPrintable(out.reason + QLatin1Char('\n') + out.log));
        QCOMPARE(out.exitCode, 0);
        QVERIFY(out.log.contains(QLatin1String("harness ran")));
        QCOMPARE(readFile(dir + QStringLiteral("/results/result.json")), QByteArray("{\"input\": \"payload 42\", \"args\": \"a b it's\"}\n"));
        QVERIFY(!QFile::exists(dir + QStringLiteral("/results/stale.txt")));
        QVERIFY2(remoteIsEmpty(), "the remote job directory was left behind");
    }

    void exitCodeIsReported()
    {
        const QString dir = bundle("mkdir -p results; echo partial > results/partial.txt; echo broken >&2; exit 3\n");
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("./run.sh")}, 20'000});
        QCOMPARE(out.status, Status::Failed);
        QCOMPARE(out.exitCode, 3);
        QVERIFY2(out.reason.contains(QLatin1String("exited with code 3")), qPrintable(out.reason));
        QVERIFY(out.log.contains(QLatin1String("broken")));
        QCOMPARE(readFile(dir + QStringLiteral("/results/partial.txt")), QByteArray("partial\n"));
        QVERIFY(remoteIsEmpty());
    }

    void timeOutStopsTheRemoteCommand()
    {
        const QString pidFile = path(QStringLiteral("timeout.pid"));
        const QString dir = bundle("echo $$ > '" + pidFile.toUtf8() + "'; exec sleep 30\n");
        QElapsedTimer t;
        t.start();
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("run.sh")}, 1'500});
        QCOMPARE(out.status, Status::TimedOut);
        QVERIFY2(out.reason.contains(QLatin1String("time-out of 1500 ms")), qPrintable(out.reason));
        QVERIFY2(t.elapsed() < 8'000, qPrintable(QString::number(t.elapsed())));
        const qint64 pid = waitForPidFile(pidFile, 1'000);
        QVERIFY(pid > 0);
        QVERIFY2(gone(pid, 3'000), "the remote command outlived the time-out");
        QVERIFY(remoteIsEmpty());
    }

    void cancelStopsTheRemoteCommand()
    {
        const QString pidFile = path(QStringLiteral("cancel.pid"));
        const QString dir = bundle("echo $$ > '" + pidFile.toUtf8() + "'; exec sleep 30\n");
        std::atomic_bool cancel = false;
        qint64 pid = -1;
        std::thread canceller([&] {
            pid = waitForPidFile(pidFile, 10'000);
            cancel = true;
        });
        QElapsedTimer t;
        t.start();
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("run.sh")}, 30'000}, &cancel);
        canceller.join();
        QCOMPARE(out.status, Status::Cancelled);
        QVERIFY(t.elapsed() < 10'000);
        QVERIFY(pid > 0);
        QVERIFY2(gone(pid, 3'000), "the remote command outlived the cancel");
        QVERIFY(remoteIsEmpty());
    }

    void unreachableHostIsUnavailable()
    {
        const RunnerOutcome out = runner(false, freePort())->run({bundle("exit 0\n"), {QStringLiteral("run.sh")}, 10'000});
        QCOMPARE(out.status, Status::Unavailable);
        QVERIFY2(out.reason.contains(QLatin1String("cannot reach")), qPrintable(out.reason));
    }

    // The session freezes (no TCP reset): ServerAlive notices, and the runner
    // stops the orphaned command over a fresh connection.
    void stalledConnectionIsDetected()
    {
        const QString pidFile = path(QStringLiteral("stalled.pid"));
        const QString dir = bundle("echo $$ > '" + pidFile.toUtf8() + "'; exec sleep 30\n");
        QList<qint64> frozen;
        qint64 pid = -1;
        std::thread freezer([&] {
            pid = waitForPidFile(pidFile, 10'000);
            frozen = descendants(m_server->processId());
            for (qint64 p : frozen) {
                if (procStat(p) && procStat(p)->comm.startsWith(QLatin1String("sshd")))
                    ::kill(static_cast<pid_t>(p), SIGSTOP);
            }
        });
        QElapsedTimer t;
        t.start();
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("run.sh")}, 30'000});
        freezer.join();
        for (qint64 p : frozen) {
            if (procStat(p) && procStat(p)->comm.startsWith(QLatin1String("sshd"))) {
                ::kill(static_cast<pid_t>(p), SIGKILL);
                ::kill(static_cast<pid_t>(p), SIGCONT);
            }
        }
        qInfo("%s", qPrintable(out.reason));
        QCOMPARE(out.status, Status::Unavailable);
        QVERIFY2(out.reason.contains(QLatin1String("lost the connection"))
                     && out.reason.contains(QLatin1String("not responding"))
                     && out.reason.contains(QLatin1String("the command there was stopped")),
                 qPrintable(out.reason));
        QVERIFY2(t.elapsed() < 12'000, qPrintable(QString::number(t.elapsed())));
        QVERIFY(pid > 0);
        QVERIFY2(gone(pid, 3'000), "the orphaned command was not stopped");
    }

    // sshd and its sessions die mid-run: a clear Unavailable, no hang, and
    // the reason says what bounds the command left on the host.
    void killedServerIsReported()
    {
        const QString pidFile = path(QStringLiteral("killed.pid"));
        const QString dir = bundle("echo $$ > '" + pidFile.toUtf8() + "'; exec sleep 30\n");
        qint64 pid = -1;
        std::thread killer([&] {
            pid = waitForPidFile(pidFile, 10'000);
            // The listener dies first: once a session dies the runner
            // connects again at once, and a listener still alive then (a
            // loaded machine delays this thread) would let it in.
            const qint64 server = m_server->processId();
            const QList<qint64> sessions = descendants(server);
            ::kill(static_cast<pid_t>(server), SIGKILL);
            for (qint64 p : sessions) {
                if (procStat(p) && procStat(p)->comm.startsWith(QLatin1String("sshd")))
                    ::kill(static_cast<pid_t>(p), SIGKILL);
            }
        });
        QElapsedTimer t;
        t.start();
        const RunnerOutcome out = runner()->run({dir, {QStringLiteral("run.sh")}, 20'000});
        killer.join();
        m_server->waitForFinished(5'000);
        qInfo("%s", qPrintable(out.reason));
        QCOMPARE(out.status, Status::Unavailable);
        QVERIFY2(out.reason.contains(QLatin1String("lost the connection")) && out.reason.contains(QLatin1String("time-out of 22 s")),
                 qPrintable(out.reason));
        QVERIFY2(t.elapsed() < 10'000, qPrintable(QString::number(t.elapsed())));
        // The host could not be reached to stop it; tidy up here.
        if (pid > 0)
            ::kill(static_cast<pid_t>(pid), SIGKILL);
    }
};

QTEST_GUILESS_MAIN(TestSshRunner)
#include "tst_ssh_runner.moc"
