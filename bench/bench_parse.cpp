// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Front-end parse throughput: parses each given Python file N times with the
// tree-sitter grammar and prints the median time per parse.
#include "Grammars.h"

#include <QElapsedTimer>
#include <QFile>

#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_parse REPEATS FILE...\n");
        return 2;
    }
    const int repeats = std::max(1, std::atoi(argv[1]));
    TSParser *parser = ts_parser_new();
    ts_parser_set_language(parser, tileport::Grammars::python());
    for (int i = 2; i < argc; ++i) {
        QFile f(QString::fromLocal8Bit(argv[i]));
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "%s: cannot open\n", argv[i]);
            return 1;
        }
        const QByteArray src = f.readAll();
        std::vector<qint64> ns;
        for (int r = 0; r < repeats; ++r) {
            QElapsedTimer t;
            t.start();
            TSTree *tree = ts_parser_parse_string(parser, nullptr, src.constData(), uint32_t(src.size()));
            ns.push_back(t.nsecsElapsed());
            ts_tree_delete(tree);
        }
        std::sort(ns.begin(), ns.end());
        const double med = ns[ns.size() / 2] / 1000.0;
        std::printf("%-48s %7lld bytes  median %8.1f us  %6.1f MB/s\n", argv[i], static_cast<long long>(src.size()),
                    med, src.size() / med);
    }
    ts_parser_delete(parser);
    return 0;
}
