// SPDX-License-Identifier: MIT
#include "IrAlignment.h"

#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Diff/OpLocator.h"

#include <mlir/IR/AsmState.h>
#include <mlir/IR/BuiltinOps.h>
#include <mlir/IR/MLIRContext.h>
#include <mlir/IR/OperationSupport.h>

#include <llvm/Support/raw_ostream.h>

#include <QElapsedTimer>
#include <QHash>
#include <QSet>

#include <functional>
#include <map>

namespace tileport::ui {

namespace td = tileir::diff;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

IrLoc locOf(const td::SourceLoc &l)
{
    return IrLoc{q(l.file), int(l.line), int(l.col)};
}

// One side's ops of one function in pre-order, with their paths and one-line texts.
struct SideOp {
    mlir::Operation *op;
    QString path;
    int depth;
};

std::vector<SideOp> opsOf(mlir::Operation *fn, td::OpLocator &locator)
{
    std::vector<SideOp> out;
    if (!fn)
        return out;
    fn->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
        if (op == fn)
            return;
        int depth = 0;
        for (mlir::Operation *p = op->getParentOp(); p && p != fn; p = p->getParentOp())
            ++depth;
        out.push_back({op, q(locator.path(op)), depth});
    });
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

class Printer
{
public:
    explicit Printer(mlir::ModuleOp m)
        : m_state(m.getOperation(), mlir::OpPrintingFlags().skipRegions().elideLargeElementsAttrs(16))
    {
    }
    QString text(mlir::Operation *op)
    {
        std::string s;
        llvm::raw_string_ostream os(s);
        op->print(os, m_state);
        // The dialect prefix says nothing in a pane that only shows cuda_tile ops.
        return q(s).simplified().replace(QLatin1String("cuda_tile."), QString());
    }

private:
    mlir::AsmState m_state;
};

bool underAny(const QString &path, const QSet<QString> &roots)
{
    for (qsizetype i = path.indexOf(QLatin1Char('/')); i >= 0; i = path.indexOf(QLatin1Char('/'), i + 1))
        if (roots.contains(path.left(i)))
            return true;
    return roots.contains(path);
}

AlignedDiff layout(mlir::ModuleOp ref, mlir::ModuleOp gen, const td::DiffReport &report)
{
    AlignedDiff out;
    out.verdict = QString::fromLatin1(td::toString(report.verdict));
    out.refOps = int(report.ref.opCount);
    out.genOps = int(report.gen.opCount);
    for (const auto &[op, counts] : report.opCounts)
        out.opCounts << OpCount{q(op), int(counts.first), int(counts.second)};
    QSet<QString> criticalRef, criticalGen;
    for (const td::Finding &f : report.findings) {
        IrFinding g{QString::fromLatin1(td::toString(f.severity)), QString::fromLatin1(td::toString(f.owner)), q(f.rule),
                    q(f.message), {}, {}};
        for (const td::OpRef &r : f.refOps)
            g.refPaths << q(r.path);
        for (const td::OpRef &r : f.genOps)
            g.genPaths << q(r.path);
        if (f.severity == td::Severity::Critical) {
            criticalRef.unite(QSet<QString>(g.refPaths.begin(), g.refPaths.end()));
            criticalGen.unite(QSet<QString>(g.genPaths.begin(), g.genPaths.end()));
        }
        out.findings << g;
    }

    td::OpLocator refLoc(ref.getOperation()), genLoc(gen.getOperation());
    const auto refFunctions = functionsOf(ref), genFunctions = functionsOf(gen);
    Printer refPrint(ref), genPrint(gen);
    for (const td::FunctionDiff &fd : report.functions) {
        out.matched += int(fd.matched);
        out.changed += int(fd.changed);
        out.inserted += int(fd.inserted);
        out.deleted += int(fd.deleted);
        if (fd.pairing == "module")
            continue; // module-level ops (globals) are few; the edits list them in the report
        AlignedRow header;
        header.kind = AlignedRow::Kind::Function;
        header.refText = fd.refName.empty() ? QString() : QStringLiteral("@") + q(fd.refName);
        header.genText = fd.genName.empty() ? QString() : QStringLiteral("@") + q(fd.genName);
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
        const auto r = opsOf(fd.refName.empty() ? nullptr : refFunctions.value(q(fd.refName)), refLoc);
        const auto g = opsOf(fd.genName.empty() ? nullptr : genFunctions.value(q(fd.genName)), genLoc);
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
                    }
                }
            }
            if (row.kind != AlignedRow::Kind::Inserted) {
                row.refText = refPrint.text(r[i].op);
                row.refPath = r[i].path;
                row.refLoc = locOf(td::SourceLoc::of(r[i].op->getLoc()));
                row.depth = r[i].depth;
                row.critical = criticalRef.contains(row.refPath);
                ++i;
            }
            if (row.kind != AlignedRow::Kind::Deleted) {
                row.genText = genPrint.text(g[j].op);
                row.genPath = g[j].path;
                row.genLoc = locOf(td::SourceLoc::of(g[j].op->getLoc()));
                row.depth = g[j].depth;
                row.critical = row.critical || criticalGen.contains(row.genPath);
                ++j;
            }
            out.rows << row;
        }
    }
    return out;
}

AlignedDiff run(const std::function<mlir::OwningOpRef<mlir::ModuleOp>(mlir::MLIRContext &, llvm::raw_ostream &, bool)> &load,
                const QString &refName, const QString &genName)
{
    AlignedDiff out;
    QElapsedTimer clock;
    clock.start();
    mlir::MLIRContext ctx;
    td::configureContext(ctx);
    std::string diag;
    llvm::raw_string_ostream ds(diag);
    auto ref = load(ctx, ds, true);
    auto gen = ref ? load(ctx, ds, false) : nullptr;
    const double loadMs = clock.nsecsElapsed() / 1e6;
    std::optional<td::DiffReport> report;
    if (ref && gen)
        report = td::diffModules(*ref, *gen, {}, ds, refName.toStdString(), genName.toStdString());
    if (!report) {
        out.error = q(diag).trimmed();
        if (out.error.isEmpty())
            out.error = QStringLiteral("the modules could not be compared");
        return out;
    }
    const double diffMs = clock.nsecsElapsed() / 1e6 - loadMs;
    out = layout(*ref, *gen, *report);
    out.loadMs = loadMs;
    out.diffMs = diffMs;
    out.layoutMs = clock.nsecsElapsed() / 1e6 - loadMs - diffMs;
    out.refPath = refName;
    out.genPath = genName;
    return out;
}

} // namespace

AlignedDiff IrAlignment::compute(const QString &refFile, const QString &genFile)
{
    return run([&](mlir::MLIRContext &ctx, llvm::raw_ostream &ds,
                   bool isRef) { return td::loadModule((isRef ? refFile : genFile).toStdString(), ctx, ds); },
               refFile, genFile);
}

AlignedDiff IrAlignment::computeFromText(const QByteArray &refText, const QByteArray &genText)
{
    return run([&](mlir::MLIRContext &ctx, llvm::raw_ostream &ds, bool isRef) {
        return td::loadModuleFromText(llvm::StringRef((isRef ? refText : genText).constData(), size_t((isRef ? refText : genText).size())),
                                      isRef ? "ref" : "gen", ctx, ds);
    },
               QStringLiteral("ref"), QStringLiteral("gen"));
}

} // namespace tileport::ui
