// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The structural differ and its classification. Each case starts from the
// reference kernel in tests/fixtures/tileir/kernel_ref.mlir (official syntax,
// parsed and verified by the cuda_tile dialect) and derives the generated
// side with text edits that must apply, so every rule is exercised on real
// parsed IR.
#include "support/IrTestUtil.h"

#include "tileport/TileIR/Diff/Functions.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/OpTable.h"
#include "tileport/TileIR/Diff/ReportWriter.h"
#include "tileport/TileIR/Diff/SequenceAlignment.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <random>

namespace td = tileport::tileir::diff;

namespace {

struct Run {
    std::optional<td::DiffReport> report;
    std::string markdown;

    std::vector<const td::Finding *> rule(const std::string &name) const
    {
        std::vector<const td::Finding *> out;
        for (const td::Finding &f : report->findings)
            if (f.rule == name)
                out.push_back(&f);
        return out;
    }
    const td::Finding *rule(const std::string &name, const std::string &op) const
    {
        for (const td::Finding &f : report->findings)
            if (f.rule == name && f.op == op)
                return &f;
        return nullptr;
    }
};

// Length of a longest common subsequence by the textbook table.
size_t lcsLength(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b)
{
    std::vector<std::vector<size_t>> t(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
    for (size_t i = 1; i <= a.size(); ++i)
        for (size_t j = 1; j <= b.size(); ++j)
            t[i][j] = a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
    return t[a.size()][b.size()];
}

bool validPairs(const std::vector<std::pair<uint32_t, uint32_t>> &pairs, const std::vector<uint32_t> &a,
                const std::vector<uint32_t> &b)
{
    for (size_t k = 0; k < pairs.size(); ++k) {
        if (pairs[k].first >= a.size() || pairs[k].second >= b.size() || a[pairs[k].first] != b[pairs[k].second])
            return false;
        if (k && (pairs[k].first <= pairs[k - 1].first || pairs[k].second <= pairs[k - 1].second))
            return false;
    }
    return true;
}

// Follows an index path ("@k/16/r0/2") through a module.
mlir::Operation *opAtPath(mlir::ModuleOp module, const std::string &path)
{
    llvm::SmallVector<llvm::StringRef> steps;
    llvm::StringRef(path).split(steps, '/');
    mlir::Operation *cur = nullptr;
    module->walk([&](mlir::Operation *op) {
        if (td::mnemonicOf(op) == "entry" && "@" + td::symbolName(op) == steps[0].str())
            cur = op;
    });
    unsigned region = 0;
    for (size_t i = 1; cur && i < steps.size(); ++i) {
        if (steps[i].starts_with("r")) {
            steps[i].drop_front().getAsInteger(10, region);
            continue;
        }
        unsigned index = 0;
        steps[i].getAsInteger(10, index);
        mlir::Block &block = cur->getRegion(region).front();
        region = 0;
        cur = nullptr;
        for (mlir::Operation &op : block)
            if (index-- == 0) {
                cur = &op;
                break;
            }
    }
    return cur;
}

} // namespace

class TestIrDiffer : public QObject
{
    Q_OBJECT

    mlir::MLIRContext ctx_;
    std::string ref_;
    mlir::OwningOpRef<mlir::ModuleOp> lastRef_, lastGen_;

    Run diff(const std::string &gen, const std::string &ref = {})
    {
        Run run;
        lastRef_ = irtest::load(ctx_, ref.empty() ? ref_ : ref, "ref.mlir");
        lastGen_ = irtest::load(ctx_, gen, "gen.mlir");
        if (!lastRef_ || !lastGen_)
            return run;
        std::string diag;
        llvm::raw_string_ostream os(diag);
        run.report = td::diffModules(*lastRef_, *lastGen_, td::IrDiffOptions{}, os, "ref.mlir", "gen.mlir");
        if (run.report) {
            llvm::raw_string_ostream md(run.markdown);
            td::writeMarkdownReport(*run.report, md);
        }
        return run;
    }

private Q_SLOTS:
    void initTestCase()
    {
        td::configureContext(ctx_);
        ref_ = irtest::fixture("kernel_ref.mlir");
    }

    void sameComputationPasses()
    {
        // Other value names, the constant written elsewhere, and the producer.
        std::string gen = irtest::edit(ref_, "%acc0", "%cst_0_f32");
        gen = irtest::edit(gen, "%row", "%blk");
        gen = irtest::edit(gen, "producer = \"reference exporter\"", "producer = \"cutile-rs 0.4.0\"");
        const std::string four = "    %four = constant <i32: 4> : tile<i32> loc(\"kernel.py\":22:30)\n";
        gen = irtest::edit(gen, four, "");
        gen = irtest::edit(gen, "    %pa = assume", four + "    %pa = assume");
        QVERIFY(!gen.empty());
        const Run r = diff(gen);
        QVERIFY(r.report);
        QCOMPARE(r.report->verdict, td::Verdict::Pass);
        QVERIFY(r.report->findings.empty());
        QCOMPARE(r.report->count(td::EditKind::Changed) + r.report->count(td::EditKind::Inserted) +
                     r.report->count(td::EditKind::Deleted),
                 size_t(0));
        QCOMPARE(r.report->count(td::EditKind::Matched), size_t(31));
        QCOMPARE(td::exitCode(r.report->verdict), 0);
        QVERIFY(r.markdown.find("None: the canonical forms are equal.") != std::string::npos);
    }

    void smallArithmeticDeltasAreWorkarounds()
    {
        // One extra index add and one extra float add, both live.
        std::string gen = irtest::edit(ref_, "%kt = divi %K, %row signed",
                                       "%kk = addi %K, %row : tile<i32> loc(\"gen.rs\":3:9)\n    %kt = divi %kk, %row signed");
        gen = irtest::edit(gen, "yield %sum : tile<f32>", "%sum2 = addf %sum, %q flush_to_zero : tile<f32>\n      yield %sum2 : tile<f32>");
        QVERIFY(!gen.empty());
        const Run r = diff(gen);
        QVERIFY(r.report);
        QCOMPARE(r.report->verdict, td::Verdict::PassWithNotes);
        QCOMPARE(td::exitCode(r.report->verdict), 2);
        const td::Finding *addi = r.rule("op-count", "addi");
        const td::Finding *addf = r.rule("op-count", "addf");
        QVERIFY(addi && addf);
        QCOMPARE(addi->severity, td::Severity::Workaround);
        QCOMPARE(addf->severity, td::Severity::Workaround);
        QCOMPARE(*addf->ref, std::string("1"));
        QCOMPARE(*addf->gen, std::string("2"));
        QCOMPARE(addi->genOps.size(), size_t(1));
        QCOMPARE(addi->genOps[0].loc.str(), std::string("gen.rs:3:9"));
        QCOMPARE(r.report->count(td::Severity::Critical), size_t(0));
        QVERIFY(!r.report->owner);
    }

    void criticalOpCounts_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("op");
        QTest::newRow("exp replaced") << QStringLiteral("exp %acc rounding<approx> :") << QStringLiteral("negf %acc :")
                                      << QStringLiteral("exp");
        // A second, used load of the A tile.
        QTest::newRow("extra TMA load")
            << QStringLiteral("      %m = mmaf %x, %y, %a")
            << QStringLiteral("      %x2, %t9 = load_view_tko weak %va[%row, %k] : partition_view<tile=(64x32), tensor_view<1024x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token\n"
                              "      %xx = addf %x, %x2 : tile<64x32xf16>\n"
                              "      %m = mmaf %xx, %y, %a")
            << QStringLiteral("load_view_tko");
        QTest::newRow("three extra addf")
            << QStringLiteral("yield %sum : tile<f32>")
            << QStringLiteral("%s1 = addf %sum, %q : tile<f32>\n      %s2 = addf %s1, %q : tile<f32>\n"
                              "      %s3 = addf %s2, %q : tile<f32>\n      yield %s3 : tile<f32>")
            << QStringLiteral("addf");
    }

    void criticalOpCounts()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, op);
        const std::string gen = irtest::edit(ref_, from.toStdString(), to.toStdString());
        QVERIFY(!gen.empty());
        const Run r = diff(gen);
        QVERIFY(r.report);
        const td::Finding *f = r.rule("op-count", op.toStdString());
        QVERIFY2(f, r.markdown.c_str());
        QCOMPARE(f->severity, td::Severity::Critical);
        QCOMPARE(f->owner, td::Owner::Kernel);
        QCOMPARE(r.report->verdict, td::Verdict::FailFixable);
        QCOMPARE(td::exitCode(r.report->verdict), 1);
        QCOMPARE(r.report->owner, std::optional<td::Owner>(td::Owner::Kernel));
        QVERIFY(r.markdown.find("### Critical") != std::string::npos);
    }

    void changedTileShapesAreCritical()
    {
        // A K tile of 16 instead of 32.
        std::string gen = irtest::edit(ref_, "tile=(64x32)", "tile=(64x16)");
        gen = irtest::edit(gen, "tile<64x32xf16>", "tile<64x16xf16>");
        gen = irtest::edit(gen, "tile=(32x64)", "tile=(16x64)");
        gen = irtest::edit(gen, "tile<32x64xf16>", "tile<16x64xf16>");
        QVERIFY(!gen.empty());
        const Run r = diff(gen);
        const auto f = r.rule("tile-shapes");
        QCOMPARE(f.size(), size_t(1));
        QCOMPARE(f[0]->severity, td::Severity::Critical);
        QCOMPARE(*f[0]->ref, std::string("32x64, 64x32"));
        QCOMPARE(*f[0]->gen, std::string("16x64, 64x16"));
        // The view's tile is a kernel layout note as well.
        QVERIFY(!r.rule("layout-tiles").empty());
    }

    void changedReduceIdentityIsCritical()
    {
        const std::string gen = irtest::edit(ref_, "identities=[0.000000e+00 : f32]", "identities=[1.000000e+00 : f32]");
        QVERIFY(!gen.empty());
        const Run r = diff(gen);
        const auto f = r.rule("reduce-identities");
        QCOMPARE(f.size(), size_t(1));
        QCOMPARE(f[0]->severity, td::Severity::Critical);
        QVERIFY(f[0]->ref->find("0.000000e+00") != std::string::npos);
        QVERIFY(f[0]->gen->find("1.000000e+00") != std::string::npos);
        // The aligned reduce is reported as changed in place, with both values.
        const auto &edits = r.report->functions.front().edits;
        QCOMPARE(edits.size(), size_t(1));
        QCOMPARE(edits[0].kind, td::EditKind::Changed);
        QCOMPARE(edits[0].ref->path, std::string("@rowsum_kernel/21"));
        QCOMPARE(edits[0].changes.front().name, std::string("identities"));
        QCOMPARE(*edits[0].changes.front().ref, std::string("[0.000000e+00 : f32]"));
        QCOMPARE(*edits[0].changes.front().gen, std::string("[1.000000e+00 : f32]"));
    }

    void changedMmaAccumulatorIsCritical()
    {
        // Accumulate in f16, convert after the loop.
        std::string gen = irtest::edit(ref_, "constant <f32: 0.000000e+00> : tile<64x64xf32>", "constant <f16: 0.000000e+00> : tile<64x64xf16>");
        gen = irtest::edit(gen, "-> (tile<64x64xf32>) {", "-> (tile<64x64xf16>) {");
        gen = irtest::edit(gen, "tile<32x64xf16>, tile<64x64xf32> loc(fused", "tile<32x64xf16>, tile<64x64xf16> loc(fused");
        gen = irtest::edit(gen, "continue %m : tile<64x64xf32>", "continue %m : tile<64x64xf16>");
        gen = irtest::edit(gen, "    %e = exp %acc", "    %accf = ftof %acc : tile<64x64xf16> -> tile<64x64xf32>\n    %e = exp %accf");
        QVERIFY(!gen.empty());
        const Run r = diff(gen);
        const auto f = r.rule("mma-accumulator");
        QCOMPARE(f.size(), size_t(1));
        QCOMPARE(f[0]->severity, td::Severity::Critical);
        QCOMPARE(*f[0]->ref, std::string("mmaf tile<64x64xf32>"));
        QCOMPARE(*f[0]->gen, std::string("mmaf tile<64x64xf16>"));
        QCOMPARE(f[0]->refOps.front().loc.str(), std::string("kernel.py:28:13"));
    }

    void missingFastMathFlagsAreCritical()
    {
        const std::string noFtz = irtest::edit(ref_, "mulf %e, %sb flush_to_zero :", "mulf %e, %sb :");
        QVERIFY(!noFtz.empty());
        Run r = diff(noFtz);
        const td::Finding *ftz = r.rule("flush-to-zero", "mulf");
        QVERIFY(ftz);
        QCOMPARE(ftz->severity, td::Severity::Critical);
        QCOMPARE(ftz->refOps.front().loc.str(), std::string("kernel.py:31:9"));
        QCOMPARE(ftz->refOps.front().path, std::string("@rowsum_kernel/20"));

        const std::string noApprox = irtest::edit(ref_, "exp %acc rounding<approx> :", "exp %acc rounding<full> :");
        QVERIFY(!noApprox.empty());
        r = diff(noApprox);
        const td::Finding *approx = r.rule("rounding-approx", "exp");
        QVERIFY(approx);
        QCOMPARE(approx->severity, td::Severity::Critical);
        QCOMPARE(r.report->verdict, td::Verdict::FailFixable);

        // More explicit rounding than the reference is only a note.
        const std::string extra = irtest::edit(ref_, "addf %p, %q flush_to_zero :", "addf %p, %q rounding<zero> flush_to_zero :");
        r = diff(extra);
        const td::Finding *more = r.rule("rounding-explicit", "addf");
        QVERIFY(more);
        QCOMPARE(more->severity, td::Severity::Note);
        QCOMPARE(r.report->verdict, td::Verdict::PassWithNotes);
    }

    void memoryHints()
    {
        const std::string fewerTma = irtest::edit(ref_, "{allow_tma = true, latency = 3}", "{latency = 3}", 1);
        QVERIFY(!fewerTma.empty());
        Run r = diff(fewerTma);
        const auto tma = r.rule("allow-tma");
        QCOMPARE(tma.size(), size_t(1));
        QCOMPARE(tma[0]->severity, td::Severity::Critical);
        QCOMPARE(*tma[0]->ref, std::string("2"));
        QCOMPARE(*tma[0]->gen, std::string("1"));
        QVERIFY(r.rule("latency").empty());

        const std::string latency = irtest::edit(ref_, "latency = 3", "latency = 5", 0);
        r = diff(latency);
        QCOMPARE(r.rule("latency").size(), size_t(1));
        QCOMPARE(r.rule("latency")[0]->severity, td::Severity::Note);
        QCOMPARE(r.report->verdict, td::Verdict::PassWithNotes);
        // The hint change also shows on the aligned load itself.
        const td::Finding *attr = r.rule("attribute-changed", "load_view_tko");
        QVERIFY(attr);
        QCOMPARE(attr->refOps.front().path, std::string("@rowsum_kernel/16/r0/0"));
    }

    void entryHintsBelongToTheHost()
    {
        const std::string changed = irtest::edit(ref_, "occupancy = 2", "occupancy = 4");
        Run r = diff(changed);
        const auto f = r.rule("entry-hints");
        QCOMPARE(f.size(), size_t(1));
        QCOMPARE(f[0]->severity, td::Severity::Critical);
        QCOMPARE(f[0]->owner, td::Owner::Host);
        QCOMPARE(r.report->verdict, td::Verdict::FailFixable);
        QCOMPARE(r.report->owner, std::optional<td::Owner>(td::Owner::Host));
        QVERIFY(r.rule("attribute-changed", "entry"));
        QCOMPARE(r.rule("attribute-changed", "entry")->owner, td::Owner::Host);

        const std::string missing = irtest::edit(ref_, "num_cta_in_cga = 2, occupancy = 2", "num_cta_in_cga = 2");
        r = diff(missing);
        QCOMPARE(r.rule("entry-hints").size(), size_t(1));
        QCOMPARE(r.rule("entry-hints")[0]->severity, td::Severity::Note);
        QCOMPARE(r.report->verdict, td::Verdict::PassWithNotes);
    }

    void assumptions()
    {
        // A divisibility fact on the scalar K in the generated kernel.
        std::string scalar = irtest::edit(ref_, "%kt = divi %K, %row signed",
                                          "%K16 = assume div_by<16>, %K : tile<i32> loc(\"gen.rs\":9:1)\n    %kt = divi %K16, %row signed");
        QVERIFY(!scalar.empty());
        Run r = diff(scalar);
        const auto f = r.rule("scalar-assume-div-by");
        QCOMPARE(f.size(), size_t(1));
        QCOMPARE(f[0]->severity, td::Severity::Critical);
        QCOMPARE(f[0]->owner, td::Owner::Host);
        QCOMPARE(f[0]->genOps.front().loc.str(), std::string("gen.rs:9:1"));
        QCOMPARE(r.report->owner, std::optional<td::Owner>(td::Owner::Host));

        // Both sides specialised (captured shapes): the reference assumes K
        // divisible too, gen one more fact on the same value; the launchers'
        // rules differ, which is a note, not a defect of the port.
        {
            const std::string twice = irtest::edit(scalar, "%kt = divi %K16, %row signed",
                                                   "%K8 = assume div_by<8>, %K16 : tile<i32>\n    %kt = divi %K8, %row signed");
            QVERIFY(!twice.empty());
            Run both = diff(twice, scalar);
            const auto g = both.rule("scalar-assume-div-by");
            QCOMPARE(g.size(), size_t(1));
            QCOMPARE(g[0]->severity, td::Severity::Note);
            QVERIFY(QString::fromStdString(g[0]->message).contains(QStringLiteral("their rules differ")));
        }

        // gen knows K divisible by 8 where the specialised reference (its
        // pointer facts are there) knows nothing: cuTile Python gives a
        // dimension 16 or nothing, cutile its largest power of two; a note
        // naming that rule.
        {
            const std::string eight = irtest::edit(scalar, "div_by<16>, %K", "div_by<8>, %K");
            QVERIFY(!eight.empty());
            Run rule = diff(eight);
            const auto g = rule.rule("scalar-assume-div-by");
            QCOMPARE(g.size(), size_t(1));
            QCOMPARE(g[0]->severity, td::Severity::Note);
            QVERIFY2(QString::fromStdString(g[0]->message).contains(QStringLiteral("launcher rule")), g[0]->message.c_str());
        }

        // A pointer without its fact: a note while gen has no pointer loads ...
        const std::string noPtrFact = irtest::edit(irtest::dropLine(ref_, "%pa = assume"), "make_tensor_view %pa,", "make_tensor_view %A,");
        QVERIFY(!noPtrFact.empty());
        r = diff(noPtrFact);
        QCOMPARE(r.rule("pointer-assume-div-by").size(), size_t(1));
        QCOMPARE(r.rule("pointer-assume-div-by")[0]->severity, td::Severity::Note);
        // ... critical once gen loads through raw pointers.
        const std::string ptrLoad = irtest::edit(noPtrFact, "    %bx, %by, %bz",
                                                 "    %pl, %plt = load_ptr_tko weak %B : tile<ptr<f16>> -> tile<f16>, token\n"
                                                 "    %pst = store_ptr_tko weak %B, %pl : tile<ptr<f16>>, tile<f16> -> token\n"
                                                 "    %bx, %by, %bz");
        r = diff(ptrLoad);
        QCOMPARE(r.rule("pointer-assume-div-by").size(), size_t(1));
        QCOMPARE(r.rule("pointer-assume-div-by")[0]->severity, td::Severity::Critical);
        QCOMPARE(r.rule("pointer-assume-div-by")[0]->owner, td::Owner::Host);
        QCOMPARE(r.rule("op-count", "load_ptr_tko")->severity, td::Severity::Critical);
        // Kernel-owned criticals route to the kernel even with host ones present.
        QCOMPARE(r.report->owner, std::optional<td::Owner>(td::Owner::Kernel));

        // The reference's alignment of a one-element lane at a constant
        // offset, which gen lacks: a note of its own, not a missing pointer
        // fact, even with pointer loads in gen.
        const std::string laneLoad = irtest::edit(ref_, "    %bx, %by, %bz",
                                                  "    %lo = constant <i64: 0> : tile<i64>\n"
                                                  "    %lp = offset %B, %lo : tile<ptr<f16>>, tile<i64> -> tile<ptr<f16>>\n"
                                                  "    %la = assume div_by<16>, %lp : tile<ptr<f16>>\n"
                                                  "    %ll, %llt = load_ptr_tko weak %la : tile<ptr<f16>> -> tile<f16>, token\n"
                                                  "    %bx, %by, %bz");
        QVERIFY(!laneLoad.empty());
        const std::string laneGen = irtest::edit(irtest::dropLine(laneLoad, "%la = assume"), "load_ptr_tko weak %la", "load_ptr_tko weak %lp");
        QVERIFY(!laneGen.empty());
        r = diff(laneGen, laneLoad);
        QCOMPARE(r.rule("pointer-assume-div-by").size(), size_t(0));
        QCOMPARE(r.rule("pointer-lane-div-by").size(), size_t(1));
        QCOMPARE(r.rule("pointer-lane-div-by")[0]->severity, td::Severity::Note);
    }

    void blockSwizzleAndLayouts()
    {
        const std::string noSwizzle = irtest::edit(ref_, "%row = divi %bx, %four signed :", "%row = addi %bx, %four :");
        QVERIFY(!noSwizzle.empty());
        Run r = diff(noSwizzle);
        QCOMPARE(r.rule("block-swizzle").size(), size_t(1));
        QCOMPARE(r.rule("block-swizzle")[0]->refOps.front().loc.str(), std::string("kernel.py:22:11"));
        QCOMPARE(r.rule("op-count", "divi")->severity, td::Severity::Workaround);
        QCOMPARE(r.report->verdict, td::Verdict::PassWithNotes);

        // B's row stride becomes a runtime value.
        std::string strides = irtest::edit(ref_, "strides = [64, 1] : tile<i32>", "strides = [%K, 1] : tile<i32>");
        strides = irtest::edit(strides, "strides=[64,1]", "strides=[?,1]");
        QVERIFY(!strides.empty());
        r = diff(strides);
        QCOMPARE(r.rule("layout-strides").size(), size_t(1));
        QCOMPARE(r.rule("layout-strides")[0]->owner, td::Owner::Host);
        QVERIFY(r.rule("layout-strides")[0]->ref->find("strides=[64,1]") != std::string::npos);
        QVERIFY(r.rule("tile-shapes").empty());
    }

    void alignmentReportsEditsWithLocations()
    {
        // Delete the assume on C, insert a print after exp, drop ftz on mulf.
        std::string gen = irtest::edit(irtest::dropLine(ref_, "%pc = assume"), "make_tensor_view %pc,", "make_tensor_view %C,");
        gen = irtest::edit(gen, "    %s11 = ", "    %pt = print_tko \"e=%f\", %e : tile<64x64xf32> -> token loc(\"gen.rs\":7:3)\n    %s11 = ");
        gen = irtest::edit(gen, "mulf %e, %sb flush_to_zero :", "mulf %e, %sb :");
        QVERIFY(!gen.empty());
        const Run r = diff(gen);
        QVERIFY(r.report);
        const td::FunctionDiff &fd = r.report->functions.front();
        QCOMPARE(fd.pairing, std::string("name"));
        QCOMPARE(fd.deleted, size_t(1));
        QCOMPARE(fd.inserted, size_t(1));
        QCOMPARE(fd.changed, size_t(1));
        QCOMPARE(fd.matched, size_t(29));
        std::map<td::EditKind, const td::OpEdit *> byKind;
        for (const td::OpEdit &e : fd.edits)
            byKind[e.kind] = &e;
        const td::OpEdit *del = byKind[td::EditKind::Deleted];
        const td::OpEdit *ins = byKind[td::EditKind::Inserted];
        const td::OpEdit *chg = byKind[td::EditKind::Changed];
        QVERIFY(del && ins && chg);
        QCOMPARE(del->ref->op, std::string("assume"));
        QCOMPARE(del->ref->loc.str(), std::string("kernel.py:12:5"));
        QCOMPARE(del->ref->path, std::string("@rowsum_kernel/6"));
        QVERIFY(!del->gen);
        QCOMPARE(ins->gen->op, std::string("print_tko"));
        QCOMPARE(ins->gen->loc.str(), std::string("gen.rs:7:3"));
        QCOMPARE(chg->ref->loc.str(), std::string("kernel.py:31:9"));
        QCOMPARE(chg->gen->op, std::string("mulf"));
        QCOMPARE(chg->changes.front().name, std::string("flush_to_zero"));
        QCOMPARE(*chg->changes.front().ref, std::string("unit"));
        QVERIFY(!chg->changes.front().gen);
        // Paths lead back to the ops they name, in each module.
        for (const td::OpEdit *e : {del, chg})
            QCOMPARE(td::mnemonicOf(opAtPath(*lastRef_, e->ref->path)).str(), e->ref->op);
        for (const td::OpEdit *e : {ins, chg})
            QCOMPARE(td::mnemonicOf(opAtPath(*lastGen_, e->gen->path)).str(), e->gen->op);
        // Nested ops: the loads inside the loop are reached through its region.
        QCOMPARE(td::mnemonicOf(opAtPath(*lastRef_, "@rowsum_kernel/16/r0/2")).str(), std::string("mmaf"));
        // The Markdown report lists the edits with both locations.
        QVERIFY(r.markdown.find("| deleted | `@rowsum_kernel/6` assume `%v6` at kernel.py:12:5 |") != std::string::npos);
        QVERIFY2(r.markdown.find("gen.rs:7:3") != std::string::npos, r.markdown.c_str());
    }

    void operandWiring()
    {
        const std::string swapped = irtest::edit(ref_, "divi %K, %row signed", "divi %row, %K signed");
        QVERIFY(!swapped.empty());
        Run r = diff(swapped);
        const td::Finding *f = r.rule("operand-changed", "divi");
        QVERIFY(f);
        QCOMPARE(r.report->verdict, td::Verdict::PassWithNotes);
        const td::OpEdit &e = r.report->functions.front().edits.front();
        QCOMPARE(e.changes.size(), size_t(2));
        QCOMPARE(*e.changes[0].ref, std::string("%arg3"));
        QCOMPARE(*e.changes[0].gen, std::string("%v14"));

        // Operand order of a commutative op is not a difference.
        const std::string commuted = irtest::edit(ref_, "mulf %e, %sb", "mulf %sb, %e");
        QVERIFY(!commuted.empty());
        r = diff(commuted);
        QCOMPARE(r.report->verdict, td::Verdict::Pass);
    }

    void reorderedOpsAreNoted()
    {
        // The two independent views swap places: counts match, order does not.
        std::string gen = ref_;
        const size_t b = gen.find("    %vb = make_partition_view"), c = gen.find("    %vc = make_partition_view");
        QVERIFY(b != std::string::npos && c != std::string::npos && b < c);
        // Move the %vc line before the %vb line.
        const size_t cEnd = gen.find('\n', c) + 1;
        const std::string cLine = gen.substr(c, cEnd - c);
        gen.erase(c, cEnd - c);
        gen.insert(b, cLine);
        const Run r = diff(gen);
        QCOMPARE(r.report->verdict, td::Verdict::PassWithNotes);
        QCOMPARE(r.rule("ops-moved").size(), size_t(1));
        QCOMPARE(r.rule("ops-moved")[0]->op, std::string("make_partition_view"));
        QVERIFY(r.rule("op-count").empty());
    }

    void functionPairing()
    {
        const std::string renamed = irtest::edit(ref_, "entry @rowsum_kernel(", "entry @rowsum_kernel_rs(");
        Run r = diff(renamed);
        QCOMPARE(r.report->functions.front().pairing, std::string("position"));
        QCOMPARE(r.report->functions.front().matched, size_t(31));
        QCOMPARE(r.rule("function-renamed").size(), size_t(1));
        QCOMPARE(r.report->verdict, td::Verdict::PassWithNotes);

        // A reference with two entries against a generated module with one.
        const std::string close = "  } loc(\"kernel.py\":8:1)\n";
        const size_t start = ref_.find("  entry @rowsum_kernel(");
        const size_t end = ref_.find(close) + close.size();
        std::string second = irtest::edit(ref_.substr(start, end - start), "entry @rowsum_kernel(", "entry @rowsum_kernel_v2(");
        const std::string twoFns = ref_.substr(0, end) + second + ref_.substr(end);
        r = diff(ref_, twoFns);
        const auto missing = r.rule("function-missing");
        QCOMPARE(missing.size(), size_t(1));
        QCOMPARE(*missing[0]->ref, std::string("rowsum_kernel_v2"));
        QCOMPARE(missing[0]->severity, td::Severity::Critical);
        QCOMPARE(r.report->functions.size(), size_t(2));
        QCOMPARE(r.report->functions[0].matched, size_t(31));
    }

    void jsonReportHasTheDocumentedShape()
    {
        const std::string gen = irtest::edit(ref_, "mulf %e, %sb flush_to_zero :", "mulf %e, %sb :");
        const Run r = diff(gen);
        std::string json;
        llvm::raw_string_ostream os(json);
        td::writeJsonReport(*r.report, os);
        QJsonParseError err;
        const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(json), &err).object();
        QCOMPARE(err.error, QJsonParseError::NoError);
        QCOMPARE(root.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport-ir-diff/1"));
        QCOMPARE(root.value(QStringLiteral("verdict")).toString(), QStringLiteral("FAIL_FIXABLE"));
        QCOMPARE(root.value(QStringLiteral("exit_code")).toInt(), 1);
        QCOMPARE(root.value(QStringLiteral("owner")).toString(), QStringLiteral("kernel"));
        const QJsonObject first = root.value(QStringLiteral("findings")).toArray().first().toObject();
        QCOMPARE(first.value(QStringLiteral("rule")).toString(), QStringLiteral("flush-to-zero"));
        const QJsonObject loc = first.value(QStringLiteral("ref_ops")).toArray().first().toObject().value(QStringLiteral("loc")).toObject();
        QCOMPARE(loc.value(QStringLiteral("file")).toString(), QStringLiteral("kernel.py"));
        QCOMPARE(loc.value(QStringLiteral("line")).toInt(), 31);
        QCOMPARE(loc.value(QStringLiteral("col")).toInt(), 9);
    }

    void alignmentIsALongestCommonSubsequence()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 300; ++round) {
            std::vector<uint32_t> a(rng() % 60), b;
            for (uint32_t &x : a)
                x = rng() % 5;
            b = a;
            const int edits = int(rng() % 12);
            for (int e = 0; e < edits; ++e) {
                const int kind = int(rng() % 3);
                const size_t at = b.empty() ? 0 : rng() % b.size();
                if (kind == 0 || b.empty())
                    b.insert(b.begin() + long(at), rng() % 5);
                else if (kind == 1)
                    b.erase(b.begin() + long(at));
                else
                    b[at] = rng() % 5;
            }
            const auto pairs = td::alignSequences(a, b);
            QVERIFY(validPairs(pairs, a, b));
            QCOMPARE(pairs.size(), lcsLength(a, b));
        }
    }

    void alignmentStaysBoundedOnUnrelatedInputs()
    {
        // Over the edit budget: unique anchors split the work; the result is a
        // valid common subsequence that keeps every anchor.
        std::vector<uint32_t> a, b;
        for (uint32_t i = 0; i < 3000; ++i) {
            a.push_back(i % 7 == 0 ? 1000 + i : i % 3);
            b.push_back(i % 7 == 0 ? 1000 + i : (i + 1) % 3);
        }
        td::AlignmentOptions tight;
        tight.maxEditDistance = 64;
        const auto pairs = td::alignSequences(a, b, tight);
        QVERIFY(validPairs(pairs, a, b));
        size_t anchors = 0;
        for (const auto &[i, j] : pairs)
            anchors += a[i] >= 1000;
        QCOMPARE(anchors, size_t(3000 / 7 + 1));
    }
};

QTEST_GUILESS_MAIN(TestIrDiffer)
#include "tst_ir_differ.moc"
