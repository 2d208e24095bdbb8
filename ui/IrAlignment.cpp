// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "IrAlignment.h"
#include "IrOpText.h"

#include "JobRunner.h"

#include "tileport/TileIR/Diff/Canonicalizer.h"
#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"

#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/Diagnostics.h>
#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/raw_ostream.h>

#include <QElapsedTimer>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <functional>
#include <map>
#include <mutex>

namespace tileport::ui {

namespace td = tileir::diff;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// One side's ops of one function in pre-order, with their index paths (as
// OpLocator writes them: "@fn/4/r0/2") and nesting depth, built in one walk.
struct SideOp {
    mlir::Operation *op;
    QString path;
    int depth;
};

void walkBlock(mlir::Block &block, const QString &prefix, int depth, std::vector<SideOp> &out)
{
    int index = 0;
    for (mlir::Operation &op : block) {
        QString path = prefix + QLatin1Char('/') + QString::number(index++);
        out.push_back({&op, path, depth});
        for (mlir::Region &region : op.getRegions()) {
            int b = 0;
            for (mlir::Block &inner : region) {
                QString step = path + QStringLiteral("/r") + QString::number(region.getRegionNumber());
                if (b)
                    step += QLatin1Char('b') + QString::number(b);
                ++b;
                walkBlock(inner, step, depth + 1, out);
            }
        }
    }
}

std::vector<SideOp> opsOf(mlir::Operation *fn, const QString &name)
{
    std::vector<SideOp> out;
    if (!fn)
        return out;
    const QString root = QLatin1Char('@') + name;
    for (mlir::Region &region : fn->getRegions())
        for (mlir::Block &block : region)
            walkBlock(block, root, 0, out);
    return out;
}

// Functions by symbol name, collected once per module.
QHash<QString, mlir::Operation *> functionsOf(mlir::ModuleOp m)
{
    QHash<QString, mlir::Operation *> out;
    for (const td::FunctionUnit &f : td::collectFunctions(m.getOperation()))
        out.insert(q(f.name), f.op);
    return out;
}

// Source positions with the file names shared: most ops of a module name the same file.
class LocCache
{
public:
    IrLoc of(mlir::Operation *op)
    {
        const td::SourceLoc l = td::SourceLoc::of(op->getLoc());
        if (l.file != m_lastFile) {
            m_lastFile = l.file;
            m_last = q(l.file);
        }
        return IrLoc{m_last, int(l.line), int(l.col)};
    }

private:
    std::string m_lastFile;
    QString m_last;
};

bool underAny(const QString &path, const QSet<QString> &roots)
{
    if (roots.isEmpty())
        return false;
    for (qsizetype i = path.indexOf(QLatin1Char('/')); i >= 0; i = path.indexOf(QLatin1Char('/'), i + 1))
        if (roots.contains(path.left(i)))
            return true;
    return roots.contains(path);
}

AlignedDiff layout(IrOpText &text, const td::DiffReport &report)
{
    const mlir::ModuleOp ref = text.module(IrOpText::Ref), gen = text.module(IrOpText::Gen);
    AlignedDiff out;
    out.verdict = QString::fromLatin1(td::toString(report.verdict));
    out.refOps = int(report.ref.opCount);
    out.genOps = int(report.gen.opCount);
    for (const auto &[op, counts] : report.opCounts)
        out.opCounts << OpCount{q(op), int(counts.first), int(counts.second)};
    QSet<QString> criticalRef, criticalGen;
    // Which findings name which op: few findings, so the lookups stay small.
    QHash<QString, QList<int>> findingsByRef, findingsByGen;
    for (const td::Finding &f : report.findings) {
        IrFinding g{QString::fromLatin1(td::toString(f.severity)), QString::fromLatin1(td::toString(f.owner)), q(f.rule),
                    q(f.message), {}, {}, {}};
        for (const td::OpRef &r : f.refOps)
            g.refPaths << q(r.path);
        for (const td::OpRef &r : f.genOps)
            g.genPaths << q(r.path);
        for (const QString &path : std::as_const(g.refPaths))
            findingsByRef[path].append(int(out.findings.size()));
        for (const QString &path : std::as_const(g.genPaths))
            findingsByGen[path].append(int(out.findings.size()));
        if (f.severity == td::Severity::Critical) {
            criticalRef.unite(QSet<QString>(g.refPaths.begin(), g.refPaths.end()));
            criticalGen.unite(QSet<QString>(g.genPaths.begin(), g.genPaths.end()));
        }
        out.findings << g;
    }

    const auto refFunctions = functionsOf(ref), genFunctions = functionsOf(gen);
    LocCache refLocs, genLocs;
    for (const td::FunctionDiff &fd : report.functions) {
        out.matched += int(fd.matched);
        out.changed += int(fd.changed);
        out.inserted += int(fd.inserted);
        out.deleted += int(fd.deleted);
        if (fd.pairing == "module")
            continue; // module-level ops (globals) are few; the edits list them in the report
        AlignedRow header;
        header.kind = AlignedRow::Kind::Function;
        header.refFunction = q(fd.refName);
        header.genFunction = q(fd.genName);
        out.rows << header;

        QSet<QString> deleted, inserted;
        QHash<QString, const td::OpEdit *> changedByRef;
        for (const td::OpEdit &e : fd.edits) {
            if (e.kind == td::EditKind::Deleted && e.ref)
                deleted.insert(q(e.ref->path));
            else if (e.kind == td::EditKind::Inserted && e.gen)
                inserted.insert(q(e.gen->path));
            else if (e.kind == td::EditKind::Changed && e.ref)
                changedByRef.insert(q(e.ref->path), &e);
        }
        const auto r = opsOf(fd.refName.empty() ? nullptr : refFunctions.value(header.refFunction), header.refFunction);
        const auto g = opsOf(fd.genName.empty() ? nullptr : genFunctions.value(header.genFunction), header.genFunction);
        size_t i = 0, j = 0;
        while (i < r.size() || j < g.size()) {
            AlignedRow row;
            const bool refGone = i < r.size() && underAny(r[i].path, deleted);
            const bool genNew = j < g.size() && underAny(g[j].path, inserted);
            const bool takeRef = i < r.size() && (refGone || j >= g.size());
            const bool takeGen = j < g.size() && !refGone && (genNew || i >= r.size());
            if (takeRef && !takeGen) {
                row.kind = AlignedRow::Kind::Deleted;
            } else if (takeGen && !takeRef) {
                row.kind = AlignedRow::Kind::Inserted;
            } else {
                row.kind = AlignedRow::Kind::Matched;
                if (const td::OpEdit *e = changedByRef.value(r[i].path)) {
                    row.kind = AlignedRow::Kind::Changed;
                    for (const td::Change &c : e->changes) {
                        row.changes << QStringLiteral("%1: %2 → %3")
                                           .arg(q(c.name), c.ref ? q(*c.ref) : QStringLiteral("(none)"),
                                                c.gen ? q(*c.gen) : QStringLiteral("(none)"));
                        row.changedNames << q(c.name);
                        row.edits << IrChange{QString::fromLatin1(td::toString(c.kind)), q(c.name),
                                              c.ref ? q(*c.ref) : QString(), c.gen ? q(*c.gen) : QString(),
                                              c.ref.has_value(), c.gen.has_value()};
                    }
                }
            }
            if (row.kind != AlignedRow::Kind::Inserted) {
                row.refOp = text.add(IrOpText::Ref, r[i].op);
                row.refPath = r[i].path;
                row.refLoc = refLocs.of(r[i].op);
                row.depth = r[i].depth;
                row.critical = criticalRef.contains(row.refPath);
                ++i;
            }
            if (row.kind != AlignedRow::Kind::Deleted) {
                row.genOp = text.add(IrOpText::Gen, g[j].op);
                row.genPath = g[j].path;
                row.genLoc = genLocs.of(g[j].op);
                row.depth = g[j].depth;
                row.critical = row.critical || criticalGen.contains(row.genPath);
                ++j;
            }
            if (!findingsByRef.isEmpty() || !findingsByGen.isEmpty()) {
                for (int f : findingsByRef.value(row.refPath))
                    row.findings << f;
                for (int f : findingsByGen.value(row.genPath))
                    if (!row.findings.contains(f))
                        row.findings << f;
                for (int f : std::as_const(row.findings))
                    out.findings[f].rows << int(out.rows.size());
            }
            out.rows << row;
        }
    }
    return out;
}

using Loader = std::function<mlir::OwningOpRef<mlir::ModuleOp>(mlir::MLIRContext &, llvm::raw_ostream &, bool isRef)>;

// Which side the current thread loads (-1: none), for routing diagnostics.
thread_local int t_side = -1;

AlignedDiff run(const Loader &load, const QString &refName, const QString &genName)
{
    AlignedDiff out;
    QElapsedTimer clock;
    clock.start();
    auto context = std::make_unique<mlir::MLIRContext>();
    mlir::MLIRContext &ctx = *context;
    td::configureContext(ctx);

    // Both modules are parsed and canonicalized at the same time on one
    // context (the differ compares uniqued attributes by identity). Each
    // side's diagnostics are routed by the thread that emits them.
    struct Side {
        mlir::OwningOpRef<mlir::ModuleOp> module;
        std::string diag;
        std::string name;
        double parseMs = 0;
    } sides[2];
    sides[0].name = refName.toStdString();
    sides[1].name = genName.toStdString();
    std::mutex diagMutex;
    mlir::ScopedDiagnosticHandler route(&ctx, [&](mlir::Diagnostic &d) {
        const std::lock_guard<std::mutex> lock(diagMutex);
        std::string &to = sides[t_side == 1 ? 1 : 0].diag;
        llvm::raw_string_ostream os(to);
        const std::string where = td::SourceLoc::of(d.getLocation()).str();
        const char *severity = d.getSeverity() == mlir::DiagnosticSeverity::Error     ? "error"
                               : d.getSeverity() == mlir::DiagnosticSeverity::Warning ? "warning"
                                                                                      : "note";
        os << (where.empty() ? sides[t_side == 1 ? 1 : 0].name : where) << ": " << severity << ": " << d << '\n';
        return mlir::success();
    });
    auto work = [&](int s) {
        t_side = s;
        QElapsedTimer t;
        t.start();
        std::string diag;
        llvm::raw_string_ostream ds(diag);
        Side &side = sides[s];
        side.module = load(ctx, ds, s == 0);
        side.parseMs = t.nsecsElapsed() / 1e6;
        if (side.module && mlir::failed(td::canonicalize(*side.module, td::CanonicalizeOptions{}))) {
            ds << side.name << ": canonicalization failed\n";
            side.module = nullptr;
        }
        const std::lock_guard<std::mutex> lock(diagMutex);
        side.diag += diag;
        t_side = -1;
    };
    JobRunner::runTogether({[&] { work(0); }, [&] { work(1); }});
    std::optional<td::DiffReport> report;
    std::string diag = sides[0].diag + sides[1].diag;
    llvm::raw_string_ostream ds(diag);
    if (sides[0].module && sides[1].module) {
        td::IrDiffOptions options;
        options.canonicalize = false; // done above, both at once
        report = td::diffModules(*sides[0].module, *sides[1].module, options, ds, sides[0].name, sides[1].name);
        if (report)
            report->canonicalized = true;
    }
    if (!report) {
        out.error = q(diag).trimmed();
        if (out.error.isEmpty())
            out.error = QStringLiteral("the modules could not be compared");
        return out;
    }
    const double compared = clock.nsecsElapsed() / 1e6;
    // The IR outlives the job: the rows print from it on demand. Freeing it
    // takes a while, so that happens on a worker thread too.
    std::shared_ptr<IrOpText> text(new IrOpText(std::move(context), std::move(sides[0].module), std::move(sides[1].module)),
                                   [](IrOpText *t) { JobRunner::releaseInBackground([t] { delete t; }); });
    out = layout(*text, *report);
    out.text = std::move(text);
    // parse: the slower side's; canonicalize + diff: the rest.
    out.loadMs = std::max(sides[0].parseMs, sides[1].parseMs);
    out.diffMs = compared - out.loadMs;
    out.layoutMs = clock.nsecsElapsed() / 1e6 - compared;
    out.refPath = refName;
    out.genPath = genName;
    return out;
}

} // namespace

QString AlignedDiff::refText(const AlignedRow &row) const
{
    if (row.kind == AlignedRow::Kind::Function)
        return row.refFunction.isEmpty() ? QString() : QLatin1Char('@') + row.refFunction;
    return text && row.refOp >= 0 ? text->text(IrOpText::Ref, row.refOp) : QString();
}

QString AlignedDiff::genText(const AlignedRow &row) const
{
    if (row.kind == AlignedRow::Kind::Function)
        return row.genFunction.isEmpty() ? QString() : QLatin1Char('@') + row.genFunction;
    return text && row.genOp >= 0 ? text->text(IrOpText::Gen, row.genOp) : QString();
}

AlignedDiff IrAlignment::compute(const QString &refFile, const QString &genFile)
{
    return run([&](mlir::MLIRContext &ctx, llvm::raw_ostream &ds, bool isRef) {
        return td::loadModule((isRef ? refFile : genFile).toStdString(), ctx, ds, /*handleDiagnostics=*/false);
    },
               refFile, genFile);
}

AlignedDiff IrAlignment::computeFromText(const QByteArray &refText, const QByteArray &genText)
{
    return run([&](mlir::MLIRContext &ctx, llvm::raw_ostream &ds, bool isRef) {
        return td::loadModuleFromText(llvm::StringRef((isRef ? refText : genText).constData(), size_t((isRef ? refText : genText).size())),
                                      isRef ? "ref" : "gen", ctx, ds, /*handleDiagnostics=*/false);
    },
               QStringLiteral("ref"), QStringLiteral("gen"));
}

} // namespace tileport::ui
