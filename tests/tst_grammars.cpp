// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "Grammars.h"

#include <QFile>
#include <QTest>

#include <tree_sitter/api.h>

using tileport::Grammars;

namespace {

// Parses `source` and returns the root's s-expression type plus whether the
// tree has error nodes.
std::pair<QString, bool> parse(const TSLanguage *lang, const QByteArray &source)
{
    TSParser *parser = ts_parser_new();
    if (!ts_parser_set_language(parser, lang)) {
        ts_parser_delete(parser);
        return {QStringLiteral("<language rejected>"), true};
    }
    TSTree *tree = ts_parser_parse_string(parser, nullptr, source.constData(), uint32_t(source.size()));
    const TSNode root = ts_tree_root_node(tree);
    const QString type = QString::fromLatin1(ts_node_type(root));
    const bool errors = ts_node_has_error(root);
    ts_tree_delete(tree);
    ts_parser_delete(parser);
    return {type, errors};
}

} // namespace

class TestGrammars : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void abiIsAcceptedByRuntime()
    {
        for (const TSLanguage *lang : {Grammars::python(), Grammars::rust()}) {
            QVERIFY(Grammars::abiVersion(lang) >= Grammars::runtimeMinAbi());
            QVERIFY(Grammars::abiVersion(lang) <= Grammars::runtimeMaxAbi());
        }
        QVERIFY(Grammars::pythonVersion().startsWith(QStringLiteral("0.23.")));
        QVERIFY(Grammars::rustVersion().startsWith(QStringLiteral("0.23.")));
    }

    void parsesBundledPythonExample()
    {
        QFile f(QStringLiteral(TILEPORT_SOURCE_DIR "/examples/vector_add.py"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto [type, errors] = parse(Grammars::python(), f.readAll());
        QCOMPARE(type, QStringLiteral("module"));
        QVERIFY(!errors);
    }

    void flagsBrokenPython()
    {
        const auto [type, errors] = parse(Grammars::python(), "def f(:\n    return\n");
        QCOMPARE(type, QStringLiteral("module"));
        QVERIFY(errors);
    }

    void parsesRustProbeKernel()
    {
        QFile f(QStringLiteral(TILEPORT_SOURCE_DIR "/resources/rust/tileport-probe/src/lib.rs"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto [type, errors] = parse(Grammars::rust(), f.readAll());
        QCOMPARE(type, QStringLiteral("source_file"));
        QVERIFY(!errors);
    }
};

QTEST_GUILESS_MAIN(TestGrammars)
#include "tst_grammars.moc"
