// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// Module, kernel entries, globals (tileir-format.md §3.1).

#ifndef TILEPORT_TILEIR_OPS_MODULE_TD
#define TILEPORT_TILEIR_OPS_MODULE_TD

include "tileport/TileIR/TileIROpBase.td"

def CudaTile_ModuleOp : CudaTile_Op<"module", [
    IsolatedFromAbove, SymbolTable, Symbol, NoRegionArguments,
    CudaTile_DefaultDialect] # GraphRegionNoTerminator.traits> {
  let summary = "container of entries and globals";
  let arguments = (ins SymbolNameAttr:$sym_name, OptionalAttr<StrAttr>:$producer);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
}

def CudaTile_EntryOp : CudaTile_Op<"entry", [
    IsolatedFromAbove, FunctionOpInterface, CudaTile_DefaultDialect,
    HasParent<"ModuleOp">]> {
  let summary = "kernel entry point";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
  }];
}

def CudaTile_GlobalOp : CudaTile_Op<"global", [
    DeclareOpInterfaceMethods<Symbol, ["getVisibility", "setVisibility"]>,
    HasParent<"ModuleOp">]> {
  let summary = "module-level buffer initialised with a constant";
  let arguments = (ins SymbolNameAttr:$sym_name,
      Builtin_DenseIntOrFPElementsAttr:$value,
      DefaultValuedAttr<I64Attr, "0">:$alignment,
      UnitAttr:$constant,
      DefaultValuedAttr<CudaTile_SymbolVisibilityAttr,
                        "::tileport::tileir::SymbolVisibility::Public">:$symbol_visibility);
  let assemblyFormat = [{
    custom<SymbolVisibility>($symbol_visibility) (`constant` $constant^)? $sym_name
    (`alignment` `=` $alignment^)? attr-dict custom<DenseConstantWithType>($value)
  }];
  let hasVerifier = 1;
}

def CudaTile_GetGlobalOp : CudaTile_Op<"get_global", [
    Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "address of a global";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs CudaTile_ScalarPointerTile:$result);
  let assemblyFormat = "$name attr-dict `:` custom<TileIRType>(type($result))";
}

def CudaTile_ReturnOp : CudaTile_TerminatorOp<"return"> {
  let summary = "leave the kernel (also early, from inside an if)";
}

#endif // TILEPORT_TILEIR_OPS_MODULE_TD
