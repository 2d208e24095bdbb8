// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace tileport::cli {

// What a value names, for validation (Int) and for shell completion.
enum class ValueKind { Text, File, Directory, Int, Choice };

struct OptionSpec {
    QStringList names;     // "j", "jobs": one-letter names are short options
    QString valueName;     // empty: a flag
    QString description;
    ValueKind kind = ValueKind::Text;
    QStringList choices;   // ValueKind::Choice, matched without case
    int minimum = 1;       // ValueKind::Int
    bool repeatable = false;

    bool takesValue() const { return !valueName.isEmpty(); }
    QString longName() const;     // the first name of two letters or more, else the first
    QString spelled() const;      // "--jobs" or "-o"
    QStringList spellings() const; // every name with its dashes
};

struct PositionalSpec {
    QString name;          // as shown: FILE, DIR|FILE.py
    QString description;
    ValueKind kind = ValueKind::File;
    bool optional = false;
    bool repeatable = false;
};

// One command's whole command line: its parser, --help, the usage line of a
// usage error, the man page section and the bash completion come from this.
struct CommandSpec {
    QString name;          // "batch", or "ir diff" for a subcommand
    QString summary;       // one line, in the command list
    QString description;   // a paragraph for --help and the man page
    QList<PositionalSpec> positionals;
    QList<OptionSpec> options;
    QStringList alternatives; // further synopsis lines, after "tileport NAME "
    QStringList exitCodes;    // "0 ...", "1 ..."
    int usageExit = 2;
    bool hidden = false;      // left out of the command list (run by tileport itself)
    bool printsResult = true; // so it takes --json

    const OptionSpec *option(const QString &name) const;
    QString synopsis() const;  // "tileport NAME [options...] POSITIONALS"
};

} // namespace tileport::cli
