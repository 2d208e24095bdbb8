// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "tileport/TileIR/Diff/TypeFacts.h"

#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <cctype>

namespace tileport::tileir::diff {

namespace {

// The text between the first '<' and the last '>'.
llvm::StringRef inner(llvm::StringRef text)
{
    const size_t open = text.find('<');
    const size_t close = text.rfind('>');
    if (open == llvm::StringRef::npos || close == llvm::StringRef::npos || close < open)
        return {};
    return text.slice(open + 1, close);
}

bool isScalarName(llvm::StringRef t)
{
    if (t == "index" || t == "bf16" || t == "tf32")
        return true;
    if ((t.starts_with("i") || t.starts_with("f")) && t.size() > 1) {
        // i1 i8 ... f16 f32 f64 and the f8/f4 spellings (f8E4M3FN, ...)
        return std::isdigit(static_cast<unsigned char>(t[1])) != 0;
    }
    return false;
}

void collectLayout(llvm::StringRef text, std::vector<std::string> &out)
{
    static constexpr llvm::StringLiteral names[] = {"traversal_strides", "strides", "dim_map", "tile"};
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '=' || i + 1 >= text.size() || (text[i + 1] != '[' && text[i + 1] != '('))
            continue;
        size_t start = i;
        while (start > 0 && (std::isalnum(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '_'))
            --start;
        const llvm::StringRef name = text.slice(start, i);
        if (std::find(std::begin(names), std::end(names), name) == std::end(names))
            continue;
        const char closer = text[i + 1] == '[' ? ']' : ')';
        const size_t end = text.find(closer, i + 1);
        if (end == llvm::StringRef::npos)
            return;
        out.push_back(text.slice(start, end + 1).str());
        i = end;
    }
}

} // namespace

std::string TypeFacts::shapeText() const
{
    if (shape.empty())
        return "scalar";
    std::string s;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i)
            s += 'x';
        s += shape[i] < 0 ? std::string("?") : std::to_string(shape[i]);
    }
    return s;
}

TypeFacts TypeFacts::parse(const std::string &normalizedText)
{
    TypeFacts f;
    const llvm::StringRef text(normalizedText);
    if (text.starts_with("tile<") || text.starts_with("tensor<")) {
        f.kind = Kind::Tile;
        llvm::StringRef rest = inner(text);
        // Leading "<dim>x" groups; what remains is the element type.
        while (true) {
            size_t n = 0;
            while (n < rest.size() && (std::isdigit(static_cast<unsigned char>(rest[n])) || rest[n] == '?'))
                ++n;
            if (n == 0 || n >= rest.size() || rest[n] != 'x')
                break;
            int64_t dim = -1;
            if (rest[0] != '?')
                rest.take_front(n).getAsInteger(10, dim);
            f.shape.push_back(dim);
            rest = rest.drop_front(n + 1);
        }
        f.element = rest.str();
        f.pointerElement = rest.starts_with("ptr<");
    } else if (text.starts_with("ptr<")) {
        f.kind = Kind::Pointer;
        f.element = inner(text).str();
        f.pointerElement = true;
    } else if (text.starts_with("tensor_view<")) {
        f.kind = Kind::TensorView;
        collectLayout(text, f.layout);
    } else if (text.starts_with("partition_view<") || text.starts_with("strided_view<") ||
               text.starts_with("gather_scatter_view<")) {
        f.kind = Kind::View;
        collectLayout(text, f.layout);
    } else if (text == "token") {
        f.kind = Kind::Token;
    } else if (isScalarName(text)) {
        f.kind = Kind::Scalar;
        f.element = text.str();
    }
    return f;
}

} // namespace tileport::tileir::diff
