// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SshTarget.h"

#include <QRegularExpression>

namespace tileport {

namespace {

std::optional<SshTarget> fail(QString *error, const QString &spec, const QString &why)
{
    if (error)
        *error = QStringLiteral("bad ssh runner '%1': %2 (expected ssh://[user@]host[:port]/remote/dir)").arg(spec, why);
    return std::nullopt;
}

// Names that cannot be mistaken for ssh options or shell syntax.
bool plainName(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]*$"));
    return re.match(s).hasMatch();
}

} // namespace

QString shellQuote(const QString &s)
{
    QString out = s;
    out.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

std::optional<SshTarget> SshTarget::parse(const QString &spec, QString *error)
{
    const QLatin1String scheme("ssh://");
    if (!spec.startsWith(scheme))
        return fail(error, spec, QStringLiteral("it does not start with ssh://"));
    const QString rest = spec.mid(scheme.size());
    const qsizetype slash = rest.indexOf(QLatin1Char('/'));
    if (slash < 0 || slash == rest.size() - 1)
        return fail(error, spec, QStringLiteral("the remote directory is missing"));
    QString authority = rest.left(slash);
    QString path = rest.mid(slash);
    for (const QChar c : path) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return fail(error, spec, QStringLiteral("the remote directory contains a control character"));
    }
    while (path.size() > 1 && path.endsWith(QLatin1Char('/')))
        path.chop(1);

    SshTarget t;
    if (const qsizetype at = authority.lastIndexOf(QLatin1Char('@')); at >= 0) {
        t.user = authority.left(at);
        authority = authority.mid(at + 1);
        if (!plainName(t.user))
            return fail(error, spec, QStringLiteral("'%1' is not a valid user name").arg(t.user));
    }
    QString portText;
    if (authority.startsWith(QLatin1Char('['))) {
        const qsizetype close = authority.indexOf(QLatin1Char(']'));
        if (close < 0)
            return fail(error, spec, QStringLiteral("unclosed '[' in the host"));
        t.host = authority.mid(1, close - 1);
        const QString after = authority.mid(close + 1);
        if (!after.isEmpty() && !after.startsWith(QLatin1Char(':')))
            return fail(error, spec, QStringLiteral("unexpected '%1' after the host").arg(after));
        portText = after.mid(1);
        static const QRegularExpression v6(QStringLiteral("^[0-9A-Fa-f:.]+$"));
        if (!v6.match(t.host).hasMatch())
            return fail(error, spec, QStringLiteral("'%1' is not an IPv6 address").arg(t.host));
    } else {
        const qsizetype colon = authority.indexOf(QLatin1Char(':'));
        t.host = colon < 0 ? authority : authority.left(colon);
        if (colon >= 0)
            portText = authority.mid(colon + 1);
        if (t.host.isEmpty())
            return fail(error, spec, QStringLiteral("the host is missing"));
        if (!plainName(t.host))
            return fail(error, spec, QStringLiteral("'%1' is not a valid host name").arg(t.host));
    }
    if (!portText.isEmpty() || authority.endsWith(QLatin1Char(':'))) {
        bool ok = false;
        t.port = portText.toInt(&ok);
        if (!ok || t.port < 1 || t.port > 65535)
            return fail(error, spec, QStringLiteral("'%1' is not a port number (1-65535)").arg(portText));
    }
    if (path == QLatin1String("/~") || path.startsWith(QLatin1String("/~/")))
        t.remoteDir = path.mid(1);
    else if (path.startsWith(QLatin1String("/~")))
        return fail(error, spec, QStringLiteral("only the own home directory (/~/...) is supported"));
    else
        t.remoteDir = path;
    if (t.remoteDir == QLatin1String("/"))
        return fail(error, spec, QStringLiteral("the remote directory must not be /"));
    return t;
}

QString SshTarget::spec() const
{
    QString s = QStringLiteral("ssh://");
    if (!user.isEmpty())
        s += user + QLatin1Char('@');
    s += host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    if (port > 0)
        s += QLatin1Char(':') + QString::number(port);
    return s + (remoteDir.startsWith(QLatin1Char('~')) ? QLatin1Char('/') + remoteDir : remoteDir);
}

QString SshTarget::destination() const
{
    return user.isEmpty() ? host : user + QLatin1Char('@') + host;
}

QString SshTarget::remoteDirWord() const
{
    if (remoteDir == QLatin1String("~"))
        return QStringLiteral("\"$HOME\"");
    if (remoteDir.startsWith(QLatin1String("~/")))
        return QStringLiteral("\"$HOME\"/") + shellQuote(remoteDir.mid(2));
    return shellQuote(remoteDir);
}

} // namespace tileport
