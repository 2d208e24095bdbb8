// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "SassModel.h"

#include <QHash>

namespace tileport::sass {

namespace {

// Base opcodes of the Ampere and Hopper ISAs that tileiras emits for sm_80
// to sm_90 (and the Blackwell tensor-core ones), by class.
const QHash<QString, InstructionClass> &table()
{
    static const QHash<QString, InstructionClass> t = [] {
        QHash<QString, InstructionClass> m;
        const auto add = [&m](InstructionClass c, std::initializer_list<const char *> names) {
            for (const char *n : names)
                m.insert(QString::fromLatin1(n), c);
        };
        using C = InstructionClass;
        add(C::GlobalMemory, {"LDG", "STG", "LD", "ST", "RED", "REDG", "ATOM", "ATOMG", "LDGSTS", "LDGDEPBAR",
                              "CCTL", "SULD", "SUST", "SURED", "SUATOM", "TLD", "TEX", "TLD4", "TXQ"});
        add(C::SharedMemory, {"LDS", "STS", "LDSM", "STSM", "ATOMS", "REDS"});
        add(C::LocalMemory, {"LDL", "STL"});
        add(C::Tma, {"UTMALDG", "UTMASTG", "UTMAPF", "UTMACCTL", "UTMACMDFLUSH", "UTMAREDG", "UBLKCP", "UBLKRED",
                     "UBLKPF", "UTMALDGPF"});
        add(C::Mma, {"HMMA", "IMMA", "DMMA", "BMMA", "HGMMA", "IGMMA", "QGMMA", "BGMMA", "WARPGROUP", "OMMA", "QMMA",
                     "UTCHMMA", "UTCIMMA", "UTCQMMA", "UTCOMMA", "UTCBAR"});
        add(C::Control, {"BRA", "BRX", "JMP", "JMX", "CALL", "RET", "EXIT", "BSSY", "BSYNC", "BREAK", "BMOV", "BPT",
                         "KILL", "NANOSLEEP", "YIELD", "WARPSYNC", "BAR", "MEMBAR", "FENCE", "ERRBAR", "DEPBAR",
                         "SYNCS", "NOP", "ELECT", "ACQBULK", "ARRIVES", "UCGABAR_ARV", "UCGABAR_WAIT", "PREEXIT",
                         "ENDCOLLECTIVE", "WARPGROUPSET", "ACQSHMINIT"});
        add(C::Integer, {"IADD3", "IADD", "IADD32I", "IMAD", "IMADSP", "IMUL", "IMUL32I", "ISCADD", "LEA", "LOP",
                         "LOP3", "SHF", "SHL", "SHR", "ISETP", "ICMP", "IMNMX", "IABS", "POPC", "FLO", "BREV", "BMSK",
                         "BFE", "BFI", "SGXT", "PRMT", "SEL", "IDP", "IDP4A", "VABSDIFF", "VABSDIFF4", "PLOP3",
                         "PSETP", "P2R", "R2P", "VIADD", "VIMNMX", "VIMNMX3", "VIADDMNMX", "IMNMX3", "IDE"});
        add(C::Float, {"FADD", "FADD32I", "FMUL", "FMUL32I", "FFMA", "FFMA32I", "FMNMX", "FMNMX3", "FSET", "FSETP",
                       "FSEL", "FCHK", "FSWZADD", "MUFU", "HADD2", "HMUL2", "HFMA2", "HSET2", "HSETP2", "HMNMX2",
                       "DADD", "DMUL", "DFMA", "DSETP", "DMNMX", "FRND", "FADD2", "FMUL2", "FFMA2", "FHADD", "FHFMA"});
        add(C::Conversion, {"F2I", "I2F", "F2F", "I2I", "I2FP", "F2IP", "F2FP", "I2IP", "F2FP2"});
        return m;
    }();
    return t;
}

} // namespace

QString className(InstructionClass c)
{
    switch (c) {
    case InstructionClass::GlobalMemory:
        return QStringLiteral("global_memory");
    case InstructionClass::SharedMemory:
        return QStringLiteral("shared_memory");
    case InstructionClass::LocalMemory:
        return QStringLiteral("local_memory");
    case InstructionClass::Tma:
        return QStringLiteral("tma");
    case InstructionClass::Mma:
        return QStringLiteral("mma");
    case InstructionClass::Control:
        return QStringLiteral("control");
    case InstructionClass::Integer:
        return QStringLiteral("integer");
    case InstructionClass::Float:
        return QStringLiteral("float");
    case InstructionClass::Conversion:
        return QStringLiteral("conversion");
    case InstructionClass::Other:
        break;
    }
    return QStringLiteral("other");
}

InstructionClass classify(const QString &baseOpcode)
{
    const auto &t = table();
    auto it = t.constFind(baseOpcode);
    if (it != t.cend())
        return *it;
    // The uniform datapath repeats the integer ops with a U prefix (UIADD3,
    // ULOP3, USHF, ...); ULDC and UMOV fall through to Other like LDC and MOV.
    if (baseOpcode.size() > 1 && baseOpcode.startsWith(QLatin1Char('U'))) {
        it = t.constFind(baseOpcode.mid(1));
        if (it != t.cend() && *it == InstructionClass::Integer)
            return *it;
    }
    return InstructionClass::Other;
}

int Function::localMemoryInstructions() const
{
    int n = 0;
    for (const Instruction &i : instructions)
        n += i.instructionClass() == InstructionClass::LocalMemory;
    return n;
}

} // namespace tileport::sass
