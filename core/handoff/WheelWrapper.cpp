// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "WheelWrapper.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace tileport::handoff {

namespace {

const QStringList kPythonKeywords{
    QStringLiteral("False"), QStringLiteral("None"), QStringLiteral("True"), QStringLiteral("and"), QStringLiteral("as"),
    QStringLiteral("assert"), QStringLiteral("async"), QStringLiteral("await"), QStringLiteral("break"), QStringLiteral("class"),
    QStringLiteral("continue"), QStringLiteral("def"), QStringLiteral("del"), QStringLiteral("elif"), QStringLiteral("else"),
    QStringLiteral("except"), QStringLiteral("finally"), QStringLiteral("for"), QStringLiteral("from"), QStringLiteral("global"),
    QStringLiteral("if"), QStringLiteral("import"), QStringLiteral("in"), QStringLiteral("is"), QStringLiteral("lambda"),
    QStringLiteral("nonlocal"), QStringLiteral("not"), QStringLiteral("or"), QStringLiteral("pass"), QStringLiteral("raise"),
    QStringLiteral("return"), QStringLiteral("try"), QStringLiteral("while"), QStringLiteral("with"), QStringLiteral("yield"),
    QStringLiteral("grid"), QStringLiteral("stream")}; // the last two: the wrapper's own keywords

bool identifier(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re.match(s).hasMatch() && !kPythonKeywords.contains(s);
}

// Torch's names for the Rust element types.
QString torchName(const QString &rust)
{
    static const QHash<QString, QString> names{{"f32", "float32"}, {"f16", "float16"}, {"bf16", "bfloat16"},
                                               {"f64", "float64"}, {"i32", "int32"},   {"i64", "int64"},
                                               {"i16", "int16"},   {"i8", "int8"},     {"u8", "uint8"}};
    return names.value(rust, rust);
}

bool integral(const QString &rust)
{
    return rust.startsWith(QLatin1Char('i')) || rust.startsWith(QLatin1Char('u'));
}

bool entryFrom(const QJsonObject &o, const QJsonObject &bundle, const QString &library, WheelEntry *e, QString *error)
{
    e->name = o.value(QStringLiteral("entry")).toString();
    e->pythonKernel = o.value(QStringLiteral("python_kernel")).toString();
    e->source = bundle.value(QStringLiteral("source")).toString().section(QLatin1Char('/'), -1);
    if (!identifier(e->name)) {
        *error = QStringLiteral("entry '%1' is not a usable Python function name").arg(e->name);
        return false;
    }
    QStringList dtypeGenerics;
    for (const QJsonValue &v : o.value(QStringLiteral("generics")).toArray()) {
        const QJsonObject g = v.toObject();
        if (g.value(QStringLiteral("kind")).toString() == QLatin1String("dtype"))
            dtypeGenerics << g.value(QStringLiteral("name")).toString();
        else if (g.contains(QStringLiteral("param")) && !e->constants.contains(g.value(QStringLiteral("param")).toString()))
            e->constants << g.value(QStringLiteral("param")).toString();
    }
    const QStringList codes = [&] {
        QStringList c;
        for (const QJsonValue &v : bundle.value(QStringLiteral("dtype_codes")).toArray())
            c << v.toString();
        return c;
    }();
    for (const QJsonValue &v : o.value(QStringLiteral("dispatch")).toArray()) {
        const QJsonArray t = v.toArray();
        for (int i = 0; i < t.size() && i < dtypeGenerics.size(); ++i) {
            QStringList &d = e->dtypes[dtypeGenerics[i]];
            if (codes.contains(t[i].toString()) && !d.contains(t[i].toString()))
                d << t[i].toString();
        }
    }
    for (const QJsonValue &v : o.value(QStringLiteral("params")).toArray()) {
        const QJsonObject p = v.toObject();
        if (p.contains(QStringLiteral("stride_of")))
            continue; // the library reads it from the tensor
        WheelEntry::Arg a;
        a.name = p.value(QStringLiteral("name")).toString();
        a.tensor = p.value(QStringLiteral("kind")).toString() == QLatin1String("tensor");
        a.type = p.value(a.tensor ? QStringLiteral("element") : QStringLiteral("type")).toString();
        a.rank = p.value(QStringLiteral("rank")).toInt();
        if (p.value(QStringLiteral("block_output")).toBool())
            e->needsGrid = false;
        if (!identifier(a.name) || e->constants.contains(a.name)) {
            *error = QStringLiteral("entry %1: parameter '%2' cannot be a Python parameter name").arg(e->name, a.name);
            return false;
        }
        e->args << a;
    }
    for (const QString &c : e->constants)
        if (!identifier(c)) {
            *error = QStringLiteral("entry %1: constant '%2' cannot be a Python parameter name").arg(e->name, c);
            return false;
        }
    e->table = o;
    e->table.remove(QStringLiteral("alternatives"));
    e->table.insert(QStringLiteral("library"), library);
    e->table.insert(QStringLiteral("dtype_codes"), bundle.value(QStringLiteral("dtype_codes")));
    return true;
}

QString pyString(const QString &s)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

QString docstring(const WheelEntry &e)
{
    QStringList lines;
    lines << QStringLiteral("Launches the cuTile Rust port of `%1` (from %2) once.").arg(e.pythonKernel, e.source) << QString();
    lines << QStringLiteral("Arguments:");
    for (const WheelEntry::Arg &a : e.args) {
        if (a.tensor) {
            QStringList d;
            for (const QString &t : e.dtypes.value(a.type, {a.type}))
                d << torchName(t);
            lines << QStringLiteral("    %1: a rank-%2 CUDA tensor of %3%4").arg(a.name).arg(a.rank).arg(d.join(QStringLiteral(", ")),
                                                                                        e.dtypes.contains(a.type)
                                                                                            ? QStringLiteral(" (element type %1)").arg(a.type)
                                                                                            : QString());
        } else {
            lines << QStringLiteral("    %1: %2 (%3)").arg(a.name, integral(a.type) ? QStringLiteral("int") : QStringLiteral("float"), a.type);
        }
    }
    for (const QString &c : e.constants)
        lines << QStringLiteral("    %1: int, a compile-time constant (each value compiles once)").arg(c);
    lines << (e.needsGrid ? QStringLiteral("    grid: the launch grid, one to three block counts")
                          : QStringLiteral("    grid: ignored; the block output fixes the grid"));
    lines << QStringLiteral("    stream: a CUDA stream (default: torch's current stream)") << QString();
    lines << QStringLiteral("Raises TypeError or ValueError for a wrong dtype, rank or device, and RuntimeError when the "
                            "launch fails.");
    // Blank lines stay empty (no trailing blanks in the generated file).
    return lines.join(QStringLiteral("\n    ")).replace(QStringLiteral("\n    \n"), QStringLiteral("\n\n"));
}

} // namespace

bool WheelEntry::fromBundle(const QJsonObject &bundle, const QString &library, QList<WheelEntry> *out, QString *error)
{
    const QJsonObject entries = bundle.value(QStringLiteral("entries")).toObject();
    if (entries.isEmpty()) {
        *error = QStringLiteral("the bundle lists no entries");
        return false;
    }
    for (const QJsonValue &v : entries) {
        QList<QJsonObject> all{v.toObject()};
        for (const QJsonValue &alt : v.toObject().value(QStringLiteral("alternatives")).toArray())
            all << alt.toObject();
        for (const QJsonObject &o : all) {
            WheelEntry e;
            if (!entryFrom(o, bundle, library, &e, error))
                return false;
            *out << e;
        }
    }
    return true;
}

QString WheelWrapper::signature(const WheelEntry &e)
{
    QStringList parts;
    for (const WheelEntry::Arg &a : e.args)
        parts << (a.tensor ? a.name : QStringLiteral("%1: %2").arg(a.name, integral(a.type) ? QStringLiteral("int") : QStringLiteral("float")));
    parts << QStringLiteral("*");
    for (const QString &c : e.constants)
        parts << c + QStringLiteral(": int");
    parts << QStringLiteral("grid=None") << QStringLiteral("stream=None");
    return QStringLiteral("(%1) -> None").arg(parts.join(QStringLiteral(", ")));
}

QString WheelWrapper::initModule(const QString &distribution, const QString &version, const QList<WheelEntry> &entries)
{
    QStringList sources, names;
    for (const WheelEntry &e : entries) {
        if (!sources.contains(e.source))
            sources << e.source;
        names << pyString(e.name);
    }
    QString s;
    s += QStringLiteral("# Generated by TilePort (tileport package): %1 %2, from %3.\n").arg(distribution, version, sources.join(QStringLiteral(", ")));
    s += QStringLiteral("\"\"\"cuTile Rust kernels ported by TilePort from %1: one function per generated entry.\n\n"
                        "Each takes torch tensors (or other DLPack arrays) on a CUDA device and launches on the\n"
                        "current torch stream unless `stream` names another.\n\"\"\"\n")
             .arg(sources.join(QStringLiteral(", ")));
    s += QStringLiteral("import json as _json\nimport os as _os\n\nfrom . import _runtime\n\n"
                        "_HERE = _os.path.dirname(_os.path.abspath(__file__))\n"
                        "with open(_os.path.join(_HERE, \"entries.json\")) as _f:\n    _ENTRIES = _json.load(_f)\n"
                        "__version__ = %1\n")
             .arg(pyString(version));
    for (const WheelEntry &e : entries) {
        QStringList passed;
        for (const WheelEntry::Arg &a : e.args)
            passed << QStringLiteral("%1: %2").arg(pyString(a.name), a.name);
        for (const QString &c : e.constants)
            passed << QStringLiteral("%1: %2").arg(pyString(c), c);
        s += QStringLiteral("\n\ndef %1%2:\n    \"\"\"%3\n    \"\"\"\n    _runtime.launch(_HERE, _ENTRIES[%4], {%5}, grid, stream)\n")
                 .arg(e.name, signature(e), docstring(e), pyString(e.name), passed.join(QStringLiteral(", ")));
    }
    s += QStringLiteral("\n\n__all__ = [%1]\n").arg(names.join(QStringLiteral(", ")));
    return s;
}

QByteArray WheelWrapper::entriesJson(const QList<WheelEntry> &entries)
{
    QJsonObject o;
    for (const WheelEntry &e : entries)
        o.insert(e.name, e.table);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

} // namespace tileport::handoff
