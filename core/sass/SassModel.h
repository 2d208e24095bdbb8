// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace tileport::sass {

// What an instruction does, by its base opcode (docs/sass.md lists the
// opcodes of each class). Every opcode has one class; unknown ones are Other.
enum class InstructionClass {
    GlobalMemory, // LDG, STG, RED, ATOMG, LD/ST through generic pointers
    SharedMemory, // LDS, STS, LDSM, STSM, ATOMS
    LocalMemory,  // LDL, STL: register spills and thread-private arrays
    Tma,          // UTMALDG, UTMASTG, UBLKCP, ...: the tensor memory accelerator
    Mma,          // HMMA, HGMMA, IMMA, ...: tensor cores
    Control,      // BRA, EXIT, BAR, BSSY/BSYNC, ...
    Integer,      // IADD3, IMAD, LOP3, ISETP, SHF, ... (uniform U* forms too)
    Float,        // FADD, FFMA, MUFU, HFMA2, ...
    Conversion,   // F2I, I2F, F2F, F2FP, ...
    Other,        // moves, constant and special-register reads, shuffles, ...
};

constexpr int kInstructionClassCount = int(InstructionClass::Other) + 1;

// "global_memory", "shared_memory", ... (the JSON keys).
QString className(InstructionClass c);
InstructionClass classify(const QString &baseOpcode);

struct Instruction {
    quint32 address = 0;
    QString predicate;   // "@P1", "@!UP0", or empty
    QString opcode;      // with its modifiers: "LDG.E.128"
    QStringList operands; // as printed, ".reuse" flags removed
    qint64 target = -1;  // branch target address (BRA, BSSY, CALL, ...), -1 if none
    int targetOperand = -1; // which operand holds it
    // Where it comes from, by the cubin's line table (tileiras --lineinfo
    // fills it from the Tile IR ops' locations; nvdisasm -g prints it):
    // the source file as the location names it, and its line; 0 when unknown.
    QString sourceFile;
    int sourceLine = 0;

    // The opcode before its first modifier: "LDG".
    QString base() const { return opcode.section(QLatin1Char('.'), 0, 0); }
    InstructionClass instructionClass() const { return classify(base()); }
};

// From `cuobjdump -res-usage`. Bytes, except registers (per thread).
struct Resources {
    bool known = false;
    int registers = 0;
    int stack = 0;
    int shared = 0;
    int local = 0;     // per-thread local memory: spills land here
    int constant0 = 0; // the kernel-parameter constant bank
};

// A natural loop of the control-flow graph: a header block that dominates
// the source of a back edge to it, and every block that reaches that source
// without passing the header. The out-of-line blocks tileiras places after
// the last EXIT and jumps back from are not loops unless they spin.
struct Loop {
    int header = 0;      // index of the header's first instruction
    QList<int> body;     // instruction indexes in address order (header included)
    int depth = 1;       // 1 for an outermost loop, 2 for one inside it, ...
    bool wait = false;   // a spin on an mbarrier or a sleep, with no work of its own

    int size() const { return int(body.size()); }
};

struct Function {
    QString name;
    QList<Instruction> instructions;
    Resources resources;
    QList<Loop> loops; // ordered by first instruction; nested loops appear separately

    // Instructions that read or write local memory (LDL/STL).
    int localMemoryInstructions() const;
};

struct Module {
    QString target; // "sm_90a", as the listing names it
    QList<Function> functions;
};

} // namespace tileport::sass
