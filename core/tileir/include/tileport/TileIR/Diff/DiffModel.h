// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include "tileport/TileIR/Diff/SourceLoc.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tileport::tileir::diff {

// The result of comparing two Tile IR modules. Plain data (no MLIR objects),
// so a report outlives the modules it was made from.

enum class Severity { Critical, Workaround, Note };
enum class Owner { Kernel, Host };
enum class Verdict { Pass, PassWithNotes, FailFixable };

const char *toString(Severity s); // "critical" / "workaround" / "note"
const char *toString(Owner o);    // "kernel" / "host"
const char *toString(Verdict v);  // "PASS" / "PASS_WITH_NOTES" / "FAIL_FIXABLE"
int exitCode(Verdict v);          // 0 / 2 / 1, as TileGym's diff_ir.sh

// One op as reports show it.
struct OpRef {
    std::string op;       // mnemonic: "addf"
    std::string function; // enclosing function's symbol ("" at module level)
    std::string path;     // index path, e.g. "@k/4/r0/2" (see docs/ir-diff.md)
    std::string value;    // canonical name of its first result ("%v3"), or ""
    SourceLoc loc;
};

enum class EditKind { Matched, Changed, Inserted, Deleted };
const char *toString(EditKind k); // "matched" / "changed" / "inserted" / "deleted"

struct Change {
    enum class Kind { Attribute, ResultType, OperandType, Operand, BlockArgument, Regions };
    Kind kind = Kind::Attribute;
    std::string name;               // attribute name, or "#i" for positions
    std::optional<std::string> ref; // absent: not present on that side
    std::optional<std::string> gen;
};
const char *toString(Change::Kind k); // "attribute", "result_type", ...

struct OpEdit {
    EditKind kind = EditKind::Matched;
    std::optional<OpRef> ref; // absent for Inserted
    std::optional<OpRef> gen; // absent for Deleted
    std::vector<Change> changes;
};

struct FunctionDiff {
    std::string refName; // "" when the function exists only in gen
    std::string genName; // "" when it exists only in ref
    std::string pairing; // "name", "position", "module" (module-level ops), "ref-only", "gen-only"
    size_t matched = 0;  // identical ops (not listed in `edits`)
    size_t changed = 0;
    size_t inserted = 0;
    size_t deleted = 0;
    std::vector<OpEdit> edits; // changed, inserted and deleted ops in order
};

struct Finding {
    Severity severity = Severity::Note;
    Owner owner = Owner::Kernel;
    std::string rule;    // stable identifier, see docs/ir-diff.md
    std::string op;      // the op kind concerned, or ""
    std::string message; // one sentence for people
    std::optional<std::string> ref;
    std::optional<std::string> gen;
    std::vector<OpRef> refOps; // where (at most kMaxListedOps each)
    std::vector<OpRef> genOps;
    size_t refOpsOmitted = 0;
    size_t genOpsOmitted = 0;

    static constexpr size_t kMaxListedOps = 10;
};

struct ModuleSummary {
    std::string path;
    std::vector<std::string> functions;
    size_t opCount = 0;
};

struct DiffReport {
    ModuleSummary ref;
    ModuleSummary gen;
    bool canonicalized = false;
    std::vector<FunctionDiff> functions;
    std::map<std::string, std::pair<size_t, size_t>> opCounts; // mnemonic -> (ref, gen)
    std::vector<Finding> findings;                               // critical first
    Verdict verdict = Verdict::Pass;
    std::optional<Owner> owner; // who fixes a FAIL_FIXABLE: kernel if any critical finding is kernel's

    size_t count(Severity s) const;
    size_t count(EditKind k) const;
};

} // namespace tileport::tileir::diff
