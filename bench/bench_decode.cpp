// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Bytecode decode throughput on a large generated module: one entry holding a
// chain of N addi instructions (written with the test suite's bytecode
// builder), decoded by the reader (bytes -> bc::Module) and imported into the
// cuda_tile dialect (bc::Module -> MLIR ops). The decoded module is printed to
// text and a grep-count baseline like TileGym's diff_ir.sh runs on that file.
// Usage: bench_decode [--read-only] [INSTRUCTIONS=4000000] [REPEATS=5] [DIR=/tmp]
// --read-only stops after the read phase, so that a profile shows the reader
// alone. The read phase also reports its median process CPU time, which on a
// shared machine is steadier than wall time.
#include "../tests/support/BytecodeBuilder.h"
#include "tileport/TileIR/Bytecode/Reader.h"
#include "tileport/TileIR/Diff/ModuleLoader.h"
#include "tileport/TileIR/Import/BytecodeImport.h"

#include <mlir/IR/MLIRContext.h>

#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

} // namespace

int main(int argc, char **argv)
{
    bool readOnly = false;
    std::vector<const char *> args;
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--read-only")
            readOnly = true;
        else
            args.push_back(argv[i]);
    }
    const size_t count = args.size() > 0 ? size_t(std::atol(args[0])) : 4000000;
    const int repeats = args.size() > 1 ? std::max(1, std::atoi(args[1])) : 5;
    const std::string dir = args.size() > 2 ? args[2] : "/tmp";

    // %0 is the argument; instruction i computes %(i+1) = addi %i, %0.
    tbc::ModuleBuilder mb(3);
    const uint32_t t = mb.tile(mb.scalar(tbc::I32), {});
    tbc::Bytes body;
    body.reserve(count * 6 + 16);
    for (size_t i = 0; i < count; ++i) {
        const tbc::Bytes inst = tbc::enc({0x03, t, 0, uint64_t(i), 0});
        body.insert(body.end(), inst.begin(), inst.end());
    }
    const tbc::Bytes ret = tbc::enc({0x5C, 0, 0});
    body.insert(body.end(), ret.begin(), ret.end());
    mb.entry("chain", mb.function({t}), body);
    const tbc::Bytes bytes = mb.build();
    const double mb_ = double(bytes.size()) / 1e6;

    std::vector<double> reads, cpu;
    for (int r = 0; r < repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpuStart = std::clock();
        const auto result = tileport::tileir::bc::readModule(bytes);
        reads.push_back(seconds(start));
        cpu.push_back(double(std::clock() - cpuStart) / CLOCKS_PER_SEC);
        if (!result.ok()) {
            std::fprintf(stderr, "decode failed: %s\n", result.error.str().c_str());
            return 1;
        }
    }
    std::sort(reads.begin(), reads.end());
    std::sort(cpu.begin(), cpu.end());
    const double read = reads[reads.size() / 2];
    const double readCpu = cpu[cpu.size() / 2];
    if (readOnly) {
        std::printf("module: %zu instructions, %.1f MB of bytecode\n", count, mb_);
        std::printf("%-28s %8.3f %10.1f   median of %d\n", "read (bytes -> bc::Module)", read, mb_ / read, repeats);
        std::printf("%-28s %8.3f %10.1f   median of %d\n", "read, CPU time", readCpu, mb_ / readCpu, repeats);
        return 0;
    }

    mlir::MLIRContext ctx;
    tileport::tileir::diff::configureContext(ctx);
    ctx.disableMultithreading();
    auto start = std::chrono::steady_clock::now();
    tileport::tileir::ImportResult imported = tileport::tileir::importBytecode(std::span<const uint8_t>(bytes), ctx);
    const double import = seconds(start);
    if (!imported.ok()) {
        std::fprintf(stderr, "import failed: %s\n", imported.error.c_str());
        return 1;
    }

    const std::string textPath = dir + "/bench_decode.mlir";
    start = std::chrono::steady_clock::now();
    {
        std::error_code ec;
        llvm::raw_fd_ostream os(textPath, ec);
        imported.module->print(os);
    }
    const double print = seconds(start);

    // diff_ir.sh's approach on the text: one `grep -c` per op name.
    const char *names[] = {"load_ptr_tko", "store_ptr_tko", "load_view_tko", "store_view_tko", "reduce", "exp", "exp2",
                           "rsqrt", "fma", "mmaf", "for", "addf", "subf", "mulf", "divf", "maxf", "minf", "select",
                           "iota", "cmpi", "ftof", "itof", "exti", "addi"};
    std::string script;
    for (const char *name : names)
        script += std::string("grep -cw '") + name + "' " + textPath + " >/dev/null; ";
    start = std::chrono::steady_clock::now();
    const int rc = std::system(script.c_str());
    const double grep = seconds(start);
    (void)rc;
    std::remove(textPath.c_str());

    std::printf("module: %zu instructions, %.1f MB of bytecode\n", count, mb_);
    std::printf("%-28s %8s %10s\n", "phase", "wall s", "MB/s");
    std::printf("%-28s %8.3f %10.1f   median of %d\n", "read (bytes -> bc::Module)", read, mb_ / read, repeats);
    std::printf("%-28s %8.3f %10.1f   median of %d\n", "read, CPU time", readCpu, mb_ / readCpu, repeats);
    std::printf("%-28s %8.3f %10.1f\n", "import (-> cuda_tile ops)", import, mb_ / import);
    std::printf("%-28s %8.3f %10s\n", "print text", print, "-");
    std::printf("%-28s %8.3f %10s   %zu names on the text\n", "grep-count baseline", grep, "-", std::size(names));
    return 0;
}
