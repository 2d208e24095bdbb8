// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// cuTile Python's API (cuda/tile of cuda-tile 1.7), defined once: the
// analyzer (CuTileApi) and the kernel IR lowering (KirLowering) both read
// the table tileport-api-tblgen makes of it.
//
// Name: the callable; Category: block, memory, creation, math, reduce,
// scan, mma, shape, convert, compile_time, debug, sync, host; ShapeArg /
// ShapeKeyword: where a shape-taking op takes its tile shape (-1 / "":
// none); Lowering: the kernel IR lowering family that lowers it ("": not
// lowered to the kernel IR yet).

class CuTileCallable<string name, string category, int shapeArg, string shapeKeyword, string lowering> {
  string Name = name;
  string Category = category;
  int ShapeArg = shapeArg;
  string ShapeKeyword = shapeKeyword;
  string Lowering = lowering;
}

// ct.<name>(...)
class CuTileFunction<string name, string category, int shapeArg = -1, string shapeKeyword = "", string lowering = "">
    : CuTileCallable<name, category, shapeArg, shapeKeyword, lowering>;
// <tile or array>.<name>(...)
class CuTileMethod<string name, string category, int shapeArg = -1, string shapeKeyword = "", string lowering = "">
    : CuTileCallable<name, category, shapeArg, shapeKeyword, lowering>;

def Function_bid : CuTileFunction<"bid", "block", -1, "", "Bid">;
def Function_num_blocks : CuTileFunction<"num_blocks", "block", -1, "", "NumBlocks">;
def Function_num_tiles : CuTileFunction<"num_tiles", "block", 2, "shape", "NumTiles">;
def Function_load : CuTileFunction<"load", "memory", 2, "shape", "Load">;
def Function_store : CuTileFunction<"store", "memory", -1, "", "Store">;
def Function_gather : CuTileFunction<"gather", "memory", -1, "", "Gather">;
def Function_scatter : CuTileFunction<"scatter", "memory", -1, "", "Scatter">;
def Function_load_advanced_indexing : CuTileFunction<"load_advanced_indexing", "memory", -1, "", "">;
def Function_store_advanced_indexing : CuTileFunction<"store_advanced_indexing", "memory", -1, "", "">;
def Function_atomic_add : CuTileFunction<"atomic_add", "memory", -1, "", "Atomic">;
def Function_atomic_and : CuTileFunction<"atomic_and", "memory", -1, "", "Atomic">;
def Function_atomic_cas : CuTileFunction<"atomic_cas", "memory", -1, "", "Atomic">;
def Function_atomic_max : CuTileFunction<"atomic_max", "memory", -1, "", "Atomic">;
def Function_atomic_min : CuTileFunction<"atomic_min", "memory", -1, "", "Atomic">;
def Function_atomic_or : CuTileFunction<"atomic_or", "memory", -1, "", "Atomic">;
def Function_atomic_xchg : CuTileFunction<"atomic_xchg", "memory", -1, "", "Atomic">;
def Function_atomic_xor : CuTileFunction<"atomic_xor", "memory", -1, "", "Atomic">;
def Function_arange : CuTileFunction<"arange", "creation", 0, "size", "Creation">;
def Function_full : CuTileFunction<"full", "creation", 0, "shape", "Creation">;
def Function_ones : CuTileFunction<"ones", "creation", 0, "shape", "Creation">;
def Function_zeros : CuTileFunction<"zeros", "creation", 0, "shape", "Creation">;
def Function_astile : CuTileFunction<"astile", "creation", -1, "", "Astile">;
def Function_abs : CuTileFunction<"abs", "math", -1, "", "Abs">;
def Function_add : CuTileFunction<"add", "math", -1, "", "Arith">;
def Function_sub : CuTileFunction<"sub", "math", -1, "", "Arith">;
def Function_mul : CuTileFunction<"mul", "math", -1, "", "Arith">;
def Function_truediv : CuTileFunction<"truediv", "math", -1, "", "Arith">;
def Function_floordiv : CuTileFunction<"floordiv", "math", -1, "", "Arith">;
def Function_mod : CuTileFunction<"mod", "math", -1, "", "Arith">;
def Function_divmod : CuTileFunction<"divmod", "math", -1, "", "DivMod">;
def Function_pow : CuTileFunction<"pow", "math", -1, "", "Arith">;
def Function_atan2 : CuTileFunction<"atan2", "math", -1, "", "Arith">;
def Function_ceil : CuTileFunction<"ceil", "math", -1, "", "Math">;
def Function_floor : CuTileFunction<"floor", "math", -1, "", "Math">;
def Function_cos : CuTileFunction<"cos", "math", -1, "", "Math">;
def Function_cosh : CuTileFunction<"cosh", "math", -1, "", "Math">;
def Function_sin : CuTileFunction<"sin", "math", -1, "", "Math">;
def Function_sinh : CuTileFunction<"sinh", "math", -1, "", "Math">;
def Function_tan : CuTileFunction<"tan", "math", -1, "", "Math">;
def Function_tanh : CuTileFunction<"tanh", "math", -1, "", "Math">;
def Function_exp : CuTileFunction<"exp", "math", -1, "", "Math">;
def Function_exp2 : CuTileFunction<"exp2", "math", -1, "", "Math">;
def Function_log : CuTileFunction<"log", "math", -1, "", "Math">;
def Function_log2 : CuTileFunction<"log2", "math", -1, "", "Math">;
def Function_sqrt : CuTileFunction<"sqrt", "math", -1, "", "Math">;
def Function_rsqrt : CuTileFunction<"rsqrt", "math", -1, "", "Math">;
def Function_negative : CuTileFunction<"negative", "math", -1, "", "Unary">;
def Function_isnan : CuTileFunction<"isnan", "math", -1, "", "Compare">;
def Function_maximum : CuTileFunction<"maximum", "math", -1, "", "Extremum">;
def Function_minimum : CuTileFunction<"minimum", "math", -1, "", "Extremum">;
def Function_where : CuTileFunction<"where", "math", -1, "", "Where">;
def Function_cdiv : CuTileFunction<"cdiv", "math", -1, "", "CeilDiv">;
def Function_equal : CuTileFunction<"equal", "math", -1, "", "Compare">;
def Function_not_equal : CuTileFunction<"not_equal", "math", -1, "", "Compare">;
def Function_greater : CuTileFunction<"greater", "math", -1, "", "Compare">;
def Function_greater_equal : CuTileFunction<"greater_equal", "math", -1, "", "Compare">;
def Function_less : CuTileFunction<"less", "math", -1, "", "Compare">;
def Function_less_equal : CuTileFunction<"less_equal", "math", -1, "", "Compare">;
def Function_bitwise_and : CuTileFunction<"bitwise_and", "math", -1, "", "Arith">;
def Function_bitwise_or : CuTileFunction<"bitwise_or", "math", -1, "", "Arith">;
def Function_bitwise_xor : CuTileFunction<"bitwise_xor", "math", -1, "", "Arith">;
def Function_bitwise_not : CuTileFunction<"bitwise_not", "math", -1, "", "Unary">;
def Function_bitwise_lshift : CuTileFunction<"bitwise_lshift", "math", -1, "", "Arith">;
def Function_bitwise_rshift : CuTileFunction<"bitwise_rshift", "math", -1, "", "Arith">;
def Function_sum : CuTileFunction<"sum", "reduce", -1, "", "Reduce">;
def Function_max : CuTileFunction<"max", "reduce", -1, "", "Reduce">;
def Function_min : CuTileFunction<"min", "reduce", -1, "", "Reduce">;
def Function_prod : CuTileFunction<"prod", "reduce", -1, "", "Reduce">;
def Function_argmax : CuTileFunction<"argmax", "reduce", -1, "", "">;
def Function_argmin : CuTileFunction<"argmin", "reduce", -1, "", "">;
def Function_reduce : CuTileFunction<"reduce", "reduce", -1, "", "">;
def Function_cumsum : CuTileFunction<"cumsum", "scan", -1, "", "ScanSum">;
def Function_cumprod : CuTileFunction<"cumprod", "scan", -1, "", "">;
def Function_scan : CuTileFunction<"scan", "scan", -1, "", "">;
def Function_mma : CuTileFunction<"mma", "mma", -1, "", "Mma">;
def Function_mma_scaled : CuTileFunction<"mma_scaled", "mma", -1, "", "MmaScaled">;
def Function_matmul : CuTileFunction<"matmul", "mma", -1, "", "Matmul">;
def Function_reshape : CuTileFunction<"reshape", "shape", 1, "shape", "Reshape">;
def Function_permute : CuTileFunction<"permute", "shape", -1, "", "Permute">;
def Function_transpose : CuTileFunction<"transpose", "shape", -1, "", "Transpose">;
def Function_broadcast_to : CuTileFunction<"broadcast_to", "shape", 1, "shape", "BroadcastTo">;
def Function_expand_dims : CuTileFunction<"expand_dims", "shape", -1, "", "ExpandDims">;
def Function_cat : CuTileFunction<"cat", "shape", -1, "", "Cat">;
def Function_extract : CuTileFunction<"extract", "shape", 2, "shape", "Extract">;
def Function_insert : CuTileFunction<"insert", "shape", -1, "", "">;
def Function_astype : CuTileFunction<"astype", "convert", -1, "", "Astype">;
def Function_bitcast : CuTileFunction<"bitcast", "convert", -1, "", "Bitcast">;
def Function_pack_to_bytes : CuTileFunction<"pack_to_bytes", "convert", -1, "", "PackBytes">;
def Function_unpack_from_bytes : CuTileFunction<"unpack_from_bytes", "convert", -1, "", "UnpackBytes">;
def Function_static_eval : CuTileFunction<"static_eval", "compile_time", -1, "", "StaticEval">;
def Function_static_assert : CuTileFunction<"static_assert", "compile_time", -1, "", "StaticAssert">;
def Function_static_iter : CuTileFunction<"static_iter", "compile_time", -1, "", "">;
def Function_static_exception : CuTileFunction<"static_exception", "compile_time", -1, "", "StaticException">;
def Function_ensure_constant : CuTileFunction<"ensure_constant", "compile_time", -1, "", "EnsureConstant">;
def Function_assume_divisible_by : CuTileFunction<"assume_divisible_by", "compile_time", -1, "", "AssumeDivisible">;
def Function_printf : CuTileFunction<"printf", "debug", -1, "", "Print">;
def Function_print : CuTileFunction<"print", "debug", -1, "", "Print">;
def Function_assert_ : CuTileFunction<"assert_", "debug", -1, "", "Assert">;
def Function_grid_dependency_control_wait : CuTileFunction<"grid_dependency_control_wait", "sync", -1, "", "">;
def Function_grid_dependency_control_launch_dependents : CuTileFunction<"grid_dependency_control_launch_dependents", "sync", -1, "", "">;
def Function_launch : CuTileFunction<"launch", "host", -1, "", "">;
def Function_kernel : CuTileFunction<"kernel", "host", -1, "", "">;
def Function_function : CuTileFunction<"function", "host", -1, "", "">;
def Function_compiler_timeout : CuTileFunction<"compiler_timeout", "host", -1, "", "">;
def Function_ByTarget : CuTileFunction<"ByTarget", "host", -1, "", "">;

def Method_item : CuTileMethod<"item", "shape", -1, "", "Item">;
def Method_extract : CuTileMethod<"extract", "shape", 1, "shape", "Extract">;
def Method_insert : CuTileMethod<"insert", "shape", -1, "", "">;
def Method_reshape : CuTileMethod<"reshape", "shape", 0, "shape", "Reshape">;
def Method_permute : CuTileMethod<"permute", "shape", -1, "", "Permute">;
def Method_transpose : CuTileMethod<"transpose", "shape", -1, "", "Transpose">;
def Method_astype : CuTileMethod<"astype", "convert", -1, "", "Astype">;
def Method_sum : CuTileMethod<"sum", "reduce", -1, "", "Reduce">;
def Method_max : CuTileMethod<"max", "reduce", -1, "", "Reduce">;
def Method_min : CuTileMethod<"min", "reduce", -1, "", "Reduce">;
def Method_exp : CuTileMethod<"exp", "math", -1, "", "Math">;
def Method_slice : CuTileMethod<"slice", "memory", -1, "", "">;
def Method_tiled_view : CuTileMethod<"tiled_view", "memory", 0, "tile_shape", "TiledView">;
def Method_get_raw_memory : CuTileMethod<"get_raw_memory", "memory", -1, "", "RawMemory">;
def Method_num_tiles : CuTileMethod<"num_tiles", "block", -1, "", "ViewAccess">;
def Method_load : CuTileMethod<"load", "memory", -1, "", "ViewAccess">;
def Method_store : CuTileMethod<"store", "memory", -1, "", "ViewAccess">;
def Method_atomic_store_add : CuTileMethod<"atomic_store_add", "memory", -1, "", "ViewAccess">;
def Method_atomic_store_max : CuTileMethod<"atomic_store_max", "memory", -1, "", "ViewAccess">;
def Method_atomic_store_min : CuTileMethod<"atomic_store_min", "memory", -1, "", "ViewAccess">;
def Method_atomic_store_and : CuTileMethod<"atomic_store_and", "memory", -1, "", "ViewAccess">;
def Method_atomic_store_or : CuTileMethod<"atomic_store_or", "memory", -1, "", "ViewAccess">;
def Method_atomic_store_xor : CuTileMethod<"atomic_store_xor", "memory", -1, "", "ViewAccess">;
def Method_load_offset : CuTileMethod<"load_offset", "memory", -1, "", "RawOffset">;
def Method_store_offset : CuTileMethod<"store_offset", "memory", -1, "", "RawOffset">;
def Method_atomic_cas_offset : CuTileMethod<"atomic_cas_offset", "memory", -1, "", "RawOffset">;
def Method_atomic_xchg_offset : CuTileMethod<"atomic_xchg_offset", "memory", -1, "", "RawOffset">;
def Method_atomic_add_offset : CuTileMethod<"atomic_add_offset", "memory", -1, "", "RawOffset">;
def Method_atomic_max_offset : CuTileMethod<"atomic_max_offset", "memory", -1, "", "RawOffset">;
def Method_atomic_min_offset : CuTileMethod<"atomic_min_offset", "memory", -1, "", "RawOffset">;
def Method_atomic_and_offset : CuTileMethod<"atomic_and_offset", "memory", -1, "", "RawOffset">;
def Method_atomic_or_offset : CuTileMethod<"atomic_or_offset", "memory", -1, "", "RawOffset">;
def Method_atomic_xor_offset : CuTileMethod<"atomic_xor_offset", "memory", -1, "", "RawOffset">;
