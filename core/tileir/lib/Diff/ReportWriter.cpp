// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/ReportWriter.h"

#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>

namespace tileport::tileir::diff {

namespace {

constexpr const char *kSchemaId = "tileport-ir-diff/1";

llvm::json::Value optionalString(const std::optional<std::string> &s)
{
    return s ? llvm::json::Value(*s) : llvm::json::Value(nullptr);
}

llvm::json::Value opRefJson(const std::optional<OpRef> &ref)
{
    if (!ref)
        return nullptr;
    llvm::json::Object o{{"op", ref->op}, {"function", ref->function}, {"path", ref->path}, {"value", ref->value}};
    if (ref->loc.known())
        o["loc"] = llvm::json::Object{{"file", ref->loc.file}, {"line", int64_t(ref->loc.line)}, {"col", int64_t(ref->loc.col)}};
    else
        o["loc"] = nullptr;
    return o;
}

llvm::json::Array opRefsJson(const std::vector<OpRef> &refs)
{
    llvm::json::Array a;
    for (const OpRef &r : refs)
        a.push_back(opRefJson(r));
    return a;
}

llvm::json::Object summaryJson(const ModuleSummary &s)
{
    llvm::json::Array fns;
    for (const std::string &f : s.functions)
        fns.push_back(f);
    return llvm::json::Object{{"path", s.path}, {"functions", std::move(fns)}, {"op_count", int64_t(s.opCount)}};
}

// Markdown: inline code that survives a table cell.
std::string code(const std::string &s)
{
    std::string out;
    for (char c : s)
        out += c == '|' ? std::string("\\|") : c == '`' ? std::string("'") : std::string(1, c);
    return "`" + out + "`";
}

std::string where(const OpRef &r)
{
    std::string s = code(r.path) + " " + r.op;
    if (!r.value.empty())
        s += " " + code(r.value);
    if (r.loc.known())
        s += " at " + r.loc.str();
    return s;
}

std::string changeText(const Change &c)
{
    std::string s = std::string(toString(c.kind)) + " " + c.name + ": ";
    s += c.ref ? code(*c.ref) : "—";
    s += " → ";
    s += c.gen ? code(*c.gen) : "—";
    return s;
}

} // namespace

void writeJsonReport(const DiffReport &report, llvm::raw_ostream &os)
{
    llvm::json::Array opCounts;
    for (const auto &[kind, n] : report.opCounts)
        opCounts.push_back(llvm::json::Object{{"op", kind},
                                              {"ref", int64_t(n.first)},
                                              {"gen", int64_t(n.second)},
                                              {"delta", int64_t(n.second) - int64_t(n.first)}});
    llvm::json::Array findings;
    for (const Finding &f : report.findings)
        findings.push_back(llvm::json::Object{{"severity", toString(f.severity)},
                                              {"owner", toString(f.owner)},
                                              {"rule", f.rule},
                                              {"op", f.op},
                                              {"message", f.message},
                                              {"ref", optionalString(f.ref)},
                                              {"gen", optionalString(f.gen)},
                                              {"ref_ops", opRefsJson(f.refOps)},
                                              {"gen_ops", opRefsJson(f.genOps)},
                                              {"ref_ops_omitted", int64_t(f.refOpsOmitted)},
                                              {"gen_ops_omitted", int64_t(f.genOpsOmitted)}});
    llvm::json::Array functions;
    for (const FunctionDiff &fd : report.functions) {
        llvm::json::Array edits;
        for (const OpEdit &e : fd.edits) {
            llvm::json::Array changes;
            for (const Change &c : e.changes)
                changes.push_back(llvm::json::Object{{"kind", toString(c.kind)},
                                                     {"name", c.name},
                                                     {"ref", optionalString(c.ref)},
                                                     {"gen", optionalString(c.gen)}});
            edits.push_back(llvm::json::Object{
                {"kind", toString(e.kind)}, {"ref", opRefJson(e.ref)}, {"gen", opRefJson(e.gen)}, {"changes", std::move(changes)}});
        }
        functions.push_back(llvm::json::Object{{"ref", fd.refName.empty() ? llvm::json::Value(nullptr) : fd.refName},
                                               {"gen", fd.genName.empty() ? llvm::json::Value(nullptr) : fd.genName},
                                               {"pairing", fd.pairing},
                                               {"matched", int64_t(fd.matched)},
                                               {"changed", int64_t(fd.changed)},
                                               {"inserted", int64_t(fd.inserted)},
                                               {"deleted", int64_t(fd.deleted)},
                                               {"edits", std::move(edits)}});
    }
    llvm::json::Object root{
        {"schema", kSchemaId},
        {"verdict", toString(report.verdict)},
        {"exit_code", exitCode(report.verdict)},
        {"owner", report.owner ? llvm::json::Value(toString(*report.owner)) : llvm::json::Value(nullptr)},
        {"canonicalized", report.canonicalized},
        {"ref", summaryJson(report.ref)},
        {"gen", summaryJson(report.gen)},
        {"summary", llvm::json::Object{{"matched", int64_t(report.count(EditKind::Matched))},
                                       {"changed", int64_t(report.count(EditKind::Changed))},
                                       {"inserted", int64_t(report.count(EditKind::Inserted))},
                                       {"deleted", int64_t(report.count(EditKind::Deleted))},
                                       {"critical", int64_t(report.count(Severity::Critical))},
                                       {"workaround", int64_t(report.count(Severity::Workaround))},
                                       {"note", int64_t(report.count(Severity::Note))}}},
        {"op_counts", std::move(opCounts)},
        {"findings", std::move(findings)},
        {"functions", std::move(functions)},
    };
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << '\n';
}

void writeMarkdownReport(const DiffReport &report, llvm::raw_ostream &os, size_t maxEdits)
{
    os << "# Tile IR diff: " << toString(report.verdict) << "\n\n";
    auto moduleLine = [&](const char *label, const ModuleSummary &s) {
        os << "- " << label << ": " << code(s.path) << " (" << s.opCount << " ops; functions:";
        for (const std::string &f : s.functions)
            os << " " << code("@" + f);
        os << ")\n";
    };
    moduleLine("reference", report.ref);
    moduleLine("generated", report.gen);
    if (report.owner)
        os << "- owner: " << toString(*report.owner) << "\n";
    os << "- ops: " << report.count(EditKind::Matched) << " matched, " << report.count(EditKind::Changed) << " changed, "
       << report.count(EditKind::Inserted) << " inserted, " << report.count(EditKind::Deleted) << " deleted"
       << (report.canonicalized ? " (after canonicalization)" : " (as written)") << "\n\n";

    os << "## Op counts\n\n| op | ref | gen | delta |\n|---|---:|---:|---:|\n";
    for (const auto &[kind, n] : report.opCounts) {
        const long d = long(n.second) - long(n.first);
        os << "| " << code(kind) << " | " << n.first << " | " << n.second << " | "
           << (d == 0 ? std::string("") : (d > 0 ? "**+" : "**") + std::to_string(d) + "**") << " |\n";
    }

    os << "\n## Findings\n";
    if (report.findings.empty())
        os << "\nNone: the canonical forms are equal.\n";
    for (Severity sev : {Severity::Critical, Severity::Workaround, Severity::Note}) {
        const size_t n = report.count(sev);
        if (n == 0)
            continue;
        const char *title = sev == Severity::Critical ? "Critical" : sev == Severity::Workaround ? "Workarounds" : "Notes";
        os << "\n### " << title << " (" << n << ")\n\n";
        size_t i = 0;
        for (const Finding &f : report.findings) {
            if (f.severity != sev)
                continue;
            os << ++i << ". **" << f.rule << "**" << (f.op.empty() ? "" : " " + code(f.op)) << " (owner: " << toString(f.owner)
               << "): " << f.message << "\n";
            for (const OpRef &r : f.refOps)
                os << "   - ref " << where(r) << "\n";
            if (f.refOpsOmitted)
                os << "   - ref: " << f.refOpsOmitted << " more\n";
            for (const OpRef &r : f.genOps)
                os << "   - gen " << where(r) << "\n";
            if (f.genOpsOmitted)
                os << "   - gen: " << f.genOpsOmitted << " more\n";
        }
    }

    os << "\n## Edits\n";
    size_t shown = 0, hidden = 0;
    for (const FunctionDiff &fd : report.functions) {
        os << "\n### ";
        if (fd.pairing == "module")
            os << "module level";
        else
            os << (fd.refName.empty() ? "—" : code("@" + fd.refName)) << " ↔ "
               << (fd.genName.empty() ? "—" : code("@" + fd.genName)) << " (" << fd.pairing << ")";
        os << ": " << fd.matched << " matched, " << fd.changed << " changed, " << fd.inserted << " inserted, " << fd.deleted
           << " deleted\n\n";
        if (fd.edits.empty())
            continue;
        os << "| edit | ref | gen | details |\n|---|---|---|---|\n";
        for (const OpEdit &e : fd.edits) {
            if (shown >= maxEdits) {
                ++hidden;
                continue;
            }
            ++shown;
            std::string details;
            for (const Change &c : e.changes)
                details += (details.empty() ? "" : "; ") + changeText(c);
            os << "| " << toString(e.kind) << " | " << (e.ref ? where(*e.ref) : "") << " | " << (e.gen ? where(*e.gen) : "")
               << " | " << details << " |\n";
        }
    }
    if (hidden)
        os << "\n… " << hidden << " more edits (see the JSON report).\n";
}

} // namespace tileport::tileir::diff
