// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace tileport {

// Every verdict a stage, batch or the bundle gives, with its one string form
// (what reports, session.json and the CLI print) and its one ranking.
enum class Verdict {
    Pass,            // A, C
    PassWithNotes,   // C
    Compiled,        // B
    AllPass,         // D
    Done,            // E
    Aligned,         // F
    Fixable,         // F: a finding to act on
    Investigate,     // E: slower than the gate
    FailFixable,     // A, B, C
    FailCompile,     // B
    FailCompilerBug, // C
    Fail,            // D, bundle
    Blocked          // any: the environment or a missing input stops it
};

// Who has to act on a verdict that is not a success.
enum class Owner { Env, Kernel, Host };

// How a verdict reads: a clean success, a success with something to look
// at, a failure, or a block (the badge colours and report classes).
enum class VerdictClass { Good, Notes, Failed, Blocked };

QString verdictName(Verdict v);
std::optional<Verdict> verdictFromName(QStringView name);
QString ownerName(Owner o);
std::optional<Owner> ownerFromName(QStringView name);

VerdictClass verdictClass(Verdict v);
// The one ranking, worse is larger: 0 good, 1 with notes, 2 a fixable
// failure, 3 any other failure or block. Ties keep the first.
int verdictRank(Verdict v);
// The same for a verdict's string form; a name that is no verdict ("-": not
// compared) ranks with the failures.
int verdictRank(QStringView name);

} // namespace tileport
