// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/DiffModel.h"

namespace tileport::tileir::diff {

const char *toString(Severity s)
{
    switch (s) {
    case Severity::Critical:
        return "critical";
    case Severity::Workaround:
        return "workaround";
    case Severity::Note:
        return "note";
    }
    return "note";
}

const char *toString(Owner o)
{
    return o == Owner::Host ? "host" : "kernel";
}

const char *toString(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return "PASS";
    case Verdict::PassWithNotes:
        return "PASS_WITH_NOTES";
    case Verdict::FailFixable:
        return "FAIL_FIXABLE";
    }
    return "FAIL_FIXABLE";
}

int exitCode(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return 0;
    case Verdict::PassWithNotes:
        return 2;
    case Verdict::FailFixable:
        return 1;
    }
    return 1;
}

const char *toString(EditKind k)
{
    switch (k) {
    case EditKind::Matched:
        return "matched";
    case EditKind::Changed:
        return "changed";
    case EditKind::Inserted:
        return "inserted";
    case EditKind::Deleted:
        return "deleted";
    }
    return "matched";
}

const char *toString(Change::Kind k)
{
    switch (k) {
    case Change::Kind::Attribute:
        return "attribute";
    case Change::Kind::ResultType:
        return "result_type";
    case Change::Kind::OperandType:
        return "operand_type";
    case Change::Kind::Operand:
        return "operand";
    case Change::Kind::BlockArgument:
        return "block_argument";
    case Change::Kind::Regions:
        return "regions";
    }
    return "attribute";
}

size_t DiffReport::count(Severity s) const
{
    size_t n = 0;
    for (const Finding &f : findings)
        n += f.severity == s;
    return n;
}

size_t DiffReport::count(EditKind k) const
{
    size_t n = 0;
    for (const FunctionDiff &f : functions) {
        switch (k) {
        case EditKind::Matched:
            n += f.matched;
            break;
        case EditKind::Changed:
            n += f.changed;
            break;
        case EditKind::Inserted:
            n += f.inserted;
            break;
        case EditKind::Deleted:
            n += f.deleted;
            break;
        }
    }
    return n;
}

} // namespace tileport::tileir::diff
