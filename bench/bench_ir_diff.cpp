// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Tile IR canonicalizer and differ on large modules: generates a reference
// module of about N ops (official cuda_tile syntax, parsed by the dialect) and
// a generated one with a few hundred differences (changed attributes, swapped
// op kinds, inserted and deleted ops), then times parsing, canonicalization,
// the structural diff, and a grep-count baseline like TileGym's diff_ir.sh
// (one `grep -c` per op name per file).
// Usage: bench_ir_diff [OPS=100000] [DIFFERENCES=300] [DIR=/tmp]
#include "tileport/TileIR/Diff/Canonicalizer.h"
#include "tileport/TileIR/Diff/IrDiff.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"

#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/raw_ostream.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <string>

namespace td = tileport::tileir::diff;

namespace {

constexpr const char *kTile = "tile<64x64xf32>";
constexpr const char *kView = "partition_view<tile=(64x64), tensor_view<?x4096xf32, strides=[4096,1]>>";

// Writes a kernel in the official cuda_tile syntax as a chain of ops: each op
// consumes the current float tile and/or index value and produces the next
// one, a store every 8 ops keeps the chain live, and every 400 ops a `for`
// loop carries the tile through a body of 100 more. `mutate` perturbs op
// number i (0 none, 1 drop flush_to_zero / approx, 2 swap mulf<->subf,
// 3 insert an extra op, 4 delete the op).
class ChainWriter
{
public:
    ChainWriter(size_t targetOps, const std::vector<int> &mutate) : target_(targetOps), mutate_(mutate) {}

    std::string write()
    {
        out_ += "cuda_tile.module @kernels {\n";
        out_ += "  entry @bench(%base: tile<ptr<f32>>, %n: tile<i32>) {\n";
        line("%tv = make_tensor_view %base, shape = [%n, 4096], strides = [4096, 1] : tile<i32> -> "
             "tensor_view<?x4096xf32, strides=[4096,1]>");
        line("%pv = make_partition_view %tv : " + std::string(kView));
        line("%c1 = constant <i32: 1> : tile<i32>");
        line("%c0 = constant <i32: 0> : tile<i32>");
        line("%s = constant <f32: 5.000000e-01> : " + std::string(kTile));
        tile_ = "%s";
        idx_ = "%n";
        while (ops_ < target_) {
            if (step_ % 400 == 399)
                loop();
            else
                chainOp();
        }
        store();
        out_ += "    return\n  }\n}\n";
        return std::move(out_);
    }

private:
    void line(const std::string &text)
    {
        out_ += std::string(indent_, ' ') + text + " loc(\"bench.py\":" + std::to_string(++lineNo_) + ":5)\n";
        ++ops_;
    }

    std::string fresh() { return "%x" + std::to_string(next_++); }

    void binaryF(const char *op, const char *flags)
    {
        const std::string v = fresh();
        line(v + " = " + op + " " + tile_ + ", " + tile_ + flags + " : " + kTile);
        tile_ = v;
    }

    void chainOp()
    {
        const size_t i = step_++;
        const int m = i < mutate_.size() ? mutate_[i] : 0;
        if (m == 4)
            return;
        if (m == 3)
            binaryF("maxf", "");
        switch (i % 8) {
        case 0:
            binaryF(m == 2 ? "subf" : "mulf", m == 1 ? "" : " flush_to_zero");
            break;
        case 1:
            binaryF("addf", m == 1 ? "" : " flush_to_zero");
            break;
        case 2: {
            const std::string v = fresh();
            line(v + " = addi " + idx_ + ", %c1 : tile<i32>");
            idx_ = v;
            break;
        }
        case 3: {
            const std::string v = fresh(), t = fresh();
            line(v + ", " + t + " = load_view_tko weak %pv[" + idx_ +
                 ", %c0] optimization_hints = <sm_100 = {allow_tma = true}> : " + kView + ", tile<i32> -> " + kTile +
                 ", token");
            const std::string sum = fresh();
            line(sum + " = addf " + tile_ + ", " + v + " : " + kTile);
            tile_ = sum;
            break;
        }
        case 4: {
            const std::string v = fresh();
            line(v + " = exp " + tile_ + (m == 1 ? "" : " rounding<approx>") + " : " + kTile);
            tile_ = v;
            break;
        }
        case 5:
            binaryF(m == 2 ? "mulf" : "subf", "");
            break;
        case 6: {
            const std::string v = fresh();
            line(v + " = muli " + idx_ + ", %c1 : tile<i32>");
            idx_ = v;
            break;
        }
        default:
            store();
            break;
        }
    }

    void store()
    {
        line(fresh() + " = store_view_tko weak " + tile_ + ", %pv[" + idx_ + ", %c0] : " + kTile + ", " + kView +
             ", tile<i32> -> token");
    }

    void loop()
    {
        ++step_;
        const std::string result = fresh(), iv = fresh(), carried = fresh();
        out_ += std::string(indent_, ' ') + result + " = for " + iv + " in (%c0 to %n, step %c1) : tile<i32> iter_values(" +
                carried + " = " + tile_ + ") -> (" + kTile + ") {\n";
        indent_ += 2;
        tile_ = carried;
        const std::string outerIdx = idx_;
        idx_ = iv;
        for (int k = 0; k < 100 && ops_ < target_; ++k)
            chainOp();
        line("continue " + tile_ + " : " + kTile);
        indent_ -= 2;
        out_ += std::string(indent_, ' ') + "} loc(\"bench.py\":" + std::to_string(++lineNo_) + ":5)\n";
        ++ops_;
        tile_ = result;
        idx_ = outerIdx;
    }

    size_t target_;
    const std::vector<int> &mutate_;
    std::string out_;
    std::string tile_, idx_;
    size_t ops_ = 0, step_ = 0, next_ = 0, lineNo_ = 0;
    int indent_ = 4;
};

// Wall-clock and process CPU seconds of one phase (the machine may be shared;
// CPU time is the steadier figure).
struct Phase {
    std::chrono::steady_clock::time_point wall0 = std::chrono::steady_clock::now();
    std::clock_t cpu0 = std::clock();
    double wall = 0, cpu = 0;

    void stop()
    {
        wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
        cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
    }
};

} // namespace

int main(int argc, char **argv)
{
    const size_t ops = argc > 1 ? size_t(std::atol(argv[1])) : 100000;
    const size_t differences = argc > 2 ? size_t(std::atol(argv[2])) : 300;
    const std::string dir = argc > 3 ? argv[3] : "/tmp";

    // Mutations at distinct, seeded positions; the reference has none.
    std::vector<int> none, some(ops + ops / 4, 0);
    std::mt19937 rng(20261129);
    std::set<size_t> used;
    while (used.size() < differences) {
        const size_t at = 10 + rng() % (ops - 20);
        if (used.insert(at).second)
            some[at] = 1 + int(rng() % 4);
    }
    const std::string refText = ChainWriter(ops, none).write();
    const std::string genText = ChainWriter(ops, some).write();
    const std::string refPath = dir + "/bench_ir_ref.mlir", genPath = dir + "/bench_ir_gen.mlir";
    std::ofstream(refPath) << refText;
    std::ofstream(genPath) << genText;

    mlir::MLIRContext ctx;
    td::configureContext(ctx);
    ctx.disableMultithreading();
    Phase parse;
    auto ref = td::loadModule(refPath, ctx, llvm::errs());
    auto gen = td::loadModule(genPath, ctx, llvm::errs());
    parse.stop();
    if (!ref || !gen)
        return 1;

    Phase canon;
    if (mlir::failed(td::canonicalize(*ref)) || mlir::failed(td::canonicalize(*gen)))
        return 1;
    canon.stop();

    td::IrDiffOptions options;
    options.canonicalize = false; // timed above
    Phase diff;
    auto report = td::diffModules(*ref, *gen, options, llvm::errs(), refPath, genPath);
    diff.stop();
    if (!report)
        return 1;

    // diff_ir.sh's approach: count each op name in each text with grep (the
    // CPU figure is this process's, not grep's, so only wall time is shown).
    const char *names[] = {"load_ptr_tko", "store_ptr_tko", "load_view_tko", "store_view_tko", "reduce", "exp", "exp2",
                           "rsqrt", "fma", "mmaf", "for", "addf", "subf", "mulf", "divf", "maxf", "minf", "select",
                           "iota", "cmpi", "ftof", "itof", "exti"};
    std::string script;
    for (const char *name : names)
        script += std::string("grep -cw '") + name + "' " + refPath + " " + genPath + " >/dev/null; ";
    Phase grep;
    const int rc = std::system(script.c_str());
    grep.stop();
    (void)rc;

    std::printf("modules: ref %zu ops (%zu bytes), gen %zu ops (%zu bytes), %zu mutations\n", report->ref.opCount,
                refText.size(), report->gen.opCount, genText.size(), differences);
    std::printf("%-20s %8s %8s\n", "phase", "wall s", "cpu s");
    std::printf("%-20s %8.3f %8.3f\n", "parse both", parse.wall, parse.cpu);
    std::printf("%-20s %8.3f %8.3f\n", "canonicalize both", canon.wall, canon.cpu);
    std::printf("%-20s %8.3f %8.3f   %zu matched, %zu changed, %zu inserted, %zu deleted; %s\n", "diff + classify",
                diff.wall, diff.cpu, report->count(td::EditKind::Matched), report->count(td::EditKind::Changed),
                report->count(td::EditKind::Inserted), report->count(td::EditKind::Deleted), td::toString(report->verdict));
    std::printf("%-20s %8.3f %8s   %zu names x 2 files\n", "grep-count baseline", grep.wall, "-", std::size(names));
    return 0;
}
