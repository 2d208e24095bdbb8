// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Kernel IR operations. Every op's location is the Python source range it
// was lowered from (FileLineColRange); the Rust printer reads it for the
// source map.

#ifndef TILEPORT_KIR_OPS_TD
#define TILEPORT_KIR_OPS_TD

include "tileport/Kir/KirTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

def Kir_AnyTile : Type<CPred<"::llvm::isa<::tileport::kir::TileType>($_self)">, "kir tile">;
def Kir_AnyTensor : Type<CPred<"::llvm::isa<::tileport::kir::TensorType>($_self)">, "kir tensor">;
// A scalar: a builtin integer or float type, or an element-type variable.
def Kir_Scalar : Type<CPred<"::tileport::kir::isScalarType($_self)">, "kir scalar">;
def Kir_Value : Type<CPred<"::tileport::kir::isScalarType($_self) || ::llvm::isa<::tileport::kir::TileType>($_self)">,
                     "kir scalar or tile">;

//===----------------------------------------------------------------------===//
// Entries
//===----------------------------------------------------------------------===//

def Kir_EntryOp : Kir_Op<"entry", [IsolatedFromAbove, FunctionOpInterface]> {
  let summary = "one cuTile Rust entry lowered from a Python kernel";
  let description = [{
    The block arguments are the kernel's runtime parameters in order; each
    carries its Python name as the argument attribute `kir.name`.
    `const_generics` names the int/bool ct.Constant parameters that stay
    const generics; `python_kernel` is the kernel the entry serves.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       StrAttr:$python_kernel,
                       StrArrayAttr:$const_generics,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    // The Python name of parameter `i`.
    ::llvm::StringRef getArgName(unsigned i);
  }];
}

def Kir_ReturnOp : Kir_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "the end of an entry";
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Structured control flow
//===----------------------------------------------------------------------===//

def Kir_ForOp : Kir_Op<"for", [AttrSizedOperandSegments, RecursiveMemoryEffects,
                                SingleBlockImplicitTerminator<"::tileport::kir::YieldOp">]> {
  let summary = "`for var in range(lower, upper[, step])` with loop-carried values";
  let description = [{
    The body's block arguments are the induction variable (i32) and one
    value per carried Python name (`carried`, in order), which the body
    yields for the next iteration; the results are their values after the
    loop. `var` is the loop variable's Python name. A missing step is 1.
  }];
  let arguments = (ins I32:$lower, I32:$upper, Optional<I32>:$step, Variadic<Kir_Value>:$inits,
                       StrAttr:$var, StrArrayAttr:$carried);
  let results = (outs Variadic<Kir_Value>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $var `=` $lower `to` $upper (`step` $step^)? (`iter_args` `(` $inits^ `:` type($inits) `)`)?
    (`->` type($results)^)? $body attr-dict
  }];
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$lower, "::mlir::Value":$upper, "::mlir::Value":$step,
                   "::mlir::ValueRange":$inits, "::llvm::StringRef":$var, "::llvm::ArrayRef<::llvm::StringRef>":$carried)>
  ];
  let extraClassDeclaration = [{
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
    ::mlir::BlockArgument getInductionVar() { return getBodyBlock()->getArgument(0); }
    ::mlir::BlockArgument getCarriedArg(unsigned i) { return getBodyBlock()->getArgument(i + 1); }
  }];
}

def Kir_WhileOp : Kir_Op<"while", [RecursiveMemoryEffects]> {
  let summary = "`while cond:` with loop-carried values";
  let description = [{
    Both regions take one block argument per carried Python name
    (`carried`, in order): `cond` computes the condition from them and
    yields one i1; `body` yields their values for the next iteration. The
    results are their values once the condition is false.
  }];
  let arguments = (ins Variadic<Kir_Value>:$inits, StrArrayAttr:$carried);
  let results = (outs Variadic<Kir_Value>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`carrying` `(` $inits^ `:` type($inits) `)`)? (`->` type($results)^)? $cond `do` $body attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block *condBlock() { return &getCond().front(); }
    ::mlir::Block *bodyBlock() { return &getBody().front(); }
  }];
}

def Kir_IfOp : Kir_Op<"if", [RecursiveMemoryEffects, NoRegionArguments]> {
  let summary = "`if`/`else` on a scalar condition, with the names it binds as results";
  let description = [{
    Each arm yields one value per result. The first results are the names
    bound before the `if` that an arm re-binds (`carried`, in order); the
    rest are names first bound in every arm (`fresh`), which Python makes
    visible after it. An `elif` is an `if` in the else arm. An arm that
    binds nothing yields the values the names had before; `inits` are those
    values of the carried names.
  }];
  let arguments = (ins I1:$cond, Variadic<Kir_Value>:$inits, StrArrayAttr:$carried, StrArrayAttr:$fresh);
  let results = (outs Variadic<Kir_Value>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, SizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $cond (`carrying` `(` $inits^ `:` type($inits) `)`)? (`->` type($results)^)? $thenRegion `else` $elseRegion attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block *thenBlock() { return &getThenRegion().front(); }
    ::mlir::Block *elseBlock() { return &getElseRegion().front(); }
  }];
}

def Kir_ScopeOp : Kir_Op<"scope", [RecursiveMemoryEffects, NoRegionArguments]> {
  let summary = "a block of its own: one unrolled copy of a ct.static_iter body";
  let description = [{
    The names its body binds die with it (the unrolled copies of
    `for t in ct.static_iter((a, b))` each see their own item); it yields
    nothing.
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
  let extraClassDeclaration = [{
    ::mlir::Block *bodyBlock() { return &getBody().front(); }
  }];
}

def Kir_YieldOp : Kir_Op<"yield", [Pure, Terminator, ReturnLike,
                                    ParentOneOf<["::tileport::kir::ForOp", "::tileport::kir::WhileOp", "::tileport::kir::IfOp", "::tileport::kir::ScopeOp"]>]> {
  let summary = "the carried values for the next iteration, or an arm's values";
  let arguments = (ins Variadic<Kir_Value>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

def Kir_BidOp : Kir_Op<"bid", [Pure]> {
  let summary = "ct.bid(axis): the block's index along a grid axis";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
}

def Kir_ConstParamOp : Kir_Op<"const_param", [Pure]> {
  let summary = "the value of an int/bool const generic of the entry";
  let arguments = (ins StrAttr:$param);
  let results = (outs I32:$result);
  let assemblyFormat = "$param attr-dict";
  let hasVerifier = 1;
}

def Kir_ConstantOp : Kir_Op<"constant", [Pure]> {
  let summary = "a Python literal given the type it is used at";
  let description = [{
    `value` is an i64 IntegerAttr, an f64 FloatAttr or a BoolAttr as written
    in Python; the result type says what it becomes: a scalar, or a tile of
    that value (a literal meeting a tile).
  }];
  let arguments = (ins AnyAttrOf<[I64Attr, F64Attr, BoolAttr]>:$value);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "`(` $value `)` attr-dict `:` type($result)";
}

def Kir_RebindOp : Kir_Op<"rebind", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "a Python name bound to a value another name holds";
  let description = [{
    `y = x` where x already names a value: the same value under the name
    in the op's `kir.name` (the port keeps the author's names).
  }];
  let arguments = (ins Kir_Value:$input);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

def Kir_NumBlocksOp : Kir_Op<"num_blocks", [Pure]> {
  let summary = "ct.num_blocks(axis): the grid's extent along an axis";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
}

def Kir_NumTilesOp : Kir_Op<"num_tiles", [Pure]> {
  let summary = "ct.num_tiles(array, axis, shape): tiles of `dims` along an axis";
  let arguments = (ins Kir_AnyTensor:$array, I32Attr:$axis, ArrayAttr:$dims);
  let results = (outs I32:$result);
  let assemblyFormat = "$array `,` $axis `,` $dims attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def Kir_AnyList : Type<CPred<"::llvm::isa<::tileport::kir::ListType>($_self)">, "kir list">;

def Kir_ListItemOp : Kir_Op<"list_item", [Pure]> {
  let summary = "xs[i]: an item of a list parameter, viewed as a tensor";
  let description = [{
    Reads row `index` of the list's table and makes a tensor view from its
    words: the base pointer, the shape and the strides. Every dim and
    stride stays dynamic, so the port is right for any item; the reference
    may specialise a unit stride, which the IR diff reports as a layout
    note.
  }];
  let arguments = (ins Kir_AnyList:$list, I32:$index);
  let results = (outs Kir_AnyTensor:$result);
  let assemblyFormat = "$list `[` $index `]` attr-dict `:` type($list) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_ListLenOp : Kir_Op<"list_len", [Pure]> {
  let summary = "len(xs) of a list parameter";
  let arguments = (ins Kir_AnyList:$list);
  let results = (outs I32:$result);
  let assemblyFormat = "$list attr-dict `:` type($list)";
}

def Kir_DimOp : Kir_Op<"dim", [Pure]> {
  let summary = "a.shape[axis]: an array's extent, launch metadata";
  let arguments = (ins Kir_AnyTensor:$array, I32Attr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$array `,` $axis attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def Kir_ReduceOp : Kir_Op<"reduce", [Pure]> {
  let summary = "ct.sum / max / min / prod along one axis";
  let description = [{
    `kind` is sum, max, min or prod; the result drops `axis` (keepdims is
    a kir.reshape after it).
  }];
  let arguments = (ins Kir_AnyTile:$input, StrAttr:$kind, I32Attr:$axis);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$kind $input `,` $axis attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_ReshapeOp : Kir_Op<"reshape", [Pure]> {
  let summary = "the same elements under other dims";
  let arguments = (ins Kir_AnyTile:$input);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_TransposeOp : Kir_Op<"transpose", [Pure]> {
  let summary = "ct.transpose of a rank-2 tile";
  let arguments = (ins Kir_AnyTile:$input);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_PermuteOp : Kir_Op<"permute", [Pure]> {
  let summary = "ct.permute: the tile's axes reordered (result axis i is input axis axes[i])";
  let arguments = (ins Kir_AnyTile:$input, DenseI32ArrayAttr:$axes);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input $axes attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_ExtractOp : Kir_Op<"extract", [Pure]> {
  let summary = "ct.extract: the sub-tile of the result's shape at a tile index (rank-0 i32 tiles)";
  let arguments = (ins Kir_AnyTile:$input, Variadic<Kir_AnyTile>:$index);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input `[` $index `]` attr-dict `:` type($input) `,` type($index) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_CatOp : Kir_Op<"cat", [Pure]> {
  let summary = "ct.cat: two tiles of one dtype joined along an axis";
  let arguments = (ins Kir_AnyTile:$lhs, Kir_AnyTile:$rhs, I32Attr:$axis);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $axis attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
}

def Kir_AssumeDivByOp : Kir_Op<"assume_div_by", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "ct.assume_divisible_by: the value itself, promised a multiple of divisor";
  let arguments = (ins Kir_Value:$input, I32Attr:$divisor);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "$input `,` $divisor attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Kir_ScanSumOp : Kir_Op<"scan_sum", [Pure]> {
  let summary = "ct.cumsum: the running sum along an axis (reverse: from the end)";
  let arguments = (ins Kir_AnyTile:$input, I32Attr:$axis, BoolAttr:$reverse);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input `,` $axis attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_MmaOp : Kir_Op<"mma", [Pure]> {
  let summary = "ct.mma(a, b, acc): acc + a @ b on rank-2 tiles";
  let description = [{
    The accumulator keeps its own element type (f32 for f16 operands);
    the operands share one.
  }];
  let arguments = (ins Kir_AnyTile:$a, Kir_AnyTile:$b, Kir_AnyTile:$acc);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `,` type($acc) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_MmaScaledOp : Kir_Op<"mma_scaled", [Pure]> {
  let summary = "ct.mma_scaled(a, a_scale, b, b_scale, acc): acc + (a * a_scale) @ (b * b_scale)";
  let description = [{
    Block-scaled: a is [.., M, K] with a_scale [.., M, Ks], b [.., K, N]
    with b_scale [.., Ks, N]; the f32 accumulator [.., M, N]. The operands
    share one element type, the scales another.
  }];
  let arguments = (ins Kir_AnyTile:$a, Kir_AnyTile:$a_scale, Kir_AnyTile:$b, Kir_AnyTile:$b_scale, Kir_AnyTile:$acc);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = [{
    $a `,` $a_scale `,` $b `,` $b_scale `,` $acc attr-dict `:` type($a) `,` type($a_scale) `,` type($b) `,` type($b_scale) `,` type($acc) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Kir_IotaOp : Kir_Op<"iota", [Pure]> {
  let summary = "ct.arange(N): the rank-1 integer tile 0, 1, .., N-1";
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def Kir_LoadOp : Kir_Op<"load"> {
  let summary = "ct.load: one tile of an array at a tile index";
  let description = [{
    `padding` is the cuTile padding mode ("None", "Zero", "NegZero", "Nan",
    "PosInf", "NegInf"); the tile's dims are the result type's. `latency`
    is a literal or an int const generic's name; `tma` is "Disabled" or a
    bool const generic's name (both forms, chosen by it), absent "Enabled";
    `order` permutes the array's axes (absent: the identity). `ordering`
    ("Relaxed", "Acquire") and `scope` ("TileBlock", "Device", "System")
    are cutile's ordering:: and scope:: markers (absent: a weak load).
  }];
  let arguments = (ins Kir_AnyTensor:$array, Variadic<I32>:$index, StrAttr:$padding,
                       OptionalAttr<AnyAttrOf<[I32Attr, StrAttr]>>:$latency,
                       OptionalAttr<StrAttr>:$tma,
                       OptionalAttr<DenseI32ArrayAttr>:$order,
                       OptionalAttr<StrAttr>:$ordering, OptionalAttr<StrAttr>:$scope);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$array `[` $index `]` attr-dict `:` type($array) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_LoadPtrOp : Kir_Op<"load_ptr"> {
  let summary = "ct.gather: the array's elements at its base plus u64 element offsets";
  let description = [{
    `offset` holds each lane's element offset from the array's base (the
    lowering sums index times stride per axis); masked-off lanes read
    `padding` (absent: none given to the load). `padding_convert` gives
    the padding as an f32 literal converted to the element type (the form
    a generic or half element type needs). `latency` is the load's hint.
  }];
  let arguments = (ins Kir_AnyTensor:$array, Kir_AnyTile:$offset, Optional<Kir_AnyTile>:$mask,
                       I32Attr:$latency, OptionalAttr<F64Attr>:$padding, UnitAttr:$padding_convert);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = [{
    $array `[` $offset `]` (`mask` $mask^)? attr-dict `:` type($array) `,` type($offset) (`,` type($mask)^)? `->` type($result)
  }];
  let hasVerifier = 1;
}

def Kir_StorePtrOp : Kir_Op<"store_ptr"> {
  let summary = "ct.scatter: a tile stored at the array's base plus u64 element offsets";
  let arguments = (ins Kir_AnyTile:$value, Kir_AnyTensor:$array, Kir_AnyTile:$offset, Optional<Kir_AnyTile>:$mask,
                       I32Attr:$latency);
  let assemblyFormat = [{
    $value `,` $array `[` $offset `]` (`mask` $mask^)? attr-dict `:` type($value) `,` type($array) `,` type($offset) (`,` type($mask)^)?
  }];
  let hasVerifier = 1;
}

def Kir_AtomicCasOp : Kir_Op<"atomic_cas"> {
  let summary = "ct.atomic_cas: a compare-and-swap at the array's base plus u64 element offsets";
  let description = [{
    Where an element equals `expected` it becomes `value`; the result is
    the old values. `ordering` and `scope` as kir.atomic_rmw's.
  }];
  let arguments = (ins Kir_AnyTile:$expected, Kir_AnyTile:$value, Kir_AnyTensor:$array, Kir_AnyTile:$offset,
                       Optional<Kir_AnyTile>:$mask, StrAttr:$ordering, StrAttr:$scope);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = [{
    $expected `,` $value `,` $array `[` $offset `]` (`mask` $mask^)? attr-dict `:` type($expected) `,` type($value) `,` type($array) `,` type($offset) (`,` type($mask)^)? `->` type($result)
  }];
  let hasVerifier = 1;
}

def Kir_AtomicRmwOp : Kir_Op<"atomic_rmw"> {
  let summary = "ct.atomic_add/max/min/and/or/xor/xchg: a read-modify-write at the array's base plus u64 element offsets";
  let description = [{
    `mode` is the Python operation ("add", "max", "min", "and", "or", "xor",
    "xchg"); the printer picks cutile's mode for the element type (AddF for
    floats, Umax/Umin for unsigned). `ordering` is cutile's memory ordering
    (Relaxed, Acquire, Release, AcqRel), `scope` its scope (TileBlock,
    Device, System). The result is the old values.
  }];
  let arguments = (ins StrAttr:$mode, Kir_AnyTile:$value, Kir_AnyTensor:$array, Kir_AnyTile:$offset, Optional<Kir_AnyTile>:$mask,
                       StrAttr:$ordering, StrAttr:$scope);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = [{
    $mode $value `,` $array `[` $offset `]` (`mask` $mask^)? attr-dict `:` type($value) `,` type($array) `,` type($offset) (`,` type($mask)^)? `->` type($result)
  }];
  let hasVerifier = 1;
}

def Kir_AtomicRedViewOp : Kir_Op<"atomic_red_view"> {
  let summary = "TiledView.atomic_store_add/max/min/and/or/xor: a tile reduced atomically into an array's tile at a tile index";
  let description = [{
    Element-wise `array[tile at index] = mode(old, value)`, relaxed at device
    scope (what cuTile Python emits), no old values returned. `mode` is the
    Python operation ("add", "max", "min", "and", "or", "xor"); the printer
    picks cutile's mode for the element type, as for kir.atomic_rmw.
  }];
  let arguments = (ins StrAttr:$mode, Kir_AnyTile:$value, Kir_AnyTensor:$array, Variadic<I32>:$index);
  let assemblyFormat = "$mode $value `,` $array `[` $index `]` attr-dict `:` type($value) `,` type($array)";
}

def Kir_PrintOp : Kir_Op<"print"> {
  let summary = "ct.print / ct.printf: formatted output from the device";
  let description = [{
    `format` is in cutile's form: one `{}` per argument (cutile writes
    `%` and the element type's letter there: %f, %i), `%%` a percent sign;
    the lowering admits only conversions that read the same in printf.
  }];
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$args);
  let assemblyFormat = "$format ($args^ `:` type($args))? attr-dict";
}

def Kir_AssertOp : Kir_Op<"assert"> {
  let summary = "ct.assert_(cond, message): a device assertion on every element of a bool tile";
  let arguments = (ins AnyType:$cond, StrAttr:$message);
  let assemblyFormat = "$cond `,` $message attr-dict `:` type($cond)";
}

def Kir_StoreOp : Kir_Op<"store"> {
  let summary = "ct.store: one tile into an array at a tile index";
  let description = [{
    `latency` and `tma` as on kir.load (absent: none given, TMA allowed);
    `ordering` ("Relaxed", "Release") and `scope` as on kir.load (absent:
    a weak store).
  }];
  let arguments = (ins Kir_AnyTile:$tile, Kir_AnyTensor:$array, Variadic<I32>:$index,
                       OptionalAttr<AnyAttrOf<[I32Attr, StrAttr]>>:$latency, OptionalAttr<StrAttr>:$tma,
                       OptionalAttr<StrAttr>:$ordering, OptionalAttr<StrAttr>:$scope);
  let assemblyFormat = "$tile `,` $array `[` $index `]` attr-dict `:` type($tile) `,` type($array)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element-wise arithmetic and conversion
//===----------------------------------------------------------------------===//

// Operands already brought to one shape (broadcasts and conversions are
// ops of their own). Their element types are one type once dtypes are
// resolved; before that an element-type variable may stand for it.
class Kir_BinaryOp<string mnemonic, string python> : Kir_Op<mnemonic, [Pure]> {
  let summary = "element-wise `" # python # "`";
  let arguments = (ins Kir_Value:$lhs, Kir_Value:$rhs);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() { return ::tileport::kir::verifyElementwise(*this); }
  }];
}

def Kir_AddOp : Kir_BinaryOp<"add", "+">;
def Kir_SubOp : Kir_BinaryOp<"sub", "-">;
def Kir_MulOp : Kir_BinaryOp<"mul", "*">;
def Kir_DivOp : Kir_BinaryOp<"div", "/">;
// `**` and ct.pow on float tiles (Tile IR `pow`; the exponent a tile of the
// base's dtype, as cuTile Python promotes it for Tile IR 13.3).
def Kir_PowOp : Kir_BinaryOp<"pow", "**">;
def Kir_Atan2Op : Kir_BinaryOp<"atan2", "ct.atan2">;
def Kir_CeilDivOp : Kir_BinaryOp<"cdiv", "ct.cdiv">;
// Python's integer operators: `//` rounds toward negative infinity.
def Kir_FloorDivOp : Kir_BinaryOp<"floordiv", "//">;
def Kir_AndOp : Kir_BinaryOp<"and", "&">;
def Kir_OrOp : Kir_BinaryOp<"or", "|">;
def Kir_XorOp : Kir_BinaryOp<"xor", "^">;
def Kir_ShlOp : Kir_BinaryOp<"shl", "<<">;
def Kir_ShrOp : Kir_BinaryOp<"shr", ">>">;
// The remainder with the dividend's sign (remi); Python's `%` is built
// from it by the lowering.
def Kir_RemOp : Kir_BinaryOp<"rem", "remi">;

def Kir_DivfOp : Kir_Op<"divf", [Pure]> {
  let summary = "ct.truediv with the rounding and flush-to-zero options Python gave";
  let arguments = (ins Kir_AnyTile:$lhs, Kir_AnyTile:$rhs, StrAttr:$rounding, StrAttr:$ftz);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() { return ::tileport::kir::verifyElementwise(*this); }
  }];
}

// ct.add / ct.sub / ct.mul with rounding_mode= or flush_to_zero=.
class Kir_RoundedOp<string mnemonic, string python> : Kir_Op<mnemonic, [Pure]> {
  let summary = python # " with the rounding and flush-to-zero options Python gave";
  let arguments = (ins Kir_AnyTile:$lhs, Kir_AnyTile:$rhs, StrAttr:$rounding, StrAttr:$ftz);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() { return ::tileport::kir::verifyElementwise(*this); }
  }];
}

def Kir_AddfOp : Kir_RoundedOp<"addf", "ct.add">;
def Kir_SubfOp : Kir_RoundedOp<"subf", "ct.sub">;
def Kir_MulfOp : Kir_RoundedOp<"mulf", "ct.mul">;

def Kir_NegOp : Kir_Op<"neg", [Pure]> {
  let summary = "element-wise negation";
  let arguments = (ins Kir_Value:$input);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() { return ::tileport::kir::verifyElementwise(*this); }
  }];
}

def Kir_FmaOp : Kir_Op<"fma", [Pure]> {
  let summary = "a * b + c with one rounding (what contract-fma makes)";
  let arguments = (ins Kir_Value:$a, Kir_Value:$b, Kir_Value:$c);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `,` type($c) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() { return ::tileport::kir::verifyElementwise(*this); }
  }];
}

def Kir_MathOp : Kir_Op<"math", [Pure]> {
  let summary = "an element-wise math function of a float tile";
  let description = [{
    `fn` is exp, exp2, log, log2, tanh, sqrt, rsqrt, sin, cos or abs (abs
    also of integer tiles);
    `rounding` (NearestEven, Zero, NegativeInf, PositiveInf, Full, Approx)
    and `ftz` (Enabled, Disabled) are the options Python gave, absent when
    it gave none.
  }];
  let arguments = (ins Kir_AnyTile:$input, StrAttr:$fn, OptionalAttr<StrAttr>:$rounding, OptionalAttr<StrAttr>:$ftz);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$fn $input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

class Kir_ExtremumOp<string mnemonic, string python> : Kir_BinaryOp<mnemonic, python>;
def Kir_MaximumOp : Kir_ExtremumOp<"maximum", "ct.maximum">;
def Kir_MinimumOp : Kir_ExtremumOp<"minimum", "ct.minimum">;

def Kir_CmpOp : Kir_Op<"cmp", [Pure]> {
  let summary = "an element-wise comparison of two tiles (a bool tile) or of two scalars (a bool)";
  let arguments = (ins StrAttr:$predicate, Kir_Value:$lhs, Kir_Value:$rhs);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "$predicate $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_TruthOp : Kir_Op<"truth", [Pure]> {
  let summary = "Python's truth of an int scalar (`x != 0`) as a condition";
  let arguments = (ins I32:$input);
  let results = (outs I1:$result);
  let assemblyFormat = "$input attr-dict";
}

class Kir_LogicalOp<string mnemonic, string python> : Kir_Op<mnemonic, [Pure]> {
  let summary = "Python's `" # python # "` of two scalar conditions";
  let arguments = (ins I1:$lhs, I1:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}
def Kir_LogicalAndOp : Kir_LogicalOp<"logical_and", "and">;
def Kir_LogicalOrOp : Kir_LogicalOp<"logical_or", "or">;

def Kir_ChooseOp : Kir_Op<"choose", [Pure]> {
  let summary = "`a if c else b` on a scalar condition (both arms evaluated)";
  let arguments = (ins I1:$cond, Kir_Value:$lhs, Kir_Value:$rhs);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "$cond `,` $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_SelectOp : Kir_Op<"select", [Pure]> {
  let summary = "ct.where(cond, x, y) on tiles of one shape";
  let arguments = (ins Kir_AnyTile:$cond, Kir_AnyTile:$lhs, Kir_AnyTile:$rhs);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$cond `,` $lhs `,` $rhs attr-dict `:` type($cond) `,` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_ConvertOp : Kir_Op<"convert", [Pure]> {
  let summary = "ct.astype: the same shape, another element type";
  let description = [{
    `rounding` is rounding_mode= as cutile's rounding:: marker; cuTile
    Python applies it to float-to-float conversions only (cutile's ftof).
  }];
  let arguments = (ins Kir_Value:$input, OptionalAttr<StrAttr>:$rounding);
  let results = (outs Kir_Value:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_BitcastOp : Kir_Op<"bitcast", [Pure]> {
  let summary = "ct.bitcast: the same bits read as another element type of one width";
  let arguments = (ins Kir_AnyTile:$input);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_PackOp : Kir_Op<"pack", [Pure]> {
  let summary = "ct.pack_to_bytes: a rank-1 tile's raw bytes as a rank-1 uint8 tile";
  let arguments = (ins Kir_AnyTile:$input);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_UnpackOp : Kir_Op<"unpack", [Pure]> {
  let summary = "ct.unpack_from_bytes: a rank-1 uint8 tile read as a rank-1 tile of another width";
  let arguments = (ins Kir_AnyTile:$input);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_ScalarToTileOp : Kir_Op<"scalar_to_tile", [Pure]> {
  let summary = "a scalar as a rank-0 tile of its type";
  let arguments = (ins Kir_Scalar:$input);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_TileToScalarOp : Kir_Op<"tile_to_scalar", [Pure]> {
  let summary = "a rank-0 tile as a scalar of its type";
  let arguments = (ins Kir_AnyTile:$input);
  let results = (outs Kir_Scalar:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kir_BroadcastOp : Kir_Op<"broadcast", [Pure]> {
  let summary = "a scalar or tile brought to a tile shape (Python's broadcast)";
  let arguments = (ins Kir_Value:$input);
  let results = (outs Kir_AnyTile:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

#endif // TILEPORT_KIR_OPS_TD
