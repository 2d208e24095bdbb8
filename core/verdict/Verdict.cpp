// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Verdict.h"

#include <array>
#include <utility>

namespace tileport {

namespace {

constexpr std::array<std::pair<Verdict, const char *>, 13> kVerdicts{{
    {Verdict::Pass, "PASS"},
    {Verdict::PassWithNotes, "PASS_WITH_NOTES"},
    {Verdict::Compiled, "COMPILED"},
    {Verdict::AllPass, "ALL_PASS"},
    {Verdict::Done, "DONE"},
    {Verdict::Aligned, "ALIGNED"},
    {Verdict::Fixable, "FIXABLE"},
    {Verdict::Investigate, "INVESTIGATE"},
    {Verdict::FailFixable, "FAIL_FIXABLE"},
    {Verdict::FailCompile, "FAIL_COMPILE"},
    {Verdict::FailCompilerBug, "FAIL_COMPILER_BUG"},
    {Verdict::Fail, "FAIL"},
    {Verdict::Blocked, "BLOCKED"},
}};

constexpr std::array<std::pair<Owner, const char *>, 3> kOwners{{
    {Owner::Env, "env"},
    {Owner::Kernel, "kernel"},
    {Owner::Host, "host"},
}};

} // namespace

QString verdictName(Verdict v)
{
    for (const auto &[verdict, name] : kVerdicts)
        if (verdict == v)
            return QString::fromLatin1(name);
    return {};
}

std::optional<Verdict> verdictFromName(QStringView name)
{
    for (const auto &[verdict, n] : kVerdicts)
        if (name == QLatin1String(n))
            return verdict;
    return std::nullopt;
}

QString ownerName(Owner o)
{
    for (const auto &[owner, name] : kOwners)
        if (owner == o)
            return QString::fromLatin1(name);
    return {};
}

std::optional<Owner> ownerFromName(QStringView name)
{
    for (const auto &[owner, n] : kOwners)
        if (name == QLatin1String(n))
            return owner;
    return std::nullopt;
}

VerdictClass verdictClass(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
    case Verdict::Compiled:
    case Verdict::AllPass:
    case Verdict::Done:
    case Verdict::Aligned: return VerdictClass::Good;
    case Verdict::PassWithNotes:
    case Verdict::Investigate:
    case Verdict::Fixable: return VerdictClass::Notes;
    case Verdict::Blocked: return VerdictClass::Blocked;
    case Verdict::FailFixable:
    case Verdict::FailCompile:
    case Verdict::FailCompilerBug:
    case Verdict::Fail: break;
    }
    return VerdictClass::Failed;
}

int verdictRank(Verdict v)
{
    switch (verdictClass(v)) {
    case VerdictClass::Good: return 0;
    case VerdictClass::Notes: return 1;
    case VerdictClass::Failed:
    case VerdictClass::Blocked: break;
    }
    return v == Verdict::FailFixable ? 2 : 3;
}

int verdictRank(QStringView name)
{
    const std::optional<Verdict> v = verdictFromName(name);
    return v ? verdictRank(*v) : 3;
}

} // namespace tileport
