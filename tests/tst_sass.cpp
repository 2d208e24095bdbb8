// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// SASS on the CPU: the listing parser, normal forms and verdicts on written
// listings, then the real tileiras and cuobjdump on bytecode exported by
// the real cuTile Python compiler, and the `tileport sass` CLI.
#include "SassComparison.h"
#include "SassCompiler.h"
#include "SassNormalizer.h"
#include "SassParser.h"
#include "SassReport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tileport;
using namespace tileport::sass;

namespace {

// cuobjdump's layout: resources first, then each function's code with the
// encodings in trailing comments (and a second comment line per instruction).
const char *kListing = R"SASS(
Resource usage:
 Common:
  GLOBAL:0
 Function k:
  REG:24 STACK:0 SHARED:1024 LOCAL:8 CONSTANT[0]:560 TEXTURE:0 SURFACE:0 SAMPLER:0

	code for sm_90a
	.target	sm_90a

		Function : k
	.headerflags	@"EF_CUDA_ACCELERATORS EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
        /*0000*/                   LDC R1, c[0x0][0x28] ;                 /* 0x00000a00ff017b82 */
                                                                          /* 0x000ff00000000800 */
        /*0010*/                   S2R R0, SR_TID.X ;                     /* 0x0000000000007919 */
        /*0020*/                   ISETP.GE.AND P0, PT, R0, c[0x0][0x210], PT ;
        /*0030*/               @P0 EXIT ;
        /*0040*/                   LDG.E R2, desc[UR4][R4.64] ;
        /*0050*/                   FADD R2, R2.reuse, R2 ;
        /*0060*/                   IADD3 R0, R0, 0x1, RZ ;
        /*0070*/                   ISETP.GE.AND P0, PT, R0, 0x10, PT ;
        /*0080*/              @!P0 BRA 0x40 ;
        /*0090*/                   STG.E desc[UR4][R4.64], R2 ;
        /*00a0*/                   EXIT ;
        /*00b0*/                   BRA 0xb0;
        /*00c0*/                   NOP;
		..........
)SASS";

QString listing(QString text, const QList<std::pair<QString, QString>> &replacements)
{
    for (const auto &[from, to] : replacements)
        text.replace(from, to);
    return text;
}

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TILEPORT_CLI), args);
    if (!p.waitForFinished(600'000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString writeScript(const QString &path, const QByteArray &body)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}

} // namespace

class TestSass : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_f32; // vector_add f32_t1024, exported by cuTile Python
    QString m_f16; // vector_add f16_t512
    QString m_toolsMissing;

    void needTools()
    {
        if (!m_toolsMissing.isEmpty())
            QSKIP(qPrintable(m_toolsMissing));
    }
    CompileOptions options(const QString &cache = {}) const
    {
        CompileOptions o;
        o.cacheDir = cache.isEmpty() ? m_dir.filePath(QStringLiteral("cache")) : cache;
        return o;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const Toolchains t = Toolchains::fromEnvironment();
        if (t.tileiras.isEmpty() || t.cuobjdump.isEmpty()) {
            m_toolsMissing = QStringLiteral("tileiras or cuobjdump not found (scripts/setup installs both into toolchains/sass "
                                            "unless TILEPORT_NO_SASS is set)");
            return;
        }
        // Real bytecode: both configs of the vector_add example, exported by
        // the reference compiler.
        const Run r = runCli({QStringLiteral("reference"), QStringLiteral(TILEPORT_SOURCE_DIR "/examples/cutile/vector_add.py"),
                                QStringLiteral("--out"), m_dir.path()});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        m_f32 = m_dir.filePath(QStringLiteral("vector_add.f32_t1024.v13.3.tileirbc"));
        m_f16 = m_dir.filePath(QStringLiteral("vector_add.f16_t512.v13.3.tileirbc"));
        QVERIFY(QFile::exists(m_f32) && QFile::exists(m_f16));
    }

    void parsesCuobjdumpListing()
    {
        const ParseResult p = parseListing(QString::fromLatin1(kListing));
        QVERIFY2(p.ok(), qPrintable(p.error));
        QCOMPARE(p.module.target, QStringLiteral("sm_90a"));
        QCOMPARE(p.module.functions.size(), 1);
        const Function &f = p.module.functions.first();
        QCOMPARE(f.name, QStringLiteral("k"));
        // The trap branch and the NOP after the last EXIT are padding.
        QCOMPARE(f.instructions.size(), 11);
        QCOMPARE(f.resources.registers, 24);
        QCOMPARE(f.resources.shared, 1024);
        QCOMPARE(f.resources.local, 8);
        QCOMPARE(f.resources.constant0, 560);
        const Instruction &branch = f.instructions[8];
        QCOMPARE(branch.predicate, QStringLiteral("@!P0"));
        QCOMPARE(branch.opcode, QStringLiteral("BRA"));
        QCOMPARE(branch.target, qint64(0x40));
        QCOMPARE(f.instructions[5].operands, (QStringList{QStringLiteral("R2"), QStringLiteral("R2"), QStringLiteral("R2")}));
        QCOMPARE(f.loops.size(), 1);
        QCOMPARE(f.loops[0].header, 4);
        QCOMPARE(f.loops[0].body, (QList<int>{4, 5, 6, 7, 8}));
        QCOMPARE(f.loops[0].depth, 1);
        QVERIFY(!f.loops[0].wait);
        QCOMPARE(f.instructions[4].instructionClass(), InstructionClass::GlobalMemory);
        QCOMPARE(classify(QStringLiteral("UIADD3")), InstructionClass::Integer);
        QCOMPARE(classify(QStringLiteral("ULDC")), InstructionClass::Other);
        QCOMPARE(classify(QStringLiteral("UTMALDG")), InstructionClass::Tma);
        QCOMPARE(classify(QStringLiteral("HGMMA")), InstructionClass::Mma);
        QCOMPARE(splitOperands(QStringLiteral("SB0, 0x0, {5,4}")),
                 (QStringList{QStringLiteral("SB0"), QStringLiteral("0x0"), QStringLiteral("{5,4}")}));
    }

    void parsesNvdisasmLabels()
    {
        const QString text = QStringLiteral(
            ".text.k:\n"
            "        /*0000*/                   MOV R0, RZ ;\n"
            ".L_x_0:\n"
            "        /*0010*/                   IADD3 R0, R0, 0x1, RZ ;\n"
            "        /*0020*/                   ISETP.GE.AND P0, PT, R0, 0x8, PT ;\n"
            "        /*0030*/              @!P0 BRA `(.L_x_0) ;\n"
            "        /*0040*/                   EXIT ;\n");
        const ParseResult p = parseListing(text);
        QVERIFY2(p.ok(), qPrintable(p.error));
        const Function &f = p.module.functions.first();
        QCOMPARE(f.instructions[3].target, qint64(0x10));
        QCOMPARE(f.loops.size(), 1);
        QCOMPARE(f.loops[0].header, 1);
        QCOMPARE(SassNormalizer(f).exactLines(f.loops[0].body).last(), QStringLiteral("@!P0 BRA L0"));
    }

    // tileiras puts the slow path of an mbarrier wait after the last EXIT and
    // jumps back from it: that jump is no loop, the retry spin in it is a
    // wait loop, and a loop around the wait owns its out-of-line block.
    // nvdisasm -g's listing of the same code: each instruction's source line,
    // copied onto cuobjdump's listing by function and address.
    void sourceLinesFromTheLineTable()
    {
        const ParseResult plain = parseListing(QString::fromLatin1(kListing));
        QVERIFY2(plain.ok(), qPrintable(plain.error));
        for (const Instruction &i : plain.module.functions.first().instructions)
            QCOMPARE(i.sourceLine, 0);
        const ParseResult located = parseListing(QStringLiteral(R"SASS(
	.target	sm_90a
.text.k:
	//## File "/src/kernels/vector_add.py", line 6
        /*0000*/                   LDC R1, c[0x0][0x28] ;
	//## File "/src/kernels/vector_add.py", line 9
        /*0010*/                   S2R R0, SR_TID.X ;
        /*0020*/                   ISETP.GE.AND P0, PT, R0, c[0x0][0x210], PT ;
	//## File "/src/kernels/vector_add.py", line 11
        /*0030*/               @P0 EXIT ;
.text.other:
	//## File "/src/kernels/other.py", line 2
        /*0000*/                   EXIT ;
)SASS"));
        QVERIFY2(located.ok(), qPrintable(located.error));
        QCOMPARE(located.module.functions.size(), 2);
        // A new function starts with no position: other's comes from its own comment.
        QCOMPARE(located.module.functions[1].instructions[0].sourceFile, QStringLiteral("/src/kernels/other.py"));
        Module m = plain.module;
        QCOMPARE(applySourceLines(m, located.module), 4);
        const QList<Instruction> &ins = m.functions.first().instructions;
        QCOMPARE(ins[0].sourceLine, 6);
        QCOMPARE(ins[1].sourceLine, 9);
        QCOMPARE(ins[2].sourceLine, 9); // the position holds until the next comment
        QCOMPARE(ins[3].sourceLine, 11);
        QCOMPARE(ins[3].sourceFile, QStringLiteral("/src/kernels/vector_add.py"));
        QCOMPARE(ins[4].sourceLine, 0); // not in the located listing
        // The positions take no part in the comparison.
        QCOMPARE(compare(plain.module, m).verdict, Verdict::Identical);
    }

    void outOfLineBlocksAreNotLoops()
    {
        const QString text = QStringLiteral(
            "\t\tFunction : k\n"
            "        /*0000*/                   MOV R0, RZ ;\n"
            "        /*0010*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR4], R2 ;\n"
            "        /*0020*/              @!P0 BRA 0x90 ;\n"
            "        /*0030*/                   LDS R3, [R0] ;\n"                      // loop header
            "        /*0040*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P1, [UR4+0x8], R2 ;\n"
            "        /*0050*/              @!P1 BRA 0xc0 ;\n"
            "        /*0060*/                   IADD3 R0, R0, 0x1, RZ ;\n"
            "        /*0070*/                   @P2 BRA 0x30 ;\n"
            "        /*0080*/                   EXIT ;\n"
            "        /*0090*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR4], R2 ;\n"  // retry of the first wait
            "        /*00a0*/              @!P0 BRA 0x90 ;\n"
            "        /*00b0*/                   BRA 0x30 ;\n"
            "        /*00c0*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P1, [UR4+0x8], R2 ;\n"
            "        /*00d0*/              @!P1 BRA 0xc0 ;\n"
            "        /*00e0*/                   BRA 0x60 ;\n"
            "        /*00f0*/                   BRA 0xf0 ;\n");
        const ParseResult p = parseListing(text);
        QVERIFY2(p.ok(), qPrintable(p.error));
        const Function &f = p.module.functions.first();
        QCOMPARE(f.instructions.size(), 15); // the trap branch at 0xf0 is padding
        QCOMPARE(f.loops.size(), 3);
        const Loop &work = f.loops[0];
        QCOMPARE(work.header, 3);
        QVERIFY(!work.wait);
        // The loop owns the second wait's out-of-line block, not the first's.
        QVERIFY(work.body.contains(12) && work.body.contains(14));
        QVERIFY(!work.body.contains(9) && !work.body.contains(0));
        QVERIFY(f.loops[1].wait && f.loops[2].wait);
        QCOMPARE(f.loops[1].header, 9);
        QCOMPARE(f.loops[2].header, 12);
        QCOMPARE(f.loops[2].depth, 2);
        QCOMPARE(f.loops[1].depth, 1);
    }

    // Found by fuzz_sass_parser (docs/fuzzing.md): NOPs before the trap
    // branch stayed in the function once the trap was dropped.
    void paddingBeforeTheTrapIsDropped()
    {
        QFile f(QStringLiteral(TILEPORT_SOURCE_DIR "/tests/fixtures/fuzz/sass-nop-before-trap.listing"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const ParseResult fuzzed = parseListing(QString::fromUtf8(f.readAll()));
        QVERIFY2(fuzzed.ok(), qPrintable(fuzzed.error));
        for (const Function &fn : fuzzed.module.functions) {
            QVERIFY(!fn.instructions.isEmpty());
            const Instruction &last = fn.instructions.last();
            QVERIFY2(last.opcode != QLatin1String("NOP") || !last.predicate.isEmpty(), qPrintable(fn.name));
            QVERIFY2(last.base() != QLatin1String("BRA") || last.target != qint64(last.address), qPrintable(fn.name));
        }
        const ParseResult p = parseListing(QStringLiteral(
            "\t\tFunction : k\n"
            "        /*0000*/                   MOV R0, RZ ;\n"
            "        /*0010*/                   EXIT ;\n"
            "        /*0020*/                   NOP ;\n"
            "        /*0030*/                   BRA 0x30 ;\n"
            "        /*0040*/                   NOP ;\n"));
        QVERIFY2(p.ok(), qPrintable(p.error));
        QCOMPARE(p.module.functions.first().instructions.size(), 2);
        QCOMPARE(p.module.functions.first().instructions.last().opcode, QStringLiteral("EXIT"));
    }

    void normalFormsDropAddressesAndRegisterNumbers()
    {
        const Function f = parseListing(QString::fromLatin1(kListing)).module.functions.first();
        const SassNormalizer n(f);
        const QStringList exact = n.exactLines();
        QCOMPARE(exact.first(), QStringLiteral("LDC R1, c[0x0][0x28]"));
        QCOMPARE(exact[8], QStringLiteral("@!P0 BRA L0"));
        QCOMPARE(exact[5], QStringLiteral("FADD R2, R2, R2"));
        for (const QString &l : exact)
            QVERIFY2(!l.contains(QStringLiteral("/*")) && !l.contains(QLatin1Char(';')), qPrintable(l));
        const QStringList canon = n.canonicalLines();
        QCOMPARE(canon[2], QStringLiteral("ISETP.GE.AND P, PT, R, c[0x0][*], PT"));
        QCOMPARE(canon[4], QStringLiteral("LDG.E R, desc[UR][R.64]"));
        QCOMPARE(canon[8], QStringLiteral("@!P BRA L"));
    }

    void verdictsOnWrittenListings()
    {
        const Module ref = parseListing(QString::fromLatin1(kListing)).module;
        QCOMPARE(compare(ref, ref).verdict, Verdict::Identical);
        // The same code with a larger parameter bank (cutile passes more
        // parameters): still identical, with a note.
        const Comparison bank = compare(ref, parseListing(listing(QString::fromLatin1(kListing),
                                                                  {{QStringLiteral("CONSTANT[0]:560"), QStringLiteral("CONSTANT[0]:592")}}))
                                                 .module);
        QCOMPARE(bank.verdict, Verdict::Identical);
        QCOMPARE(bank.functions.first().notes, QStringList{QStringLiteral("parameter bank 560 vs 592 bytes")});

        // Other registers, another parameter slot, two independent
        // instructions swapped, and the code shifted by one slot: equivalent.
        QString moved = listing(QString::fromLatin1(kListing),
                                {{QStringLiteral("R2"), QStringLiteral("R7")},
                                 {QStringLiteral("c[0x0][0x210]"), QStringLiteral("c[0x0][0x218]")},
                                 {QStringLiteral("CONSTANT[0]:560"), QStringLiteral("CONSTANT[0]:568")}});
        moved.replace(QStringLiteral("S2R R0, SR_TID.X"), QStringLiteral("@@@"));
        moved.replace(QStringLiteral("LDC R1, c[0x0][0x28]"), QStringLiteral("S2R R0, SR_TID.X"));
        moved.replace(QStringLiteral("@@@"), QStringLiteral("LDC R1, c[0x0][0x28]"));
        const Comparison eq = compare(ref, parseListing(moved).module);
        QCOMPARE(eq.verdict, Verdict::Equivalent);
        QCOMPARE(eq.functions.first().loops.first().verdict, Verdict::Equivalent);

        // One more load in the loop and two more registers: differs, and the
        // deltas say where.
        const QString more = listing(QString::fromLatin1(kListing),
                                     {{QStringLiteral("FADD R2, R2.reuse, R2 ;"), QStringLiteral("LDG.E R3, desc[UR4][R4.64] ;")},
                                      {QStringLiteral("REG:24"), QStringLiteral("REG:26")}});
        const Comparison d = compare(ref, parseListing(more).module);
        QCOMPARE(d.verdict, Verdict::Differs);
        const FunctionComparison &fc = d.functions.first();
        QVERIFY(!fc.classDeltas.isEmpty());
        bool global = false, registers = false;
        for (const CountDelta &c : fc.classDeltas)
            global |= c.name == QLatin1String("global_memory") && c.delta() == 1;
        for (const CountDelta &c : fc.resourceDeltas)
            registers |= c.name == QLatin1String("registers") && c.delta() == 2;
        QVERIFY(global && registers);
        QCOMPARE(fc.loops.size(), 1);
        QCOMPARE(fc.loops.first().verdict, Verdict::Differs);
        QVERIFY(!fc.loops.first().classDeltas.isEmpty());
        const QJsonObject j = toJson(d);
        QCOMPARE(j.value(QStringLiteral("verdict")).toString(), QStringLiteral("SASS_DIFFERS"));
    }

    // Warpgroup MMAs that each wait for the last, in a kernel that calls
    // out (a trap path), against the same MMAs kept in flight: the note
    // names the cause.
    void serializedWgmmaIsNamed()
    {
        const QString inFlight = listing(QString::fromLatin1(kListing),
                                         {{QStringLiteral("FADD R2, R2.reuse, R2 ;"),
                                           QStringLiteral("HGMMA.64x128x16.F32 R24, gdesc[UR8].tnspB, R24 ;\n"
                                                          "        /*0058*/                   HGMMA.64x128x16.F32 R24, gdesc[UR8].tnspB, R24, gsb0 ;\n"
                                                          "        /*005c*/                   WARPGROUP.DEPBAR.LE gsb0, 0x1 ;")}});
        const QString serialized = listing(inFlight, {{QStringLiteral("R24 ;"), QStringLiteral("R24, gsb0 ;")},
                                                      {QStringLiteral("STG.E desc[UR4][R4.64], R2 ;"),
                                                       QStringLiteral("CALL.ABS.NOINC R8 ;")}});
        const Module ref = parseListing(inFlight).module, gen = parseListing(serialized).module;
        QCOMPARE(ref.functions.size(), 1);
        const Comparison c = compare(ref, gen);
        QCOMPARE(c.verdict, Verdict::Differs);
        const QString notes = c.functions.first().notes.join(QLatin1Char('|'));
        QVERIFY2(notes.contains(QStringLiteral("wgmma serialized in gen: each of its 2 HGMMA waits for the last (gsb0), ref keeps 1 of 2 in flight")),
                 qPrintable(notes));
        QVERIFY2(notes.contains(QStringLiteral("gen makes 1 call(s)")), qPrintable(notes));
        // The other way round, or the same code: no such note.
        QVERIFY(!compare(gen, ref).functions.first().notes.join(QLatin1Char('|')).contains(QStringLiteral("wgmma")));
        QVERIFY(compare(ref, ref).functions.first().notes.isEmpty());
    }

    // The same bytecode compiled twice (no cache) gives the same machine code.
    void sameBytecodeIsIdentical()
    {
        needTools();
        const SassCompiler compiler(Toolchains::fromEnvironment());
        CompileOptions o = options();
        o.useCache = false;
        const SideResult a = compiler.build(m_f32, o);
        const SideResult b = compiler.build(m_f32, o);
        QVERIFY2(a.ok(), qPrintable(a.error));
        QVERIFY2(b.ok(), qPrintable(b.error));
        QVERIFY(!a.cacheHit && !b.cacheHit);
        QCOMPARE(a.tileirasVersion, QStringLiteral("13.4.92")); // the pinned assembler (scripts/lib/pins.sh)
        QCOMPARE(a.module.target, QStringLiteral("sm_90a"));
        QCOMPARE(a.module.functions.size(), 1);
        const Function &f = a.module.functions.first();
        QVERIFY(f.name.startsWith(QStringLiteral("vector_add")));
        QVERIFY(f.resources.known && f.resources.registers > 0);
        QVERIFY(f.instructions.size() > 20);
        const ClassCounts c = classCounts(f);
        QVERIFY(c[int(InstructionClass::GlobalMemory)] >= 3); // two loads and a store at least
        // --lineinfo: the instructions carry the kernel's Python lines (nvdisasm -g).
        int located = 0;
        for (const Instruction &i : f.instructions)
            if (i.sourceLine > 0 && i.sourceFile.endsWith(QLatin1String("vector_add.py")))
                ++located;
        QVERIFY2(located > f.instructions.size() / 2, qPrintable(QStringLiteral("%1 of %2 located").arg(located).arg(f.instructions.size())));
        const Comparison cmp = compare(a.module, b.module);
        QCOMPARE(cmp.verdict, Verdict::Identical);
        QCOMPARE(verdictName(cmp.verdict), QStringLiteral("SASS_IDENTICAL"));
    }

    // f32 against f16 vector_add: other loads, other float ops, other tile.
    void differentBytecodeDiffers()
    {
        needTools();
        const SassCompiler compiler(Toolchains::fromEnvironment());
        const auto [ref, gen] = compiler.buildPair(m_f32, m_f16, options());
        QVERIFY2(ref.ok(), qPrintable(ref.error));
        QVERIFY2(gen.ok(), qPrintable(gen.error));
        const Comparison c = compare(ref.module, gen.module);
        QCOMPARE(c.verdict, Verdict::Differs);
        QCOMPARE(c.functions.size(), 1); // paired in order: the names differ
        const FunctionComparison &f = c.functions.first();
        QVERIFY(f.refName != f.genName);
        QVERIFY(!f.opcodeDeltas.isEmpty());
        QVERIFY(!f.classDeltas.isEmpty() || !f.resourceDeltas.isEmpty());
        const QString text = comparisonText(ref, gen, c, options());
        QVERIFY2(text.contains(QStringLiteral("verdict: SASS_DIFFERS")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("registers")), qPrintable(text));
    }

    void corruptBytecodeIsBlocked()
    {
        needTools();
        const SassCompiler compiler(Toolchains::fromEnvironment());
        // Not bytecode at all: refused before any tool runs.
        const QString junk = m_dir.filePath(QStringLiteral("junk.tileirbc"));
        QFile j(junk);
        QVERIFY(j.open(QIODevice::WriteOnly));
        j.write("this is not Tile IR");
        j.close();
        const SideResult a = compiler.build(junk, options());
        QVERIFY(!a.ok());
        QVERIFY2(a.error.contains(QStringLiteral("bad magic")), qPrintable(a.error));

        // The right header on a truncated body: tileiras itself refuses it.
        QFile in(m_f32);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray bytes = in.readAll();
        const QString cut = m_dir.filePath(QStringLiteral("truncated.tileirbc"));
        QFile out(cut);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.left(bytes.size() / 3));
        out.close();
        const SideResult b = compiler.build(cut, options());
        QVERIFY(!b.ok());
        QVERIFY2(b.error.startsWith(QStringLiteral("tileiras ")), qPrintable(b.error));
        QVERIFY2(b.error.contains(cut), qPrintable(b.error));

        const SideResult missing = compiler.build(m_dir.filePath(QStringLiteral("none.tileirbc")), options());
        QVERIFY(!missing.ok());
        QVERIFY(missing.error.contains(QStringLiteral("cannot read")));
    }

    // A tileiras that hangs is killed at the time-out, one that crashes is
    // reported as such: BLOCKED, never a hang or a crash of ours.
    void hangingOrCrashingCompilerIsBlocked()
    {
        needTools();
        Toolchains t = Toolchains::fromEnvironment();
        const QByteArray version = "if [ \"$1\" = --version ]; then echo 'Cuda compilation tools, release 13.3, V13.3.99'; exit 0; fi\n";
        t.tileiras = writeScript(m_dir.filePath(QStringLiteral("hang-tileiras")), version + "exec sleep 60\n");
        CompileOptions o = options();
        o.timeoutMs = 1500;
        const SideResult hung = SassCompiler(t).build(m_f32, o);
        QVERIFY(!hung.ok());
        QVERIFY2(hung.error.contains(QStringLiteral("timed out")), qPrintable(hung.error));
        QVERIFY(hung.compileMs < 15'000);

        t.tileiras = writeScript(m_dir.filePath(QStringLiteral("crash-tileiras")), version + "kill -SEGV $$\n");
        const SideResult crashed = SassCompiler(t).build(m_f32, o);
        QVERIFY(!crashed.ok());
        QVERIFY2(crashed.error.contains(QStringLiteral("crashed")) || crashed.error.contains(QStringLiteral("exited")),
                 qPrintable(crashed.error));

        t.tileiras.clear();
        const SideResult none = SassCompiler(t).build(m_f32, o);
        QVERIFY(!none.ok());
        QVERIFY(none.error.contains(QStringLiteral("scripts/setup")));
    }

    // The second run reads the cache and runs no compiler: a tileiras that
    // can only print its version still gives the full result.
    void secondRunIsACacheHit()
    {
        needTools();
        const QString cache = m_dir.filePath(QStringLiteral("cache-hit"));
        const Toolchains real = Toolchains::fromEnvironment();
        const SideResult cold = SassCompiler(real).build(m_f16, options(cache));
        QVERIFY2(cold.ok(), qPrintable(cold.error));
        QVERIFY(!cold.cacheHit);
        QVERIFY(QFile::exists(cold.cubinPath));

        Toolchains fake = real;
        fake.tileiras = writeScript(m_dir.filePath(QStringLiteral("version-only-tileiras")),
                                    "if [ \"$1\" = --version ]; then echo 'Cuda compilation tools, release 13.3, V" +
                                        cold.tileirasVersion.toLatin1() + "'; exit 0; fi\nexit 7\n");
        const SideResult warm = SassCompiler(fake).build(m_f16, options(cache));
        QVERIFY2(warm.ok(), qPrintable(warm.error));
        QVERIFY(warm.cacheHit);
        QCOMPARE(warm.compileMs, qint64(0));
        QCOMPARE(warm.key, cold.key);
        QCOMPARE(compare(cold.module, warm.module).verdict, Verdict::Identical);
        // The source lines come back from the cache entry with the code.
        QVERIFY(!cold.lineListing.isEmpty());
        QCOMPARE(warm.lineListing, cold.lineListing);
        QCOMPARE(warm.module.functions.first().instructions.first().sourceLine,
                 cold.module.functions.first().instructions.first().sourceLine);
        QVERIFY(warm.module.functions.first().instructions.first().sourceLine > 0);

        // Another target is another key: the fake compiler is then run, and fails.
        CompileOptions other = options(cache);
        other.target = QStringLiteral("sm_80");
        const SideResult miss = SassCompiler(fake).build(m_f16, other);
        QVERIFY(!miss.ok());
        QVERIFY(miss.key != cold.key);
        QVERIFY2(miss.error.contains(QStringLiteral("exited with code 7")), qPrintable(miss.error));
    }

    void cliVerdictsAndExitCodes()
    {
        needTools();
        const QString cache = m_dir.filePath(QStringLiteral("cache"));
        Run r = runCli({QStringLiteral("sass"), m_f32, m_f32, QStringLiteral("--cache-dir"), cache});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("verdict: SASS_IDENTICAL")), qPrintable(r.out));

        r = runCli({QStringLiteral("sass"), m_f32, m_f16, QStringLiteral("--json"), QStringLiteral("--cache-dir"), cache});
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(j.value(QStringLiteral("schema")).toString(), QStringLiteral("tileport-sass/1"));
        QCOMPARE(j.value(QStringLiteral("verdict")).toString(), QStringLiteral("SASS_DIFFERS"));
        const QJsonObject fn = j.value(QStringLiteral("comparison")).toObject().value(QStringLiteral("functions")).toArray().first().toObject();
        QVERIFY(!fn.value(QStringLiteral("opcode_deltas")).toArray().isEmpty());
        QVERIFY(fn.value(QStringLiteral("ref_resources")).toObject().value(QStringLiteral("registers")).toInt() > 0);

        r = runCli({QStringLiteral("sass"), m_f16, QStringLiteral("--cache-dir"), cache});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(QStringLiteral("registers")));
        QVERIFY(r.out.contains(QStringLiteral("LDG")));

        r = runCli({QStringLiteral("sass"), m_dir.filePath(QStringLiteral("junk.tileirbc")), m_f16, QStringLiteral("--cache-dir"), cache});
        QCOMPARE(r.code, 3);
        QVERIFY(r.err.contains(QStringLiteral("BLOCKED")));

        QCOMPARE(runCli({QStringLiteral("sass")}).code, 2);
        QCOMPARE(runCli({QStringLiteral("sass"), m_f16, QStringLiteral("--frobnicate")}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestSass)
#include "tst_sass.moc"
