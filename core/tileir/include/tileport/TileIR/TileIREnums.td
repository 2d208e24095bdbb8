// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// The ten Tile IR enumerations. The integer of each case is the value the
// bytecode stores; the string is the text keyword.

#ifndef TILEPORT_TILEIR_ENUMS_TD
#define TILEPORT_TILEIR_ENUMS_TD

include "tileport/TileIR/TileIRDialect.td"

// Enums that are wrapped in a dialect attribute (`#cuda_tile.<mnemonic><kw>`).
class CudaTile_WrappedEnum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::tileport::tileir";
  let genSpecializedAttr = 0;
}

class CudaTile_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<CudaTile_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

def CudaTile_RoundingMode : CudaTile_WrappedEnum<"RoundingMode", "rounding mode", [
  I32EnumAttrCase<"NearestEven", 0, "nearest_even">,
  I32EnumAttrCase<"Zero", 1, "zero">,
  I32EnumAttrCase<"NegativeInf", 2, "negative_inf">,
  I32EnumAttrCase<"PositiveInf", 3, "positive_inf">,
  I32EnumAttrCase<"Approx", 4, "approx">,
  I32EnumAttrCase<"Full", 5, "full">,
  I32EnumAttrCase<"NearestIntToZero", 6, "nearest_int_to_zero">,
  I32EnumAttrCase<"NearestAway", 7, "nearest_away">]>; // Tile IR 13.4
def CudaTile_RoundingModeAttr : CudaTile_EnumAttr<CudaTile_RoundingMode, "rounding">;

def CudaTile_IntegerOverflow : CudaTile_WrappedEnum<"IntegerOverflow", "integer overflow flags", [
  I32EnumAttrCase<"None", 0, "none">,
  I32EnumAttrCase<"NoSignedWrap", 1, "no_signed_wrap">,
  I32EnumAttrCase<"NoUnsignedWrap", 2, "no_unsigned_wrap">,
  I32EnumAttrCase<"NoWrap", 3, "no_wrap">]>;
def CudaTile_IntegerOverflowAttr : CudaTile_EnumAttr<CudaTile_IntegerOverflow, "overflow">;

def CudaTile_Signedness : CudaTile_WrappedEnum<"Signedness", "integer signedness", [
  I32EnumAttrCase<"Unsigned", 0, "unsigned">,
  I32EnumAttrCase<"Signed", 1, "signed">]>;
def CudaTile_SignednessAttr : CudaTile_EnumAttr<CudaTile_Signedness, "signedness">;

def CudaTile_ComparisonPredicate : CudaTile_WrappedEnum<"ComparisonPredicate", "comparison predicate", [
  I32EnumAttrCase<"Equal", 0, "equal">,
  I32EnumAttrCase<"NotEqual", 1, "not_equal">,
  I32EnumAttrCase<"LessThan", 2, "less_than">,
  I32EnumAttrCase<"LessThanOrEqual", 3, "less_than_or_equal">,
  I32EnumAttrCase<"GreaterThan", 4, "greater_than">,
  I32EnumAttrCase<"GreaterThanOrEqual", 5, "greater_than_or_equal">]>;
def CudaTile_ComparisonPredicateAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonPredicate, "comparison_predicate">;

def CudaTile_ComparisonOrdering : CudaTile_WrappedEnum<"ComparisonOrdering", "NaN ordering of a comparison", [
  I32EnumAttrCase<"Unordered", 0, "unordered">,
  I32EnumAttrCase<"Ordered", 1, "ordered">]>;
def CudaTile_ComparisonOrderingAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonOrdering, "comparison_ordering">;

def CudaTile_PaddingValue : CudaTile_WrappedEnum<"PaddingValue", "value read out of bounds", [
  I32EnumAttrCase<"Zero", 0, "zero">,
  I32EnumAttrCase<"NegZero", 1, "neg_zero">,
  I32EnumAttrCase<"Nan", 2, "nan">,
  I32EnumAttrCase<"PosInf", 3, "pos_inf">,
  I32EnumAttrCase<"NegInf", 4, "neg_inf">]>;
def CudaTile_PaddingValueAttr : CudaTile_EnumAttr<CudaTile_PaddingValue, "padding_value">;

def CudaTile_SymbolVisibility : CudaTile_WrappedEnum<"SymbolVisibility", "symbol visibility", [
  I32EnumAttrCase<"Public", 0, "public">,
  I32EnumAttrCase<"Private", 1, "private">]>;
def CudaTile_SymbolVisibilityAttr
    : CudaTile_EnumAttr<CudaTile_SymbolVisibility, "symbol_visibility">;

// These three are plain integer attributes (i32) on the ops, as in the
// reference dialect: the generic form shows them as `1 : i32`.
def CudaTile_MemoryOrderingSemanticsAttr : I32EnumAttr<"MemoryOrderingSemantics",
    "memory ordering semantics", [
  I32EnumAttrCase<"Weak", 0, "weak">,
  I32EnumAttrCase<"Relaxed", 1, "relaxed">,
  I32EnumAttrCase<"Acquire", 2, "acquire">,
  I32EnumAttrCase<"Release", 3, "release">,
  I32EnumAttrCase<"AcqRel", 4, "acq_rel">]> {
  let cppNamespace = "::tileport::tileir";
}

def CudaTile_MemoryScopeAttr : I32EnumAttr<"MemoryScope", "memory scope", [
  I32EnumAttrCase<"TlBlk", 0, "tl_blk">,
  I32EnumAttrCase<"Device", 1, "device">,
  I32EnumAttrCase<"Sys", 2, "sys">]> {
  let cppNamespace = "::tileport::tileir";
}

def CudaTile_AtomicRMWModeAttr : I32EnumAttr<"AtomicRMWMode", "atomic read-modify-write mode", [
  I32EnumAttrCase<"And", 0, "and">,
  I32EnumAttrCase<"Or", 1, "or">,
  I32EnumAttrCase<"Xor", 2, "xor">,
  I32EnumAttrCase<"Add", 3, "add">,
  I32EnumAttrCase<"AddF", 4, "addf">,
  I32EnumAttrCase<"Max", 5, "max">,
  I32EnumAttrCase<"Min", 6, "min">,
  I32EnumAttrCase<"UMax", 7, "umax">,
  I32EnumAttrCase<"UMin", 8, "umin">,
  I32EnumAttrCase<"Xchg", 9, "xchg">]> {
  let cppNamespace = "::tileport::tileir";
}

#endif // TILEPORT_TILEIR_ENUMS_TD
