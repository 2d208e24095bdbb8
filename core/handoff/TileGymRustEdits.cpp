// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "TileGymRustEdits.h"

#include "SyntaxTree.h"


namespace tileport::handoff {

namespace {

using ST = SyntaxTree;

bool isComment(TSNode n)
{
    const std::string_view t = ST::type(n);
    return t == "line_comment" || t == "block_comment";
}

using Edits = TextEdits;

QByteArray withoutLeadingBlankLines(QByteArray b)
{
    while (b.startsWith('\n'))
        b.remove(0, 1);
    return b;
}

bool parsed(const SyntaxTree &t, QString *error)
{
    if (const QString e = t.firstSyntaxError(); !e.isEmpty()) {
        *error = e;
        return false;
    }
    return true;
}

} // namespace

bool tilegymKernelRs(const QByteArray &libRs, const QString &fileName, const QString &header, QString *out, QString *error)
{
    const SyntaxTree t(SyntaxTree::Language::Rust, libRs, fileName);
    if (!parsed(t, error))
        return false;
    Edits edits;
    const std::vector<TSNode> items = ST::namedChildren(t.root(), true);
    for (size_t i = 0; i < items.size(); ++i) {
        const TSNode n = items[i];
        const uint32_t b = ts_node_start_byte(n);
        if ((isComment(n) && t.view(n).substr(0, 3) == "//!") || ST::is(n, "inner_attribute_item")) {
            edits.replace(t.lineStart(b), pastLine(libRs, ts_node_end_byte(n) - 1), {});
        } else if (ST::is(n, "mod_item") && t.text(ST::field(n, "name")) == QLatin1String("ffi")
                   && ts_node_is_null(ST::field(n, "body"))) {
            // and the outer doc comments right above it
            size_t first = i;
            while (first > 0 && isComment(items[first - 1]) && t.view(items[first - 1]).substr(0, 3) == "///")
                --first;
            edits.replace(t.lineStart(ts_node_start_byte(items[first])), pastLine(libRs, ts_node_end_byte(n) - 1), {});
        }
    }
    QByteArray body = withoutLeadingBlankLines(edits.apply(libRs));
    while (body.endsWith("\n\n"))
        body.chop(1);
    *out = header + QString::fromUtf8(body);
    return true;
}

bool tilegymFfiRs(const QByteArray &ffiRs, const QString &fileName, const QString &header, const QString &module,
                  const QString &op, QString *out, QStringList *innerAttributes, QString *error)
{
    const SyntaxTree t(SyntaxTree::Language::Rust, ffiRs, fileName);
    if (!parsed(t, error))
        return false;
    Edits edits;
    for (TSNode n : ST::namedChildren(t.root(), true)) {
        if (isComment(n) && t.view(n).substr(0, 3) == "//!") {
            const uint32_t b = ts_node_start_byte(n);
            edits.replace(b, b + 3, "//");
        } else if (ST::is(n, "inner_attribute_item")) {
            const std::vector<TSNode> inner = ST::namedChildren(n);
            if (!inner.empty())
                innerAttributes->append(t.text(inner[0]));
            edits.replace(t.lineStart(ts_node_start_byte(n)), pastLine(ffiRs, ts_node_end_byte(n) - 1), {});
        }
    }
    // Every `crate :: <module>` token run, in code and in macro bodies alike
    // (a macro_rules body is a token tree, not paths): the leaves in order.
    std::vector<TSNode> leaves;
    ST::walk(t.root(), [&](TSNode n) {
        if (isComment(n) || ST::is(n, "string_literal") || ST::is(n, "raw_string_literal") || ST::is(n, "char_literal"))
            return false;
        if (ts_node_child_count(n) == 0) {
            leaves.push_back(n);
            return false;
        }
        return true;
    });
    int rewritten = 0;
    for (size_t i = 0; i + 2 < leaves.size(); ++i) {
        if (t.view(leaves[i]) == "crate" && t.view(leaves[i + 1]) == "::" && t.text(leaves[i + 2]) == module) {
            const uint32_t at = ts_node_end_byte(leaves[i + 1]);
            edits.replace(at, at, (op + QStringLiteral("::")).toUtf8());
            ++rewritten;
        }
    }
    if (rewritten == 0) {
        *error = QStringLiteral("%1: no path names the kernel module crate::%2; is it a TilePort ffi.rs?").arg(fileName, module);
        return false;
    }
    *out = header + QString::fromUtf8(withoutLeadingBlankLines(edits.apply(ffiRs)));
    return true;
}

int ffiMaxRank(const QByteArray &ffiRs, const QString &fileName)
{
    const SyntaxTree t(SyntaxTree::Language::Rust, ffiRs, fileName);
    for (TSNode n : ST::namedChildren(t.root()))
        if (ST::is(n, "const_item") && t.text(ST::field(n, "name")) == QLatin1String("MAX_RANK"))
            return t.text(ST::field(n, "value")).toInt();
    return 0;
}

bool tilegymLibRs(const QByteArray &libRs, const QString &fileName, const QString &op, const QStringList &attributes,
                  QString *out, bool *present, QString *error)
{
    const SyntaxTree t(SyntaxTree::Language::Rust, libRs, fileName);
    if (!parsed(t, error))
        return false;
    const QString kernel = QStringLiteral("\"../../%1_kernel/kernel.rs\"").arg(op);
    const QString ffi = QStringLiteral("\"../../%1_kernel/ffi.rs\"").arg(op);
    TSNode lastMod{};
    bool haveMod = false;
    for (TSNode n : ST::namedChildren(t.root())) {
        if (!ST::is(n, "mod_item"))
            continue;
        lastMod = n;
        haveMod = true;
        if (t.text(ST::field(n, "name")) != op)
            continue;
        // `mod <op>` is there: it must include exactly our two files.
        QStringList included;
        for (TSNode s : ST::namedChildren(ST::field(n, "body"))) {
            TSNode m = ST::is(s, "expression_statement") ? ST::namedChildren(s).front() : s;
            if (ST::is(m, "macro_invocation") && t.text(ST::field(m, "macro")) == QLatin1String("include")) {
                for (TSNode a : ST::namedChildren(ST::namedChildren(m).back()))
                    included << t.text(a);
            }
        }
        if (included != QStringList{kernel, ffi}) {
            *error = QStringLiteral("%1: `mod %2` is there but does not include %3_kernel/kernel.rs and ffi.rs "
                                    "(a hand port?); not touched")
                         .arg(t.where(ts_node_start_byte(n)), op, op);
            return false;
        }
        *present = true;
        *out = QString::fromUtf8(libRs);
        return true;
    }
    *present = false;
    QByteArray block;
    for (const QString &a : attributes)
        block += "#[" + a.toUtf8() + "]\n";
    block += QStringLiteral("mod %1 {\n    include!(%2);\n    include!(%3);\n}\n").arg(op, kernel, ffi).toUtf8();
    QByteArray text = libRs;
    if (haveMod) {
        const uint32_t end = pastLine(libRs, ts_node_end_byte(lastMod) - 1);
        text.insert(qsizetype(end), "\n" + block);
    } else {
        if (!text.isEmpty() && !text.endsWith('\n'))
            text += '\n';
        text += (text.isEmpty() ? QByteArray() : QByteArray("\n")) + block;
    }
    *out = QString::fromUtf8(text);
    return true;
}

} // namespace tileport::handoff
