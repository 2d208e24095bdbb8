// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Dialect attributes: assume predicates, optimization hints and debug info.

#ifndef TILEPORT_TILEIR_ATTRDEFS_TD
#define TILEPORT_TILEIR_ATTRDEFS_TD

include "tileport/TileIR/TileIREnums.td"

class CudaTile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<CudaTile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Assume predicates (text: `div_by<16, every 4 along 1>`, ...)
//===----------------------------------------------------------------------===//

def CudaTile_DivByAttr : CudaTile_Attr<"DivBy", "div_by"> {
  let summary = "values are divisible by a power of two";
  let parameters = (ins "uint64_t":$divisor,
                        OptionalParameter<"std::optional<int64_t>">:$every,
                        OptionalParameter<"std::optional<int64_t>">:$along);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_SameElementsAttr : CudaTile_Attr<"SameElements", "same_elements"> {
  let summary = "groups of elements hold equal values";
  let parameters = (ins ArrayRefParameter<"int64_t">:$values);
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_BoundedAttr : CudaTile_Attr<"Bounded", "bounded"> {
  let summary = "values lie in a signed inclusive range (? = unbounded)";
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$lb,
                        OptionalParameter<"std::optional<int64_t>">:$ub);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_AssumePredicateAttr
    : AnyAttrOf<[CudaTile_DivByAttr, CudaTile_SameElementsAttr, CudaTile_BoundedAttr]>;

//===----------------------------------------------------------------------===//
// Optimization hints: architecture -> dictionary of hints
//===----------------------------------------------------------------------===//

def CudaTile_OptimizationHintsAttr
    : CudaTile_Attr<"OptimizationHints", "optimization_hints"> {
  let summary = "per-architecture compiler hints";
  let parameters = (ins "::mlir::DictionaryAttr":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Debug info. Enough to carry the locations cuTile Python emits.
//===----------------------------------------------------------------------===//

def CudaTile_DIFileAttr : CudaTile_Attr<"DIFile", "di_file"> {
  let summary = "source file";
  let parameters = (ins "::mlir::StringAttr":$name, "::mlir::StringAttr":$directory);
  let assemblyFormat = "`<` $name `in` $directory `>`";
}

def CudaTile_DICompileUnitAttr : CudaTile_Attr<"DICompileUnit", "di_compile_unit"> {
  let summary = "compile unit";
  let parameters = (ins "DIFileAttr":$file);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DISubprogramAttr : CudaTile_Attr<"DISubprogram", "di_subprogram"> {
  let summary = "function scope";
  let parameters = (ins "DIFileAttr":$file, "unsigned":$line,
                        "::mlir::StringAttr":$name, "::mlir::StringAttr":$linkageName,
                        "DICompileUnitAttr":$compileUnit, "unsigned":$scopeLine);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DILexicalBlockAttr : CudaTile_Attr<"DILexicalBlock", "di_lexical_block"> {
  let summary = "lexical block scope";
  let parameters = (ins "::mlir::Attribute":$scope, "DIFileAttr":$file, "unsigned":$line,
                        OptionalParameter<"unsigned">:$column);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def CudaTile_DILocAttr : LocationAttrDef<CudaTile_Dialect, "DILoc"> {
  let mnemonic = "di_loc";
  let summary = "source location inside a debug-info scope";
  let parameters = (ins "::mlir::FileLineColLoc":$sourceLoc, "::mlir::Attribute":$scope);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TILEPORT_TILEIR_ATTRDEFS_TD
