// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CuTileApi.h"

#include <QHash>
#include <QSet>

#include <cstring>

namespace tileport::frontend {

namespace {

using F = CuTileApi::Function;

// The callables and methods of cuTile Python's API, from the one table
// (core/frontend/api/CuTileApi.td).
constexpr F kFunctions[] = {
#define TILEPORT_CUTILE_FUNCTION(name, category, shapeArg, shapeKeyword, lowering) {name, category, shapeArg, shapeKeyword},
#include "tileport/CuTileApi.inc"
};

constexpr F kMethods[] = {
#define TILEPORT_CUTILE_METHOD(name, category, shapeArg, shapeKeyword, lowering) {name, category, shapeArg, shapeKeyword},
#include "tileport/CuTileApi.inc"
};

constexpr const char *kDtypes[] = {
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "bfloat16", "float32", "float64", "tfloat32", "float8_e4m3fn", "float8_e5m2",
    "float8_e8m0fnu", "float8_e5m3fnu", "float4_e2m1fn", "foreign_pointer_dtype",
};

constexpr const char *kOtherExports[] = {
    "MemoryOrder", "MemoryScope", "PaddingMode", "RoundingMode", "DType",
    "TileCompilerExecutionError", "TileCompilerTimeoutError", "TileError", "TileInternalError",
    "TileRecursionError", "TileStaticAssertionError", "TileStaticEvalError", "TileSyntaxError",
    "TileTypeError", "TileUnsupportedFeatureError", "TileValueError", "StaticException",
    "Array", "ArrayAnnotation", "Constant", "ConstantAnnotation", "IndexedWithInt64",
    "ListAnnotation", "Scalar", "ScalarInt64", "Slice", "Tile", "TiledView",
    "tune", "compilation", "__version__",
};

constexpr const char *kProperties[] = {
    "dtype", "shape", "strides", "ndim", "tile_shape", "traversal_steps", "foreign_pointer",
};

// Builtins with an implementation in cuTile's tile-code front-end.
constexpr const char *kBuiltins[] = {
    "abs", "len", "max", "min", "range", "float", "int", "bool", "print", "tuple", "divmod",
    "getattr", "repr", "str", "slice",
};

// Lookup tables built once (C++ guarantees thread-safe static init).
struct Tables {
    QHash<QString, const F *> functions, methods;
    QSet<QString> dtypes, others, properties, builtins;
    Tables()
    {
        for (const F &f : kFunctions)
            functions.insert(QString::fromLatin1(f.name), &f);
        for (const F &f : kMethods)
            methods.insert(QString::fromLatin1(f.name), &f);
        for (const char *n : kDtypes)
            dtypes.insert(QString::fromLatin1(n));
        for (const char *n : kOtherExports)
            others.insert(QString::fromLatin1(n));
        for (const char *n : kProperties)
            properties.insert(QString::fromLatin1(n));
        for (const char *n : kBuiltins)
            builtins.insert(QString::fromLatin1(n));
    }
};

const Tables &tables()
{
    static const Tables t;
    return t;
}

} // namespace

const F *CuTileApi::function(QStringView name)
{
    const QString key = name.toString();
    if (const F *f = tables().functions.value(key))
        return f;
    // Numeric dtypes are also conversion constructors: ct.float32(x).
    static constexpr F kDtypeCtor{"dtype", "convert", -1, nullptr};
    if (tables().dtypes.contains(key) && key != QLatin1String("foreign_pointer_dtype"))
        return &kDtypeCtor;
    return nullptr;
}

const F *CuTileApi::method(QStringView name) { return tables().methods.value(name.toString()); }
bool CuTileApi::isDtype(QStringView name) { return tables().dtypes.contains(name.toString()); }
bool CuTileApi::isProperty(QStringView name) { return tables().properties.contains(name.toString()); }
bool CuTileApi::isBuiltin(QStringView name) { return tables().builtins.contains(name.toString()); }
bool CuTileApi::isMemory(const Function &f) { return std::strcmp(f.category, "memory") == 0; }

bool CuTileApi::isExport(QStringView name)
{
    const QString key = name.toString();
    return tables().functions.contains(key) || tables().dtypes.contains(key) || tables().others.contains(key);
}

} // namespace tileport::frontend
