// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "ReplyContract.h"

#include "UnifiedDiffParser.h"

#include <QRegularExpression>

namespace tileport::llm {

namespace {

const QStringList kShells{QStringLiteral("sh"), QStringLiteral("bash"), QStringLiteral("shell"), QStringLiteral("zsh"),
                          QStringLiteral("fish"), QStringLiteral("console"), QStringLiteral("terminal"),
                          QStringLiteral("powershell"), QStringLiteral("ps1"), QStringLiteral("cmd"), QStringLiteral("bat"),
                          QStringLiteral("shellsession")};

ReplyContract::Result reject(const QString &why)
{
    ReplyContract::Result r;
    r.reason = why;
    return r;
}

} // namespace

QString ReplyContract::instructions()
{
    return QStringLiteral(
        "Answer with changes only in one of these forms, for the paths named below (relative to the session directory):\n"
        "1. a fenced block tagged diff holding a unified diff (--- a/PATH, +++ b/PATH, @@ hunks with exact context);\n"
        "2. a fenced block tagged file:PATH holding the complete new content of PATH.\n"
        "Any other fenced block is rejected. Never ask for a command to be run: your answer is data, it is applied to files "
        "inside the session and then checked by the stage's validators, and nothing in it is executed.\n");
}

ReplyContract::Result ReplyContract::parse(const QString &reply)
{
    static const QRegularExpression command(QStringLiteral(R"(^\s*(\$|sudo\s|#!\s*/))"));
    const QStringList lines = reply.split(QLatin1Char('\n'));
    Result out;
    for (int i = 0; i < lines.size(); ++i) {
        const QString trimmed = lines[i].trimmed();
        if (!trimmed.startsWith(QLatin1String("```"))) {
            if (command.match(lines[i]).hasMatch())
                return reject(QStringLiteral("line %1 asks to run a command ('%2'); model output is data and is never executed")
                                  .arg(i + 1)
                                  .arg(trimmed.left(60)));
            continue;
        }
        const QString info = trimmed.mid(3).trimmed();
        const int open = i + 1;
        int close = -1;
        for (int j = i + 1; j < lines.size(); ++j)
            if (lines[j].trimmed() == QLatin1String("```")) {
                close = j;
                break;
            }
        if (close < 0)
            return reject(QStringLiteral("line %1: the ``` block is never closed").arg(open));
        const QString body = lines.mid(i + 1, close - i - 1).join(QLatin1Char('\n')) + QLatin1Char('\n');
        const QString lang = info.section(QLatin1Char(' '), 0, 0).toLower();
        if (kShells.contains(lang))
            return reject(QStringLiteral("line %1: a ```%2 block asks to run a shell command; model output is data and is never executed")
                              .arg(open)
                              .arg(lang));
        if (lang == QLatin1String("diff") || lang == QLatin1String("patch")) {
            QString error;
            const auto files = patch::UnifiedDiffParser::parse(body, &error);
            if (!files)
                return reject(QStringLiteral("the diff block at line %1 is malformed: %2").arg(open).arg(error));
            out.patches.files << *files;
        } else if (info.startsWith(QLatin1String("file:"))) {
            patch::FilePatch fp;
            fp.newPath = info.mid(5).trimmed();
            fp.oldPath = fp.newPath;
            fp.wholeFile = true;
            fp.newText = body;
            if (fp.newPath.isEmpty())
                return reject(QStringLiteral("line %1: ```file: block without a path").arg(open));
            out.patches.files << fp;
        } else {
            return reject(QStringLiteral("line %1: a ```%2 block is not part of the contract (use ```diff or ```file:PATH)")
                              .arg(open)
                              .arg(info.isEmpty() ? QStringLiteral("(untagged)") : info));
        }
        i = close;
    }
    if (out.patches.files.isEmpty())
        return reject(QStringLiteral("the reply holds no ```diff or ```file:PATH block"));
    out.ok = true;
    return out;
}

} // namespace tileport::llm
