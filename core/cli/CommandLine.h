// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "CommandSpec.h"

#include <QCommandLineParser>

#include <optional>

namespace tileport::cli {

// One command's arguments parsed by QCommandLineParser from its CommandSpec.
// parse() answers --help/-h itself and reports usage errors (an unknown
// option, a missing value, a bad number or choice, too few or too many
// arguments) with the usage line, so each command only reads values.
class CommandLine
{
public:
    explicit CommandLine(const CommandSpec &spec);

    // Empty: go on. Otherwise the exit code: 0 after --help, the spec's
    // usage code after an error (both already printed).
    std::optional<int> parse(const QStringList &args);

    bool isSet(const QString &name) const;
    QString value(const QString &name, const QString &fallback = QString()) const;
    QStringList values(const QString &name) const;
    int intValue(const QString &name, int fallback = 0) const;
    QStringList positionals() const { return m_parser.positionalArguments(); }
    QString positional(int i) const { return positionals().value(i); }

    // Prints "tileport NAME: MESSAGE" and the usage line to stderr; returns the usage code.
    int usageError(const QString &message) const;
    const CommandSpec &spec() const { return m_spec; }

private:
    QString checkValues() const;

    const CommandSpec &m_spec;
    QCommandLineParser m_parser;
};

} // namespace tileport::cli
