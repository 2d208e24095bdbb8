// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CommandCatalog.h"

namespace tileport::cli {

namespace {

OptionSpec option(QStringList names, QString valueName, QString description, ValueKind kind)
{
    OptionSpec o;
    o.names = std::move(names);
    o.valueName = std::move(valueName);
    o.description = std::move(description);
    o.kind = kind;
    return o;
}

OptionSpec flag(QStringList names, QString description)
{
    return option(std::move(names), QString(), std::move(description), ValueKind::Text);
}

OptionSpec value(QStringList names, QString valueName, QString description, ValueKind kind = ValueKind::Text)
{
    return option(std::move(names), std::move(valueName), std::move(description), kind);
}

OptionSpec number(QStringList names, QString valueName, QString description, int minimum = 1)
{
    OptionSpec o = option(std::move(names), std::move(valueName), std::move(description), ValueKind::Int);
    o.minimum = minimum;
    return o;
}

OptionSpec choice(QStringList names, QString valueName, QString description, QStringList choices)
{
    OptionSpec o = option(std::move(names), std::move(valueName), std::move(description), ValueKind::Choice);
    o.choices = std::move(choices);
    return o;
}

OptionSpec repeated(OptionSpec o)
{
    o.repeatable = true;
    return o;
}

PositionalSpec positional(QString name, QString description, ValueKind kind = ValueKind::File, bool optional = false)
{
    return PositionalSpec{std::move(name), std::move(description), kind, optional};
}

OptionSpec json(const QString &what)
{
    return flag({QStringLiteral("json")}, what);
}

// The cutile release a generated crate targets (docs/toolchains.md).
OptionSpec cutileOption()
{
    return choice({QStringLiteral("cutile")}, QStringLiteral("VERSION"),
                  QStringLiteral("the cutile release the generated crate targets: 0.5 (default) or 0.4"),
                  {QStringLiteral("0.5"), QStringLiteral("0.4")});
}

const QString kGpuHelp = QStringLiteral("where stages D and E run: local, ssh://host/dir or slurm://[PARTITION][?gres=gpu:1&time=MM]");

QList<CommandSpec> build()
{
    QList<CommandSpec> c;

    c << CommandSpec{QStringLiteral("doctor"), QStringLiteral("check every component and toolchain"),
                     QStringLiteral("Probes each component TilePort uses (Qt, MLIR, the grammars, Python with cuda-tile, cargo, "
                                    "rustc, the CUDA headers, tileiras, the GPU) and prints whether it was found, its version, "
                                    "its path and how to fix it."),
                     {},
                     {json(QStringLiteral("print the components as JSON")),
                      flag({QStringLiteral("quick")}, QStringLiteral("skip the slow probes (the cutile crate build)"))},
                     {},
                     {QStringLiteral("0 every required component was found"),
                      QStringLiteral("1 a required component is missing or broken"), QStringLiteral("2 bad arguments")}};

    c << CommandSpec{QStringLiteral("analyze"), QStringLiteral("analyze a cuTile Python or Triton file (kernels, variants, launches)"),
                     QStringLiteral("Stage A's analysis: kernels, parameters, variants, constants, launch sites, tuning "
                                    "configurations and unsupported constructs, checked against the file's sidecar "
                                    "(FILE.tileport.json) when one exists (docs/analysis.md)."),
                     {positional(QStringLiteral("FILE"), QStringLiteral("the kernel file (- reads standard input)"))},
                     {json(QStringLiteral("print the kernel model as JSON")),
                      value({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("FILE"),
                            QStringLiteral("also write the JSON to FILE"), ValueKind::File),
                      flag({QStringLiteral("no-config")}, QStringLiteral("do not check the sidecar"))},
                     {},
                     {QStringLiteral("0 analyzed"), QStringLiteral("1 syntax errors or sidecar errors"),
                      QStringLiteral("2 bad arguments or unreadable input")}};

    c << CommandSpec{QStringLiteral("reference"), QStringLiteral("export the reference Tile IR of a kernel file"),
                     QStringLiteral("Exports the reference Tile IR of every config in the kernel's sidecar with the cuTile "
                                    "Python compiler, at each listed bytecode version. For a Triton file, runs the kernel "
                                    "under the Triton interpreter at small shapes and records its outputs."),
                     {positional(QStringLiteral("FILE"), QStringLiteral("the kernel file"))},
                     {value({QStringLiteral("out")}, QStringLiteral("DIR"),
                            QStringLiteral("where to write (default tileport-out/NAME/reference)"), ValueKind::Directory),
                      number({QStringLiteral("max-elements")}, QStringLiteral("N"),
                             QStringLiteral("Triton: the largest tensor the interpreter runs on")),
                      json(QStringLiteral("print the exports as JSON"))},
                     {},
                     {QStringLiteral("0 every config exported"), QStringLiteral("1 some config failed"),
                      QStringLiteral("2 bad arguments or no sidecar"), QStringLiteral("3 blocked (Triton not set up)")}};

    c << CommandSpec{QStringLiteral("translate"), QStringLiteral("port a kernel file to a cuTile Rust crate"),
                     QStringLiteral("Writes a cuTile Rust crate for the file's kernels (docs/translator.md). Refused "
                                    "constructs are printed as FILE:LINE:COL: error: ...; the other kernels are still written."),
                     {positional(QStringLiteral("FILE"), QStringLiteral("the cuTile Python or Triton file"))},
                     {value({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("DIR"),
                            QStringLiteral("the crate directory (default NAME-rs)"), ValueKind::Directory),
                      value({QStringLiteral("kernel")}, QStringLiteral("NAME"), QStringLiteral("translate this kernel only")),
                      value({QStringLiteral("emit")}, QStringLiteral("kir|rust"),
                            QStringLiteral("kir: print the kernel IR after its passes instead of writing the crate (default rust)")),
                      cutileOption(),
                      json(QStringLiteral("print the translated kernels and diagnostics as JSON"))},
                     {},
                     {QStringLiteral("0 every kernel translated"), QStringLiteral("1 some refused, or none translated"),
                      QStringLiteral("2 bad arguments or I/O errors")}};

    c << CommandSpec{QStringLiteral("batch"), QStringLiteral("every kernel under DIR: analyze, translate, build, IR diff"),
                     QStringLiteral("Runs every kernel of every .py file under DIR through analyze, translate, cargo build "
                                    "and the IR diff, and with --gpu through stages D and E (docs/batch.md). Rows are journaled as they finish, so an interrupted "
                                    "run continues with --resume. On a terminal, progress is a bar with counts and an ETA; "
                                    "piped, one line per kernel."),
                     {positional(QStringLiteral("DIR|FILE.py"), QStringLiteral("the directory (or one file) to port"),
                                 ValueKind::File, true)},
                     {number({QStringLiteral("j"), QStringLiteral("jobs")}, QStringLiteral("N"), QStringLiteral("run N jobs at once")),
                      json(QStringLiteral("print the tileport-batch/2 JSON")),
                      flag({QStringLiteral("per-config")}, QStringLiteral("one row per config, not per kernel")),
                      flag({QStringLiteral("no-build")}, QStringLiteral("analyze and translate only")),
                      flag({QStringLiteral("no-capture")}, QStringLiteral("do not capture configs for files without a sidecar")),
                      value({QStringLiteral("out")}, QStringLiteral("WORKDIR"), QStringLiteral("the work directory"),
                            ValueKind::Directory),
                      number({QStringLiteral("timeout")}, QStringLiteral("SECONDS"), QStringLiteral("each step's time limit")),
                      flag({QStringLiteral("sass")}, QStringLiteral("compare both sides' SASS too")),
                      cutileOption(),
                      value({QStringLiteral("gpu")}, QStringLiteral("RUNNER"),
                            kGpuHelp + QStringLiteral("; stages D and E for every built kernel after the IR diffs "
                                                      "(a Slurm runner submits them as one job array)")),
                      value({QStringLiteral("resume")}, QStringLiteral("WORKDIR"),
                            QStringLiteral("finish the interrupted run journaled in WORKDIR"), ValueKind::Directory)},
                     {QStringLiteral("--resume WORKDIR [--jobs N] [--json] [--per-config]")},
                     {QStringLiteral("0 the run completed, whatever the kernels' verdicts"), QStringLiteral("2 bad arguments"),
                      QStringLiteral("3 I/O errors"), QStringLiteral("130 interrupted")}};

    CommandSpec child{QStringLiteral("frontend-child"), QStringLiteral("one file's front-end work (run by batch)"),
                      QStringLiteral("Runs one file's front-end work in a child process, so that a crash costs that file's "
                                     "row alone; tileport batch and the IDE run it."),
                      {positional(QStringLiteral("DIR"), QStringLiteral("the batch's directory"), ValueKind::Directory),
                       positional(QStringLiteral("FILE"), QStringLiteral("the file under DIR"))},
                      {}, {}, {QStringLiteral("0 done"), QStringLiteral("3 bad arguments")}};
    child.usageExit = 3;
    child.hidden = true;
    child.printsResult = false;
    c << child;

    // `ir diff` exits 2 for PASS_WITH_NOTES (as TileGym's diff_ir.sh), so
    // the ir commands' usage errors exit 3.
    const QStringList irExits{QStringLiteral("0 done"), QStringLiteral("3 unreadable input or bad arguments")};
    CommandSpec decode{QStringLiteral("ir decode"), QStringLiteral("print Tile IR bytecode (13.1-13.4) as cuda_tile text"),
                       QStringLiteral("Decodes Tile IR bytecode (or reads MLIR text) and prints it in the cuda_tile text syntax."),
                       {positional(QStringLiteral("FILE"), QStringLiteral("a .tileirbc or MLIR text file"))},
                       {value({QStringLiteral("o")}, QStringLiteral("OUT"), QStringLiteral("write the text to OUT"), ValueKind::File),
                        flag({QStringLiteral("locations")}, QStringLiteral("print debug locations")),
                        json(QStringLiteral("print the text inside a JSON object"))},
                       {}, irExits, 3};
    CommandSpec canon{QStringLiteral("ir canon"), QStringLiteral("print the canonical form of a Tile IR module"),
                      QStringLiteral("Canonicalizes a module as the differ does and prints it."),
                      {positional(QStringLiteral("FILE"), QStringLiteral("a .tileirbc or MLIR text file"))},
                      {flag({QStringLiteral("no-mlir-passes")}, QStringLiteral("skip MLIR's cse and canonicalize")),
                       json(QStringLiteral("print the text inside a JSON object"))},
                      {}, irExits, 3};
    CommandSpec diff{QStringLiteral("ir diff"), QStringLiteral("compare two Tile IR modules"),
                     QStringLiteral("Decodes both modules, canonicalizes them, aligns their ops and classifies each difference "
                                    "(docs/ir-diff.md)."),
                     {positional(QStringLiteral("REF"), QStringLiteral("the reference module")),
                      positional(QStringLiteral("GEN"), QStringLiteral("the generated module"))},
                     {json(QStringLiteral("print the JSON report instead of Markdown")),
                      value({QStringLiteral("json-out")}, QStringLiteral("FILE"), QStringLiteral("also write the JSON report"),
                            ValueKind::File),
                      value({QStringLiteral("markdown-out")}, QStringLiteral("FILE"),
                            QStringLiteral("also write the Markdown report"), ValueKind::File),
                      flag({QStringLiteral("no-canonicalize")}, QStringLiteral("compare the modules as they are"))},
                     {},
                     {QStringLiteral("0 PASS"), QStringLiteral("1 FAIL_FIXABLE"), QStringLiteral("2 PASS_WITH_NOTES"),
                      QStringLiteral("3 unreadable input or bad arguments")},
                     3};
    c << decode << canon << diff;

    c << CommandSpec{QStringLiteral("sass"), QStringLiteral("compile Tile IR with tileiras on the CPU and compare the SASS"),
                     QStringLiteral("Compiles Tile IR bytecode with tileiras on the CPU, disassembles it with cuobjdump and "
                                    "compares the two sides' SASS (docs/sass.md). With one FILE, prints its SASS. "
                                    "Results are cached under $TILEPORT_CACHE/sass."),
                     {positional(QStringLiteral("REF"), QStringLiteral("the reference .tileirbc (or the one FILE)")),
                      positional(QStringLiteral("GEN"), QStringLiteral("the generated .tileirbc"), ValueKind::File, true)},
                     {value({QStringLiteral("target")}, QStringLiteral("sm_XY"), QStringLiteral("the GPU architecture (default sm_90)")),
                      json(QStringLiteral("print the tileport-sass/1 JSON")),
                      flag({QStringLiteral("summary")}, QStringLiteral("one FILE: resources only, no listing")),
                      flag({QStringLiteral("no-cache")}, QStringLiteral("compile again")),
                      value({QStringLiteral("cache-dir")}, QStringLiteral("DIR"), QStringLiteral("the cache directory"),
                            ValueKind::Directory),
                      number({QStringLiteral("timeout")}, QStringLiteral("S"), QStringLiteral("each tool's time limit in seconds"))},
                     {},
                     {QStringLiteral("0 SASS_IDENTICAL or SASS_EQUIVALENT"), QStringLiteral("1 SASS_DIFFERS"),
                      QStringLiteral("2 bad arguments"), QStringLiteral("3 a tool failed (BLOCKED)")}};

    c << CommandSpec{QStringLiteral("configs"), QStringLiteral("capture a kernel file's launch configs by running its code"),
                     QStringLiteral("Runs the file's own entry points (its __main__ block, main(), test and benchmark "
                                    "functions, module-level launches), its project's tests and benchmarks and --call "
                                    "expressions on the CPU with stand-in tensors and records each launch as a config "
                                    "(docs/capture.md)."),
                     {positional(QStringLiteral("FILE"), QStringLiteral("the kernel file"))},
                     {repeated(value({QStringLiteral("tests")}, QStringLiteral("PATH"), QStringLiteral("a test or benchmark file to run"),
                                     ValueKind::File)),
                      repeated(value({QStringLiteral("call")}, QStringLiteral("EXPR"), QStringLiteral("a Python call that launches the kernel"))),
                      value({QStringLiteral("target")}, QStringLiteral("NAME"), QStringLiteral("the GPU profile (default h200)")),
                      value({QStringLiteral("project")}, QStringLiteral("DIR"),
                            QStringLiteral("the project root imports resolve from (default: pyproject.toml or setup.py above the file)"),
                            ValueKind::Directory),
                      flag({QStringLiteral("no-discover")}, QStringLiteral("run only the named tests and calls")),
                      value({QStringLiteral("o")}, QStringLiteral("SIDECAR"), QStringLiteral("write the sidecar"), ValueKind::File),
                      json(QStringLiteral("print the sidecar JSON"))},
                     {},
                     {QStringLiteral("0 complete"), QStringLiteral("1 failed"), QStringLiteral("2 bad arguments"),
                      QStringLiteral("3 partial")}};

    const QStringList pipelineExits{QStringLiteral("0 every stage succeeded"), QStringLiteral("1 a stage failed"),
                                    QStringLiteral("2 bad arguments"), QStringLiteral("3 the run could not start"),
                                    QStringLiteral("130 interrupted")};
    c << CommandSpec{QStringLiteral("port"), QStringLiteral("run the porting pipeline on a kernel"),
                     QStringLiteral("Runs stages A-F on one kernel in a session directory (docs/pipeline.md); D and E need a "
                                    "GPU runner. Without a sidecar the configs are captured from the file's code."),
                     {positional(QStringLiteral("FILE"), QStringLiteral("the kernel file"))},
                     {value({QStringLiteral("kernel")}, QStringLiteral("K"), QStringLiteral("the kernel to port")),
                      value({QStringLiteral("stages")}, QStringLiteral("A-E"), QStringLiteral("the stages to run")),
                      value({QStringLiteral("session")}, QStringLiteral("DIR"), QStringLiteral("the session directory"),
                            ValueKind::Directory),
                      value({QStringLiteral("config")}, QStringLiteral("CFG"), QStringLiteral("a sidecar to use"), ValueKind::File),
                      repeated(value({QStringLiteral("tests")}, QStringLiteral("PATH"), QStringLiteral("capture from this test file"),
                                     ValueKind::File)),
                      repeated(value({QStringLiteral("call")}, QStringLiteral("EXPR"), QStringLiteral("capture from this call"))),
                      value({QStringLiteral("target")}, QStringLiteral("NAME"), QStringLiteral("the capture's GPU profile (default h200)")),
                      value({QStringLiteral("project")}, QStringLiteral("DIR"),
                            QStringLiteral("the project root the capture's imports resolve from"), ValueKind::Directory),
                      flag({QStringLiteral("no-discover")}, QStringLiteral("capture from the named tests and calls only")),
                      cutileOption(),
                      value({QStringLiteral("gpu")}, QStringLiteral("RUNNER"), kGpuHelp),
                      json(QStringLiteral("print events as JSON Lines and the table as JSON"))},
                     {},
                     pipelineExits};

    c << CommandSpec{QStringLiteral("rerun"), QStringLiteral("re-run one stage of a session"),
                     QStringLiteral("Re-runs one stage of a session's latest run; the stages after it become stale."),
                     {positional(QStringLiteral("DIR"), QStringLiteral("the session directory"), ValueKind::Directory)},
                     {choice({QStringLiteral("stage")}, QStringLiteral("X"), QStringLiteral("the stage to re-run"),
                             {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"), QStringLiteral("D"),
                              QStringLiteral("E"), QStringLiteral("F")}),
                      value({QStringLiteral("gpu")}, QStringLiteral("RUNNER"), kGpuHelp + QStringLiteral(" (default: the port's)")),
                      json(QStringLiteral("print events as JSON Lines and the table as JSON"))},
                     {},
                     pipelineExits};

    c << CommandSpec{QStringLiteral("status"), QStringLiteral("the stage table of a session's latest run"),
                     QStringLiteral("Prints the stage table of a session's latest run."),
                     {positional(QStringLiteral("DIR"), QStringLiteral("the session directory"), ValueKind::Directory)},
                     {json(QStringLiteral("print the table as JSON"))},
                     {},
                     {QStringLiteral("0 done"), QStringLiteral("2 bad arguments"),
                      QStringLiteral("3 no such session, or a damaged one (the table, then each problem on stderr)")}};

    c << CommandSpec{QStringLiteral("report"), QStringLiteral("the stage reports of a session's latest run"),
                     QStringLiteral("Renders the stage reports of a session's latest run as Markdown, or as one "
                                    "self-contained HTML page."),
                     {positional(QStringLiteral("DIR"), QStringLiteral("the session directory"), ValueKind::Directory)},
                     {flag({QStringLiteral("html")}, QStringLiteral("one self-contained HTML page")),
                      json(QStringLiteral("the stage table and each stage's report as JSON"))},
                     {},
                     {QStringLiteral("0 done"), QStringLiteral("2 bad arguments"), QStringLiteral("3 no such session, or no runs")}};

    c << CommandSpec{QStringLiteral("repair"), QStringLiteral("a model-backed repair, applied and validated"),
                     QStringLiteral("Asks a model-backed repair agent for a patch to the stage's findings, applies it inside "
                                    "the session and runs the stage's validators again (docs/repair.md). The key comes "
                                    "from the keyring or TILEPORT_API_KEY."),
                     {positional(QStringLiteral("SESSION"), QStringLiteral("the session directory"), ValueKind::Directory)},
                     {choice({QStringLiteral("stage")}, QStringLiteral("X"), QStringLiteral("the stage to repair"),
                             {QStringLiteral("B"), QStringLiteral("C"), QStringLiteral("D")}),
                      value({QStringLiteral("endpoint")}, QStringLiteral("URL"),
                            QStringLiteral("the API's base URL (default $TILEPORT_MODEL_ENDPOINT or the API's own)")),
                      choice({QStringLiteral("api")}, QStringLiteral("API"), QStringLiteral("the API dialect (default $TILEPORT_MODEL_API or openai)"),
                             {QStringLiteral("openai"), QStringLiteral("anthropic")}),
                      value({QStringLiteral("model")}, QStringLiteral("NAME"), QStringLiteral("the model (default $TILEPORT_MODEL)")),
                      value({QStringLiteral("gpu")}, QStringLiteral("RUNNER"), kGpuHelp),
                      json(QStringLiteral("print the outcome as JSON"))},
                     {},
                     {QStringLiteral("0 applied and validated"), QStringLiteral("2 bad arguments or session"),
                      QStringLiteral("3 rejected"), QStringLiteral("4 the endpoint could not be reached")}};

    // The hand-off (docs/handoff.md): the port in the form its user needs.
    CommandSpec exportSpec{QStringLiteral("export"), QStringLiteral("register ported ops as TileGym's cutile-rs backend"),
                           QStringLiteral("Writes each session's port into a TileGym checkout as a cutile-rs backend: the "
                                          "kernel and its ffi.rs in the cutile_kernels crate, the Python wrapper with the "
                                          "op's public signature, the registration, and cutile-rs in the op's test "
                                          "parametrize. Existing files are edited through their syntax trees; the change is "
                                          "shown as a unified diff, and a hand-written port is never overwritten. Running it "
                                          "again changes nothing."),
                           {positional(QStringLiteral("SESSION"), QStringLiteral("a session directory (repeatable)"), ValueKind::Directory)},
                           {value({QStringLiteral("tilegym")}, QStringLiteral("DIR"), QStringLiteral("the TileGym checkout to write into (required)"),
                                  ValueKind::Directory),
                            flag({QStringLiteral("dry-run")}, QStringLiteral("print the diff and write nothing")),
                            json(QStringLiteral("print the files and their changes as JSON"))},
                           {},
                           {QStringLiteral("0 written (or nothing to change)"), QStringLiteral("1 refused (a hand port, an op TileGym does not have, no place to register it)"),
                            QStringLiteral("2 bad arguments"), QStringLiteral("3 a session or the checkout could not be read, or a file of it does not parse")}};
    exportSpec.positionals[0].repeatable = true;
    c << exportSpec;

    CommandSpec packageSpec{QStringLiteral("package"), QStringLiteral("build a Python wheel of ported kernels"),
                            QStringLiteral("Builds one wheel from the sessions' host bundles with pip and setuptools: the "
                                           "cdylib, and per entry a typed function that takes torch tensors (any DLPack "
                                           "array), checks their dtype, rank and device and raises a clear error otherwise, "
                                           "then launches through the bundle's C ABI. Each session needs a bundle: run "
                                           "`tileport port FILE --stages A-D` first."),
                            {positional(QStringLiteral("SESSION"), QStringLiteral("a session directory (repeatable)"), ValueKind::Directory)},
                            {value({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("DIR"),
                                   QStringLiteral("where the wheel goes (default ./dist)"), ValueKind::Directory),
                             value({QStringLiteral("name")}, QStringLiteral("NAME"),
                                   QStringLiteral("the distribution's name (default tileport-<first op>)")),
                             value({QStringLiteral("version")}, QStringLiteral("VERSION"), QStringLiteral("its version (default 0.1.0)")),
                             json(QStringLiteral("print the wheel and its entries as JSON"))},
                            {},
                            {QStringLiteral("0 built"), QStringLiteral("1 the build failed"), QStringLiteral("2 bad arguments"),
                             QStringLiteral("3 a session has no bundle, or a tool is missing")}};
    packageSpec.positionals[0].repeatable = true;
    c << packageSpec;

    CommandSpec completion{QStringLiteral("completion"), QStringLiteral("print the bash completion script"),
                           QStringLiteral("Prints a bash completion script for tileport, made from the same definitions as "
                                          "--help. Source it, or install it as "
                                          "share/bash-completion/completions/tileport (cmake --install does)."),
                           {PositionalSpec{QStringLiteral("SHELL"), QStringLiteral("the shell: bash"), ValueKind::Choice}},
                           {}, {}, {QStringLiteral("0 done"), QStringLiteral("2 bad arguments")}};
    completion.printsResult = false;
    c << completion;

    CommandSpec man{QStringLiteral("manpage"), QStringLiteral("print the tileport(1) man page"),
                    QStringLiteral("Prints the tileport(1) man page in roff, made from the same definitions as --help "
                                   "(the build installs it)."),
                    {}, {}, {}, {QStringLiteral("0 done"), QStringLiteral("2 bad arguments")}};
    man.hidden = true;
    man.printsResult = false;
    c << man;

    CommandSpec help{QStringLiteral("help"), QStringLiteral("the help of a command"),
                     QStringLiteral("Prints the help of COMMAND, or the list of commands."),
                     {positional(QStringLiteral("COMMAND"), QStringLiteral("a command"), ValueKind::Text, true)},
                     {}, {}, {QStringLiteral("0 done"), QStringLiteral("2 no such command")}};
    help.positionals[0].repeatable = true; // "help ir diff"
    help.printsResult = false;
    c << help;
    return c;
}

} // namespace

const QList<CommandSpec> &commands()
{
    static const QList<CommandSpec> all = build();
    return all;
}

const CommandSpec *findCommand(const QString &name)
{
    for (const CommandSpec &c : commands())
        if (c.name == name)
            return &c;
    return nullptr;
}

QList<const CommandSpec *> groupCommands(const QString &group)
{
    QList<const CommandSpec *> out;
    const QString prefix = group + QLatin1Char(' ');
    for (const CommandSpec &c : commands())
        if (c.name.startsWith(prefix))
            out << &c;
    return out;
}

QStringList commandWords(bool withHidden)
{
    QStringList out;
    for (const CommandSpec &c : commands()) {
        const QString word = c.name.section(QLatin1Char(' '), 0, 0);
        if ((withHidden || !c.hidden) && !out.contains(word))
            out << word;
    }
    return out;
}

} // namespace tileport::cli
