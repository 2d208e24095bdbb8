// SPDX-License-Identifier: MIT
// The diff of this file against a port that lost the fast-math flags and
// gained an index add: exit code 1, findings with positions in both files.
// RUN: not tileport ir diff %s %S/Inputs/port_without_ftz.mlir > %t.md
// RUN: FileCheck %s < %t.md
// RUN: tileport ir diff %s %s | FileCheck %s --check-prefix=SAME

cuda_tile.module @kernels {
  entry @scale(%f: tile<f32>, %n: tile<i32>) {
    %e = exp %f rounding<approx> : tile<f32> loc("ref.py":4:9)
    %g = mulf %e, %f flush_to_zero : tile<f32> loc("ref.py":5:9)
    %t = print_tko "g=%f n=%d", %g, %n : tile<f32>, tile<i32> -> token loc("ref.py":6:5)
    return
  }
}

// CHECK:      # Tile IR diff: FAIL_FIXABLE
// CHECK:      - owner: kernel
// CHECK:      | `addi` | 0 | 1 | **+1** |
// CHECK:      ### Critical (2)
// CHECK:      **flush-to-zero** `mulf` (owner: kernel): fewer flush_to_zero on mulf: ref 1, gen 0
// CHECK-NEXT:   - ref `@scale/1` mulf `%v1` at ref.py:5:9
// CHECK:      **rounding-approx** `exp` (owner: kernel): fewer rounding<approx> on exp: ref 1, gen 0
// CHECK:      ### Workarounds (1)
// CHECK:      **op-count** `addi` (owner: kernel): addi: 0 in ref, 1 in gen (+1)
// CHECK-NEXT:   - gen `@scale/2` addi `%v2` at port.rs:7:13
// CHECK:      | changed | `@scale/1` mulf `%v1` at ref.py:5:9 | `@scale/1` mulf `%v1` at port.rs:6:13 | attribute flush_to_zero: `unit` → — |

// SAME: # Tile IR diff: PASS
// SAME: None: the canonical forms are equal.
