// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#include "CuTileApi.h"

#include <QHash>
#include <QSet>

#include <cstring>

namespace tileport::frontend {

namespace {

using F = CuTileApi::Function;

// cuda/tile/__init__.py of cuTile Python 1.7.0, callables only.
constexpr F kFunctions[] = {
    {"bid", "block", -1, nullptr},
    {"num_blocks", "block", -1, nullptr},
    {"num_tiles", "block", 2, "shape"},
    {"load", "memory", 2, "shape"},
    {"store", "memory", -1, nullptr},
    {"gather", "memory", -1, nullptr},
    {"scatter", "memory", -1, nullptr},
    {"load_advanced_indexing", "memory", -1, nullptr},
    {"store_advanced_indexing", "memory", -1, nullptr},
    {"atomic_add", "memory", -1, nullptr},
    {"atomic_and", "memory", -1, nullptr},
    {"atomic_cas", "memory", -1, nullptr},
    {"atomic_max", "memory", -1, nullptr},
    {"atomic_min", "memory", -1, nullptr},
    {"atomic_or", "memory", -1, nullptr},
    {"atomic_xchg", "memory", -1, nullptr},
    {"atomic_xor", "memory", -1, nullptr},
    {"arange", "creation", 0, "size"},
    {"full", "creation", 0, "shape"},
    {"ones", "creation", 0, "shape"},
    {"zeros", "creation", 0, "shape"},
    {"astile", "creation", -1, nullptr},
    {"abs", "math", -1, nullptr},
    {"add", "math", -1, nullptr},
    {"sub", "math", -1, nullptr},
    {"mul", "math", -1, nullptr},
    {"truediv", "math", -1, nullptr},
    {"floordiv", "math", -1, nullptr},
    {"mod", "math", -1, nullptr},
    {"divmod", "math", -1, nullptr},
    {"pow", "math", -1, nullptr},
    {"atan2", "math", -1, nullptr},
    {"ceil", "math", -1, nullptr},
    {"floor", "math", -1, nullptr},
    {"cos", "math", -1, nullptr},
    {"cosh", "math", -1, nullptr},
    {"sin", "math", -1, nullptr},
    {"sinh", "math", -1, nullptr},
    {"tan", "math", -1, nullptr},
    {"tanh", "math", -1, nullptr},
    {"exp", "math", -1, nullptr},
    {"exp2", "math", -1, nullptr},
    {"log", "math", -1, nullptr},
    {"log2", "math", -1, nullptr},
    {"sqrt", "math", -1, nullptr},
    {"rsqrt", "math", -1, nullptr},
    {"negative", "math", -1, nullptr},
    {"isnan", "math", -1, nullptr},
    {"maximum", "math", -1, nullptr},
    {"minimum", "math", -1, nullptr},
    {"where", "math", -1, nullptr},
    {"cdiv", "math", -1, nullptr},
    {"equal", "math", -1, nullptr},
    {"not_equal", "math", -1, nullptr},
    {"greater", "math", -1, nullptr},
    {"greater_equal", "math", -1, nullptr},
    {"less", "math", -1, nullptr},
    {"less_equal", "math", -1, nullptr},
    {"bitwise_and", "math", -1, nullptr},
    {"bitwise_or", "math", -1, nullptr},
    {"bitwise_xor", "math", -1, nullptr},
    {"bitwise_not", "math", -1, nullptr},
    {"bitwise_lshift", "math", -1, nullptr},
    {"bitwise_rshift", "math", -1, nullptr},
    {"sum", "reduce", -1, nullptr},
    {"max", "reduce", -1, nullptr},
    {"min", "reduce", -1, nullptr},
    {"prod", "reduce", -1, nullptr},
    {"argmax", "reduce", -1, nullptr},
    {"argmin", "reduce", -1, nullptr},
    {"reduce", "reduce", -1, nullptr},
    {"cumsum", "scan", -1, nullptr},
    {"cumprod", "scan", -1, nullptr},
    {"scan", "scan", -1, nullptr},
    {"mma", "mma", -1, nullptr},
    {"mma_scaled", "mma", -1, nullptr},
    {"matmul", "mma", -1, nullptr},
    {"reshape", "shape", 1, "shape"},
    {"permute", "shape", -1, nullptr},
    {"transpose", "shape", -1, nullptr},
    {"broadcast_to", "shape", 1, "shape"},
    {"expand_dims", "shape", -1, nullptr},
    {"cat", "shape", -1, nullptr},
    {"extract", "shape", 2, "shape"},
    {"insert", "shape", -1, nullptr},
    {"astype", "convert", -1, nullptr},
    {"bitcast", "convert", -1, nullptr},
    {"pack_to_bytes", "convert", -1, nullptr},
    {"unpack_from_bytes", "convert", -1, nullptr},
    {"static_eval", "compile_time", -1, nullptr},
    {"static_assert", "compile_time", -1, nullptr},
    {"static_iter", "compile_time", -1, nullptr},
    {"static_exception", "compile_time", -1, nullptr},
    {"ensure_constant", "compile_time", -1, nullptr},
    {"assume_divisible_by", "compile_time", -1, nullptr},
    {"printf", "debug", -1, nullptr},
    {"print", "debug", -1, nullptr},
    {"assert_", "debug", -1, nullptr},
    {"grid_dependency_control_wait", "sync", -1, nullptr},
    {"grid_dependency_control_launch_dependents", "sync", -1, nullptr},
    {"launch", "host", -1, nullptr},
    {"kernel", "host", -1, nullptr},
    {"function", "host", -1, nullptr},
    {"compiler_timeout", "host", -1, nullptr},
    {"ByTarget", "host", -1, nullptr},
};

// Methods of Array, Tile, TiledView and RawArrayMemory (cuda/tile/_stub.py).
constexpr F kMethods[] = {
    {"item", "shape", -1, nullptr},
    {"extract", "shape", 1, "shape"},
    {"insert", "shape", -1, nullptr},
    {"reshape", "shape", 0, "shape"},
    {"permute", "shape", -1, nullptr},
    {"transpose", "shape", -1, nullptr},
    {"astype", "convert", -1, nullptr},
    {"slice", "memory", -1, nullptr},
    {"tiled_view", "memory", 0, "tile_shape"},
    {"get_raw_memory", "memory", -1, nullptr},
    {"num_tiles", "block", -1, nullptr},
    {"load", "memory", -1, nullptr},
    {"store", "memory", -1, nullptr},
    {"atomic_store_add", "memory", -1, nullptr},
    {"atomic_store_max", "memory", -1, nullptr},
    {"atomic_store_min", "memory", -1, nullptr},
    {"atomic_store_and", "memory", -1, nullptr},
    {"atomic_store_or", "memory", -1, nullptr},
    {"atomic_store_xor", "memory", -1, nullptr},
    {"load_offset", "memory", -1, nullptr},
    {"store_offset", "memory", -1, nullptr},
    {"atomic_cas_offset", "memory", -1, nullptr},
    {"atomic_xchg_offset", "memory", -1, nullptr},
    {"atomic_add_offset", "memory", -1, nullptr},
    {"atomic_max_offset", "memory", -1, nullptr},
    {"atomic_min_offset", "memory", -1, nullptr},
    {"atomic_and_offset", "memory", -1, nullptr},
    {"atomic_or_offset", "memory", -1, nullptr},
    {"atomic_xor_offset", "memory", -1, nullptr},
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
