// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "OptionReader.h"

#include "ConstantEvaluator.h"
#include "ImportTable.h"
#include "PythonSource.h"
#include "SyntaxNode.h"

namespace tileport::frontend {

bool OptionReader::isKnownOption(const QString &name)
{
    // cuda.tile.kernel.__init__ keywords (cuTile Python 1.7).
    return name == QLatin1String("num_ctas") || name == QLatin1String("occupancy")
        || name == QLatin1String("opt_level") || name == QLatin1String("num_worker_warps");
}

KernelOption OptionReader::read(const PythonSource &src, const ImportTable &imports, const ConstantEvaluator &eval,
                                TSNode kw)
{
    using namespace node;
    KernelOption o;
    const TSNode value = field(kw, "value");
    o.name = src.text(field(kw, "name"));
    o.value = src.flatText(value);
    o.range = src.range(kw);
    const TSNode v = unparen(value);
    if (is(v, "call") && imports.resolve(src, field(v, "function")) == QLatin1String("cuda.tile.ByTarget")) {
        o.byTarget = true;
        o.constant = true;
        for (TSNode a : children(field(v, "arguments"))) {
            if (!is(a, "keyword_argument")) {
                o.constant = false;
                continue;
            }
            const TSNode tv = field(a, "value");
            const auto ev = eval.evaluate(tv);
            o.constant = o.constant && ev.has_value();
            o.targets.append({src.text(field(a, "name")), ev ? ev->toString() : src.flatText(tv)});
        }
        return o;
    }
    if (const auto ev = eval.evaluate(value)) {
        o.constant = true;
        o.evaluated = ev->toString();
    }
    return o;
}

} // namespace tileport::frontend
