// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

#include <optional>

namespace tileport {

// Where an ssh runner works: ssh://[user@]host[:port]/remote/dir. A path
// that starts with /~/ is relative to the remote user's home directory.
struct SshTarget {
    QString user;      // empty: the ssh config's or the local user name
    QString host;      // name or address; IPv6 without brackets
    int port = 0;      // 0: the ssh config's or 22
    QString remoteDir; // absolute, or "~" / "~/..." for the home directory

    // Null with *error set (one line naming the problem) for anything else.
    static std::optional<SshTarget> parse(const QString &spec, QString *error);

    QString spec() const;        // back to ssh://...
    QString destination() const; // [user@]host, as ssh takes it
    // remoteDir as a POSIX shell word, quoted, with ~ expanded by the shell.
    QString remoteDirWord() const;
};

// Quotes a string as one POSIX shell word.
QString shellQuote(const QString &s);

} // namespace tileport
