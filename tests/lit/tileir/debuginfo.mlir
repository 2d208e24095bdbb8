// RUN: tileport-opt %s --no-implicit-module -mlir-print-debuginfo | FileCheck %s
// RUN: tileport-opt %s --no-implicit-module -mlir-print-debuginfo | tileport-opt --no-implicit-module -mlir-print-debuginfo | FileCheck %s
// RUN: tileport-opt %s --no-implicit-module | FileCheck %s --check-prefix=PLAIN
// Debug-info attributes (tileir-format.md §2.5): di_loc is a location, so it
// can sit on ops and entries; the printer emits #di_* aliases; without
// -mlir-print-debuginfo no location is printed.

#file = #cuda_tile.di_file<"kernel.py" in "/src/">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 2>
#lb = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 3, column = 4>
#lb2 = #cuda_tile.di_lexical_block<scope = #lb, file = #file, line = 5>
cuda_tile.module @kernels {
  entry @k(%arg0: tile<i32>) {
    %0 = make_token : token loc(#cuda_tile.di_loc<loc("kernel.py":7:8) in #sp>)
    %1 = addi %arg0, %arg0 : tile<i32> loc(#cuda_tile.di_loc<loc("kernel.py":9:3) in #lb>)
    %2 = addi %1, %1 : tile<i32> loc(#cuda_tile.di_loc<loc("kernel.py":11:5) in #lb2>)
    return loc(#cuda_tile.di_loc<loc("kernel.py":12:1) in #sp>)
  } loc(#cuda_tile.di_loc<loc("kernel.py":1:1) in #sp>)
}

// CHECK:      %0 = make_token : token loc([[TOK:#loc[0-9]+]])
// CHECK-NEXT: %1 = addi %arg0, %arg0 : tile<i32> loc([[ADD1:#loc[0-9]+]])
// CHECK-NEXT: %2 = addi %1, %1 : tile<i32> loc([[ADD2:#loc[0-9]+]])
// CHECK-NEXT: return loc([[RET:#loc[0-9]+]])
// CHECK-NEXT: } loc([[ENTRY:#loc[0-9]+]])
// CHECK-DAG:  #di_file = #cuda_tile.di_file<"kernel.py" in "/src/">
// CHECK-DAG:  [[F7:#loc[0-9]+]] = loc("kernel.py":7:8)
// CHECK-DAG:  [[F9:#loc[0-9]+]] = loc("kernel.py":9:3)
// CHECK-DAG:  [[F11:#loc[0-9]+]] = loc("kernel.py":11:5)
// CHECK-DAG:  #di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
// CHECK-DAG:  #di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 1, name = "k", linkageName = "k", compileUnit = #di_compile_unit, scopeLine = 2>
// CHECK-DAG:  #di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 3, column = 4>
// CHECK-DAG:  #di_lexical_block1 = #cuda_tile.di_lexical_block<scope = #di_lexical_block, file = #di_file, line = 5>
// CHECK-DAG:  [[TOK]] = #cuda_tile.di_loc<[[F7]] in #di_subprogram>
// CHECK-DAG:  [[ADD1]] = #cuda_tile.di_loc<[[F9]] in #di_lexical_block>
// CHECK-DAG:  [[ADD2]] = #cuda_tile.di_loc<[[F11]] in #di_lexical_block1>
// CHECK-DAG:  [[ENTRY]] = #cuda_tile.di_loc<{{#loc[0-9]+}} in #di_subprogram>
// CHECK-DAG:  [[RET]] = #cuda_tile.di_loc<{{#loc[0-9]+}} in #di_subprogram>

// PLAIN-NOT: loc(
// PLAIN-NOT: #di_
